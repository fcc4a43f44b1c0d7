//! An order keeps the price a payment was asked for: while an online payment of it is open or a card transfer
//! waits for review, its code and points do not change; the points such a payment took off stay held however
//! long it runs, and are spent when it pays; and a transfer never replaces an online payment the gateway may
//! already have taken the money of.
use limoo_bff::{
    domain::transfer::{TransferGateway, moment_at, year_choices},
    messages,
    shop::{payments::sweep, settling::Settling},
    store::now_ms,
};
use limoo_simulators::{
    Gateway, PageAction, PaymentScenario,
    browser::{self, Navigation},
};
use limoo_tests::{
    TestApp,
    app::FINANCE_TOKEN,
    payment::{
        a_day_with_gateway_down, follow, payment_request, payment_states, points_hold_status, result_url,
        texts_of_order,
    },
    spawn_app,
};
use serde_json::{Value, json};

const MOBILE: &str = "09121234567";

/// `seconds` pass for the customer of `token` alone (their own test clock); answers their token renewed on it.
async fn customer_time_passes(app: &TestApp, token: &str, seconds: i64) -> String {
    let customer = app.customer_of(token);
    app.advance_customer_clock(customer, seconds).await;
    app.token_of_customer(customer)
}

/// Starts an online payment of the order through Vandar and answers its hosted page.
async fn start_online(app: &TestApp, token: &str, order: i64) -> String {
    let mut body = payment_request(app, token, order, "VANDAR");
    body["mobile"] = json!("9121234567");
    let (status, reply) = app.post_as(token, "/lemonade/api/payments", &body).await;
    assert_eq!(status, 200, "the payment started: {reply}");
    reply["paymentLink"].as_str().expect("paymentLink").to_owned()
}

/// Presses `action` on the hosted page and brings the callback back; answers where the BFF sent the browser.
async fn on_page(link: &str, action: PageAction) -> String {
    let callback = browser::press(Navigation::get(link), action).await.expect("the page").expect("called back");
    follow(&callback).await
}

/// Paid on Vandar's page, but the browser never comes back; the sweeper's verify takes the money and its answer is
/// lost, so the payment stays open.
async fn paid_and_verify_answer_lost(app: &TestApp, token: &str, order: i64) {
    app.sims().force(Gateway::Vandar, PaymentScenario::MalformedBody).expect("forced");
    let link = start_online(app, token, order).await;
    browser::press(Navigation::get(&link), PageAction::Pay).await.expect("the page").expect("a dropped callback");
    sweep(Settling::from(&app.payment_sweeper(30))).await.expect("swept");
}

/// Reports a card-to-card transfer for the order, dated now, as the web's form sends it.
async fn report_transfer(app: &TestApp, token: &str, order: i64) -> (u16, Value) {
    let gateway = TransferGateway::CardToCard;
    let now = now_ms();
    let year = *year_choices(gateway, now).last().expect("a year");
    let (_, month, day, hour, minute) = moment_at(gateway, now);
    let meta = json!({ "gateway": "C2C", "card-digits": "1234", "dietPrice": 1000, "usePoints": "1",
        "pay-year": year, "pay-month": month, "pay-day": day, "pay-hour": hour, "pay-minute": minute });
    let mut body = payment_request(app, token, order, "C2C");
    body["mobile"] = json!("9121234567");
    body["meta"] = meta;
    app.post_as(token, "/lemonade/api/payments", &body).await
}

async fn approve(app: &TestApp, transfer_id: i64) {
    let path = format!("/lemonade/api/finance/transfers/{transfer_id}/approve");
    let (status, reply) = app.post_as(FINANCE_TOKEN, &path, &json!({ "reviewer": "sara" })).await;
    assert_eq!(status, 200, "approved: {reply}");
}

async fn apply_code(app: &TestApp, token: &str, order: i64, code: &str) -> (u16, Value) {
    app.post_as(token, "/lemonade/api/usedDiscounts", &json!({ "code": code, "orderId": order })).await
}

async fn cancel_code(app: &TestApp, token: &str, used_discount_id: &Value) -> (u16, Value) {
    let path = format!("/lemonade/api/usedDiscounts/{used_discount_id}");
    app.call_as(reqwest::Method::PATCH, token, &path, Some(&json!({ "status": "CANCELED" }))).await
}

async fn points_call(app: &TestApp, token: &str, call: &str, order: i64) -> (u16, Value) {
    app.post_as(token, &format!("/lemonade/api/userPoints/{call}"), &json!({ "orderId": order })).await
}

async fn total_points(app: &TestApp, token: &str) -> Value {
    app.get_as(token, "/lemonade/api/userPoints/totalPoints").await.1
}

/// A refusal with its status, code and Persian message.
fn assert_refused(reply: &(u16, Value), status: u16, message: &str) {
    assert_eq!(reply.0, status, "{}", reply.1);
    assert_eq!(reply.1["err"]["code"], status.to_string(), "{}", reply.1);
    assert_eq!(reply.1["err"]["message"], message, "{}", reply.1);
}

async fn code_status(app: &TestApp, order: i64) -> Vec<String> {
    texts_of_order(app, "SELECT status FROM used_discount WHERE customer_order_id = $1", order).await
}

/// What the gateway simulator holds for the order's payments: (amount in rial, stage).
fn at_vandar(app: &TestApp) -> Vec<(i64, String)> {
    app.sims().payments(Some(Gateway::Vandar)).into_iter().map(|p| (p.amount, p.stage)).collect()
}

#[tokio::test]
async fn a_code_cannot_be_taken_off_while_its_payment_is_open_and_the_payment_captures_it() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    let (status, applied) = apply_code(&app, &token, order, "ONCE").await;
    assert_eq!(status, 200, "{applied}");
    let link = start_online(&app, &token, order).await;

    // The gateway was asked for 331,500 toman: giving the single use back now would let the order be paid at the
    // discount with the code free for the next customer.
    let refused = cancel_code(&app, &token, &applied["usedDiscountId"]).await;
    assert_refused(&refused, 409, messages::ORDER_PAYMENT_OPEN);
    assert_eq!(code_status(&app, order).await, ["ACTIVE"]);
    let other = app.existing_customer("09127654321").await;
    let elsewhere = app.create_order(&other, &[101]).await;
    assert_eq!(apply_code(&app, &other, elsewhere, "ONCE").await.1["err"]["reason"], "CODE_USED_UP");

    assert_eq!(on_page(&link, PageAction::Pay).await, result_url(&app, true, order));
    assert_eq!(app.invoice(&token, order).await.1["status"], "PAYMENT_SUCCESS");
    assert_eq!(code_status(&app, order).await, ["CAPTURED"], "the code is spent by the payment that used it");
    assert_eq!(at_vandar(&app), [(3_315_000, "verified".to_owned())], "paid at the discounted price, in rial");
}

#[tokio::test]
async fn points_and_codes_cannot_lower_the_price_of_an_order_whose_payment_is_open() {
    let app = spawn_app().await;
    let token = app.customer_with_points(MOBILE, 100).await;
    let order = app.create_order(&token, &[101]).await;
    let link = start_online(&app, &token, order).await;

    // A second tab: the first one pays the full price at the gateway.
    assert_refused(&points_call(&app, &token, "set", order).await, 409, messages::ORDER_PAYMENT_OPEN);
    assert_refused(&points_call(&app, &token, "reserve", order).await, 409, messages::ORDER_PAYMENT_OPEN);
    assert_refused(&apply_code(&app, &token, order, "LIMOO20").await, 409, messages::ORDER_PAYMENT_OPEN);
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!((bill["totalPrice"].as_i64(), bill["userPointDeduction"].as_i64()), (Some(390_000), Some(0)));

    assert_eq!(on_page(&link, PageAction::Pay).await, result_url(&app, true, order));
    assert_eq!(at_vandar(&app), [(3_900_000, "verified".to_owned())]);
    let total = total_points(&app, &token).await;
    assert_eq!(total["unUsedPoints"]["count"], 100, "no points were spent on the full price: {total}");
    assert_eq!(points_hold_status(&app, order).await, None);
    assert!(code_status(&app, order).await.is_empty());
}

#[tokio::test]
async fn an_abandoned_payment_cancelled_on_its_page_or_expired_frees_the_order_to_change() {
    let app = spawn_app().await;
    let token = app.customer_with_points(MOBILE, 100).await;
    let order = app.create_order(&token, &[101]).await;
    let (_, applied) = apply_code(&app, &token, order, "LIMOO20").await;
    let link = start_online(&app, &token, order).await;
    assert_refused(&cancel_code(&app, &token, &applied["usedDiscountId"]).await, 409, messages::ORDER_PAYMENT_OPEN);

    // What the message says: paying again opens the same page, where the customer cancels it.
    assert_eq!(start_online(&app, &token, order).await, link, "the open payment's own page");
    assert_eq!(on_page(&link, PageAction::Cancel).await, result_url(&app, false, order));
    let (status, reply) = cancel_code(&app, &token, &applied["usedDiscountId"]).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["invoice"]["totalPrice"], 390_000);

    // Or waits until the abandoned payment expires.
    start_online(&app, &token, order).await;
    assert_refused(&points_call(&app, &token, "set", order).await, 409, messages::ORDER_PAYMENT_OPEN);
    assert_eq!(sweep(Settling::from(&app.payment_sweeper(0))).await.expect("swept"), 1, "expired");
    let (status, reply) = points_call(&app, &token, "set", order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["invoice"]["totalPrice"], 290_000, "100 points take 100,000 toman off");
}

#[tokio::test]
async fn a_transfer_under_review_keeps_the_code_and_points_of_its_order() {
    let app = spawn_app().await;
    let token = app.customer_with_points(MOBILE, 100).await;
    let order = app.create_order(&token, &[101]).await;
    let (_, applied) = apply_code(&app, &token, order, "ONCE").await;
    let (status, reported) = report_transfer(&app, &token, order).await;
    assert_eq!(status, 200, "{reported}");

    // The customer transferred 331,500 toman: finance approves that amount.
    assert_refused(&cancel_code(&app, &token, &applied["usedDiscountId"]).await, 409, messages::TRANSFER_PENDING);
    assert_refused(&points_call(&app, &token, "set", order).await, 409, messages::TRANSFER_PENDING);
    assert_eq!(app.invoice(&token, order).await.1["totalPrice"], 331_500);

    approve(&app, reported["paymentId"].as_i64().expect("paymentId")).await;
    assert_eq!(app.invoice(&token, order).await.1["status"], "PAYMENT_SUCCESS");
    assert_eq!(code_status(&app, order).await, ["CAPTURED"]);
    assert_eq!(total_points(&app, &token).await["unUsedPoints"]["count"], 100, "the points were never on the order");
}

#[tokio::test]
async fn points_held_for_an_online_payment_outlive_their_hold_time_and_are_spent_when_it_pays() {
    let app = spawn_app().await;
    let token = app.customer_with_points(MOBILE, 100).await;
    let order = app.create_order(&token, &[101]).await;
    let (_, set) = points_call(&app, &token, "set", order).await;
    let spent = set["userPoint"]["count"].as_i64().expect("points held");
    assert_eq!(spent, 100, "{set}");
    let link = start_online(&app, &token, order).await;

    // The customer stays on the gateway's page past the points' hold time: their own clock moves, the shop's (and
    // its sweeper, which would expire the open payment) stays.
    let token = customer_time_passes(&app, &token, 31 * 60).await;
    let elsewhere = app.create_order(&token, &[111]).await;
    let (status, reply) = points_call(&app, &token, "set", elsewhere).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some(messages::POINTS_HELD_ELSEWHERE)), "{reply}");
    let (_, bill) = app.invoice(&token, order).await;
    assert_eq!((bill["userPointStatus"].as_str(), bill["totalPrice"].as_i64()), (Some("RESERVED"), Some(290_000)));

    assert_eq!(on_page(&link, PageAction::Pay).await, result_url(&app, true, order));
    assert_eq!(at_vandar(&app), [(2_900_000, "verified".to_owned())], "paid with the points off");
    assert_eq!(points_hold_status(&app, order).await.as_deref(), Some("USED"));
    let total = total_points(&app, &token).await;
    assert_eq!(total["unUsedPoints"]["count"], 100 - spent, "the points paid for the order: {total}");
    assert_eq!(total["reservedPoints"]["count"], 0, "{total}");
}

#[tokio::test]
async fn points_reserved_for_a_transfer_outlive_the_review_window_and_are_spent_when_it_is_approved() {
    let app = spawn_app().await;
    let token = app.customer_with_points(MOBILE, 100).await;
    let order = app.create_order(&token, &[101]).await;
    points_call(&app, &token, "set", order).await;
    let (status, reported) = report_transfer(&app, &token, order).await;
    assert_eq!(status, 200, "{reported}");

    // Finance reviews it after TRANSFER_REVIEW_HOURS (72), on the customer's clock.
    let token = customer_time_passes(&app, &token, 72 * 3600 + 60).await;
    let elsewhere = app.create_order(&token, &[111]).await;
    let (status, reply) = points_call(&app, &token, "set", elsewhere).await;
    assert_eq!((status, reply["err"]["message"].as_str()), (400, Some(messages::POINTS_HELD_ELSEWHERE)), "{reply}");

    approve(&app, reported["paymentId"].as_i64().expect("paymentId")).await;
    assert_eq!(app.invoice(&token, order).await.1["totalPrice"], 290_000, "the transfer paid 290,000 toman");
    assert_eq!(points_hold_status(&app, order).await.as_deref(), Some("USED"));
    assert_eq!(total_points(&app, &token).await["unUsedPoints"]["count"], 0, "the points paid for the order");
}

#[tokio::test]
async fn a_transfer_after_a_verify_whose_answer_was_lost_finds_the_order_paid_online() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    paid_and_verify_answer_lost(&app, &token, order).await;
    assert_eq!(payment_states(&app, order).await, ["REDIRECTED"]);
    assert_eq!(at_vandar(&app), [(3_900_000, "verified".to_owned())], "the gateway kept the money");

    // Replacing the payment would bury that money and have the customer pay twice.
    let refused = report_transfer(&app, &token, order).await;
    assert_refused(&refused, 400, messages::ORDER_ALREADY_PAID);
    assert_eq!(payment_states(&app, order).await, ["VERIFIED"]);
    assert_eq!(app.invoice(&token, order).await.1["status"], "PAYMENT_SUCCESS");
    let (status, queue) = app.get_as(FINANCE_TOKEN, "/lemonade/api/finance/transfers?status=PENDING").await;
    assert_eq!((status, queue["transfers"].as_array().map(Vec::len)), (200, Some(0)), "{queue}");
}

/// A Vandar payment the customer left on the gateway's page, which the sweeper has asked about: the gateway cannot
/// say yet, and no verify went out.
async fn abandoned_and_asked_about(app: &TestApp, token: &str, order: i64) {
    start_online(app, token, order).await;
    sweep(Settling::from(&app.payment_sweeper(30))).await.expect("swept");
    assert_eq!(payment_states(app, order).await, ["REDIRECTED"]);
    assert_eq!(unanswered(app, order).await, 0, "nothing was verified");
}

/// How many of the order's payments had a verify go unanswered.
async fn unanswered(app: &TestApp, order: i64) -> i64 {
    app.query_i64(format!(
        "SELECT COUNT(*) FROM payment WHERE customer_order_id = {order} AND unanswered_at IS NOT NULL"
    ))
    .await
}

/// As a verify whose answer was lost leaves the payment (a gateway that still cannot say when asked again).
async fn verify_went_unanswered(app: &TestApp, order: i64) {
    app.execute_sql(format!("UPDATE payment SET unanswered_at = {} WHERE customer_order_id = {order}", now_ms())).await;
}

#[tokio::test]
async fn a_transfer_waits_while_an_online_payment_whose_verify_went_unanswered_is_unsettled() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    abandoned_and_asked_about(&app, &token, order).await;
    verify_went_unanswered(&app, order).await;

    let refused = report_transfer(&app, &token, order).await;
    assert_refused(&refused, 409, messages::ONLINE_PAYMENT_UNSETTLED);
    assert_eq!(refused.1["err"]["reason"], "PAYMENT_UNSETTLED");
    assert_eq!(payment_states(&app, order).await, ["REDIRECTED"], "left for the gateway to settle");
}

/// The customer who left the gateway's page, and reports a card transfer minutes later, is not held up: the
/// sweeper asked, but no verify went out, so nothing can have been taken.
#[tokio::test]
async fn a_transfer_replaces_an_abandoned_payment_the_sweeper_asked_about() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    abandoned_and_asked_about(&app, &token, order).await;

    let (status, reply) = report_transfer(&app, &token, order).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(payment_states(&app, order).await, ["FAILED"]);
}

/// The customer's verify answer was lost and the sweeper's too: the gateway may hold the money. Another gateway
/// must not start (the customer would pay twice, and the first payment would be buried as replaced) until the
/// gateway answers; an abandoned payment without such a verify is replaced at once.
#[tokio::test]
async fn a_new_payment_waits_while_a_verify_of_the_last_one_went_unanswered() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    abandoned_and_asked_about(&app, &token, order).await;
    verify_went_unanswered(&app, order).await;

    let payping = payment_request(&app, &token, order, "PAYPING");
    let refused = app.post_as(&token, "/lemonade/api/payments", &payping).await;
    assert_refused(&refused, 409, messages::ONLINE_PAYMENT_UNSETTLED);
    assert_eq!(refused.1["err"]["reason"], "PAYMENT_UNSETTLED");
    assert_eq!(
        refused.1["err"]["details"]["messages"][0],
        messages::ONLINE_PAYMENT_UNSETTLED,
        "the checkout's sentence"
    );
    assert_eq!(payment_states(&app, order).await, ["REDIRECTED"], "left for the gateway to settle");
    assert!(app.sims().payments(Some(Gateway::PayPing)).is_empty(), "nothing opened at another gateway");

    let other = app.create_order(&token, &[101]).await;
    abandoned_and_asked_about(&app, &token, other).await;
    let payping = payment_request(&app, &token, other, "PAYPING");
    let (status, reply) = app.post_as(&token, "/lemonade/api/payments", &payping).await;
    assert_eq!(status, 200, "an abandoned page is replaced: {reply}");
    let mut states = payment_states(&app, other).await;
    states.sort();
    assert_eq!(states, ["FAILED", "REDIRECTED"], "the new payment is on its page, the old one failed");
}

/// The customer came back from the page, but the callback's verify lost its answer: the next start asks the gateway
/// again at once (instead of waiting for a verify no one is running) and finds the order paid.
#[tokio::test]
async fn a_start_after_a_callback_whose_verify_lost_its_answer_finds_the_order_paid() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    app.sims().force(Gateway::Vandar, PaymentScenario::MalformedBody).expect("forced");
    let link = start_online(&app, &token, order).await;
    on_page(&link, PageAction::Pay).await;
    assert_eq!(payment_states(&app, order).await, ["CALLBACK_RECEIVED"]);
    assert_eq!(unanswered(&app, order).await, 1);

    let payping = payment_request(&app, &token, order, "PAYPING");
    let refused = app.post_as(&token, "/lemonade/api/payments", &payping).await;
    assert_refused(&refused, 400, messages::ORDER_ALREADY_PAID);
    assert_eq!(payment_states(&app, order).await, ["VERIFIED"]);
    assert!(app.sims().payments(Some(Gateway::PayPing)).is_empty(), "nothing opened at another gateway");
}

/// A verify that took the money and lost its answer is remembered as such; the next start asks the gateway again
/// and finds the order paid instead of charging again.
#[tokio::test]
async fn a_start_after_a_verify_whose_answer_was_lost_finds_the_order_paid() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    paid_and_verify_answer_lost(&app, &token, order).await;
    assert_eq!(unanswered(&app, order).await, 1, "the verify's answer was cut short");

    let payping = payment_request(&app, &token, order, "PAYPING");
    let refused = app.post_as(&token, "/lemonade/api/payments", &payping).await;
    assert_refused(&refused, 400, messages::ORDER_ALREADY_PAID);
    assert_eq!(payment_states(&app, order).await, ["VERIFIED"]);
    assert!(app.sims().payments(Some(Gateway::PayPing)).is_empty(), "nothing opened at another gateway");
}

/// A payment whose verifies went unanswered for a day expires (the order may take another payment), and waits in
/// finance's queue until someone asks the gateway: taken, the money goes back to the customer and is told so by
/// SMS; a payment is checked once.
#[tokio::test]
async fn a_payment_that_expired_unanswered_waits_for_finance_and_goes_back_when_taken() {
    let app = spawn_app().await;
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    paid_and_verify_answer_lost(&app, &token, order).await;
    assert_eq!(unanswered(&app, order).await, 1);
    let (status, listed) = queue(&app).await;
    assert_eq!((status, listed["payments"].as_array().map(Vec::len)), (200, Some(0)), "still asked about: {listed}");

    a_day_without_answers(&app).await;
    assert_eq!(payment_states(&app, order).await, ["EXPIRED"]);
    let (status, listed) = queue(&app).await;
    assert_eq!(status, 200, "{listed}");
    let payments = listed["payments"].as_array().expect("payments");
    assert_eq!(payments.len(), 1, "{listed}");
    assert_eq!(payments[0]["orderId"], order);
    assert_eq!(payments[0]["gateway"], "VANDAR");
    assert_eq!(payments[0]["status"], "EXPIRED");
    assert!(payments[0]["authority"].is_string(), "finance looks it up by the gateway's token: {listed}");
    let payment_id = payments[0]["paymentId"].as_i64().expect("paymentId");

    let path = format!("/lemonade/api/finance/unanswered/{payment_id}/check");
    let (status, refused) = app.post_as("not-finance", &path, &json!({ "reviewer": "sara", "taken": true })).await;
    assert_eq!(status, 401, "{refused}");
    let (status, refused) = app.post_as(FINANCE_TOKEN, &path, &json!({ "reviewer": "  ", "taken": true })).await;
    assert_eq!((status, &refused["err"]["message"]), (400, &json!(messages::TRANSFER_REVIEWER)));
    let sms_before = app.sims().sms_outbox(MOBILE).len();
    let (status, checked) = app.post_as(FINANCE_TOKEN, &path, &json!({ "reviewer": " sara ", "taken": true })).await;
    assert_eq!(status, 200, "{checked}");
    assert_eq!((&checked["status"], &checked["checkedBy"]), (&json!("REFUND_DUE"), &json!("sara")));
    assert_eq!(payment_states(&app, order).await, ["REFUND_DUE"]);
    let (_, refunds) = app.get_as(FINANCE_TOKEN, "/lemonade/api/finance/refunds").await;
    assert_eq!(refunds["refunds"][0]["paymentId"], payment_id, "in the refund queue: {refunds}");
    let sms = app.sims().sms_outbox(MOBILE);
    assert_eq!(sms.len(), sms_before + 1, "one SMS tells the customer");
    assert!(sms.last().is_some_and(|sms| sms.message.contains("تأیید نکرد")), "{sms:?}");
    let (_, listed) = queue(&app).await;
    assert_eq!(listed["payments"], json!([]), "checked: off the queue");

    for again in [true, false] {
        let (status, refused) = app.post_as(FINANCE_TOKEN, &path, &json!({ "reviewer": "ali", "taken": again })).await;
        assert_eq!((status, &refused["err"]["message"]), (409, &json!(messages::PAYMENT_NOT_UNANSWERED)));
    }
    assert_eq!(app.sims().sms_outbox(MOBILE).len(), sms_before + 1, "no second SMS");
}

/// Checked as not taken, such a payment stays expired, leaves the queue, and nobody is told anything.
#[tokio::test]
async fn a_payment_that_expired_unanswered_and_took_nothing_leaves_the_queue_as_it_was() {
    let app = spawn_app().await;
    let (order, path) = waiting_for_finance(&app).await;
    let sms_before = app.sims().sms_outbox(MOBILE).len();

    let (status, checked) = app.post_as(FINANCE_TOKEN, &path, &json!({ "reviewer": "sara", "taken": false })).await;
    assert_eq!(status, 200, "{checked}");
    assert_eq!((&checked["status"], &checked["checkedBy"]), (&json!("EXPIRED"), &json!("sara")));
    assert!(checked["checkedAt"].is_i64());
    assert_eq!(payment_states(&app, order).await, ["EXPIRED"]);
    let (_, listed) = queue(&app).await;
    assert_eq!(listed["payments"], json!([]));
    assert_eq!(app.sims().sms_outbox(MOBILE).len(), sms_before, "no SMS");

    let (status, _) = app
        .post_as(
            FINANCE_TOKEN,
            "/lemonade/api/finance/unanswered/1/check",
            &json!({ "reviewer": "sara", "taken": false }),
        )
        .await;
    assert_eq!(status, 404, "no such payment");
}

/// A customer's payment that expired after a day unanswered and waits in finance's queue: its order, and the path
/// that records its check.
async fn waiting_for_finance(app: &TestApp) -> (i64, String) {
    let token = app.existing_customer(MOBILE).await;
    let order = app.create_order(&token, &[101]).await;
    paid_and_verify_answer_lost(app, &token, order).await;
    a_day_without_answers(app).await;
    let (_, listed) = queue(app).await;
    let payment_id = listed["payments"][0]["paymentId"].as_i64().expect("listed");
    (order, format!("/lemonade/api/finance/unanswered/{payment_id}/check"))
}

async fn queue(app: &TestApp) -> (u16, Value) {
    app.get_as(FINANCE_TOKEN, "/lemonade/api/finance/unanswered").await
}

/// A day passes with Vandar down; the sweeper expires the payment and counts it for an alert.
async fn a_day_without_answers(app: &TestApp) {
    let outage = a_day_with_gateway_down(app, Gateway::Vandar).await;
    let metrics = outage.metrics.render(&outage.db).await;
    assert!(metrics.contains(r#"limoo_payments_expired_unanswered_total{gateway="VANDAR"} 1"#), "an alert: {metrics}");
    // The sweeper's backlog is read from the database at every scrape, on either database.
    assert!(metrics.contains(r#"limoo_payment_backlog{waiting="answer"} 0"#), "the backlog: {metrics}");
}

/// Two clerks record a check of the same payment at once (a double click, two tabs of the finance tool): one
/// check counts, the other is refused, and the customer gets at most the one SMS of the winner.
#[tokio::test]
async fn two_checks_of_one_unanswered_payment_at_once_count_once() {
    let app = spawn_app().await;
    let (order, path) = waiting_for_finance(&app).await;
    let sms_before = app.sims().sms_outbox(MOBILE).len();

    let (taken, not_taken) =
        (json!({ "reviewer": "sara", "taken": true }), json!({ "reviewer": "ali", "taken": false }));
    let (first, second) =
        tokio::join!(app.post_as(FINANCE_TOKEN, &path, &taken), app.post_as(FINANCE_TOKEN, &path, &not_taken));
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{first:?} {second:?}");
    let taken_won = first.0 == 200;
    let expected = if taken_won { "REFUND_DUE" } else { "EXPIRED" };
    assert_eq!(payment_states(&app, order).await, [expected]);
    assert_eq!(app.sims().sms_outbox(MOBILE).len(), sms_before + usize::from(taken_won));
}
