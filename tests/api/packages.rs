//! The older diet-package calls over HTTP: racing selections make one order, the promotion forms reuse the
//! promotion codes, and orders/succeed reads only the customer's paid orders.
use limoo_tests::{TestApp, app::guess_until_throttled, multipart::post_multipart_as, spawn_app};
use serde_json::{Value, json};

async fn select(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.post_as(token, "/diet/select-package", &body).await
}

#[tokio::test]
async fn racing_identical_selections_answer_one_order_and_another_length_makes_another() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let body = json!({ "dietCount": 3, "hasHami": true, "hasPoints": false });
    let (a, b) = tokio::join!(select(&app, &token, body.clone()), select(&app, &token, body.clone()));
    assert_eq!((a.0, b.0), (200, 200), "{} {}", a.1, b.1);
    assert_eq!(a.1["orderId"], b.1["orderId"], "a double tap makes one order");
    assert_eq!(a.1["invoice"]["totalPrice"], 1_390_000, "bundle 121");
    assert_eq!(a.1["needPayment"], true);
    let (_, one_month) = select(&app, &token, json!({ "dietCount": 1 })).await;
    assert_ne!(one_month["orderId"], a.1["orderId"]);
}

/// A selection made again after the offer's price changed (a sale began) answers an order at the new price, not the
/// earlier unpaid order at the old one; the same selection again then answers that new order.
#[tokio::test]
async fn a_selection_after_a_price_change_answers_an_order_at_the_new_price() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let body = json!({ "dietCount": 1, "hasPoints": false });
    let (_, before) = select(&app, &token, body.clone()).await;
    let total_before = before["invoice"]["totalPrice"].as_i64().expect("a total");
    let product = before["invoice"]["basketItems"][0]["productId"].as_i64().expect("a product");
    app.execute_sql(format!("UPDATE product SET final_price = final_price - 1000 WHERE product_id = {product}")).await;

    let (status, after) = select(&app, &token, body.clone()).await;
    assert_eq!(status, 200, "{after}");
    assert_ne!(after["orderId"], before["orderId"], "the earlier order holds the old price");
    assert_eq!(after["invoice"]["totalPrice"].as_i64(), Some(total_before - 1000));
    let (_, again) = select(&app, &token, body).await;
    assert_eq!(again["orderId"], after["orderId"], "the same selection answers the same order");
}

/// The points the outdated order held move to the order at today's prices: they are not left on an order the
/// customer will not pay.
#[tokio::test]
async fn the_points_of_an_outdated_selection_move_to_the_new_order() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 100).await;
    let body = json!({ "dietCount": 1, "hasPoints": true });
    let (_, before) = select(&app, &token, body.clone()).await;
    assert_eq!(before["invoice"]["userPointStatus"], "ADDED_TO_ORDER", "{before}");
    let product = before["invoice"]["basketItems"][0]["productId"].as_i64().expect("a product");
    app.execute_sql(format!("UPDATE product SET final_price = final_price - 1000 WHERE product_id = {product}")).await;

    let (status, after) = select(&app, &token, body).await;
    assert_eq!(status, 200, "{after}");
    assert_ne!(after["orderId"], before["orderId"]);
    assert_eq!(after["invoice"]["userPointStatus"], "ADDED_TO_ORDER", "{after}");
    assert_eq!(after["invoice"]["userPointDeduction"], before["invoice"]["userPointDeduction"]);
}

#[tokio::test]
async fn a_paid_package_waiting_for_its_diet_needs_no_payment_and_counts_as_bought() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (_, first) = select(&app, &token, json!({ "dietCount": 1, "hasPoints": false })).await;
    let order_id = first["orderId"].as_i64().expect("an order id");
    app.mark_paid(order_id).await;
    // Paid and waiting for its diet: nothing to pay now.
    let (status, refused) = select(&app, &token, json!({ "dietCount": 1, "hasPoints": false })).await;
    assert_eq!((status, refused["err"]["code"].as_str()), (400, Some("NO_NEED_TO_PAYMENT")), "{refused}");
    let (status, succeed) = app.get_as(&token, "/lemonade/api/orders/succeed?productId=151,101").await;
    assert_eq!(status, 200, "{succeed}");
    assert_eq!(succeed, json!({ "succeed": true, "orderIds": [order_id] }));
}

#[tokio::test]
async fn the_promotion_forms_apply_and_cancel_a_code_on_the_customers_own_order_only() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let stranger = app.existing_customer("09129876543").await;
    let (_, selected) = select(&app, &token, json!({ "dietCount": 1, "hasPoints": false })).await;
    let order = selected["orderId"].to_string();
    let (status, refused) =
        post_multipart_as(&app, &stranger, "/promotionusage", &[("code", "LIMOO20"), ("orderId", &order)]).await;
    assert_eq!(status, 404, "another customer's order: {refused}");
    let (status, applied) =
        post_multipart_as(&app, &token, "/promotionusage", &[("code", "limoo20"), ("orderId", &order)]).await;
    assert_eq!(status, 200, "{applied}");
    assert_eq!(applied["status"], "SAVED");
    assert_eq!(applied["invoice"]["totalPrice"], 312_000, "20 % off 390 000");
    let used = applied["usedDiscountId"].to_string();
    let (status, canceled) = post_multipart_as(&app, &token, "/cancelpromotion", &[("usedDiscountId", &used)]).await;
    assert_eq!(status, 200, "{canceled}");
    assert_eq!(canceled["status"], "CANCELED");
    assert_eq!(canceled["invoice"]["totalPrice"], 390_000);
}

#[tokio::test]
async fn orders_succeed_reads_only_paid_orders_and_refuses_a_bad_list() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    app.create_order(&token, &[101]).await;
    let (status, reply) = app.get_as(&token, "/lemonade/api/orders/succeed?productId=101").await;
    assert_eq!((status, reply), (200, json!({ "succeed": false, "orderIds": [] })));
    let (status, reply) = app.get_as(&token, "/lemonade/api/orders/succeed?productId=abc").await;
    assert_eq!(status, 400, "{reply}");
}

/// The promotion form is the same code guessing as `/usedDiscounts`, under the same per-customer bound.
#[tokio::test]
async fn guessing_codes_through_the_promotion_form_is_slowed_down_too() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (_, selected) = select(&app, &token, json!({ "dietCount": 1, "hasPoints": false })).await;
    let order = selected["orderId"].to_string();
    let (app, token, order) = (&app, &token, &order);
    guess_until_throttled(404, |n| async move {
        post_multipart_as(app, token, "/promotionusage", &[("code", &format!("GUESS{n}")), ("orderId", order)]).await
    })
    .await;
}

/// `dietID` is a string when a diet runs and absent otherwise, as the schema says (never `null`).
#[tokio::test]
async fn package_infos_without_a_running_diet_hold_no_diet_id() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (status, reply) = app.get_as(&token, "/diet/package-infos").await;
    assert_eq!(status, 200, "{reply}");
    assert!(reply.get("dietID").is_none(), "{reply}");
    let spec: Value = serde_json::from_str(&limoo_bff::api::spec_json()).unwrap();
    let declared = &spec["components"]["schemas"]["PackagesInfoDto"];
    assert_eq!(declared["properties"]["dietID"]["type"], "string");
    assert!(!declared["required"].as_array().unwrap().contains(&json!("dietID")));
}

/// The package page asks once, with `orExtend`: a customer without a running diet gets the new info with `flow`
/// NEW (the extend half is a Gherkin scenario of the page), and each offer says what its order costs.
#[tokio::test]
async fn package_infos_or_extend_answers_the_flow_and_what_each_offer_costs() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let (status, new) = app.get_as(&token, "/diet/package-infos?orExtend=true").await;
    assert_eq!((status, new["flow"].as_str()), (200, Some("NEW")), "{new}");
    let three = new["allOffers"].as_array().and_then(|o| o.iter().find(|o| o["productCount"] == 3)).expect("3 months");
    assert_eq!((three["totalWithHami"].as_i64(), three["totalWithoutHami"].as_i64()), (Some(1_390_000), Some(990_000)));
}
