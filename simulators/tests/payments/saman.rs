//! Saman SEP OnlinePG: the JSON token call, the browser's form POST (or SendToken), the callback
//! by POST or by GET (GetMethod), VerifyTransaction / ReverseTransaction with ResultCode.

use std::time::Duration;

use limoo_simulators::browser::Navigation;
use limoo_simulators::{Gateway, PageAction, SimHandle};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Hit, Merchant, applied, client, customer, json, simulator};

const TERMINAL: i64 = 13_245_768;

async fn token(sim: &SimHandle, body: Value) -> reqwest::Response {
    client().post(format!("{}/onlinepg/onlinepg", sim.saman_base_url())).json(&body).send().await.expect("answered")
}

fn order(merchant: &Merchant, amount: i64) -> Value {
    json!({
        "action": "token",
        "TerminalId": TERMINAL.to_string(),
        "Amount": amount,
        "ResNum": "R-15",
        "RedirectUrl": merchant.url("/sep/back"),
        "CellNumber": "+989121234567",
    })
}

async fn new_token(sim: &SimHandle, merchant: &Merchant, amount: i64) -> String {
    let body = json(token(sim, order(merchant, amount)).await).await;
    assert_eq!(body["status"], 1, "{body}");
    body["token"].as_str().expect("token").to_owned()
}

fn form_entry(sim: &SimHandle, token: &str, get_method: &str) -> Navigation {
    Navigation::post(
        &format!("{}/OnlinePG/OnlinePG", sim.saman_base_url()),
        &[("Token", token), ("GetMethod", get_method)],
    )
}

async fn through_page(sim: &SimHandle, merchant: &Merchant, amount: i64, action: PageAction) -> Hit {
    let token = new_token(sim, merchant, amount).await;
    let hit = customer(form_entry(sim, &token, ""), action, merchant).await.expect("called back");
    assert_eq!((hit.field("Token"), hit.field("ResNum")), (token.as_str(), "R-15"));
    hit
}

async fn txn(sim: &SimHandle, call: &str, ref_num: &str) -> Value {
    let url = format!("{}/verifyTxnRandomSessionkey/ipg/{call}", sim.saman_base_url());
    let response = client().post(url).json(&json!({"RefNum": ref_num, "TerminalNumber": TERMINAL})).send().await;
    let response = response.expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
    json(response).await
}

#[tokio::test]
async fn a_paid_payment_posts_back_verifies_and_reverses() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;

    let hit = through_page(&sim, &merchant, 25_000_000, PageAction::Pay).await;
    assert_eq!(hit.method, "POST");
    assert_eq!((hit.field("State"), hit.field("Status")), ("OK", "2"));
    assert_eq!((hit.field("MID"), hit.field("Amount")), (TERMINAL.to_string().as_str(), "25000000"));
    assert_eq!(hit.field("SecurePan"), "603799******1234");
    assert_eq!(hit.field("HashedCardNumber").len(), 64);
    let ref_num = hit.field("RefNum");
    assert!(!ref_num.is_empty());

    let verified = txn(&sim, "VerifyTransaction", ref_num).await;
    assert_eq!((verified["Success"].as_bool(), verified["ResultCode"].as_i64()), (Some(true), Some(0)));
    let detail = &verified["TransactionDetail"];
    assert_eq!(
        (detail["OrginalAmount"].as_i64(), detail["TerminalNumber"].as_i64()),
        (Some(25_000_000), Some(TERMINAL))
    );
    assert_eq!(detail["RRN"], hit.field("RRN"));
    assert_eq!(detail["StraceNo"], hit.field("TraceNo"));

    let repeat = txn(&sim, "VerifyTransaction", ref_num).await;
    assert_eq!(repeat["ResultCode"], 2);
    assert_eq!(repeat["TransactionDetail"]["RefNum"], ref_num);

    assert_eq!(txn(&sim, "ReverseTransaction", ref_num).await["ResultCode"], 0);
    assert_eq!(txn(&sim, "ReverseTransaction", ref_num).await["ResultCode"], 5);
    assert_eq!(sim.payments(Some(Gateway::Saman))[0].stage, "reversed");
}

#[tokio::test]
async fn get_method_brings_the_callback_by_get_and_send_token_by_post() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;

    let token = new_token(&sim, &merchant, 30_000).await;
    let hit = customer(form_entry(&sim, &token, "true"), PageAction::Pay, &merchant).await.expect("called back");
    assert_eq!((hit.method.as_str(), hit.field("State")), ("GET", "OK"));

    let token = new_token(&sim, &merchant, 30_000).await;
    let send_token = Navigation::get(&format!("{}/OnlinePG/SendToken?token={token}", sim.saman_base_url()));
    let hit = customer(send_token, PageAction::Pay, &merchant).await.expect("called back");
    assert_eq!(hit.method, "POST");
}

#[tokio::test]
async fn page_failures_carry_their_status_and_no_ref_num() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let cases = [
        (40_101, PageAction::Pay, "1", "CanceledByUser"),
        (40_000, PageAction::Decline, "3", "Failed"),
        (40_103, PageAction::Pay, "4", "SessionIsNull"),
        (40_104, PageAction::Pay, "10", "TokenNotFound"),
    ];
    for (amount, action, status, state) in cases {
        let hit = through_page(&sim, &merchant, amount, action).await;
        assert_eq!((hit.field("Status"), hit.field("State")), (status, state), "{amount}");
        assert_eq!(hit.field("RefNum"), "");
    }
    assert_eq!(txn(&sim, "VerifyTransaction", "made-up").await["ResultCode"], -2);
}

#[tokio::test]
async fn verify_scenarios() {
    let sim = simulator(0.005).await;
    let merchant = Merchant::start().await;

    let hit = through_page(&sim, &merchant, 50_201, PageAction::Pay).await;
    let refused = txn(&sim, "VerifyTransaction", hit.field("RefNum")).await;
    assert_eq!((refused["Success"].as_bool(), refused["ResultCode"].as_i64()), (Some(false), Some(-2)));

    let hit = through_page(&sim, &merchant, 50_202, PageAction::Pay).await;
    let impatient = reqwest::Client::builder().timeout(Duration::from_millis(50)).build().expect("client");
    let url = format!("{}/verifyTxnRandomSessionkey/ipg/VerifyTransaction", sim.saman_base_url());
    let timed_out =
        impatient.post(url).json(&json!({"RefNum": hit.field("RefNum"), "TerminalNumber": TERMINAL})).send().await;
    assert!(timed_out.is_err_and(|e| e.is_timeout()));
    assert_eq!(txn(&sim, "VerifyTransaction", hit.field("RefNum")).await["ResultCode"], 2);

    let hit = through_page(&sim, &merchant, 50_204, PageAction::Pay).await;
    assert_eq!((hit.field("Amount"), hit.field("AffectiveAmount")), ("50214", "50214"));
    assert_eq!(txn(&sim, "VerifyTransaction", hit.field("RefNum")).await["TransactionDetail"]["OrginalAmount"], 50_214);

    let malformed = client()
        .post(format!("{}/verifyTxnRandomSessionkey/ipg/VerifyTransaction", sim.saman_base_url()))
        .json(&json!({}));
    assert_eq!(json(malformed.send().await.expect("answered")).await["ResultCode"], -111);
}

#[tokio::test]
async fn verify_after_thirty_scaled_minutes_is_too_late() {
    // 30 min × 0.002 = 3.6 s; the 20-minute token stays valid for 2.4 s.
    let sim = simulator(0.002).await;
    let merchant = Merchant::start().await;
    let hit = through_page(&sim, &merchant, 60_000, PageAction::Pay).await;
    tokio::time::sleep(Duration::from_millis(3_800)).await;

    assert_eq!(txn(&sim, "VerifyTransaction", hit.field("RefNum")).await["ResultCode"], -6);
}

#[tokio::test]
async fn token_requests_are_checked() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let error_code = |body: Value| {
        let sim = &sim;
        async move {
            let body = json(token(sim, body).await).await;
            assert_eq!(body["status"], -1);
            body["errorCode"].clone()
        }
    };

    let mut small = order(&merchant, 1_999);
    assert_eq!(error_code(small.clone()).await, 5);
    small["Amount"] = json!(2_000);
    small["TokenExpiryInMin"] = json!(10);
    assert_eq!(error_code(small).await, 5);
    let mut stranger = order(&merchant, 10_000);
    stranger["TerminalId"] = json!("sim-invalid");
    assert_eq!(error_code(stranger).await, 12);

    let failed = token(&sim, order(&merchant, 10_301)).await;
    assert_eq!((failed.status(), applied(&failed).as_str()), (StatusCode::INTERNAL_SERVER_ERROR, "create-5xx"));
    assert!(serde_json::from_str::<Value>(&failed.text().await.expect("body")).is_err());
}

#[tokio::test]
async fn the_callback_can_come_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    through_page(&sim, &merchant, 70_205, PageAction::Pay).await;

    let hits = merchant.wait_for(2).await;
    assert_eq!(hits[0].fields, hits[1].fields);
}

#[tokio::test]
async fn a_repeated_verify_succeeds_with_the_duplicate_code_and_the_first_detail() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let hit = through_page(&sim, &merchant, 80_000, PageAction::Pay).await;
    let ref_num = hit.field("RefNum");

    let first = txn(&sim, "VerifyTransaction", ref_num).await;
    let repeat = txn(&sim, "VerifyTransaction", ref_num).await;

    assert_eq!((repeat["Success"].as_bool(), repeat["ResultCode"].as_i64()), (Some(true), Some(2)));
    assert_eq!(repeat["TransactionDetail"], first["TransactionDetail"]);
    assert_eq!(repeat["TransactionDetail"]["OrginalAmount"], 80_000);
}

#[tokio::test]
async fn a_second_reverse_is_refused_as_already_reversed() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let unverified = through_page(&sim, &merchant, 90_000, PageAction::Pay).await;
    let refused = txn(&sim, "ReverseTransaction", unverified.field("RefNum")).await;
    assert_eq!((refused["Success"].as_bool(), refused["ResultCode"].as_i64()), (Some(false), Some(-2)));

    let hit = through_page(&sim, &merchant, 90_000, PageAction::Pay).await;
    txn(&sim, "VerifyTransaction", hit.field("RefNum")).await;
    let reversed = txn(&sim, "ReverseTransaction", hit.field("RefNum")).await;
    let again = txn(&sim, "ReverseTransaction", hit.field("RefNum")).await;

    assert_eq!((reversed["Success"].as_bool(), reversed["ResultCode"].as_i64()), (Some(true), Some(0)));
    assert_eq!((again["Success"].as_bool(), again["ResultCode"].as_i64()), (Some(false), Some(5)));
    let ledger = sim.ledger(Some(Gateway::Saman), Some(hit.field("RefNum")));
    assert_eq!((ledger.len(), ledger[0].returned, ledger[0].kept), (1, 90_000, 0));
}
