//! Orders and invoices over HTTP: amounts come from the database, bad baskets store nothing.
use limoo_tests::spawn_app;
use serde_json::{Value, json};

async fn create(app: &limoo_tests::TestApp, token: &str, body: Value) -> (u16, Value) {
    let response =
        app.client.post(app.url("/lemonade/api/orders")).bearer_auth(token).json(&body).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn invoice(app: &limoo_tests::TestApp, token: &str, id: &Value) -> (u16, Value) {
    let response =
        app.client.get(app.url(&format!("/lemonade/api/orders/{id}/invoice"))).bearer_auth(token).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn the_invoice_adds_up_the_basket_from_the_catalogue() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (status, created) =
        create(&app, &token, json!({ "productIds": [101, 151], "service": "limoo_shop", "meta": { "SPV": "C" } }))
            .await;
    assert_eq!(status, 200, "{created}");
    let (status, bill) = invoice(&app, &token, &created["id"]).await;
    assert_eq!(status, 200, "{bill}");
    assert_eq!(bill["basketItems"].as_array().unwrap().len(), 2);
    assert_eq!(bill["basketItems"][0]["productId"], 101);
    assert_eq!(bill["basketItems"][0]["discountPercent"], 20, "100 − ceil(390000 ÷ 490000 × 100)");
    assert_eq!(bill["totalOriginalPrice"], 780_000);
    assert_eq!(bill["totalFinalPrice"], 580_000);
    assert_eq!(bill["totalDiscount"], 200_000);
    assert_eq!(bill["totalPrice"], 580_000);
    assert_eq!(bill["userPointDeduction"], 0);
}

#[tokio::test]
async fn an_equal_price_line_has_no_discount_note() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (_, created) = create(&app, &token, json!({ "productIds": [111] })).await;
    let (_, bill) = invoice(&app, &token, &created["id"]).await;
    assert!(bill["basketItems"][0].get("discountPercent").is_none(), "{bill}");
}

#[tokio::test]
async fn a_later_price_change_does_not_alter_an_existing_invoice() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (_, created) = create(&app, &token, json!({ "productIds": [101] })).await;
    app.execute_sql("UPDATE product SET final_price = 1 WHERE product_id = 101").await;
    let (_, bill) = invoice(&app, &token, &created["id"]).await;
    assert_eq!(bill["totalFinalPrice"], 390_000);
}

/// A stored line this build cannot read (a product type it does not know, meta that is not JSON) fails the invoice
/// loudly in the envelope rather than showing the customer a line of another kind.
#[tokio::test]
async fn an_invoice_with_a_stored_line_this_build_cannot_read_fails_loudly() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for broken in ["product_type = 'CRYSTAL'", "meta = 'not json'"] {
        let (_, created) = create(&app, &token, json!({ "productIds": [101] })).await;
        let order = &created["id"];
        app.execute_sql(format!("UPDATE basket_item SET {broken} WHERE customer_order_id = {order}")).await;
        let (status, reply) = invoice(&app, &token, order).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (500, Some("500")), "{broken}: {reply}");
    }
}

#[tokio::test]
async fn a_bad_basket_is_refused_and_stores_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    for (body, message) in [
        (json!({ "productIds": [] }), "هیچ محصولی انتخاب نشده است"),
        (json!({ "productIds": [101, 9999] }), "محصول انتخاب شده معتبر نیست"),
        (json!({ "productIds": [161] }), "محصول انتخاب شده معتبر نیست"),
        (json!({ "productIds": [131] }), "محصول انتخاب شده معتبر نیست"),
        (json!({ "productIds": [101], "service": "OTHER_SHOP" }), "محصول انتخاب شده معتبر نیست"),
    ] {
        let (status, reply) = create(&app, &token, body.clone()).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{body}: {reply}");
        assert_eq!(reply["err"]["message"], message, "{body}");
    }
    assert_eq!(limoo_bff::store::orders::count(app.db()).await.unwrap(), 0, "no half-written order");
}

#[tokio::test]
async fn an_order_meta_over_8_kib_is_refused_and_stores_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    // `{"SPV":"…"}` is 10 bytes around the text: 8 KiB exactly is kept, one byte more is refused.
    let meta = |bytes: usize| json!({ "productIds": [101], "meta": { "SPV": "x".repeat(bytes - 10) } });
    let (status, reply) = create(&app, &token, meta(8 * 1024 + 1)).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
    assert_eq!(reply["err"]["message"], "حجم اطلاعات ارسال شده بیش از حد مجاز است.");
    assert_eq!(reply["err"]["details"]["messages"], json!(["meta is larger than 8 KiB"]));
    assert_eq!(limoo_bff::store::orders::count(app.db()).await.unwrap(), 0);

    let (status, reply) = create(&app, &token, meta(8 * 1024)).await;
    assert_eq!(status, 200, "{reply}");
}

#[tokio::test]
async fn orders_belong_to_their_customer() {
    let app = spawn_app().await;
    let owner = app.existing_customer("09121234567").await;
    let other = app.existing_customer("09127654321").await;
    let (_, created) = create(&app, &owner, json!({ "productIds": [101] })).await;
    let (status, reply) = invoice(&app, &other, &created["id"]).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")));
    let anonymous =
        app.client.post(app.url("/lemonade/api/orders")).json(&json!({ "productIds": [101] })).send().await.unwrap();
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn orders_made_at_once_are_each_stored_with_their_own_basket() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let baskets: Vec<Vec<i64>> = (0..24).map(|n| if n % 2 == 0 { vec![101] } else { vec![111, 151] }).collect();
    let made =
        futures::future::join_all(baskets.iter().map(|ids| create(&app, &token, json!({ "productIds": ids })))).await;
    let mut ids = Vec::new();
    for ((status, created), basket) in made.iter().zip(&baskets) {
        assert_eq!(*status, 200, "{created}");
        let (_, bill) = invoice(&app, &token, &created["id"]).await;
        let lines: Vec<i64> =
            bill["basketItems"].as_array().unwrap().iter().map(|line| line["productId"].as_i64().unwrap()).collect();
        assert_eq!(&lines, basket, "{bill}");
        ids.push(created["id"].as_i64().unwrap());
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), baskets.len(), "one order per call");
}
