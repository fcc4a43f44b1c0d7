//! SnappPay: OAuth password grant, the eligibility offer, token with cart validation, form-POST
//! callback, verify once, mandatory settle, revert / cancel / update / status.

use std::time::Duration;

use limoo_simulators::browser::Navigation;
use limoo_simulators::{Gateway, Money, PageAction, PaymentScenario, SimHandle};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Hit, Merchant, applied, client, customer, json, outgoing, simulator};

const MOBILE: &str = "+989121234567";

async fn login(sim: &SimHandle) -> String {
    let url = format!("{}/api/online/v1/oauth/token", sim.snapppay_base_url());
    let form = [("grant_type", "password"), ("scope", "online-merchant"), ("username", "shop"), ("password", "secret")];
    let response =
        client().post(url).basic_auth("client", Some("client-secret")).form(&form).send().await.expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    assert_eq!((body["token_type"].as_str(), body["expires_in"].as_u64()), (Some("bearer"), Some(3600)));
    body["access_token"].as_str().expect("token").to_owned()
}

async fn eligible(sim: &SimHandle, bearer: &str, amount: i64, mobile: Option<&str>) -> reqwest::Response {
    let url = format!("{}/api/online/offer/v1/eligible", sim.snapppay_base_url());
    let mut query = vec![("amount", amount.to_string())];
    query.extend(mobile.map(|m| ("mobile", m.to_owned())));
    client().get(url).bearer_auth(bearer).query(&query).send().await.expect("answered")
}

fn order(merchant: &Merchant, amount: i64, mobile: &str, transaction_id: &str) -> Value {
    json!({
        "amount": amount,
        "discountAmount": 0,
        "externalSourceAmount": 0,
        "mobile": mobile,
        "returnURL": merchant.url("/snapp/back"),
        "transactionId": transaction_id,
        "paymentMethodTypeDto": "INSTALLMENT",
        "cartList": [{
            "cartId": 1, "isShipmentIncluded": true, "isTaxIncluded": true, "shippingAmount": 0, "taxAmount": 0,
            "totalAmount": amount,
            "cartItems": [{"id": 1, "name": "رژیم", "category": "diet", "count": 1, "amount": amount, "commissionType": 100}],
        }],
    })
}

async fn post(sim: &SimHandle, bearer: &str, path: &str, body: &Value) -> reqwest::Response {
    let url = format!("{}/api/online/payment/v1/{path}", sim.snapppay_base_url());
    client().post(url).bearer_auth(bearer).json(body).send().await.expect("answered")
}

async fn on_token(sim: &SimHandle, bearer: &str, path: &str, token: &str) -> reqwest::Response {
    post(sim, bearer, path, &json!({"paymentToken": token})).await
}

async fn status(sim: &SimHandle, bearer: &str, token: &str) -> Value {
    let url = format!("{}/api/online/payment/v1/status", sim.snapppay_base_url());
    let response =
        client().get(url).bearer_auth(bearer).query(&[("paymentToken", token)]).send().await.expect("answered");
    json(response).await["response"].clone()
}

/// Token, hosted page, callback: the payment token and what the merchant received.
async fn through_page(
    sim: &SimHandle,
    bearer: &str,
    merchant: &Merchant,
    amount: i64,
    mobile: &str,
    action: PageAction,
) -> (String, Hit) {
    let transaction_id = format!("T{}", sim.payments(None).len() + 10_000);
    let created = post(sim, bearer, "token", &order(merchant, amount, mobile, &transaction_id)).await;
    assert_eq!(created.status(), StatusCode::OK);
    let body = json(created).await;
    assert_eq!(body["successful"], true);
    let token = body["response"]["paymentToken"].as_str().expect("token").to_owned();
    let page = body["response"]["paymentPageUrl"].as_str().expect("page URL").to_owned();
    let hit = customer(Navigation::get(&page), action, merchant).await.expect("called back");
    assert_eq!(hit.field("transactionId"), transaction_id);
    (token, hit)
}

async fn assert_error(response: reqwest::Response, status: u16, code: u64) {
    assert_eq!(response.status().as_u16(), status);
    let body = json(response).await;
    assert_eq!(body["successful"], false);
    assert_eq!(body["errorData"]["errorCode"], code, "{body}");
}

#[tokio::test]
async fn an_eligible_customer_pays_and_the_purchase_is_verified_and_settled() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let offer = eligible(&sim, &bearer, 12_500_000, Some(MOBILE)).await;
    assert_eq!(applied(&offer), "success");
    let offer = json(offer).await;
    assert_eq!(offer["successful"], true);
    assert_eq!(offer["response"]["eligible"], true);
    assert_eq!(offer["response"]["title_message"], "پرداخت در ۴ قسط با اسنپ‌پی");

    let (token, hit) = through_page(&sim, &bearer, &merchant, 12_500_000, MOBILE, PageAction::Pay).await;
    assert_eq!((hit.method.as_str(), hit.field("state"), hit.field("amount")), ("POST", "OK", "12500000"));
    assert_eq!(status(&sim, &bearer, &token).await["status"], "PENDING");

    let verified = on_token(&sim, &bearer, "verify", &token).await;
    assert_eq!(verified.status(), StatusCode::OK);
    assert_eq!(json(verified).await["response"]["transactionId"], hit.field("transactionId"));
    assert_eq!(status(&sim, &bearer, &token).await["status"], "VERIFY");
    assert_error(on_token(&sim, &bearer, "verify", &token).await, 400, 1011).await;

    assert_eq!(on_token(&sim, &bearer, "settle", &token).await.status(), StatusCode::OK);
    assert_eq!(status(&sim, &bearer, &token).await["status"], "SETTLE");
    assert_error(on_token(&sim, &bearer, "settle", &token).await, 400, 1011).await;

    let lower = post(&sim, &bearer, "update", &json!({"paymentToken": token, "amount": 10_000_000})).await;
    assert_eq!(lower.status(), StatusCode::OK);
    let higher = post(&sim, &bearer, "update", &json!({"paymentToken": token, "amount": 20_000_000})).await;
    assert_error(higher, 400, 1042).await;
    assert_eq!(on_token(&sim, &bearer, "cancel", &token).await.status(), StatusCode::OK);
    let last = status(&sim, &bearer, &token).await;
    assert_eq!((last["status"].as_str(), last["amount"].as_i64()), (Some("CANCEL"), Some(10_000_000)));
    assert_eq!(last["transactionId"], hit.field("transactionId"));
    let entry = &sim.ledger(Some(Gateway::SnappPay), Some(&token))[0];
    assert_eq!(
        (entry.money, entry.taken, entry.returned, entry.amount),
        (Money::Returned, 12_500_000, 12_500_000, 10_000_000)
    );
}

#[tokio::test]
async fn eligibility_follows_amount_mobile_and_forcing() {
    let sim = simulator(1.0).await;
    let bearer = login(&sim).await;
    let offer = |amount: i64, mobile: Option<&'static str>| {
        let (sim, bearer) = (&sim, &bearer);
        async move { json(eligible(sim, bearer, amount, mobile).await).await["response"]["eligible"].clone() }
    };

    assert_eq!(offer(399_999, None).await, false);
    assert_eq!(offer(100_000_001, None).await, false);
    assert_eq!(offer(1_000_000, Some("09120000000")).await, false);
    assert_eq!(offer(1_000_000, Some("+989120000001")).await, true, "0001 is refused only at checkout");
    assert_error(eligible(&sim, &bearer, 1_000_000, Some("09120000005")).await, 400, 1005).await;

    let url = format!("{}/api/online/offer/v1/eligible?amount=1000000", sim.snapppay_base_url());
    let forced = client().get(&url).bearer_auth(&bearer).header("X-Sim-Scenario", "ineligible").send().await;
    let forced = forced.expect("answered");
    assert_eq!(applied(&forced), "ineligible");
    assert_eq!(json(forced).await["response"]["eligible"], false);

    sim.force(Gateway::SnappPay, PaymentScenario::Ineligible).expect("accepted");
    assert_eq!(offer(1_000_000, None).await, false);
    assert_eq!(offer(1_000_000, None).await, true);
    let anonymous = client().get(&url).send().await.expect("answered");
    assert_error(anonymous, 401, 1051).await;
}

#[tokio::test]
async fn a_forced_verify_failure_waits_past_the_eligibility_check() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    sim.force(Gateway::SnappPay, PaymentScenario::VerifyFails).expect("accepted");

    assert_eq!(json(eligible(&sim, &bearer, 2_000_000, None).await).await["response"]["eligible"], true);
    let (token, hit) = through_page(&sim, &bearer, &merchant, 2_000_000, MOBILE, PageAction::Pay).await;
    assert_eq!(hit.field("state"), "OK");

    let refused = on_token(&sim, &bearer, "verify", &token).await;
    assert_eq!(applied(&refused), "verify-fails");
    assert_error(refused, 400, 1011).await;
    assert_eq!(status(&sim, &bearer, &token).await["status"], "REVERT");
}

#[tokio::test]
async fn refused_credit_cancel_and_timeout_come_back_failed() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    let cases = [
        ("+989120000001", 3_000_000, PageAction::Pay),
        (MOBILE, 3_000_101, PageAction::Pay),
        (MOBILE, 3_000_000, PageAction::LetExpire),
        (MOBILE, 3_000_104, PageAction::Return),
    ];
    for (mobile, amount, action) in cases {
        let (token, hit) = through_page(&sim, &bearer, &merchant, amount, mobile, action).await;
        assert_eq!(hit.field("state"), "FAILED", "{mobile} {amount}");
        assert_eq!(status(&sim, &bearer, &token).await["status"], "FAILED");
        assert_error(on_token(&sim, &bearer, "verify", &token).await, 400, 1011).await;
    }
}

#[tokio::test]
async fn token_requests_are_validated() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    assert_error(post(&sim, &bearer, "token", &order(&merchant, 1_000_000, "09121234567", "A0001")).await, 400, 1005)
        .await;
    assert_error(post(&sim, &bearer, "token", &order(&merchant, 1_000_000, "+989120000005", "A0002")).await, 400, 1005)
        .await;
    assert_error(post(&sim, &bearer, "token", &order(&merchant, 1_000_000, "+989120000000", "A0003")).await, 400, 1048)
        .await;
    assert_error(post(&sim, &bearer, "token", &order(&merchant, 300_000, MOBILE, "A0004")).await, 400, 1048).await;
    let failed = post(&sim, &bearer, "token", &order(&merchant, 1_000_301, MOBILE, "A0005")).await;
    assert_eq!(applied(&failed), "create-5xx");
    assert_error(failed, 500, 1000).await;

    let mut wrong_sum = order(&merchant, 1_000_000, MOBILE, "A0006");
    wrong_sum["cartList"][0]["totalAmount"] = json!(999_000);
    assert_error(post(&sim, &bearer, "token", &wrong_sum).await, 400, 1002).await;
    let mut shipped = order(&merchant, 1_050_000, MOBILE, "A0007");
    shipped["cartList"][0]["isShipmentIncluded"] = json!(false);
    shipped["cartList"][0]["shippingAmount"] = json!(50_000);
    shipped["cartList"][0]["cartItems"][0]["amount"] = json!(1_000_000);
    assert_eq!(post(&sim, &bearer, "token", &shipped).await.status(), StatusCode::OK);
    assert_error(post(&sim, &bearer, "token", &shipped).await, 409, 1009).await;
    assert_error(post(&sim, &bearer, "token", &order(&merchant, 1_000_000, MOBILE, "A1")).await, 400, 1002).await;
    assert_error(post(&sim, "stale-token", "token", &order(&merchant, 1_000_000, MOBILE, "A0008")).await, 401, 1051)
        .await;
}

#[tokio::test]
async fn processing_slow_verify_and_amount_mismatch() {
    let sim = simulator(0.005).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;

    let (token, _) = through_page(&sim, &bearer, &merchant, 4_000_203, MOBILE, PageAction::Pay).await;
    assert_error(on_token(&sim, &bearer, "verify", &token).await, 429, 1053).await;
    assert_eq!(on_token(&sim, &bearer, "verify", &token).await.status(), StatusCode::OK);

    // The client gives up on a slow verify; status then says VERIFY, so the merchant settles.
    let (token, _) = through_page(&sim, &bearer, &merchant, 4_000_202, MOBILE, PageAction::Pay).await;
    let impatient = reqwest::Client::builder().timeout(Duration::from_millis(50)).build().expect("client");
    let url = format!("{}/api/online/payment/v1/verify", sim.snapppay_base_url());
    let timed_out = impatient.post(url).bearer_auth(&bearer).json(&json!({"paymentToken": token})).send().await;
    assert!(timed_out.is_err_and(|e| e.is_timeout()));
    assert_eq!(status(&sim, &bearer, &token).await["status"], "VERIFY");
    assert_eq!(on_token(&sim, &bearer, "settle", &token).await.status(), StatusCode::OK);

    let (token, hit) = through_page(&sim, &bearer, &merchant, 4_000_204, MOBILE, PageAction::Pay).await;
    assert_eq!(hit.field("amount"), "4000214");
    assert_eq!(status(&sim, &bearer, &token).await["amount"], 4_000_214);
    assert_eq!(on_token(&sim, &bearer, "verify", &token).await.status(), StatusCode::OK);
    assert_eq!(on_token(&sim, &bearer, "revert", &token).await.status(), StatusCode::OK);
    assert_eq!(status(&sim, &bearer, &token).await["status"], "REVERT");
}

#[tokio::test]
async fn the_callback_can_come_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    let bearer = login(&sim).await;
    through_page(&sim, &bearer, &merchant, 5_000_205, MOBILE, PageAction::Pay).await;

    let hits = merchant.wait_for(2).await;
    assert_eq!(hits[0].fields, hits[1].fields);
    let outgoing = outgoing(&sim, Gateway::SnappPay, 1).await;
    assert_eq!(outgoing.len(), 1, "one callback from the gateway, the other through the browser");
}
