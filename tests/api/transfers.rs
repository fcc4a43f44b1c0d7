//! Manual transfers (card to card, PayPal): the customer reports the payment, the order waits with its
//! points reserved, and finance approves or rejects it through the review API; the customer hears by SMS.
use limoo_bff::{
    domain::transfer::{TransferGateway, moment_at, year_choices},
    messages,
    store::now_ms,
};
use limoo_tests::{
    TestApp,
    app::{FINANCE_TOKEN, TRANSFER_CARD_HOLDER, TRANSFER_CARD_NUMBER, TRANSFER_PAYPAL_ACCOUNT},
    payment::payment_request,
    spawn_app,
};
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

fn this_year(gateway: TransferGateway) -> i64 {
    *year_choices(gateway, now_ms()).last().expect("a year")
}

/// The card-to-card form as the web sends it: spec 2's field names, the month already + 1, dated now.
fn card_meta() -> Value {
    let mut meta = json!({ "dietPrice": 1000, "usePoints": "1", "gateway": "C2C", "card-digits": "۱۲۳۴" });
    dated(&mut meta, TransferGateway::CardToCard, now_ms());
    meta
}

/// Sets the form's date and time to `at_ms` in the gateway's calendar, Tehran time.
fn dated(meta: &mut Value, gateway: TransferGateway, at_ms: i64) {
    let (year, month, day, hour, minute) = moment_at(gateway, at_ms);
    for (field, value) in
        [("pay-year", year), ("pay-month", month), ("pay-day", day), ("pay-hour", hour), ("pay-minute", minute)]
    {
        meta[field] = json!(value);
    }
}

fn request(app: &TestApp, token: &str, order: i64, gateway: &str, meta: Value) -> Value {
    let mut body = payment_request(app, token, order, gateway);
    body["mobile"] = json!("9121234567");
    body["meta"] = meta;
    body
}

async fn submit(app: &TestApp, token: &str, order: i64, gateway: &str, meta: Value) -> (u16, Value) {
    app.post_as(token, "/lemonade/api/payments", &request(app, token, order, gateway, meta)).await
}

async fn finance(app: &TestApp, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
    app.call_as(method, FINANCE_TOKEN, &format!("/lemonade/api/finance{path}"), body.as_ref()).await
}

async fn pending(app: &TestApp) -> Vec<Value> {
    let (status, list) = finance(app, reqwest::Method::GET, "/transfers?status=PENDING", None).await;
    assert_eq!(status, 200, "{list}");
    list["transfers"].as_array().cloned().unwrap_or_default()
}

async fn review(app: &TestApp, id: i64, verdict: &str, body: Value) -> (u16, Value) {
    finance(app, reqwest::Method::POST, &format!("/transfers/{id}/{verdict}"), Some(body)).await
}

async fn points(app: &TestApp, token: &str) -> Value {
    app.get_as(token, "/lemonade/api/userPoints/totalPoints").await.1
}

/// A customer with points on an order of product 101: (token, order).
async fn order_with_points(app: &TestApp) -> (String, i64) {
    let token = app.customer_with_points(MOBILE, 100).await;
    let order = app.create_order(&token, &[101]).await;
    let (_, set) = app.post_as(&token, "/lemonade/api/userPoints/set", &json!({ "orderId": order })).await;
    assert_eq!(set["userPoint"]["status"], "ADDED_TO_ORDER", "{set}");
    (token, order)
}

#[tokio::test]
async fn an_approved_card_transfer_pays_the_order_once_and_tells_the_customer() {
    let app = spawn_app().await;
    let (token, order) = order_with_points(&app).await;

    let meta = card_meta();
    let (status, reply) = submit(&app, &token, order, "C2C", meta.clone()).await;
    assert_eq!(status, 200, "{reply}");
    let id = reply["paymentId"].as_i64().expect("paymentId");
    assert_eq!(app.invoice(&token, order).await.1["status"], "CREATED", "not paid before the review");
    assert_eq!(points(&app, &token).await["userPoints"][0]["status"], "RESERVED", "the points wait with the order");

    let queue = pending(&app).await;
    assert_eq!(queue.len(), 1);
    assert_eq!(queue[0]["paymentId"], id);
    assert_eq!(queue[0]["gateway"], "C2C");
    assert_eq!(queue[0]["details"]["lastDigits"], "1234", "Persian digits are stored as Latin");
    assert_eq!(queue[0]["details"]["month"], meta["pay-month"]);

    let (status, approved) = review(&app, id, "approve", json!({ "reviewer": "sara" })).await;
    assert_eq!(status, 200, "{approved}");
    assert_eq!(approved["transfer"]["status"], "APPROVED");
    assert_eq!(approved["transfer"]["reviewer"], "sara");
    assert!(approved["transfer"]["reviewedAt"].as_i64().is_some());
    assert_eq!(approved["smsSent"], true);
    assert_eq!(app.invoice(&token, order).await.1["status"], "PAYMENT_SUCCESS");
    let total = points(&app, &token).await;
    assert_eq!(total["reservedPoints"]["count"], 0, "the points are spent: {total}");
    let sms = app.sims().last_sms(MOBILE).expect("the customer got an SMS");
    assert!(sms.message.contains(&format!("سفارش {} تایید شد", messages::persian_number(order))), "{}", sms.message);

    let (status, again) = review(&app, id, "approve", json!({ "reviewer": "omid" })).await;
    assert_eq!(status, 409, "a transfer is reviewed once: {again}");
    let (status, late) = review(&app, id, "reject", json!({ "reviewer": "omid" })).await;
    assert_eq!(status, 409, "{late}");
    assert_eq!(app.invoice(&token, order).await.1["status"], "PAYMENT_SUCCESS");
    assert!(pending(&app).await.is_empty());
}

#[tokio::test]
async fn a_rejected_transfer_releases_the_points_and_says_why() {
    let app = spawn_app().await;
    let (token, order) = order_with_points(&app).await;
    let (_, reply) = submit(&app, &token, order, "C2C", card_meta()).await;
    let id = reply["paymentId"].as_i64().expect("paymentId");

    let (status, rejected) =
        review(&app, id, "reject", json!({ "reviewer": "sara", "reason": "واریزی پیدا نشد" })).await;
    assert_eq!(status, 200, "{rejected}");
    assert_eq!(rejected["transfer"]["status"], "REJECTED");
    assert_eq!(rejected["transfer"]["reason"], "واریزی پیدا نشد");
    assert_eq!(app.invoice(&token, order).await.1["status"], "CREATED");
    let total = points(&app, &token).await;
    assert_eq!(total["userPoints"][0]["status"], "ADDED_TO_ORDER", "no longer reserved: {total}");
    let sms = app.sims().last_sms(MOBILE).expect("the customer got an SMS");
    assert!(sms.message.contains("تایید نشد") && sms.message.contains("واریزی پیدا نشد"), "{}", sms.message);

    let (status, second) = submit(&app, &token, order, "C2C", card_meta()).await;
    assert_eq!(status, 200, "after a rejection the customer may report again: {second}");
}

#[tokio::test]
async fn the_same_report_again_gets_the_same_transfer_another_or_an_online_payment_is_refused_while_it_waits() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    let meta = card_meta();
    let (status, first) = submit(&app, &token, order, "C2C", meta.clone()).await;
    assert_eq!(status, 200, "{first}");
    // A double tap: five more of the same report at once get the same transfer.
    let again = futures::future::join_all((0..5).map(|_| submit(&app, &token, order, "C2C", meta.clone()))).await;
    assert!(
        again.iter().all(|(status, reply)| *status == 200 && reply["paymentId"] == first["paymentId"]),
        "{again:?}"
    );

    let mut other = meta;
    other["card-digits"] = json!("5678");
    let (status, refused) = submit(&app, &token, order, "C2C", other).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["err"]["message"].as_str().unwrap().contains("در حال بررسی"), "{refused}");
    assert_eq!(pending(&app).await.len(), 1);

    // Paying online too would charge twice once finance approves the transfer.
    let (status, online) = submit(&app, &token, order, "online", Value::Null).await;
    assert_eq!(status, 400, "{online}");
    assert!(online["err"]["details"]["messages"][0].as_str().unwrap().contains("در حال بررسی"), "{online}");
}

#[tokio::test]
async fn wrong_fields_are_a_400_naming_each_in_persian() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    let year = this_year(TransferGateway::CardToCard);
    let bad = json!({ "card-digits": "123", "pay-day": 32, "pay-month": 13, "pay-year": year - 2, "pay-hour": 24, "pay-minute": 60 });

    let (status, reply) = submit(&app, &token, order, "C2C", bad).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["code"], "400");
    let details = reply["err"]["details"]["messages"].as_array().expect("details.messages");
    assert_eq!(details.len(), 6, "one message per field: {reply}");
    assert!(details[0].as_str().unwrap().contains("چهار رقم آخر کارت"));

    let (status, reply) = submit(&app, &token, order, "C2C", json!({})).await;
    assert_eq!(status, 400, "every field is required: {reply}");
    let mut mehr_31 = card_meta();
    mehr_31["pay-year"] = json!(year - 1);
    mehr_31["pay-month"] = json!(7);
    mehr_31["pay-day"] = json!(31);
    let (status, reply) = submit(&app, &token, order, "C2C", mehr_31).await;
    assert_eq!(status, 400, "Mehr has 30 days: {reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!([limoo_bff::messages::TRANSFER_NO_SUCH_DAY]), "{reply}");
    let mut paypal = json!({ "account": "not-an-email" });
    dated(&mut paypal, TransferGateway::PayPal, now_ms());
    let (status, reply) = submit(&app, &token, order, "PAYPAL_ROSHANDEL", paypal.clone()).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["details"]["messages"].as_array().map(Vec::len), Some(1), "{reply}");

    let mut fixed = paypal;
    fixed["account"] = json!("payer@example.com");
    let (status, reply) = submit(&app, &token, order, "PAYPAL_ROSHANDEL", fixed).await;
    assert_eq!(status, 200, "{reply}");
    assert!(
        pending(&app)
            .await
            .iter()
            .any(|t| t["gateway"] == "PAYPAL_ROSHANDEL" && t["details"]["account"] == "payer@example.com")
    );
}

#[tokio::test]
async fn the_review_api_needs_the_finance_token_and_a_reviewer() {
    let app = spawn_app().await;
    let customer = app.existing_customer(MOBILE).await;
    for token in ["", "wrong", customer.as_str()] {
        let (status, reply) = app.get_as(token, "/lemonade/api/finance/transfers").await;
        assert_eq!(status, 401, "{token}: {reply}");
    }
    let order = app.create_order(&customer, &[101]).await;
    let (_, reply) = submit(&app, &customer, order, "C2C", card_meta()).await;
    let id = reply["paymentId"].as_i64().expect("paymentId");
    let (status, _) = app
        .post_as(&customer, &format!("/lemonade/api/finance/transfers/{id}/approve"), &json!({ "reviewer": "me" }))
        .await;
    assert_eq!(status, 401, "a customer cannot approve their own transfer");
    let (status, reply) = review(&app, id, "approve", json!({ "reviewer": "  " })).await;
    assert_eq!(status, 400, "{reply}");
    let (status, reply) = review(&app, id + 1, "approve", json!({ "reviewer": "sara" })).await;
    assert_eq!(status, 404, "{reply}");
    assert_eq!(app.invoice(&customer, order).await.1["status"], "CREATED");
}

#[tokio::test]
async fn a_transfer_replaces_the_live_online_payment_and_an_order_paid_meanwhile_is_not_approved() {
    let app = spawn_app().await;
    let (token, order) = order_with_points(&app).await;
    let (status, online) =
        app.post_as(&token, "/lemonade/api/payments", &request(&app, &token, order, "VANDAR", json!(null))).await;
    assert_eq!(status, 200, "{online}");
    let (status, reply) = submit(&app, &token, order, "C2C", card_meta()).await;
    assert_eq!(status, 200, "{reply}");
    // One payment per order: the online page was replaced and will never be verified.
    assert_eq!(limoo_tests::payment::payment_states(&app, order).await, ["FAILED"]);
    // Paid by another path meanwhile (defence in depth): approving would keep the money twice.
    let sql = format!("UPDATE customer_order SET status = 'PAYMENT_SUCCESS' WHERE customer_order_id = {order}");
    app.execute_sql(sql).await;
    let id = reply["paymentId"].as_i64().expect("paymentId");
    let (status, refused) = review(&app, id, "approve", json!({ "reviewer": "Sara" })).await;
    assert_eq!(status, 409, "{refused}");
    let (status, _) = review(&app, id, "reject", json!({ "reviewer": "Sara", "reason": "paid online" })).await;
    assert_eq!(status, 200, "finance rejects it instead");
}

#[tokio::test]
async fn the_owner_reads_where_to_pay_the_invoice_total_after_code_and_points_for_which_order() {
    let app = spawn_app().await;
    let (token, order) = order_with_points(&app).await;
    let (status, code) =
        app.post_as(&token, "/lemonade/api/usedDiscounts", &json!({ "code": "LIMOO20", "orderId": order })).await;
    assert_eq!(status, 200, "{code}");
    let path = format!("/lemonade/api/payments/transfer-instructions?orderId={order}");

    let (status, reply) = app.get_as(&token, &path).await;
    assert_eq!(status, 200, "{reply}");
    let invoice = app.invoice(&token, order).await.1;
    assert_eq!(reply["orderId"], order);
    assert_eq!(reply["createdAt"], invoice["createdAt"]);
    assert_eq!(reply["amount"], invoice["totalPrice"], "the invoice's payable total: {invoice}");
    let total_final = invoice["totalFinalPrice"].as_i64().expect("totalFinalPrice");
    assert!(invoice["userPointDeduction"].as_i64() > Some(0), "points are on: {invoice}");
    assert!(invoice["totalOriginalPrice"].as_i64() > Some(total_final), "the code is on: {invoice}");
    assert_eq!(reply["card"]["number"], TRANSFER_CARD_NUMBER);
    assert_eq!(reply["card"]["holder"], TRANSFER_CARD_HOLDER);
    assert!(reply["card"]["bank"].is_string(), "{reply}");
    assert_eq!(reply["paypalAccount"], TRANSFER_PAYPAL_ACCOUNT);
    // PayPal moves dollars: the payable total at the configured rate, in cents rounded up.
    let toman = invoice["totalPrice"].as_i64().expect("totalPrice");
    let rate = i64::from(limoo_tests::app::TRANSFER_PAYPAL_TOMAN_PER_USD);
    assert_eq!(reply["paypalAmountUsdCents"], (toman * 100 + rate - 1) / rate, "{reply}");

    let stranger = app.existing_customer("09127654321").await;
    let (status, reply) = app.get_as(&stranger, &path).await;
    assert_eq!(status, 404, "only the order's owner: {reply}");
    assert_eq!(reply["err"]["code"], "404");
    let (status, _) = app.get_as("", &path).await;
    assert_eq!(status, 401);

    let sql = format!("UPDATE customer_order SET status = 'PAYMENT_SUCCESS' WHERE customer_order_id = {order}");
    app.execute_sql(sql).await;
    let (status, reply) = app.get_as(&token, &path).await;
    assert_eq!(status, 400, "a paid order waits for no transfer: {reply}");
}

#[tokio::test]
async fn a_transfer_dated_in_the_future_or_before_the_order_is_refused_in_persian() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    let refused = |reply: &Value| reply["err"]["details"]["messages"][0].as_str().unwrap_or_default().to_owned();

    for (gateway, mut meta) in [("C2C", card_meta()), ("PAYPAL_ROSHANDEL", json!({ "account": "payer@example.com" }))] {
        let calendar = TransferGateway::parse(gateway).expect("a transfer gateway");
        dated(&mut meta, calendar, now_ms() + 2 * 3_600_000);
        let (status, reply) = submit(&app, &token, order, gateway, meta.clone()).await;
        assert_eq!(status, 400, "{gateway} in two hours: {reply}");
        assert_eq!(reply["err"]["code"], "400");
        assert_eq!(refused(&reply), "تاریخ و ساعت واریز نمی‌تواند بعد از اکنون باشد.", "{reply}");

        dated(&mut meta, calendar, now_ms() - 86_400_000);
        let (status, reply) = submit(&app, &token, order, gateway, meta).await;
        assert_eq!(status, 400, "{gateway} yesterday, before the order: {reply}");
        assert_eq!(refused(&reply), "تاریخ و ساعت واریز نمی‌تواند پیش از ثبت سفارش باشد.", "{reply}");
    }
    assert!(pending(&app).await.is_empty(), "nothing was recorded");

    let (status, reply) = submit(&app, &token, order, "C2C", card_meta()).await;
    assert_eq!(status, 200, "dated now, after the order: {reply}");
}
