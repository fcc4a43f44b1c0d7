//! Redeeming a gift card twice at once, or again after a lost answer: one paid order, and the customer who
//! redeemed it gets that order back while anyone else is told the code is used; the gifts a customer activated.
use futures::future::join_all;
use limoo_tests::{app::guess_until_throttled, spawn_app};
use serde_json::json;

#[tokio::test]
async fn a_double_tap_on_redeem_answers_the_one_order_and_another_customer_gets_used_code() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let body = json!({ "giftCode": "GIFT1M" });
    let replies = join_all((0..5).map(|_| app.post_as(&token, "/lemonade/api/limoo-cards", &body))).await;
    let mut orders: Vec<i64> = replies
        .iter()
        .map(|(status, reply)| {
            assert_eq!(*status, 200, "{reply}");
            reply["orderId"].as_i64().expect("orderId")
        })
        .collect();
    orders.dedup();
    assert_eq!(orders.len(), 1, "one order for every tap: {orders:?}");
    let (_, paid) = app.get_as(&token, "/lemonade/api/orders?status=PAYMENT_SUCCESS").await;
    assert_eq!(paid.as_array().map(Vec::len), Some(1), "{paid}");
    let other = app.existing_customer("09129876543").await;
    let (status, refused) = app.post_as(&other, "/lemonade/api/limoo-cards", &body).await;
    assert_eq!((status, &refused["err"]["code"]), (409, &json!("USED_CODE")), "{refused}");
}

#[tokio::test]
async fn redeemed_lists_only_the_signed_in_customers_activated_gifts() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let other = app.existing_customer("09129876543").await;
    let (status, none) = app.get_as(&token, "/lemonade/api/limoo-cards/redeemed").await;
    assert_eq!((status, &none), (200, &json!([])), "no card yet");
    // A card waiting for a choice activates nothing.
    app.post_as(&token, "/lemonade/api/limoo-cards", &json!({ "giftCode": "giftpick" })).await;
    assert_eq!(app.get_as(&token, "/lemonade/api/limoo-cards/redeemed").await.1, json!([]));
    let (_, redeemed) = app.post_as(&token, "/lemonade/api/limoo-cards", &json!({ "giftCode": "gift1m" })).await;
    let (status, gifts) = app.get_as(&token, "/lemonade/api/limoo-cards/redeemed").await;
    assert_eq!(status, 200, "{gifts}");
    assert_eq!(gifts.as_array().map(Vec::len), Some(1), "{gifts}");
    assert_eq!(gifts[0]["orderId"], redeemed["orderId"]);
    assert_eq!((&gifts[0]["productId"], &gifts[0]["title"]), (&json!(101), &json!("رژیم یک ماهه")));
    assert!(gifts[0]["redeemedAt"].as_i64().is_some_and(|at| at > 0), "{gifts}");
    assert_eq!(app.get_as(&other, "/lemonade/api/limoo-cards/redeemed").await.1, json!([]), "not another's card");
    let anonymous = app.client.get(app.url("/lemonade/api/limoo-cards/redeemed")).send().await.unwrap();
    assert_eq!(anonymous.status().as_u16(), 401);
}

/// Guessing codes: a customer gets 20 tries at once, then one every 3 s (429 with the Persian message and when to
/// try again); the card and another customer's tries are untouched. Tries until refused, so a slow machine whose
/// allowance refills meanwhile only takes a few more.
#[tokio::test]
async fn a_customer_guessing_codes_is_slowed_down_and_nobody_else_is() {
    let app = spawn_app().await;
    let guesser = app.existing_customer("09121234567").await;
    let (app_ref, guesser_ref) = (&app, &guesser);
    let refused = guess_until_throttled(400, |n| async move {
        app_ref.post_as(guesser_ref, "/lemonade/api/limoo-cards", &json!({ "giftCode": format!("guess{n}") })).await
    })
    .await;
    assert!(refused["err"]["details"]["messages"][0].as_str().is_some_and(|d| d.contains("try again in")));
    let (status, reply) = app.get_as(&guesser, "/lemonade/api/limoo-cards/products?giftCode=giftpick").await;
    assert_eq!(status, 429, "listing a card's products is a try too: {reply}");

    let other = app.existing_customer("09129876543").await;
    let (status, reply) = app.post_as(&other, "/lemonade/api/limoo-cards", &json!({ "giftCode": "GIFT1M" })).await;
    assert_eq!(status, 200, "another customer redeems the card: {reply}");
}
