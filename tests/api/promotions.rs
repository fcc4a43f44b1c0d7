//! Promotion codes over HTTP: prices, every refusal with its exact message, cancelling, and a
//! single-use code under concurrent use.
use limoo_tests::{TestApp, app::guess_until_throttled, payment::payment_request, spawn_app};
use serde_json::{Value, json};

const FAILED: &str = "خطا در ثبت کد تخفیف!";

async fn apply(app: &TestApp, token: &str, order_id: i64, code: &str) -> (u16, Value) {
    app.post_as(token, "/lemonade/api/usedDiscounts", &json!({ "code": code, "orderId": order_id })).await
}

async fn cancel(app: &TestApp, token: &str, used_discount_id: &Value) -> (u16, Value) {
    let path = format!("/lemonade/api/usedDiscounts/{used_discount_id}");
    app.call_as(reqwest::Method::PATCH, token, &path, Some(&json!({ "status": "CANCELED" }))).await
}

fn line(invoice: &Value, product_id: i64) -> &Value {
    invoice["basketItems"].as_array().unwrap().iter().find(|i| i["productId"] == product_id).expect("line")
}

/// Applying and cancelling in a loop keeps at most the order's code and the one cancelled last.
#[tokio::test]
async fn applying_and_cancelling_in_a_loop_does_not_grow_the_table() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    for _ in 0..6 {
        let (status, applied) = apply(&app, &token, order, "LIMOO20").await;
        assert_eq!(status, 200, "{applied}");
        let (status, cancelled) = cancel(&app, &token, &applied["usedDiscountId"]).await;
        assert_eq!(status, 200, "{cancelled}");
    }
    let rows = app.query_i64(format!("SELECT COUNT(*) FROM used_discount WHERE customer_order_id = {order}")).await;
    assert_eq!(rows, 1, "the cancelled one of the last round");
    let (status, applied) = apply(&app, &token, order, "LIMOO20").await;
    assert_eq!((status, &applied["invoice"]["totalPrice"]), (200, &json!(312_000)), "{applied}");
}

#[tokio::test]
async fn a_percent_code_lowers_only_the_lines_it_names() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101, 151]).await;
    let (status, reply) = apply(&app, &token, order, "  limoo20 ").await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["discount"]["code"], "LIMOO20");
    assert_eq!(reply["discount"]["meta"]["101"], json!({ "percent": 20 }));
    let invoice = &reply["invoice"];
    assert_eq!(line(invoice, 101)["finalPrice"], 312_000, "20 % off 390,000");
    assert_eq!(line(invoice, 101)["price"], 312_000);
    assert_eq!(line(invoice, 101)["discountPercent"], 36, "100 − ceil(312000 ÷ 490000 × 100)");
    assert_eq!(line(invoice, 151)["finalPrice"], 190_000, "the mentor is not in the code");
    assert_eq!(invoice["totalOriginalPrice"], 780_000);
    assert_eq!(invoice["totalFinalPrice"], 502_000);
    assert_eq!(invoice["totalDiscount"], 278_000);
    assert_eq!(invoice["totalPrice"], 502_000);
    assert_eq!(invoice["usedDiscount"], json!({ "id": reply["usedDiscountId"], "code": "LIMOO20" }));
    let (_, read_back) = app.invoice(&token, order).await;
    assert_eq!(&read_back, invoice, "the invoice call says the same");
}

#[tokio::test]
async fn an_amount_code_takes_toman_off_and_never_goes_below_zero() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (_, reply) = apply(&app, &token, order, "YALDA50000").await;
    assert_eq!(reply["invoice"]["totalFinalPrice"], 340_000);
    let free = app.create_order(&token, &[101]).await;
    let (_, reply) = apply(&app, &token, free, "free100").await;
    assert_eq!(
        (reply["invoice"]["totalFinalPrice"].as_i64(), reply["invoice"]["totalPrice"].as_i64()),
        (Some(0), Some(0))
    );
}

#[tokio::test]
async fn refused_codes_say_why() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (status, reply) = apply(&app, &token, order, "NOPE").await;
    assert_eq!((status, reply["err"]["code"].as_str()), (404, Some("404")), "{reply}");
    assert_eq!(reply["err"]["message"], "code not found");
    for (code, why, reason) in [
        ("EXPIRED10", "مهلت استفاده از این کد تخفیف به پایان رسیده است.", "CODE_EXPIRED"),
        ("SOON10", "زمان استفاده از این کد تخفیف هنوز فرا نرسیده است.", "CODE_NOT_YET_VALID"),
        ("USEDUP", "ظرفیت استفاده از این کد تخفیف تکمیل شده است.", "CODE_USED_UP"),
    ] {
        let (status, reply) = apply(&app, &token, order, code).await;
        assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{code}: {reply}");
        assert_eq!(reply["err"]["message"], FAILED, "{code}");
        assert_eq!(reply["err"]["details"]["messages"][0], why, "{code}");
        assert_eq!(reply["err"]["reason"], reason, "{code}");
    }
    let mentor_only = app.create_order(&token, &[151]).await;
    let (status, reply) = apply(&app, &token, mentor_only, "LIMOO20").await;
    assert_eq!(status, 400);
    assert_eq!(
        reply["err"]["message"],
        "کد وارد شده برای این محصول قابل استفاده نیست، می توانید محصول دیگری انتخاب کنید."
    );
    let (_, bill) = app.invoice(&token, mentor_only).await;
    assert_eq!(bill["totalFinalPrice"], 190_000, "nothing changed");
}

#[tokio::test]
async fn an_order_takes_one_code_at_a_time() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    assert_eq!(apply(&app, &token, order, "LIMOO20").await.0, 200);
    let (status, reply) = apply(&app, &token, order, "YALDA50000").await;
    assert_eq!(status, 400);
    assert_eq!(reply["err"]["message"], FAILED);
    assert_eq!(reply["err"]["details"]["messages"][0], "برای این سفارش قبلا یک کد تخفیف ثبت شده است.");
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!(bill["totalFinalPrice"], 312_000, "the first code stays");
}

#[tokio::test]
async fn cancelling_restores_the_prices_and_gives_the_use_back() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101, 151]).await;
    let (_, applied) = apply(&app, &token, order, "ONCE").await;
    let (status, reply) = cancel(&app, &token, &applied["usedDiscountId"]).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["invoice"]["totalFinalPrice"], 580_000);
    assert_eq!(line(&reply["invoice"], 101)["finalPrice"], 390_000);
    assert!(reply["invoice"].get("usedDiscount").is_none(), "{reply}");
    let (status, again) = cancel(&app, &token, &applied["usedDiscountId"]).await;
    assert_eq!(status, 400);
    assert_eq!(again["err"]["message"], "این کد تخفیف قبلا حذف شده است.");
    let other = app.existing_customer("09127654321").await;
    let elsewhere = app.create_order(&other, &[101]).await;
    assert_eq!(apply(&app, &other, elsewhere, "ONCE").await.0, 200, "the single use came back");
}

#[tokio::test]
async fn other_customers_orders_and_codes_are_404_and_a_paid_order_takes_no_code() {
    let app = spawn_app().await;
    let owner = app.existing_customer("09121234567").await;
    let other = app.existing_customer("09127654321").await;
    let order = app.create_order(&owner, &[101]).await;
    let (status, reply) = apply(&app, &other, order, "LIMOO20").await;
    assert_eq!((status, reply["err"]["message"].as_str()), (404, Some("سفارش مورد نظر پیدا نشد")));
    let (_, applied) = apply(&app, &owner, order, "FREE100").await;
    let (status, reply) = cancel(&app, &other, &applied["usedDiscountId"]).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (404, Some("کد تخفیف ثبت شده پیدا نشد.")));
    let (status, _) = app.post_as(&owner, "/lemonade/api/orders/finalize-order", &json!({ "orderId": order })).await;
    assert_eq!(status, 200);
    let (status, reply) = cancel(&app, &owner, &applied["usedDiscountId"]).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some("این کد تخفیف قبلا حذف شده است.")), "captured");
    let paid_again = apply(&app, &owner, order, "LIMOO20").await;
    assert_eq!(paid_again.0, 400);
    assert_eq!(paid_again.1["err"]["details"]["messages"][0], "این سفارش قبلا پرداخت شده است.");
}

#[tokio::test]
async fn malformed_requests_and_missing_tokens_are_refused() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let order = app.create_order(&token, &[101]).await;
    let (_, applied) = apply(&app, &token, order, "LIMOO20").await;
    let path = format!("/lemonade/api/usedDiscounts/{}", applied["usedDiscountId"]);
    let (status, reply) =
        app.call_as(reqwest::Method::PATCH, &token, &path, Some(&json!({ "status": "ACTIVE" }))).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
    let (status, _) = app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "LIMOO20" })).await;
    assert_eq!(status, 400);
    let anonymous = app
        .client
        .post(app.url("/lemonade/api/usedDiscounts"))
        .json(&json!({ "code": "LIMOO20", "orderId": order }))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn a_code_changes_the_points_an_order_holds() {
    let app = spawn_app().await;
    let token = app.customer_with_points("09121234567", 250).await;
    let order = app.create_order(&token, &[101]).await;
    let (_, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!(set["invoice"]["userPointDeduction"], 140_000, "390,000 down to its 250,000 minimum");
    let (_, applied) = apply(&app, &token, order, "LIMOO20").await;
    assert_eq!(applied["invoice"]["userPointDeduction"], 62_000, "312,000 down to the same minimum");
    assert_eq!(applied["invoice"]["totalPrice"], 250_000);
    let (_, restored) = cancel(&app, &token, &applied["usedDiscountId"]).await;
    assert_eq!(restored["invoice"]["userPointDeduction"], 140_000);
    let (_, free) = apply(&app, &token, order, "FREE100").await;
    assert_eq!(free["invoice"]["userPointDeduction"], 0);
    assert!(free["invoice"].get("userPointStatus").is_none(), "nothing left to take: the points are released");
    let (_, total) = app.get_as(&token, "/lemonade/api/userPoints/totalPoints").await;
    assert_eq!(total["unUsedPoints"]["count"], 250);
}

#[tokio::test]
async fn a_single_use_code_applied_by_twenty_customers_at_once_is_used_once() {
    let app = spawn_app().await;
    let mut customers = Vec::new();
    for n in 0..20 {
        let token = app.existing_customer(&format!("0912300{n:04}")).await;
        let order = app.create_order(&token, &[101]).await;
        customers.push((token, order));
    }
    let attempts = customers.iter().map(|(token, order)| apply(&app, token, *order, "ONCE"));
    let results = futures::future::join_all(attempts).await;
    let accepted = results.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(accepted, 1, "{results:?}");
    for (status, reply) in results.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(*status, 400, "{reply}");
        assert_eq!(reply["err"]["details"]["messages"][0], "ظرفیت استفاده از این کد تخفیف تکمیل شده است.");
    }
    let mut discounted = 0;
    for (token, order) in &customers {
        let (_, bill) = app.invoice(token, *order).await;
        discounted += usize::from(bill["totalFinalPrice"] != 390_000);
    }
    assert_eq!(discounted, 1, "exactly one order got the price");
}

/// Guessing promotion codes is bounded per customer as gift cards are (20 at once, then one every 3 s): a 429 with
/// the Persian message; another customer applies a code meanwhile.
#[tokio::test]
async fn a_customer_guessing_promotion_codes_is_slowed_down_and_nobody_else_is() {
    let app = spawn_app().await;
    let guesser = app.existing_customer("09121234567").await;
    let order = app.create_order(&guesser, &[101]).await;
    let (app_ref, guesser_ref) = (&app, &guesser);
    guess_until_throttled(404, |n| async move { apply(app_ref, guesser_ref, order, &format!("GUESS{n}")).await }).await;

    let other = app.existing_customer("09129876543").await;
    let theirs = app.create_order(&other, &[101]).await;
    let (status, reply) = apply(&app, &other, theirs, "LIMOO20").await;
    assert_eq!(status, 200, "another customer applies a code: {reply}");
}

/// A single-use code held by a basket left unpaid for longer than a points hold lasts (30 minutes) goes to the next
/// order it is applied to, and the abandoned basket gets its prices back: baskets nobody pays do not use up a
/// limited code for everyone. A basket whose payment is open keeps its use.
#[tokio::test]
async fn an_abandoned_basket_does_not_use_up_a_limited_code() {
    let app = spawn_app().await;
    let first = app.existing_customer("09121234567").await;
    let abandoned = app.create_order(&first, &[101, 151]).await;
    assert_eq!(apply(&app, &first, abandoned, "ONCE").await.0, 200);
    let second = app.existing_customer("09127654321").await;
    let order = app.create_order(&second, &[101]).await;
    let (status, reply) = apply(&app, &second, order, "ONCE").await;
    assert_eq!((status, reply["err"]["reason"].as_str()), (400, Some("CODE_USED_UP")), "still held: {reply}");

    // Half an hour passes on the shop's clock; the customers sign in again, their tokens having expired meanwhile.
    app.advance_clock(31 * 60).await;
    let (first, second) = (app.token_for("09121234567", 1).await, app.token_for("09127654321", 1).await);
    let (status, reply) = apply(&app, &second, order, "ONCE").await;
    assert_eq!(status, 200, "the abandoned basket's use: {reply}");
    let (_, bill) = app.invoice(&first, abandoned).await;
    assert_eq!(bill["totalFinalPrice"], 580_000, "the abandoned basket's prices are back: {bill}");
    assert!(bill.get("usedDiscount").is_none(), "{bill}");

    let request = payment_request(&app, &second, order, "online");
    let (status, started) = app.post_as(&second, "/lemonade/api/payments", &request).await;
    assert_eq!(status, 200, "{started}");
    app.advance_clock(31 * 60).await;
    let third = app.existing_customer("09351234567").await;
    let theirs = app.create_order(&third, &[101]).await;
    let (status, reply) = apply(&app, &third, theirs, "ONCE").await;
    assert_eq!((status, reply["err"]["reason"].as_str()), (400, Some("CODE_USED_UP")), "being paid: {reply}");
}
