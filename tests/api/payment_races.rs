//! Money is kept at most once per order, whatever the customer does: two tabs, a double tap,
//! ten retries with one `Idempotency-Key`, payments replaced by another gateway and paid anyway, repeated
//! callbacks, a wrong amount, and a payment the gateway took for an order paid already. Every check
//! counts the money the simulators keep.
use futures::future::join_all;
use limoo_bff::{messages, store::Db};
use limoo_simulators::{Gateway, PageAction, PaymentScenario, SimPayment, browser, browser::Navigation};
use limoo_tests::{
    AppOptions, TestApp,
    app::FINANCE_TOKEN,
    payment::{checkout_method, entry, follow, payment_request, payment_states, result_url, times_paid},
    spawn_app,
};
use serde_json::{Value, json};

/// Every gateway with a hosted page.
const HOSTED: [Gateway; 7] = [
    Gateway::Vandar,
    Gateway::PayPing,
    Gateway::SnappPay,
    Gateway::Digipay,
    Gateway::Tara,
    Gateway::Saman,
    Gateway::Gumroad,
];

struct Start {
    status: u16,
    body: Value,
    retry_after: Option<String>,
}

async fn start(app: &TestApp, token: &str, order: i64, gateway: Gateway, key: Option<&str>) -> Start {
    let mut body = payment_request(app, token, order, checkout_method(gateway));
    body["mobile"] = json!("09121234567");
    body["productPermalink"] = json!("limoo-diet");
    let mut request = app.client.post(app.url("/lemonade/api/payments")).bearer_auth(token).json(&body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("answered");
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap_or_default().to_owned());
    Start { status, body: response.json().await.expect("JSON"), retry_after }
}

/// The money a simulator keeps: verified or settled payments, and Gumroad sales (paid is final there).
fn kept(app: &TestApp) -> Vec<SimPayment> {
    let keeps = |p: &SimPayment| {
        matches!(p.stage.as_str(), "verified" | "settled") || (p.gateway == Gateway::Gumroad && p.stage == "paid")
    };
    app.sims().payments(None).into_iter().filter(keeps).collect()
}

/// Pays on the hosted page the start reply leads to; the callback the browser then brings (Gumroad's
/// ping was delivered by Gumroad itself: its navigation is where the buyer went next).
async fn pay_page(reply: &Value) -> Navigation {
    browser::press(entry(reply), PageAction::Pay).await.expect("the hosted page").expect("the page sends the buyer on")
}

/// Brings the callback back to the shop; where the shop sent the browser.
async fn deliver(gateway: Gateway, callback: &Navigation) -> String {
    if gateway == Gateway::Gumroad { callback.url.clone() } else { follow(callback).await }
}

/// A test app without the per-customer bound on payment starts (`PAYMENT_CALLS_PER_CUSTOMER_MINUTE`), for the races
/// that start a dozen payments or more as one customer on purpose.
async fn racing_app() -> TestApp {
    let options = AppOptions { payment_calls_per_customer_minute: Some(0), ..AppOptions::default() };
    TestApp::spawn(options).await.expect("test app")
}

async fn customer_token(app: &TestApp) -> String {
    app.existing_customer("09121234567").await
}

#[tokio::test]
async fn two_tabs_a_double_tap_and_ten_retries_with_one_key_get_the_one_live_payment() {
    let app = racing_app().await;
    let token = customer_token(&app).await;
    for gateway in HOSTED {
        let order = app.create_order(&token, &[101]).await;
        let key = format!("tap-{order}");
        let retries = join_all((0..10).map(|_| start(&app, &token, order, gateway, Some(&key)))).await;
        let other_tabs = [None, Some("another-tab"), Some("a-third-tab")];
        let tabs = join_all(other_tabs.map(|key| start(&app, &token, order, gateway, key))).await;
        let mut links: Vec<&str> = Vec::new();
        for reply in retries.iter().chain(&tabs) {
            assert_eq!(reply.status, 200, "{gateway:?}: {}", reply.body);
            links.push(reply.body["paymentLink"].as_str().expect("a link"));
        }
        links.dedup();
        assert_eq!(links.len(), 1, "{gateway:?}: one payment page for every start: {links:?}");
        if gateway != Gateway::Gumroad {
            // Gumroad holds nothing before the buyer checks out.
            assert_eq!(app.sims().payments(Some(gateway)).len(), 1, "{gateway:?}: one payment at the gateway");
        }
    }
}

#[tokio::test]
async fn a_start_that_waits_for_another_start_answers_409_with_retry_after_never_a_5xx() {
    let app = spawn_app().await;
    let token = customer_token(&app).await;
    let order = app.create_order(&token, &[101]).await;
    // A start of the order is talking to the gateway (a CREATED payment) and never comes back. It began just now:
    // one stamped long ago is the test BFF's sweeper's to expire, which could free the order mid-test.
    let customer = app.tokens().verify(&token).expect("token").sub;
    let now = app.now_ms();
    let sql = format!(
        "INSERT INTO payment (payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, gateway_unit, \
         state, result_url, created_at, updated_at) VALUES (1, {order}, {customer}, 'VANDAR', 390000, 3900000, 'RIAL', \
         'CREATED', 'x', {now}, {now})"
    );
    app.execute_sql(sql).await;
    let reply = start(&app, &token, order, Gateway::PayPing, None).await;
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert_eq!(reply.retry_after.as_deref(), Some("2"));
    assert_eq!(reply.body["err"]["code"], "409", "{}", reply.body);
    assert!(app.sims().payments(None).is_empty(), "nothing was opened at any gateway");
}

/// Starts `gateways` in turn on one order (each replacing the one before), pays every page in `pay_order`
/// (indexes into `gateways`) and brings each callback back; answers where each callback sent the browser.
async fn pay_every_page(app: &TestApp, token: &str, gateways: &[Gateway], pay_order: &[usize]) -> (i64, Vec<String>) {
    let order = app.create_order(token, &[101]).await;
    let mut replies = Vec::new();
    for gateway in gateways {
        let reply = start(app, token, order, *gateway, None).await;
        assert_eq!(reply.status, 200, "{gateway:?}: {}", reply.body);
        replies.push(reply.body);
    }
    let mut locations = Vec::new();
    for &i in pay_order {
        let callback = pay_page(&replies[i]).await;
        locations.push(deliver(gateways[i], &callback).await);
    }
    (order, locations)
}

#[tokio::test]
async fn paying_every_page_of_one_order_keeps_the_money_once() {
    let app = racing_app().await;
    let token = customer_token(&app).await;
    let pairs = HOSTED.iter().zip(HOSTED.iter().cycle().skip(1));
    for (&replaced, &live) in pairs {
        for pay_order in [[0, 1], [1, 0]] {
            let before = kept(&app).len();
            let (order, locations) = pay_every_page(&app, &token, &[replaced, live], &pay_order).await;
            let case = format!("{replaced:?} replaced by {live:?}, paid in order {pay_order:?}");
            assert_eq!(times_paid(&app, &token, order).await, 1, "{case}: the order is paid once");
            assert_eq!(kept(&app).len(), before + 1, "{case}: money kept once: {:?}", app.sims().payments(None));
            let live_location = locations[pay_order.iter().position(|&i| i == 1).expect("paid")].clone();
            assert_eq!(live_location, result_url(&app, true, order), "{case}: the live payment pays the order");
        }
    }
    // Three tabs, three gateways, paid newest first.
    let before = kept(&app).len();
    let three = [Gateway::Vandar, Gateway::PayPing, Gateway::Saman];
    let (order, _) = pay_every_page(&app, &token, &three, &[2, 1, 0]).await;
    assert_eq!(times_paid(&app, &token, order).await, 1);
    assert_eq!(kept(&app).len(), before + 1, "{:?}", app.sims().payments(None));
}

#[tokio::test]
async fn the_same_callback_five_times_at_once_completes_the_order_once() {
    let app = spawn_app().await;
    let token = customer_token(&app).await;
    for gateway in HOSTED.into_iter().filter(|g| *g != Gateway::Gumroad) {
        let order = app.create_order(&token, &[101]).await;
        let reply = start(&app, &token, order, gateway, None).await;
        let callback = pay_page(&reply.body).await;
        let before = kept(&app).len();
        let locations = join_all((0..5).map(|_| follow(&callback))).await;
        assert!(locations.iter().any(|l| *l == result_url(&app, true, order)), "{gateway:?}: {locations:?}");
        assert_eq!(times_paid(&app, &token, order).await, 1, "{gateway:?}");
        assert_eq!(kept(&app).len(), before + 1, "{gateway:?}");
    }
}

#[tokio::test]
async fn money_of_another_amount_is_never_kept_or_goes_back() {
    let app = spawn_app().await;
    let token = customer_token(&app).await;
    for gateway in HOSTED.into_iter().filter(|g| *g != Gateway::Gumroad) {
        app.sims().force(gateway, PaymentScenario::AmountMismatch).expect("forced");
        let order = app.create_order(&token, &[101]).await;
        let reply = start(&app, &token, order, gateway, None).await;
        let callback = pay_page(&reply.body).await;
        assert_eq!(deliver(gateway, &callback).await, result_url(&app, false, order), "{gateway:?}");
        assert_eq!(times_paid(&app, &token, order).await, 0, "{gateway:?}");
        let states = payment_states(&app, order).await;
        if gateway == Gateway::Tara {
            // Tara's verify took it and Tara's refund is not ours to call: finance pays it back.
            assert_eq!(states, ["REFUND_DUE"], "{gateway:?}");
        } else {
            assert!(states == ["FAILED"] || states == ["REVERSED"], "{gateway:?}: {states:?}");
            assert!(kept(&app).iter().all(|p| p.gateway != gateway), "{gateway:?}: {:?}", app.sims().payments(None));
        }
    }
}

#[tokio::test]
async fn money_a_gateway_took_for_an_order_paid_already_goes_back_once_and_the_customer_is_told() {
    let app = spawn_app().await;
    let token = customer_token(&app).await;
    let sweeper = app.payment_sweeper(30);
    for gateway in HOSTED {
        let order = app.create_order(&token, &[101]).await;
        let reply = start(&app, &token, order, gateway, None).await;
        let callback = pay_page(&reply.body).await;
        assert_eq!(deliver(gateway, &callback).await, result_url(&app, true, order), "{gateway:?}");
        // As if its verify answer had been lost while something else paid the order.
        let sql =
            format!("UPDATE payment SET state = 'CALLBACK_RECEIVED', attempts = 1 WHERE customer_order_id = {order}");
        app.execute_sql(sql).await;
        let sms_before = app.sims().sms_outbox("09121234567").len();
        for _ in 0..3 {
            limoo_bff::shop::payments::sweep((&sweeper).into()).await.expect("sweep");
        }
        let states = payment_states(&app, order).await;
        let given_back = !matches!(gateway, Gateway::Vandar | Gateway::Tara);
        let expected = if given_back { "REVERSED" } else { "REFUND_DUE" };
        assert_eq!(states, [expected], "{gateway:?}");
        if given_back {
            assert!(kept(&app).iter().all(|p| p.gateway != gateway), "{gateway:?}: {:?}", app.sims().payments(None));
        }
        let sms = app.sims().sms_outbox("09121234567");
        assert_eq!(sms.len(), sms_before + 1, "{gateway:?}: one SMS");
        let text = &sms.last().expect("an SMS").message;
        assert!(
            text.contains("۳۹۰٬۰۰۰ تومان") && text.contains(&messages::persian_number(order)),
            "{gateway:?}: {text}"
        );
        let (_, orders) = app.get_as(&token, "/lemonade/api/orders").await;
        let listed = orders.as_array().expect("orders").iter().find(|o| o["id"] == order).expect("the order").clone();
        assert_eq!(listed["refunds"][0]["status"], expected, "{gateway:?}: {listed}");
        assert_eq!(listed["refunds"][0]["amount"], 390_000, "{gateway:?}");
    }
    // Finance pays back what no gateway call could, once, with who and when.
    let finance = |path: &str| app.client.get(app.url(path)).bearer_auth(FINANCE_TOKEN);
    let due: Value = finance("/lemonade/api/finance/refunds").send().await.expect("list").json().await.expect("JSON");
    let due = due["refunds"].as_array().expect("refunds").clone();
    assert_eq!(due.len(), 2, "Vandar and Tara: {due:?}");
    for refund in &due {
        let path = format!("/lemonade/api/finance/refunds/{}/settle", refund["paymentId"]);
        let settle = || app.client.post(app.url(&path)).bearer_auth(FINANCE_TOKEN).json(&json!({"reviewer": "Sara"}));
        let first = settle().send().await.expect("settled");
        assert_eq!(first.status(), 200);
        let settled: Value = first.json().await.expect("JSON");
        assert_eq!((&settled["status"], &settled["refundedBy"]), (&json!("REFUNDED"), &json!("Sara")));
        assert!(settled["refundedAt"].as_i64().is_some());
        assert_eq!(settle().send().await.expect("answered").status(), 409, "settled once");
    }
    let left: Value = finance("/lemonade/api/finance/refunds").send().await.expect("list").json().await.expect("JSON");
    assert_eq!(left["refunds"], json!([]));
}

/// A REFUND_DUE payment of one of the customer's orders whose gateway, PayPing, is being asked to give the money
/// back (the refund lease is held) for another minute.
async fn refund_being_given_back(app: &TestApp, token: &str) -> i64 {
    let order = app.create_order(token, &[101]).await;
    let customer = app.tokens().verify(token).expect("token").sub;
    let until = limoo_bff::store::now_ms() + 60_000;
    app.execute_sql(format!(
        "INSERT INTO payment (payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, gateway_unit, \
         state, result_url, lease_until, created_at, updated_at) VALUES (7, {order}, {customer}, 'PAYPING', 390000, \
         390000, 'TOMAN', 'REFUND_DUE', 'x', {until}, 0, 0)"
    ))
    .await;
    7
}

/// Finance paying a refund back by hand while its gateway is being asked for it would pay it back twice: 409 with
/// `REFUND_IN_PROGRESS` and a sentence for the finance tool, and nothing changes until the gateway's turn is over.
#[tokio::test]
async fn finance_cannot_settle_a_refund_while_its_gateway_is_being_asked_for_it() {
    let app = spawn_app().await;
    let token = customer_token(&app).await;
    let payment = refund_being_given_back(&app, &token).await;
    let settle = || {
        let path = format!("/lemonade/api/finance/refunds/{payment}/settle");
        app.client.post(app.url(&path)).bearer_auth(FINANCE_TOKEN).json(&json!({"reviewer": "Sara"})).send()
    };
    let refused = settle().await.expect("answered");
    assert_eq!(refused.status(), 409);
    let refused: Value = refused.json().await.expect("JSON");
    assert_eq!(refused["err"]["reason"], "REFUND_IN_PROGRESS", "{refused}");
    assert_eq!(refused["err"]["message"], messages::REFUND_BEING_GIVEN_BACK);
    let detail = refused["err"]["details"]["messages"][0].as_str().unwrap_or_default();
    assert!(detail.contains("look again in"), "{detail}");
    let state = app.query_i64("SELECT COUNT(*) FROM payment WHERE state = 'REFUND_DUE' AND refunded_by IS NULL").await;
    assert_eq!(state, 1, "still due, settled by no one");

    app.execute_sql(format!("UPDATE payment SET lease_until = 0 WHERE payment_id = {payment}")).await;
    let settled = settle().await.expect("answered");
    assert_eq!(settled.status(), 200);
    let settled: Value = settled.json().await.expect("JSON");
    assert_eq!((&settled["status"], &settled["refundedBy"]), (&json!("REFUNDED"), &json!("Sara")));
}

/// Should the gateway give back money finance settled by hand meanwhile (a gateway call that outlived its lease,
/// a replica whose clock runs ahead), the money went back twice: that is logged as an error, and the customer is not
/// told the refund is done. A trigger stands in for finance, settling the refund as soon as the sweeper takes the
/// lease to ask the gateway.
#[tokio::test]
async fn a_gateway_giving_back_money_finance_refunded_meanwhile_sends_no_sms() {
    let app = spawn_app().await;
    let token = customer_token(&app).await;
    let order = app.create_order(&token, &[101]).await;
    let reply = start(&app, &token, order, Gateway::PayPing, None).await;
    let callback = pay_page(&reply.body).await;
    assert_eq!(deliver(Gateway::PayPing, &callback).await, result_url(&app, true, order));
    // As if its verify answer had been lost while something else paid the order.
    app.execute_sql(format!(
        "UPDATE payment SET state = 'CALLBACK_RECEIVED', attempts = 1 WHERE customer_order_id = {order}"
    ))
    .await;
    match app.db() {
        Db::Sqlite(_) => {
            app.execute_sql(
                "CREATE TRIGGER finance_meanwhile AFTER UPDATE OF lease_until ON payment \
                 WHEN NEW.state = 'REFUND_DUE' AND NEW.lease_until > 0 BEGIN \
                 UPDATE payment SET state = 'REFUNDED', refunded_by = 'Sara', refunded_at = NEW.updated_at \
                 WHERE payment_id = NEW.payment_id; END",
            )
            .await
        }
        Db::Postgres(_) => {
            app.execute_sql(
                "CREATE FUNCTION finance_meanwhile() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                 NEW.state := 'REFUNDED'; NEW.refunded_by := 'Sara'; NEW.refunded_at := NEW.updated_at; RETURN NEW; \
                 END $$",
            )
            .await;
            app.execute_sql(
                "CREATE TRIGGER finance_meanwhile BEFORE UPDATE OF lease_until ON payment FOR EACH ROW \
                 WHEN (NEW.state = 'REFUND_DUE' AND NEW.lease_until > 0) EXECUTE FUNCTION finance_meanwhile()",
            )
            .await
        }
    }
    let sms_before = app.sims().sms_outbox("09121234567").len();
    let sweeper = app.payment_sweeper(30);
    limoo_bff::shop::payments::sweep((&sweeper).into()).await.expect("sweep");

    assert_eq!(payment_states(&app, order).await, ["REFUNDED"], "finance's settlement stands");
    let stages: Vec<String> = app.sims().payments(Some(Gateway::PayPing)).into_iter().map(|p| p.stage).collect();
    assert_eq!(stages, ["reversed"], "the gateway gave it back too: the error finance must follow up");
    assert_eq!(app.sims().sms_outbox("09121234567").len(), sms_before, "no SMS calls it done");
}
