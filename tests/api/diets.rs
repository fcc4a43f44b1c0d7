//! The active diet package (`GET /app/diets/active`) and the can-buy-diet check that reads it: the
//! status follows the order's payment, card transfer, questions and issued diet (spec 3 §4).
use limoo_bff::store::{now_ms, orders};
use limoo_tests::{TestApp, app::DietByTeam, spawn_app};
use serde_json::Value;

const DAY_MS: i64 = 86_400_000;

async fn active(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.get_as(token, "/app/diets/active").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], true);
    body["msg"]["activeDiet"].clone()
}

async fn can_buy(app: &TestApp, token: &str) -> bool {
    let (status, body) = app.get_as(token, "/lemonade/api/can-buy-diet").await;
    assert_eq!(status, 200, "{body}");
    body["canBuyDiet"].as_bool().expect("canBuyDiet is a boolean")
}

async fn paid_order(app: &TestApp, token: &str) -> i64 {
    let order_id = app.create_order(token, &[101]).await;
    let mut tx = app.db.begin().await.unwrap();
    assert!(orders::mark_paid(&mut tx, order_id).await.unwrap());
    tx.commit().await.unwrap();
    order_id
}

/// The medical team issues the order's 30-day diet D-1001.
async fn issue(app: &TestApp, order_id: i64, ready: bool, started_days_ago: Option<i64>) {
    let starts_at = started_days_ago.map(|days| now_ms() - days * DAY_MS);
    let diet = DietByTeam { order_id, number: "D-1001", days: 30, package_count: None, slot: 1, ready, starts_at };
    app.team_issues_diet(&diet).await;
}

#[tokio::test]
async fn a_customer_without_a_diet_order_waits_for_a_transaction_and_may_buy() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let diet = active(&app, &token).await;
    assert_eq!(diet["status"], "TRANSACTION_WATING");
    assert_eq!(diet["orderId"], Value::Null);
    assert_eq!(diet["veryFirstTimeUser"], true);
    assert!(can_buy(&app, &token).await);

    let order_id = app.create_order(&token, &[101]).await;
    let diet = active(&app, &token).await;
    assert_eq!(diet["status"], "TRANSACTION_WATING", "an unpaid order is still waiting");
    assert_eq!(diet["orderId"], order_id);
    assert!(can_buy(&app, &token).await);
}

#[tokio::test]
async fn a_paid_order_answers_questions_until_its_diet_is_issued_and_running() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order_id = paid_order(&app, &token).await;
    // A newer unpaid order does not hide the paid package.
    app.create_order(&token, &[101]).await;
    let diet = active(&app, &token).await;
    assert_eq!(diet["status"], "ANSWERING_QUESTIONS");
    assert_eq!(diet["orderId"], order_id);
    assert!(!can_buy(&app, &token).await, "a paid diet is running");

    issue(&app, order_id, false, None).await;
    assert_eq!(active(&app, &token).await["status"], "ISSUING");
}

#[tokio::test]
async fn an_issued_diet_runs_then_comes_close_to_expiry_then_expires() {
    let cases = [(Some(5), "ACTIVE", false), (Some(29), "CLOSE_TO_EXPIRE", true), (Some(31), "EXPIRED", true)];
    for (started_days_ago, status, may_buy) in cases {
        let app = spawn_app().await;
        let token = app.existing_customer("09121234567").await;
        let order_id = paid_order(&app, &token).await;
        issue(&app, order_id, true, started_days_ago).await;
        let diet = active(&app, &token).await;
        assert_eq!(diet["status"], status, "{diet}");
        assert_eq!(diet["dietNumber"], "D-1001");
        assert_eq!(diet["isReady"], true);
        assert_eq!(diet["veryFirstTimeUser"], true, "its own diet is not an earlier one");
        assert_eq!(can_buy(&app, &token).await, may_buy, "{status}");
    }
}

#[tokio::test]
async fn a_card_transfer_under_review_and_a_rejected_one_have_their_own_statuses() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.create_order(&token, &[101]).await;
    // The only order reports a card transfer, which finance then rejects.
    app.execute_sql(
        "INSERT INTO transfer_payment (transfer_payment_id, customer_order_id, customer_id, gateway, amount, state, \
         meta, created_at) SELECT 1, customer_order_id, customer_id, 'C2C', 1000, 'PENDING', '{}', created_at \
         FROM customer_order",
    )
    .await;
    assert_eq!(active(&app, &token).await["status"], "TRANSACTION_VERIFCATION_WATING");
    app.execute_sql("UPDATE transfer_payment SET state = 'REJECTED'").await;
    assert_eq!(active(&app, &token).await["status"], "TRANSACTION_UNVERIFIED");
    assert!(can_buy(&app, &token).await);
}

#[tokio::test]
async fn the_active_package_needs_a_signed_in_customer() {
    let app = spawn_app().await;
    let response = app.client.get(app.url("/app/diets/active")).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401);
}
