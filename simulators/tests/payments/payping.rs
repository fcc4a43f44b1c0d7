//! PayPing v3: toman amounts, bearer auth, form-POST callback with a JSON `data` field,
//! RFC 7807 problems with `metaData.code`.

use std::time::Duration;

use limoo_simulators::browser::Navigation;
use limoo_simulators::{Gateway, Money, PageAction, PaymentScenario, SimHandle};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Merchant, applied, client, customer, json, outgoing, simulator};

const TOKEN: &str = "payping-merchant-token";

async fn create(sim: &SimHandle, merchant: &Merchant, amount: i64) -> reqwest::Response {
    let body = json!({
        "amount": amount,
        "returnUrl": merchant.url("/payping/return"),
        "payerIdentity": "09121234567",
        "payerName": "علی",
        "description": "سفارش ۷",
        "clientRefId": "order-7",
        "isReversible": true,
    });
    let url = format!("{}/v3/pay", sim.payping_base_url());
    client().post(url).bearer_auth(TOKEN).json(&body).send().await.expect("create answered")
}

/// Creates a payment and returns its code and hosted-page URL.
async fn created(sim: &SimHandle, merchant: &Merchant, amount: i64) -> (String, String) {
    let response = create(sim, merchant, amount).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    (body["paymentCode"].as_str().expect("code").to_owned(), body["url"].as_str().expect("url").to_owned())
}

async fn verify(sim: &SimHandle, ref_id: &Value, code: &str, amount: i64) -> reqwest::Response {
    let body = json!({"paymentRefId": ref_id, "paymentCode": code, "amount": amount});
    let url = format!("{}/v3/pay/verify", sim.payping_base_url());
    client().post(url).bearer_auth(TOKEN).json(&body).send().await.expect("verify answered")
}

fn data(hit: &crate::support::Hit) -> Value {
    serde_json::from_str(hit.field("data")).expect("data is a JSON string")
}

async fn assert_problem(response: reqwest::Response, status: u16, code: u64) -> Value {
    assert_eq!(response.status().as_u16(), status);
    let body = json(response).await;
    assert_eq!(body["status"], status);
    assert_eq!(body["metaData"]["code"], code, "{body}");
    assert!(body["paypingTraceId"].as_str().is_some());
    body
}

#[tokio::test]
async fn a_paid_payment_calls_back_and_verifies_once() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;

    let response = create(&sim, &merchant, 125_000).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(applied(&response), "success");
    let created = json(response).await;
    assert_eq!(created["amount"], 125_000);
    assert_eq!(created["gatewayAmount"], 125_000);
    let code = created["paymentCode"].as_str().expect("code");
    let url = created["url"].as_str().expect("url");
    assert_eq!(url, format!("{}/v3/pay/start/{code}", sim.payping_base_url()));

    let page = reqwest::get(url).await.expect("page").text().await.expect("html");
    assert!(page.contains("dir=\"rtl\"") && page.contains("۱۲۵٬۰۰۰ تومان") && page.contains("order-7"));

    let hit = customer(Navigation::get(url), PageAction::Pay, &merchant).await.expect("called back");
    assert_eq!((hit.method.as_str(), hit.path.as_str()), ("POST", "/payping/return"));
    assert_eq!(hit.field("status"), "1");
    assert_eq!(hit.field("errorCode"), "");
    let data = data(&hit);
    assert_eq!(data["paymentCode"], code);
    assert_eq!(data["clientRefId"], "order-7");
    assert_eq!(data["amount"], 125_000);
    assert_eq!(data["cardNumber"], "603799******1234");

    let verified = verify(&sim, &data["paymentRefId"], code, 125_000).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let body = json(verified).await;
    assert_eq!(body["amount"], 125_000);
    assert_eq!(body["paymentRefId"], data["paymentRefId"]);
    assert_eq!(body["clientRefId"], "order-7");
    assert_eq!(body["code"], code);
    assert!(body["payedDate"].as_str().is_some_and(|d| d.ends_with('Z')));

    let again = assert_problem(verify(&sim, &data["paymentRefId"], code, 125_000).await, 409, 110).await;
    let original: Value = serde_json::from_str(again["metaData"]["message"].as_str().expect("DTO text")).expect("JSON");
    assert_eq!(original["PaymentRefId"], data["paymentRefId"]);

    let payments = sim.payments(Some(Gateway::PayPing));
    assert_eq!((payments[0].stage.as_str(), payments[0].verify_calls), ("verified", 2));
    let journal: Vec<(String, String, u16)> = sim.journal().into_iter().map(|e| (e.method, e.path, e.status)).collect();
    assert_eq!(journal[0], ("POST".to_owned(), "/payping/v3/pay".to_owned(), 200));
    assert!(journal.iter().any(|(m, p, s)| m == "GET" && p.starts_with("/payping/v3/pay/start/") && *s == 200));
    assert_eq!(journal.iter().filter(|(_, p, _)| p == "/payping/v3/pay/verify").count(), 2);
}

#[tokio::test]
async fn page_failures_call_back_status_0_with_code_127_and_verify_refuses() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    // Pay on a 101 amount is a cancel; the other buttons force their outcome on any amount.
    let cases = [(50_101, PageAction::Pay), (50_000, PageAction::Decline), (50_000, PageAction::LetExpire)];
    for (amount, action) in cases {
        let (code, url) = created(&sim, &merchant, amount).await;
        let hit = customer(Navigation::get(&url), action, &merchant).await.expect("called back");
        assert_eq!((hit.field("status"), hit.field("errorCode")), ("0", "127"), "{action:?}");
        assert!(data(&hit).get("paymentRefId").is_none());
        assert_problem(verify(&sim, &json!(1), &code, amount).await, 400, 127).await;
    }
}

#[tokio::test]
async fn an_expired_code_is_refused_at_start() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let (_, url) = created(&sim, &merchant, 50_104).await;

    let response = client().get(&url).send().await.expect("start answered");

    assert_eq!(applied(&response), "token-expired");
    assert_problem(response, 400, 131).await;
}

#[tokio::test]
async fn verify_failure_slowness_processing_and_malformed_answers() {
    let sim = simulator(0.005).await;
    let merchant = Merchant::start().await;
    let paid = |amount: i64| {
        let (sim, merchant) = (&sim, &merchant);
        async move {
            let (code, url) = created(sim, merchant, amount).await;
            let hit = customer(Navigation::get(&url), PageAction::Pay, merchant).await.expect("called back");
            (code, data(&hit)["paymentRefId"].clone())
        }
    };

    let (code, ref_id) = paid(60_201).await;
    let refused = verify(&sim, &ref_id, &code, 60_201).await;
    assert_eq!(applied(&refused), "verify-fails");
    assert_problem(refused, 400, 121).await;

    // 40 s × 0.005 = 200 ms: a 50 ms client gives up, the payment is verified all the same.
    let (code, ref_id) = paid(60_202).await;
    let impatient = reqwest::Client::builder().timeout(Duration::from_millis(50)).build().expect("client");
    let url = format!("{}/v3/pay/verify", sim.payping_base_url());
    let body = json!({"paymentRefId": ref_id, "paymentCode": code, "amount": 60_202});
    let timed_out = impatient.post(&url).bearer_auth(TOKEN).json(&body).send().await;
    assert!(timed_out.is_err_and(|e| e.is_timeout()));
    assert_problem(verify(&sim, &ref_id, &code, 60_202).await, 409, 110).await;

    let (code, ref_id) = paid(60_203).await;
    let processing = verify(&sim, &ref_id, &code, 60_203).await;
    assert_eq!(applied(&processing), "processing");
    assert_problem(processing, 202, 155).await;
    assert_eq!(verify(&sim, &ref_id, &code, 60_203).await.status(), StatusCode::OK);

    let (code, ref_id) = paid(60_302).await;
    let cut = verify(&sim, &ref_id, &code, 60_302).await;
    assert_eq!(cut.status(), StatusCode::OK);
    let text = cut.text().await.expect("body");
    assert!(serde_json::from_str::<Value>(&text).is_err(), "cut short: {text}");
    assert_problem(verify(&sim, &ref_id, &code, 60_302).await, 409, 110).await;
}

#[tokio::test]
async fn an_amount_mismatch_is_reported_and_refused() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let (code, url) = created(&sim, &merchant, 70_204).await;

    let hit = customer(Navigation::get(&url), PageAction::Pay, &merchant).await.expect("called back");
    let data = data(&hit);
    assert_eq!(data["amount"], 70_214);

    assert_problem(verify(&sim, &data["paymentRefId"], &code, 70_204).await, 400, 137).await;
    assert_eq!(sim.payments(Some(Gateway::PayPing))[0].stage, "paid");
}

#[tokio::test]
async fn a_double_callback_arrives_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    let (_, url) = created(&sim, &merchant, 80_205).await;

    customer(Navigation::get(&url), PageAction::Pay, &merchant).await.expect("called back");

    let hits = merchant.wait_for(2).await;
    assert_eq!(hits[0].fields, hits[1].fields);
    assert!(hits.iter().any(|h| h.applied.as_deref() == Some("double-callback")));
    let outgoing = outgoing(&sim, Gateway::PayPing, 1).await;
    assert_eq!(outgoing.len(), 1, "one callback from the gateway, the other through the browser");
    assert_eq!((outgoing[0].path.as_str(), outgoing[0].status), (merchant.url("/payping/return").as_str(), 200));
}

#[tokio::test]
async fn create_failures_and_forcing() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;

    let failed = create(&sim, &merchant, 90_301).await;
    assert_eq!(applied(&failed), "create-5xx");
    assert_problem(failed, 500, 106).await;

    sim.force(Gateway::PayPing, PaymentScenario::Create5xx).expect("accepted");
    assert_eq!(create(&sim, &merchant, 90_000).await.status(), StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(create(&sim, &merchant, 90_000).await.status(), StatusCode::OK);
    assert!(sim.force(Gateway::PayPing, PaymentScenario::Ineligible).is_err());

    let url = format!("{}/v3/pay", sim.payping_base_url());
    let body = json!({"amount": 90_000, "returnUrl": merchant.url("/r")});
    let forced = client().post(&url).bearer_auth(TOKEN).header("X-Sim-Scenario", "verify-fails").json(&body);
    let forced = forced.send().await.expect("answered");
    assert_eq!(applied(&forced), "verify-fails");
    let unknown = client().post(&url).bearer_auth(TOKEN).header("X-Sim-Scenario", "teapot").json(&body);
    assert_eq!(unknown.send().await.expect("answered").status(), StatusCode::BAD_REQUEST);

    let anonymous = client().post(&url).json(&body).send().await.expect("answered");
    assert_problem(anonymous, 401, 103).await;
    let tiny = client().post(&url).bearer_auth(TOKEN).json(&json!({"amount": 99, "returnUrl": merchant.url("/r")}));
    assert_problem(tiny.send().await.expect("answered"), 400, 101).await;
    let no_url = client().post(&url).bearer_auth(TOKEN).json(&json!({"amount": 1000, "returnUrl": "ftp://x"}));
    assert_problem(no_url.send().await.expect("answered"), 400, 105).await;
}

/// Moves the simulators' clock forward through the control API.
async fn clock_moves(sim: &SimHandle, seconds: u64) {
    let url = format!("{}/_sim/clock", sim.base_url());
    let response = client().post(url).json(&json!({"seconds": seconds})).send().await.expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn verify_comes_too_late_once_the_gateways_clock_passes_ten_minutes() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let (code, url) = created(&sim, &merchant, 40_000).await;
    let hit = customer(Navigation::get(&url), PageAction::Pay, &merchant).await.expect("called back");
    clock_moves(&sim, 9 * 60).await;
    assert_eq!(sim.payments(Some(Gateway::PayPing))[0].stage, "paid", "still in its window");
    clock_moves(&sim, 2 * 60).await;

    assert_problem(verify(&sim, &data(&hit)["paymentRefId"], &code, 40_000).await, 400, 131).await;
    assert_eq!(sim.payments(Some(Gateway::PayPing))[0].stage, "expired");
}

#[tokio::test]
async fn reverse_after_verify_and_delete_before_the_page() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let (code, url) = created(&sim, &merchant, 30_000).await;
    let hit = customer(Navigation::get(&url), PageAction::Pay, &merchant).await.expect("called back");
    let ref_id = data(&hit)["paymentRefId"].clone();
    assert_eq!(verify(&sim, &ref_id, &code, 30_000).await.status(), StatusCode::OK);

    let reverse = format!("{}/v3/pay/reverse", sim.payping_base_url());
    let reversed =
        client().post(&reverse).bearer_auth(TOKEN).json(&json!({"paymentRefId": ref_id, "paymentCode": code}));
    let reversed = reversed.send().await.expect("answered");
    assert_eq!(reversed.status(), StatusCode::OK);
    assert!(json(reversed).await["reversedDate"].as_str().is_some());
    assert_eq!(sim.payments(Some(Gateway::PayPing))[0].stage, "reversed");
    let again = client().post(&reverse).bearer_auth(TOKEN).json(&json!({"paymentRefId": ref_id, "paymentCode": code}));
    assert_problem(again.send().await.expect("answered"), 400, 126).await;

    let pay = format!("{}/v3/pay", sim.payping_base_url());
    let (unopened, _) = created(&sim, &merchant, 30_000).await;
    let deleted = client().delete(&pay).bearer_auth(TOKEN).json(&json!({"paymentCode": unopened})).send().await;
    assert_eq!(deleted.expect("answered").status(), StatusCode::NO_CONTENT);
    let (opened, url) = created(&sim, &merchant, 30_000).await;
    reqwest::get(&url).await.expect("page opened");
    let refused = client().delete(&pay).bearer_auth(TOKEN).json(&json!({"paymentCode": opened})).send().await;
    assert_problem(refused.expect("answered"), 400, 129).await;
}

#[tokio::test]
async fn the_ledger_follows_the_money_from_pay_to_verify_to_reverse() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let ledger = || {
        let entries = sim.ledger(Some(Gateway::PayPing), Some("order-7"));
        assert_eq!(entries.len(), 1, "{entries:?}");
        let e = &entries[0];
        (e.money, e.taken, e.returned, e.kept)
    };

    let (code, url) = created(&sim, &merchant, 45_000).await;
    assert_eq!(ledger(), (Money::Pending, 0, 0, 0));
    let hit = customer(Navigation::get(&url), PageAction::Pay, &merchant).await.expect("called back");
    assert_eq!(ledger(), (Money::Taken, 45_000, 0, 0));
    let ref_id = data(&hit)["paymentRefId"].clone();
    assert_eq!(verify(&sim, &ref_id, &code, 45_000).await.status(), StatusCode::OK);
    assert_eq!(ledger(), (Money::Kept, 45_000, 0, 45_000));
    let reverse = client()
        .post(format!("{}/v3/pay/reverse", sim.payping_base_url()))
        .bearer_auth(TOKEN)
        .json(&json!({"paymentRefId": ref_id, "paymentCode": code}));
    assert_eq!(reverse.send().await.expect("answered").status(), StatusCode::OK);
    assert_eq!(ledger(), (Money::Returned, 45_000, 45_000, 0));

    let url = format!("{}/_sim/ledger?gateway=payping&reference={code}", sim.base_url());
    let listed = json(reqwest::get(url).await.expect("answered")).await;
    let entry = &listed[0];
    assert_eq!((entry["gateway"].as_str(), entry["reference"].as_str()), (Some("payping"), Some("order-7")));
    assert_eq!(
        (entry["ids"]["paymentCode"].as_str(), entry["ids"]["paymentRefId"].clone()),
        (Some(code.as_str()), json!(ref_id.to_string()))
    );
    assert_eq!(
        (entry["unit"].as_str(), entry["amount"].as_i64(), entry["money"].as_str()),
        (Some("toman"), Some(45_000), Some("returned"))
    );
    assert_eq!(
        (entry["taken"].as_i64(), entry["returned"].as_i64(), entry["kept"].as_i64()),
        (Some(45_000), Some(45_000), Some(0))
    );
    let other = format!("{}/_sim/ledger?gateway=vandar&reference=order-7", sim.base_url());
    assert_eq!(json(reqwest::get(other).await.expect("answered")).await, json!([]));
    let wrong = format!("{}/_sim/ledger?gateway=teapot", sim.base_url());
    assert_eq!(reqwest::get(wrong).await.expect("answered").status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn another_payments_ref_id_verifies_nothing_and_the_answer_names_the_payments_own_reference() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let (paid_code, url) = created(&sim, &merchant, 50_000).await;
    let hit = customer(Navigation::get(&url), PageAction::Pay, &merchant).await.expect("called back");
    let paid_ref = data(&hit)["paymentRefId"].clone();
    let (unpaid_code, _) = created(&sim, &merchant, 50_000).await;

    assert_problem(verify(&sim, &paid_ref, &unpaid_code, 50_000).await, 400, 121).await;
    let borrowed_code = verify(&sim, &json!(1), &paid_code, 50_000).await;
    assert_problem(borrowed_code, 400, 133).await;
    assert_eq!(sim.ledger(Some(Gateway::PayPing), Some(&paid_code))[0].money, Money::Taken);

    let verified = json(verify(&sim, &paid_ref, &paid_code, 50_000).await).await;
    assert_eq!((verified["clientRefId"].as_str(), verified["amount"].as_i64()), (Some("order-7"), Some(50_000)));
}
