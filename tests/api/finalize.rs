//! Paying an order whose total is zero, and what paid orders look like afterwards: the orders
//! history and the profile orders the package pages redirect on.
use limoo_tests::{TestApp, spawn_app};
use serde_json::{Value, json};

async fn finalize(app: &TestApp, token: &str, order_id: i64) -> (u16, Value) {
    app.post_as(token, "/lemonade/api/orders/finalize-order", &json!({ "orderId": order_id })).await
}

async fn apply(app: &TestApp, token: &str, order_id: i64, code: &str) {
    let (status, reply) =
        app.post_as(token, "/lemonade/api/usedDiscounts", &json!({ "code": code, "orderId": order_id })).await;
    assert_eq!(status, 200, "{reply}");
}

#[tokio::test]
async fn a_free_order_is_paid_once_and_shows_in_the_history_and_the_profile_orders() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let unpaid = app.create_order(&token, &[102]).await;
    let order = app.create_order(&token, &[101]).await;
    apply(&app, &token, order, "FREE100").await;
    let (status, reply) = finalize(&app, &token, order).await;
    assert_eq!((status, reply), (200, json!({ "id": order })));
    assert_eq!(finalize(&app, &token, order).await, (200, json!({ "id": order })), "a second call answers the same id");
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!(bill["status"], "PAYMENT_SUCCESS");
    assert_eq!(bill["usedDiscount"]["code"], "FREE100", "the captured code stays on the invoice");
    let (status, paid) = app.get_as(&token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    assert_eq!(status, 200, "{paid}");
    let paid = paid.as_array().unwrap();
    assert_eq!(paid.len(), 1);
    assert_eq!((paid[0]["id"].as_i64(), paid[0]["totalFinalPrice"].as_i64()), (Some(order), Some(0)));
    assert_eq!(paid[0]["totalDiscount"], 490_000);
    assert_eq!(paid[0]["basketItems"][0]["productId"], 101);
    let statuses: Vec<&str> =
        paid[0]["orderStatuses"].as_array().unwrap().iter().map(|s| s["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, vec!["CREATED", "PAYMENT_SUCCESS"]);
    let (_, all) = app.get_as(&token, "/lemonade/api/orders").await;
    let ids: Vec<i64> = all.as_array().unwrap().iter().map(|o| o["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&unpaid));
    let (status, profile) = app.get_as(&token, "/lemonade/api/orders/profile-orders").await;
    assert_eq!((status, profile), (200, json!([{ "orderId": order, "dietType": "PROF" }])));
}

#[tokio::test]
async fn points_that_cover_everything_are_spent_by_the_finalize() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 2_000).await;
    let order = app.create_order(&token, &[203]).await;
    let (_, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!(set["invoice"]["totalPrice"], 0, "{set}");
    assert_eq!(finalize(&app, &token, order).await.0, 200);
    let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(total["unUsedPoints"]["count"], 510, "2,000 − 1,490 spent");
    assert_eq!(total["reservedPoints"]["count"], 0);
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!(bill["userPointDeduction"], 1_490_000, "the paid invoice keeps the points it spent");
    assert!(bill.get("userPointStatus").is_none());
    let (_, profile) = app.get_as(&token, "/lemonade/api/orders/profile-orders").await;
    assert_eq!(profile, json!([{ "orderId": order, "dietType": "AFTER_PROF" }]));
    let next = app.create_order(&token, &[151]).await;
    let (_, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": next })).await;
    assert_eq!(set["userPoint"]["count"], 190, "what is left is free for the next order");
}

#[tokio::test]
async fn an_order_with_something_to_pay_is_refused() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = finalize(&app, &token, order).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
    assert_eq!(reply["err"]["message"], "خطایی پیش آمده است. لطفا پس از سی دقیقه مجدد تلاش کنید.");
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!(bill["status"], "CREATED");
    let (_, paid) = app.get_as(&token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    assert_eq!(paid, json!([]));
    let (_, profile) = app.get_as(&token, "/lemonade/api/orders/profile-orders").await;
    assert_eq!(profile, json!([]));
}

#[tokio::test]
async fn points_that_ran_out_cannot_pay_the_order() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 1_000).await;
    let order = app.create_order(&token, &[151]).await;
    app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    // The hold's 30 minutes pass on the shop's clock; the customer signs in again.
    app.advance_clock(31 * 60).await;
    let token = app.token_for("09121234567", 1).await;
    let (status, reply) = finalize(&app, &token, order).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (409, Some("409")), "{reply}");
    assert_eq!(
        reply["err"]["message"],
        "شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد."
    );
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!(bill["status"], "CREATED");
}

#[tokio::test]
async fn a_paid_mentor_only_order_is_no_profile_order_and_others_cannot_finalize() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 1_000).await;
    let order = app.create_order(&token, &[151]).await;
    app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    let other = app.existing_customer("09127654321").await;
    let (status, reply) = finalize(&app, &other, order).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (404, Some("سفارش مورد نظر پیدا نشد")));
    assert_eq!(finalize(&app, &token, order).await.0, 200);
    let (_, profile) = app.get_as(&token, "/lemonade/api/orders/profile-orders").await;
    assert_eq!(profile, json!([]), "no item carries a dietType");
    let (_, others) = app.get_as(&other, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    assert_eq!(others, json!([]), "a customer sees only their own orders");
}

#[tokio::test]
async fn ten_finalizes_at_once_pay_the_free_order_once_and_all_get_its_id() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    apply(&app, &token, order, "FREE100").await;
    let replies = futures::future::join_all((0..10).map(|_| finalize(&app, &token, order))).await;
    assert!(replies.iter().all(|reply| *reply == (200, json!({ "id": order }))), "{replies:?}");
    let (_, paid) = app.get_as(&token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    let statuses = paid[0]["orderStatuses"].as_array().map(Vec::len);
    assert_eq!(statuses, Some(2), "CREATED and one PAYMENT_SUCCESS: {paid}");
}
