//! The BFF dies (SIGKILL) while the gateway is verifying a payment the customer has paid. The payment
//! lives only in the database: after a restart, two replicas' sweepers settle it exactly once, and
//! the money, the order and the points all end where they should.
use std::time::Duration;

use limoo_simulators::{Gateway, PageAction, PaymentScenario, browser};
use limoo_tests::{
    AppOptions, TestApp,
    browser::poll_for,
    payment::{entry, payment_request, payment_states, points_hold_status, times_paid},
};
use serde_json::json;

/// The crashed BFF's time limit per gateway call; its claim on the payment (the lease) lasts
/// twice that plus 5 s, after which another replica may verify it.
const CRASHED_TIMEOUT_SECONDS: &str = "2";

#[tokio::test]
async fn a_bff_killed_during_verify_leaves_the_payment_to_the_sweeper_which_completes_it_once() {
    // A slow verify answers after 40 s × 0.25 = 10 s: long after the crash.
    let app = TestApp::spawn(AppOptions { sim_time_scale: 0.25, ..AppOptions::default() }).await.expect("app");
    let token = app.customer_with_points("09121234567", 100).await;
    let order = app.create_order(&token, &[101]).await;
    let (status, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!((status, &set["userPoint"]["status"]), (200, &json!("ADDED_TO_ORDER")), "{set}");

    // The replica that will crash: its own sweeper never runs during the test.
    let doomed = app
        .start_process(&[
            ("PAYMENT_SWEEP_SECONDS", "3600"),
            ("PAYMENT_GATEWAY_TIMEOUT_SECONDS", CRASHED_TIMEOUT_SECONDS),
        ])
        .await
        .expect("the first BFF process");
    let mut body = payment_request(&app, &token, order, "VANDAR");
    body["paymentConfig"]["paymentResultUrl"] = json!(doomed.url("/#/payment-result"));
    let started = app
        .client
        .post(doomed.url("/lemonade/api/payments"))
        .bearer_auth(&token)
        .json(&body)
        .send()
        .await
        .expect("the payment request");
    assert_eq!(started.status().as_u16(), 200);
    let started: serde_json::Value = started.json().await.expect("a JSON reply");

    app.sims().force(Gateway::Vandar, PaymentScenario::VerifySlow).expect("vandar takes verify-slow");
    let callback =
        browser::press(entry(&started), PageAction::Pay).await.expect("the hosted page").expect("a callback");
    // The browser brings the callback back; the BFF verifies, and dies before the gateway answers.
    let returning = tokio::spawn(async move { callback.send(&reqwest::Client::new()).await });
    poll_for(Duration::from_secs(10), || async {
        Ok(app
            .sims()
            .journal()
            .iter()
            .any(|call| call.gateway == Gateway::Vandar && call.path.ends_with("/verify"))
            .then_some(()))
    })
    .await
    .expect("the BFF asked Vandar to verify");
    doomed.kill().await.expect("the BFF was killed");
    assert!(returning.await.expect("the browser task").is_err(), "the crashed BFF never answered the browser");

    // Paid at the gateway, verified there, but nothing settled here yet.
    let vandar = app.sims().payments(Some(Gateway::Vandar));
    assert_eq!(vandar.len(), 1);
    assert_eq!(vandar[0].stage, "verified");
    assert_eq!(times_paid(&app, &token, order).await, 0);
    assert_eq!(points_hold_status(&app, order).await.as_deref(), Some("RESERVED"));
    assert!(!payment_states(&app, order).await.iter().any(|s| s == "VERIFIED" || s == "FAILED"));

    // Restarted as two replicas whose sweepers race for every open payment each second.
    let sweeping = [("PAYMENT_SWEEP_SECONDS", "1"), ("PAYMENT_SETTLE_AFTER_SECONDS", "0")];
    let first = app.start_process(&sweeping).await.expect("a restarted BFF");
    let second = app.start_process(&sweeping).await.expect("a second replica");
    poll_for(Duration::from_secs(40), || async {
        Ok(payment_states(&app, order).await.last().is_some_and(|s| s == "VERIFIED").then_some(()))
    })
    .await
    .expect("a sweeper settled the payment once the crashed BFF's lease ran out");
    // Let both sweepers run over it again: settled work stays settled.
    tokio::time::sleep(Duration::from_secs(3)).await;

    assert_eq!(times_paid(&app, &token, order).await, 1, "the order is paid exactly once");
    assert_eq!(payment_states(&app, order).await, ["VERIFIED"], "one payment, verified");
    assert_eq!(points_hold_status(&app, order).await.as_deref(), Some("USED"));
    let (_, balance) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(balance["unUsedPoints"]["count"], 0, "the 100 points are spent, once: {balance}");
    assert_eq!(app.sims().payments(Some(Gateway::Vandar))[0].stage, "verified", "the money was taken once");
    first.kill().await.expect("stopped");
    second.kill().await.expect("stopped");
}
