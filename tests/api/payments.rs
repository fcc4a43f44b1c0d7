//! Paying an order online through the gateway simulators: the hosted page, the callback that
//! verifies server to server, and what the order, its points and its code look like afterwards.
use limoo_bff::{
    shop::{payments::sweep, settling::Settling},
    store::Db,
};
use limoo_simulators::{
    Gateway, PageAction, PaymentScenario,
    browser::{self, Navigation},
};
use limoo_tests::{
    TestApp,
    payment::{follow, payment_request, result_url},
    spawn_app,
};
use serde_json::{Value, json};

const ER_24: &str = "شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد.";

fn request(app: &TestApp, token: &str, order: i64) -> Value {
    let mut body = payment_request(app, token, order, "online");
    body["mobile"] = json!("9121234567");
    body
}

async fn start(app: &TestApp, token: &str, order: i64, key: Option<&str>) -> (u16, Value) {
    let mut call =
        app.client.post(app.url("/lemonade/api/payments")).bearer_auth(token).json(&request(app, token, order));
    if let Some(key) = key {
        call = call.header("Idempotency-Key", key);
    }
    let response = call.send().await.expect("answered");
    (response.status().as_u16(), response.json().await.expect("JSON"))
}

/// Starts a payment, presses `action` on the hosted page and lets the browser bring the callback
/// back; answers where the BFF then sent the browser.
async fn pay(app: &TestApp, token: &str, order: i64, action: PageAction) -> String {
    let (status, reply) = start(app, token, order, None).await;
    assert_eq!(status, 200, "{reply}");
    let link = reply["paymentLink"].as_str().expect("paymentLink");
    let callback = browser::press(Navigation::get(link), action).await.expect("page").expect("called back");
    follow(&callback).await
}

async fn order_status(app: &TestApp, token: &str, order: i64) -> Value {
    app.invoice(token, order).await.1["status"].clone()
}

/// The status of the code used on the order (the invoice does not show it).
async fn discount_status(app: &TestApp, order: i64) -> String {
    let sql = "SELECT status FROM used_discount WHERE customer_order_id = $1";
    let row: Result<(String,), _> = match app.db() {
        Db::Sqlite(pool) => sqlx::query_as(sql).bind(order).fetch_one(pool).await,
        Db::Postgres(pool) => sqlx::query_as(sql).bind(order).fetch_one(pool).await,
    };
    row.expect("the order has a code").0
}

#[tokio::test]
async fn a_paid_payment_completes_the_order_and_captures_points_and_code() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let order = app.create_order(&token, &[101]).await;
    let (status, applied) =
        app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "LIMOO20", "orderId": order })).await;
    assert_eq!(status, 200, "{applied}");
    let (_, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!(set["userPoint"]["status"], "ADDED_TO_ORDER", "{set}");
    let spent = set["userPoint"]["count"].as_i64().unwrap();

    let (status, reply) = start(&app, &token, order, None).await;
    assert_eq!(status, 200, "{reply}");
    let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(total["userPoints"][0]["status"], "RESERVED", "the points are locked while the payment runs");
    let link = reply["paymentLink"].as_str().unwrap();
    assert!(link.starts_with(&app.sims().vandar_base_url()), "Vandar is the default online gateway: {link}");
    let sent = app.sims().payments(Some(Gateway::Vandar));
    assert_eq!(sent.len(), 1);

    let callback = browser::press(Navigation::get(link), PageAction::Pay).await.unwrap().unwrap();
    assert_eq!(follow(&callback).await, result_url(&app, true, order));

    assert_eq!(order_status(&app, &token, order).await, "PAYMENT_SUCCESS");
    let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(total["unUsedPoints"]["count"], 100 - spent, "the points are spent: {total}");
    assert_eq!(total["reservedPoints"]["count"], 0);
    assert_eq!(discount_status(&app, order).await, "CAPTURED");
}

#[tokio::test]
async fn cancel_and_decline_leave_the_order_unpaid_and_give_the_points_back_to_the_switch() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let order = app.create_order(&token, &[101]).await;
    app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "LIMOO20", "orderId": order })).await;
    for action in [PageAction::Cancel, PageAction::Decline] {
        assert_eq!(pay(&app, &token, order, action).await, result_url(&app, false, order));
        assert_eq!(order_status(&app, &token, order).await, "CREATED");
        let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
        assert_eq!(total["userPoints"][0]["status"], "ADDED_TO_ORDER", "{total}");
        assert_eq!(discount_status(&app, order).await, "ACTIVE", "the code is only captured on success");
    }
    assert_eq!(pay(&app, &token, order, PageAction::Pay).await, result_url(&app, true, order), "a retry succeeds");
}

#[tokio::test]
async fn a_failed_verify_or_a_different_amount_never_completes_the_order() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for scenario in [PaymentScenario::VerifyFails, PaymentScenario::AmountMismatch] {
        let order = app.create_order(&token, &[101]).await;
        app.sims().force(Gateway::Vandar, scenario).unwrap();
        assert_eq!(pay(&app, &token, order, PageAction::Pay).await, result_url(&app, false, order), "{scenario:?}");
        assert_eq!(order_status(&app, &token, order).await, "CREATED", "{scenario:?}");
    }
}

#[tokio::test]
async fn a_callback_delivered_twice_completes_the_order_once() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    app.sims().force(Gateway::Vandar, PaymentScenario::DoubleCallback).unwrap();
    assert_eq!(pay(&app, &token, order, PageAction::Pay).await, result_url(&app, true, order));
    assert_eq!(app.repeated_callbacks(1).await, 1, "the simulator delivered the callback once more");
    let (_, paid) = app.get_as(&token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    let statuses = paid[0]["orderStatuses"].as_array().unwrap().len();
    assert_eq!(statuses, 2, "CREATED, PAYMENT_SUCCESS once: {paid}");
}

#[tokio::test]
async fn a_gateway_5xx_is_a_clear_error_and_changes_nothing() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let order = app.create_order(&token, &[203]).await;
    app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    app.sims().force(Gateway::Vandar, PaymentScenario::Create5xx).unwrap();
    let (status, reply) = start(&app, &token, order, None).await;
    assert_eq!(status, 502, "{reply}");
    assert_eq!(reply["err"]["code"], "502");
    assert_eq!(reply["err"]["details"]["messages"], json!([]), "the checkout error section, not a redirect message");
    let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(total["userPoints"][0]["status"], "ADDED_TO_ORDER");
    assert_eq!(order_status(&app, &token, order).await, "CREATED");
}

#[tokio::test]
async fn a_result_address_outside_the_shop_is_refused() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[203]).await;
    let mut body = request(&app, &token, order);
    body["paymentConfig"]["paymentResultUrl"] = json!("https://evil.example/#/payment-result");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 400, "{reply}");
    assert!(app.sims().payments(Some(Gateway::Vandar)).is_empty(), "no payment was started");
    assert_eq!(order_status(&app, &token, order).await, "CREATED");
}

#[tokio::test]
async fn the_same_idempotency_key_answers_the_same_payment() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let first = start(&app, &token, order, Some("key-1")).await;
    let again = start(&app, &token, order, Some("key-1")).await;
    assert_eq!(first.0, 200, "{first:?}");
    assert_eq!(first, again);
    assert_eq!(app.sims().payments(Some(Gateway::Vandar)).len(), 1, "one payment at the gateway");
    let other = app.create_order(&token, &[102]).await;
    assert_eq!(start(&app, &token, other, Some("key-1")).await.0, 409, "a key belongs to one order");
}

#[tokio::test]
async fn another_customers_id_or_lost_points_are_refused() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let order = app.create_order(&token, &[203]).await;
    let mut body = request(&app, &token, order);
    body["customerId"] = json!("1");
    let (status, _) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 403, "customerId must be the token's subject");

    app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    // The hold's 30 minutes pass on the shop's clock; the customer signs in again.
    app.advance_clock(31 * 60).await;
    let token = app.token_for("09121234567", 1).await;
    let (status, reply) = start(&app, &token, order, None).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (409, Some(ER_24)), "{reply}");
}

#[tokio::test]
async fn payping_pays_through_its_form_post_callback() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let mut body = request(&app, &token, order);
    body["paymentConfig"]["gateway"] = json!("PAYPING");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "{reply}");
    let link = reply["paymentLink"].as_str().unwrap();
    let callback = browser::press(Navigation::get(link), PageAction::Pay).await.unwrap().unwrap();
    assert_eq!(callback.method, "POST");
    assert_eq!(follow(&callback).await, result_url(&app, true, order));
    assert_eq!(order_status(&app, &token, order).await, "PAYMENT_SUCCESS");
}

#[tokio::test]
async fn the_sweeper_completes_a_paid_payment_nobody_came_back_from_and_expires_an_abandoned_one() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let paid = app.create_order(&token, &[101]).await;
    let (_, reply) = start(&app, &token, paid, None).await;
    let link = reply["paymentLink"].as_str().unwrap();
    browser::press(Navigation::get(link), PageAction::Pay).await.unwrap().expect("a callback the browser drops");
    assert_eq!(sweep(Settling::from(&app.payment_sweeper(30))).await.unwrap(), 1);
    assert_eq!(order_status(&app, &token, paid).await, "PAYMENT_SUCCESS", "verified by the sweeper");

    let abandoned = app.create_order(&token, &[101]).await;
    app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": abandoned })).await;
    assert_eq!(start(&app, &token, abandoned, None).await.0, 200);
    assert_eq!(
        sweep(Settling::from(&app.payment_sweeper(30))).await.unwrap(),
        0,
        "not paid yet, not old enough to expire"
    );
    assert_eq!(sweep(Settling::from(&app.payment_sweeper(0))).await.unwrap(), 1, "expired");
    assert_eq!(order_status(&app, &token, abandoned).await, "CREATED");
    let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(total["userPoints"][0]["status"], "ADDED_TO_ORDER", "the points are free for the switch again: {total}");
}

#[tokio::test]
async fn a_key_or_result_address_over_1_kib_is_refused_and_no_payment_starts() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = start(&app, &token, order, Some(&"k".repeat(2048))).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some("حجم اطلاعات ارسال شده بیش از حد مجاز است.")));
    assert_eq!(reply["err"]["details"]["messages"], json!(["Idempotency-Key is larger than 1 KiB"]));

    let mut body = request(&app, &token, order);
    body["paymentConfig"]["paymentResultUrl"] =
        json!(format!("{}&{}", result_url(&app, true, order), "x".repeat(2048)));
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!(["paymentResultUrl is larger than 1 KiB"]));
    let count: Result<(i64,), _> = match app.db() {
        Db::Sqlite(pool) => sqlx::query_as("SELECT COUNT(*) FROM payment").fetch_one(pool).await,
        Db::Postgres(pool) => sqlx::query_as("SELECT COUNT(*) FROM payment").fetch_one(pool).await,
    };
    assert_eq!(count.expect("count").0, 0, "no payment started");
}

/// A tab that still shows the old price pays nothing unexpected: with `expectedAmount` from a stale invoice the call
/// answers 409 `PRICE_CHANGED` with the sentence to show, and no payment starts; with the current price it starts.
#[tokio::test]
async fn a_stale_tabs_price_starts_no_payment() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (_, shown) = app.invoice(&token, order).await;
    let shown = shown["totalPrice"].as_i64().expect("totalPrice");
    let (status, applied) =
        app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "LIMOO20", "orderId": order })).await;
    assert_eq!(status, 200, "another tab applied a code: {applied}");

    let mut body = request(&app, &token, order);
    body["expectedAmount"] = json!(shown);
    let (status, refused) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!((status, refused["err"]["reason"].as_str()), (409, Some("PRICE_CHANGED")), "{refused}");
    assert_eq!(
        refused["err"]["details"]["messages"][0],
        "مبلغ این سفارش تغییر کرده است. صورتحساب تازه را ببینید و دوباره پرداخت کنید."
    );
    assert!(app.sims().payments(None).is_empty(), "no payment started");

    body["expectedAmount"] = applied["invoice"]["totalPrice"].clone();
    let (status, started) = app.post_as(&token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "{started}");
}

/// Paying a paid order says so in the sentence the checkout shows [ER-22].
#[tokio::test]
async fn paying_a_paid_order_says_it_is_paid() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.paid_order(&token, &[101]).await;
    let (status, refused) = start(&app, &token, order, None).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["err"]["details"]["messages"][0], "این سفارش قبلا پرداخت شده است.");
}
