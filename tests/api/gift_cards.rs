//! Redeeming a gift card twice at once, or again after a lost answer: one paid order, and the customer who
//! redeemed it gets that order back while anyone else is told the code is used.
use futures::future::join_all;
use limoo_tests::spawn_app;
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
