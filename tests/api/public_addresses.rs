//! Addresses the BFF sends browsers to come from configuration (`PUBLIC_BASE_URL`, `PAYMENT_CALLBACK_BASE_URL`,
//! `PAYMENT_RESULT_ORIGINS`), never from the request's `Host` or `X-Forwarded-*` headers, which any client can
//! write: a forged header must not turn the payment result page into an open redirect.
use limoo_simulators::{Gateway, PageAction, browser};
use limoo_tests::{
    AppOptions, TestApp,
    payment::{entry, payment_request, payment_states},
    spawn_app,
};
use serde_json::{Value, json};

/// Starts a Vandar payment of a fresh order whose result page is `result_url`, sending `headers` along.
async fn start_payment(app: &TestApp, result_url: &str, headers: &[(&str, &str)]) -> (i64, u16, Value) {
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[203]).await;
    let mut body = payment_request(app, &token, order, "VANDAR");
    body["paymentConfig"]["paymentResultUrl"] = json!(result_url);
    let mut call = app.client.post(app.url("/lemonade/api/payments")).bearer_auth(&token).json(&body);
    for (name, value) in headers {
        call = call.header(*name, *value);
    }
    let response = call.send().await.expect("answered");
    (order, response.status().as_u16(), response.json().await.expect("JSON"))
}

async fn app_with(options: AppOptions) -> TestApp {
    TestApp::spawn(options).await.expect("test app")
}

#[tokio::test]
async fn a_forged_forwarded_host_does_not_make_its_result_address_acceptable() {
    let app = spawn_app().await;
    let evil = "http://evil.example/#/payment-result";
    for headers in
        [&[("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Proto", "http")][..], &[("Host", "evil.example")][..]]
    {
        let (order, status, reply) = start_payment(&app, evil, headers).await;
        assert_eq!(status, 400, "{headers:?}: {reply}");
        assert!(payment_states(&app, order).await.is_empty(), "{headers:?}: nothing stored");
    }
    assert!(app.sims().payments(Some(Gateway::Vandar)).is_empty(), "no payment was started");
}

#[tokio::test]
async fn the_gateway_sends_the_browser_back_to_the_configured_address_whatever_the_request_said() {
    let app = spawn_app().await;
    let forged = [("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Proto", "https")];
    let (order, status, reply) = start_payment(&app, &app.url("/#/payment-result"), &forged).await;
    assert_eq!(status, 200, "the address it serves on (the default PUBLIC_BASE_URL) passes: {reply}");
    assert_eq!(payment_states(&app, order).await.len(), 1);
    let callback = browser::press(entry(&reply), PageAction::Pay).await.expect("the hosted page").expect("a callback");
    assert!(callback.url.starts_with(&app.url("/lemonade/api/payments/")), "back to this shop: {}", callback.url);
}

#[tokio::test]
async fn the_configured_public_origin_is_the_shop_and_the_listening_address_no_longer_is() {
    let public = "https://shop.example";
    let app = app_with(AppOptions { public_base_url: Some(public.to_owned()), ..AppOptions::default() }).await;
    let (order, status, reply) = start_payment(&app, &format!("{public}/#/payment-result"), &[]).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(payment_states(&app, order).await.len(), 1);
    let callback = browser::press(entry(&reply), PageAction::Pay).await.expect("the hosted page").expect("a callback");
    assert!(callback.url.starts_with("https://shop.example/lemonade/api/payments/"), "{}", callback.url);

    let (order, status, reply) = start_payment(&app, &app.url("/#/payment-result"), &[]).await;
    assert_eq!(status, 400, "only the configured origin: {reply}");
    assert!(payment_states(&app, order).await.is_empty());
}

#[tokio::test]
async fn an_allow_listed_result_origin_passes_and_others_do_not() {
    let dev_server = "http://localhost:5173";
    let app =
        app_with(AppOptions { payment_result_origins: vec![dev_server.to_owned()], ..AppOptions::default() }).await;
    let (order, status, reply) = start_payment(&app, &format!("{dev_server}/#/payment-result"), &[]).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(payment_states(&app, order).await.len(), 1);
    let (_, status, reply) = start_payment(&app, "http://localhost:5174/#/payment-result", &[]).await;
    assert_eq!(status, 400, "another port is another origin: {reply}");
}
