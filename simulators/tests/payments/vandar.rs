//! Vandar v3: rial amounts, `api_key` in the body, GET callback with `token` and
//! `payment_status`, `status` 0 + `errors` on failure, transaction info codes.

use std::time::Duration;

use limoo_simulators::browser::Navigation;
use limoo_simulators::{Gateway, PageAction, SimHandle};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::{Hit, Merchant, applied, client, customer, json, simulator};

async fn call(sim: &SimHandle, path: &str, body: Value) -> reqwest::Response {
    let url = format!("{}{path}", sim.vandar_base_url());
    client().post(url).json(&body).send().await.expect("answered")
}

async fn send(sim: &SimHandle, merchant: &Merchant, amount: i64) -> reqwest::Response {
    let body = json!({
        "api_key": "vandar-key",
        "amount": amount,
        "callback_url": merchant.url("/vandar/back?order=9"),
        "mobile_number": "09121234567",
        "factorNumber": "F-9",
        "description": "سفارش ۹",
    });
    call(sim, "/api/v3/send", body).await
}

/// A payment the customer answered with `action`; its token and the callback.
async fn through_page(sim: &SimHandle, merchant: &Merchant, amount: i64, action: PageAction) -> (String, Hit) {
    let response = send(sim, merchant, amount).await;
    assert_eq!(response.status(), StatusCode::OK);
    let token = json(response).await["token"].as_str().expect("token").to_owned();
    let page = format!("{}/v3/{token}", sim.vandar_base_url());
    let hit = customer(Navigation::get(&page), action, merchant).await.expect("called back");
    (token, hit)
}

async fn verify(sim: &SimHandle, token: &str) -> reqwest::Response {
    call(sim, "/api/v3/verify", json!({"api_key": "vandar-key", "token": token})).await
}

async fn info_code(sim: &SimHandle, token: &str) -> Value {
    let response = call(sim, "/api/v3/transaction", json!({"api_key": "vandar-key", "token": token})).await;
    assert_eq!(response.status(), StatusCode::OK);
    json(response).await["code"].clone()
}

async fn assert_refused(response: reqwest::Response, status: u16) {
    assert_eq!(response.status().as_u16(), status);
    let body = json(response).await;
    assert_eq!(body["status"], 0);
    assert!(body["errors"].as_array().is_some_and(|e| !e.is_empty()), "{body}");
}

#[tokio::test]
async fn a_paid_payment_redirects_back_and_verifies_once() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;

    let (token, hit) = through_page(&sim, &merchant, 1_250_000, PageAction::Pay).await;

    assert_eq!((hit.method.as_str(), hit.path.as_str()), ("GET", "/vandar/back"));
    assert_eq!(hit.field("order"), "9");
    assert_eq!(hit.field("token"), token);
    assert_eq!(hit.field("payment_status"), "OK");
    assert_eq!(info_code(&sim, &token).await, 1);

    let verified = verify(&sim, &token).await;
    assert_eq!(verified.status(), StatusCode::OK);
    let body = json(verified).await;
    assert_eq!(body["status"], 1);
    assert_eq!(body["amount"], 1_250_000);
    assert_eq!(body["realAmount"], 1_250_000);
    assert_eq!(body["factorNumber"], "F-9");
    assert_eq!(body["cardNumber"], "603799******1234");
    assert!(body["transId"].as_u64().is_some());

    assert_eq!(info_code(&sim, &token).await, 2);
    assert_refused(verify(&sim, &token).await, 422).await;
    let page = client().get(format!("{}/v3/{token}", sim.vandar_base_url())).send().await.expect("page");
    let html = page.text().await.expect("html");
    assert!(html.contains("۱٬۲۵۰٬۰۰۰ ریال"));
    assert!(html.contains(r#"<link rel="icon" href="data:,">"#), "no favicon asked of the simulator: {html}");
    let paths: Vec<String> = sim.journal().into_iter().map(|e| e.path).collect();
    assert!(paths.starts_with(&["/vandar/api/v3/send".to_owned(), format!("/vandar/v3/{token}")]), "{paths:?}");
}

#[tokio::test]
async fn cancel_decline_and_timeout_come_back_failed() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    for (amount, action, code) in
        [(5_101, PageAction::Pay, 4), (5_000, PageAction::Decline, 4), (5_103, PageAction::Pay, 3)]
    {
        let (token, hit) = through_page(&sim, &merchant, amount, action).await;
        assert_eq!(hit.field("payment_status"), "FAILED", "{amount}");
        assert_eq!(info_code(&sim, &token).await, code, "{amount}");
        assert_refused(verify(&sim, &token).await, 422).await;
    }
}

#[tokio::test]
async fn an_expired_token_shows_an_error_page_whose_way_back_fails() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;
    let token = json(send(&sim, &merchant, 5_104).await).await["token"].as_str().expect("token").to_owned();
    let page_url = format!("{}/v3/{token}", sim.vandar_base_url());

    let page = client().get(&page_url).send().await.expect("page");
    assert_eq!(applied(&page), "token-expired");
    let html = page.text().await.expect("html");
    assert!(html.contains("مهلت این پرداخت به پایان رسیده است") && !html.contains("value=\"pay\""));

    let hit = customer(Navigation::get(&page_url), PageAction::Return, &merchant).await.expect("called back");
    assert_eq!(hit.field("payment_status"), "FAILED");
}

#[tokio::test]
async fn verify_failure_slowness_and_the_amount_check() {
    let sim = simulator(0.005).await;
    let merchant = Merchant::start().await;

    let (token, _) = through_page(&sim, &merchant, 6_201, PageAction::Pay).await;
    let refused = verify(&sim, &token).await;
    assert_eq!(applied(&refused), "verify-fails");
    assert_refused(refused, 422).await;
    assert_eq!(info_code(&sim, &token).await, 4);

    // Vandar has no "processing" answer: 203 is as slow as 202 (40 s × 0.005).
    for amount in [6_202, 6_203] {
        let (token, _) = through_page(&sim, &merchant, amount, PageAction::Pay).await;
        let started = std::time::Instant::now();
        assert_eq!(verify(&sim, &token).await.status(), StatusCode::OK);
        assert!(started.elapsed() >= Duration::from_millis(200), "{amount}");
        assert_eq!(info_code(&sim, &token).await, 2);
    }

    let (token, _) = through_page(&sim, &merchant, 6_204, PageAction::Pay).await;
    let body = json(verify(&sim, &token).await).await;
    assert_eq!((body["amount"].as_i64(), body["realAmount"].as_i64()), (Some(6_214), Some(6_214)));

    let (token, _) = through_page(&sim, &merchant, 6_302, PageAction::Pay).await;
    let cut = verify(&sim, &token).await.text().await.expect("body");
    assert!(serde_json::from_str::<Value>(&cut).is_err());
    assert_eq!(info_code(&sim, &token).await, 2);
}

#[tokio::test]
async fn the_callback_can_come_twice() {
    let sim = simulator(0.01).await;
    let merchant = Merchant::start().await;
    through_page(&sim, &merchant, 7_205, PageAction::Pay).await;

    let hits = merchant.wait_for(2).await;
    assert!(hits.iter().all(|h| h.method == "GET" && h.field("payment_status") == "OK"));
    assert_eq!(hits[0].field("token"), hits[1].field("token"));
}

#[tokio::test]
async fn send_failures() {
    let sim = simulator(1.0).await;
    let merchant = Merchant::start().await;

    let failed = send(&sim, &merchant, 8_301).await;
    assert_eq!((failed.status(), applied(&failed).as_str()), (StatusCode::INTERNAL_SERVER_ERROR, "create-5xx"));

    let stranger = call(
        &sim,
        "/api/v3/send",
        json!({"api_key": "sim-invalid", "amount": 10_000, "callback_url": merchant.url("/")}),
    )
    .await;
    assert_refused(stranger, 403).await;
    let tiny =
        call(&sim, "/api/v3/send", json!({"api_key": "k", "amount": 999, "callback_url": merchant.url("/")})).await;
    assert_refused(tiny, 422).await;
    let nowhere =
        call(&sim, "/api/v3/send", json!({"api_key": "k", "amount": 10_000, "callback_url": "not a url"})).await;
    assert_refused(nowhere, 422).await;
}

#[tokio::test]
async fn verify_comes_too_late_after_twenty_scaled_minutes() {
    // 20 min × 0.002 = 2.4 s, for the page and for verify alike.
    let sim = simulator(0.002).await;
    let merchant = Merchant::start().await;
    let (token, _) = through_page(&sim, &merchant, 9_000, PageAction::Pay).await;
    tokio::time::sleep(Duration::from_millis(2_600)).await;

    assert_refused(verify(&sim, &token).await, 422).await;
    assert_eq!(info_code(&sim, &token).await, 3);
    assert_eq!(sim.payments(Some(Gateway::Vandar))[0].stage, "expired");
}
