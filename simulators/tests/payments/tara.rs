//! Tara: login, getToken with service amounts, the browser's form POST to ipgPurchase, the
//! form-POST callback with `result`, purchaseVerify; business answers carry `result`.

use limoo_simulators::browser::Navigation;
use limoo_simulators::{PageAction, SimHandle};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Hit, Merchant, applied, client, customer, json, simulator};

async fn login(sim: &SimHandle) -> String {
    let url = format!("{}/api/v2/authenticate", sim.tara_base_url());
    let response =
        client().post(url).json(&json!({"username": "shop", "password": "pw"})).send().await.expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
    json(response).await["accessToken"].as_str().expect("token").to_owned()
}

fn order(merchant: &Merchant, amount: i64, mobile: &str) -> Value {
    json!({
        "ip": "10.0.0.7",
        "callBackUrl": merchant.url("/tara/back"),
        "amount": amount.to_string(),
        "mobile": mobile,
        "orderId": "O-42",
        "vat": 0,
        "additionalData": "cart=1",
        "serviceAmountList": [{"serviceId": "77", "amount": amount}],
        "taraInvoiceItemList": [{"name": "رژیم", "code": "DIET", "count": 1, "unit": 5, "fee": amount, "group": 1, "groupTitle": "سلامت", "data": ""}],
    })
}

async fn post(sim: &SimHandle, bearer: &str, path: &str, body: &Value) -> reqwest::Response {
    client()
        .post(format!("{}/api/{path}", sim.tara_base_url()))
        .bearer_auth(bearer)
        .json(body)
        .send()
        .await
        .expect("answered")
}

async fn result_of(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    json(response).await["result"].clone()
}

async fn through_page(
    sim: &SimHandle,
    bearer: &str,
    merchant: &Merchant,
    amount: i64,
    mobile: &str,
    action: PageAction,
) -> Hit {
    let body = json(post(sim, bearer, "getToken", &order(merchant, amount, mobile)).await).await;
    assert_eq!(body["result"], 0, "{body}");
    let token = body["token"].as_str().expect("token");
    let entry = Navigation::post(
        &format!("{}/api/ipgPurchase", sim.tara_base_url()),
        &[("username", "shop"), ("token", token)],
    );
    let hit = customer(entry, action, merchant).await.expect("called back");
    assert_eq!((hit.field("token"), hit.field("orderId"), hit.field("additionalData")), (token, "O-42", "cart=1"));
    hit
}

async fn verify(sim: &SimHandle, bearer: &str, hit: &Hit) -> reqwest::Response {
    post(sim, bearer, "purchaseVerify", &json!({"ip": "10.0.0.7", "token": hit.field("token")})).await
}

#[tokio::test]
async fn a_credit_purchase_is_verified_once() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let hit = through_page(&sim, &bearer, &merchant, 12_500_000, "+989121234567", PageAction::Pay).await;
    assert_eq!(hit.method, "POST");
    assert_eq!(hit.field("result"), "0");
    assert!(!hit.field("channelRefNumber").is_empty());

    let body = json(verify(&sim, &bearer, &hit).await).await;
    assert_eq!(body["result"], 0);
    assert_eq!(body["amount"], "12500000");
    assert_eq!(body["token"], hit.field("token"), "the answer names the payment verify was asked about");
    assert_eq!(body["rrn"].as_str().map(str::len), Some(12));
    assert_eq!(body["serviceAmountList"][0]["serviceId"], "77");
    assert_eq!(result_of(verify(&sim, &bearer, &hit).await).await, 10);

    let groups = json(post(&sim, &bearer, "clubGroups", &json!({})).await).await;
    assert!(groups["ipgClubMerchandiseGroupReportList"].as_array().is_some_and(|g| !g.is_empty()));
}

#[tokio::test]
async fn credit_decisions_by_mobile() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let refused = post(&sim, &bearer, "getToken", &order(&merchant, 2_000_000, "09120000000")).await;
    assert_eq!(applied(&refused), "ineligible");
    assert_eq!(result_of(refused).await, 13);
    assert_eq!(result_of(post(&sim, &bearer, "getToken", &order(&merchant, 2_000_000, "09120000005")).await).await, 89);
    let hit = through_page(&sim, &bearer, &merchant, 2_000_000, "+989120000001", PageAction::Pay).await;
    assert_eq!(hit.field("result"), "14");
}

#[tokio::test]
async fn page_failures_come_back_with_their_result() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let cases = [
        (3_000_101, PageAction::Pay, "15"),
        (3_000_000, PageAction::Decline, "14"),
        (3_000_000, PageAction::LetExpire, "15"),
        (3_000_104, PageAction::Pay, "7"),
    ];
    for (amount, action, result) in cases {
        let hit = through_page(&sim, &bearer, &merchant, amount, "09121234567", action).await;
        assert_eq!(hit.field("result"), result, "{amount} {action:?}");
        assert_eq!(hit.field("channelRefNumber"), "");
        assert_eq!(result_of(verify(&sim, &bearer, &hit).await).await, 102);
    }
}

#[tokio::test]
async fn token_requests_are_checked() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let refused = |change: fn(&mut Value)| {
        let (sim, bearer, merchant) = (&sim, &bearer, &merchant);
        async move {
            let mut body = order(merchant, 5_000_000, "09121234567");
            change(&mut body);
            result_of(post(sim, bearer, "getToken", &body).await).await
        }
    };

    assert_eq!(refused(|b| b["amount"] = json!("")).await, 87);
    assert_eq!(refused(|b| b["amount"] = json!("1000")).await, 14);
    assert_eq!(refused(|b| b["ip"] = json!("")).await, 88);
    assert_eq!(refused(|b| b["callBackUrl"] = json!("nowhere")).await, 92);
    assert_eq!(refused(|b| b["serviceAmountList"] = json!([])).await, 90);
    assert_eq!(refused(|b| b["serviceAmountList"][0]["amount"] = json!(4_000_000)).await, 11);

    let failed = post(&sim, &bearer, "getToken", &order(&merchant, 5_000_301, "09121234567")).await;
    assert_eq!((failed.status(), applied(&failed).as_str()), (StatusCode::INTERNAL_SERVER_ERROR, "create-5xx"));
    assert_eq!(
        post(&sim, "expired", "getToken", &order(&merchant, 5_000_000, "09121234567")).await.status(),
        StatusCode::UNAUTHORIZED
    );
    let bad_login = client()
        .post(format!("{}/api/v2/authenticate", sim.tara_base_url()))
        .json(&json!({"username": "shop", "password": "sim-invalid"}));
    assert_eq!(bad_login.send().await.expect("answered").status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn verify_scenarios() {
    let sim = simulator(0.005).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let paid = |amount: i64| {
        let (sim, bearer, merchant) = (&sim, &bearer, &merchant);
        async move { through_page(sim, bearer, merchant, amount, "09121234567", PageAction::Pay).await }
    };

    let hit = paid(4_000_201).await;
    assert_eq!(result_of(verify(&sim, &bearer, &hit).await).await, 6);

    // No "processing" answer at Tara: 203 verifies slowly, like 202.
    for amount in [4_000_202, 4_000_203] {
        let hit = paid(amount).await;
        let started = std::time::Instant::now();
        assert_eq!(result_of(verify(&sim, &bearer, &hit).await).await, 0);
        assert!(started.elapsed() >= std::time::Duration::from_millis(200), "{amount}");
        assert_eq!(result_of(verify(&sim, &bearer, &hit).await).await, 10);
    }

    let hit = paid(4_000_204).await;
    assert_eq!(json(verify(&sim, &bearer, &hit).await).await["amount"], "4000214");

    let unknown = post(&sim, &bearer, "purchaseVerify", &json!({"ip": "10.0.0.7", "token": "nope"})).await;
    assert_eq!(result_of(unknown).await, 7);
}

#[tokio::test]
async fn the_callback_can_come_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    through_page(&sim, &bearer, &merchant, 8_000_205, "09121234567", PageAction::Pay).await;

    let hits = merchant.wait_for(2).await;
    assert_eq!(hits[0].fields, hits[1].fields);
}
