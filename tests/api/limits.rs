//! The request-body limit (`MAX_BODY_BYTES`) and the caps on stored texts: no request grows the service's memory
//! or the database without bound, declared length or chunked.
use futures::stream;
use limoo_bff::store::Db;
use limoo_bff::store::orders;
use limoo_simulators::Gateway;
use limoo_tests::{AppOptions, TestApp, payment::payment_request, spawn_app};
use serde_json::{Value, json};

const ORDERS: &str = "/lemonade/api/orders";
const TOO_LARGE: &str = "حجم درخواست ارسال شده بیش از حد مجاز است.";
const FIELD_TOO_LARGE: &str = "حجم اطلاعات ارسال شده بیش از حد مجاز است.";
const MIB: usize = 1024 * 1024;

/// An order body whose meta holds `meta_bytes` of text.
fn order_with_meta(meta_bytes: usize) -> Value {
    json!({ "productIds": [101], "meta": { "SPV": "x".repeat(meta_bytes) } })
}

/// The body sent in 16 KiB chunks with no `Content-Length` (chunked transfer encoding).
fn chunked(body: &Value) -> reqwest::Body {
    let bytes = body.to_string().into_bytes();
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = bytes.chunks(16 * 1024).map(|c| Ok(c.to_vec())).collect();
    reqwest::Body::wrap_stream(stream::iter(chunks))
}

async fn answer(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// 413, code "413", the Persian message and a detail naming the limit.
fn assert_too_large((status, reply): (u16, Value)) {
    assert_eq!((status, reply["err"]["code"].as_str()), (413, Some("413")), "{reply}");
    assert_eq!(reply["err"]["message"], TOO_LARGE, "{reply}");
}

async fn spawn_with_limit(max_body_bytes: usize) -> TestApp {
    let options = AppOptions { max_body_bytes: Some(max_body_bytes), ..Default::default() };
    TestApp::spawn(options).await.expect("test app")
}

#[tokio::test]
async fn a_one_mib_order_is_refused_with_413_in_the_envelope_and_stores_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let sent = app.client.post(app.url(ORDERS)).bearer_auth(&token).json(&order_with_meta(MIB)).send().await;
    assert_too_large(answer(sent.expect("request")).await);
    assert_eq!(orders::count(app.db()).await.unwrap(), 0);
}

#[tokio::test]
async fn a_chunked_body_over_the_limit_is_refused_though_it_declares_no_length() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let request = app.client.post(app.url(ORDERS)).bearer_auth(&token).header("Content-Type", "application/json");
    let sent = request.body(chunked(&order_with_meta(MIB))).send().await;
    assert_too_large(answer(sent.expect("request")).await);
    assert_eq!(orders::count(app.db()).await.unwrap(), 0);
}

#[tokio::test]
async fn a_chunked_body_within_the_limit_reaches_the_endpoint_whole() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let request = app.client.post(app.url(ORDERS)).bearer_auth(&token).header("Content-Type", "application/json");
    let (status, reply) =
        answer(request.body(chunked(&order_with_meta(4 * 1024))).send().await.expect("request")).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(orders::count(app.db()).await.unwrap(), 1);
}

#[tokio::test]
async fn the_limit_holds_outside_the_api_too() {
    let app = spawn_app().await;
    let sent = app.client.post(app.url("/select-package-f/1")).body(vec![b'x'; MIB]).send().await;
    assert_too_large(answer(sent.expect("request")).await);
}

#[tokio::test]
async fn the_limit_is_a_setting() {
    let app = spawn_with_limit(2 * MIB).await;
    let token = app.existing_customer("09121234567").await;
    let mut empty = order_with_meta(MIB);
    empty["productIds"] = json!([]);
    let sent = app.client.post(app.url(ORDERS)).bearer_auth(&token).json(&empty).send().await;
    let (status, reply) = answer(sent.expect("request")).await;
    assert_eq!(status, 400, "read whole, then refused by the handler: {reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!(["productIds is empty"]), "{reply}");

    let app = spawn_with_limit(1024).await;
    let token = app.existing_customer("09121234567").await;
    let sent = app.client.post(app.url(ORDERS)).bearer_auth(&token).json(&order_with_meta(2 * 1024)).send().await;
    assert_too_large(answer(sent.expect("request")).await);
    assert_eq!(orders::count(app.db()).await.unwrap(), 0);
}

#[tokio::test]
async fn analytics_and_session_texts_over_their_caps_are_refused() {
    let app = spawn_app().await;
    let long = "x".repeat(2 * 1024);
    for (path, body, detail) in [
        (
            "/lemonade/api/analytics",
            json!({ "action": "page_view", "category": "view", "label": long }),
            "label is larger than 1 KiB",
        ),
        ("/lemonade/api/sessions", json!({ "utmSource": long }), "utmSource is larger than 1 KiB"),
        ("/lemonade/api/sessions", json!({ "meta": { "x": "x".repeat(9 * 1024) } }), "meta is larger than 8 KiB"),
    ] {
        let (status, reply) = answer(app.post_json(path, &body).await).await;
        assert_eq!(status, 400, "{path}: {reply}");
        assert_eq!(reply["err"]["message"], FIELD_TOO_LARGE, "{reply}");
        assert_eq!(reply["err"]["details"]["messages"], json!([detail]), "{reply}");
    }
}

/// The session id a gift card's order keeps is capped like the one `POST /orders` keeps: refused before the code is
/// even looked at.
#[tokio::test]
async fn a_gift_cards_session_id_over_its_cap_is_refused() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let body = json!({ "giftCode": "no-such-card", "sessionId": "x".repeat(250_000) });
    let (status, reply) = app.post_as(&token, "/lemonade/api/limoo-cards", &body).await;
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["err"]["message"], FIELD_TOO_LARGE, "{reply}");
    assert_eq!(reply["err"]["details"]["messages"], json!(["sessionId is larger than 1 KiB"]), "{reply}");
}

/// Rows of `table` (a name from this file, not input).
async fn rows(app: &TestApp, table: &str) -> i64 {
    let sql = sqlx::AssertSqlSafe(format!("SELECT COUNT(*) FROM {table}"));
    let counted: Result<(i64,), _> = match app.db() {
        Db::Sqlite(pool) => sqlx::query_as(sql).fetch_one(pool).await,
        Db::Postgres(pool) => sqlx::query_as(sql).fetch_one(pool).await,
    };
    counted.expect("rows counted").0
}

/// A script storing through the public calls as fast as it can: after its address's allowance it gets a 429 with
/// the Persian message and stores nothing more, while a visitor at another address (behind the trusted proxy) is
/// still served.
#[tokio::test]
async fn a_flood_of_public_writes_from_one_address_is_refused_and_stores_nothing_more() {
    let options = AppOptions { trusted_proxies: vec!["127.0.0.1/32".to_owned()], ..AppOptions::default() };
    let app = TestApp::spawn(options).await.expect("test app");
    let answers =
        json!({ "answers": [{ "bm2_1": "FEMALE" }, { "step": "1" }], "formId": "1", "formType": "betterme2" });
    let event = json!({ "action": "page_view", "category": "page", "label": "/diets" });
    for (path, body, table, allowance) in [
        ("/lemonade/api/formAnswers", answers, "form_answer", 60),
        ("/lemonade/api/analytics", event, "analytics_event", 600),
    ] {
        let from = |address: &str| app.client.post(app.url(path)).header("X-Forwarded-For", address).json(&body);
        let before = rows(&app, table).await;
        for n in 0..allowance {
            let (status, reply) = answer(from("203.0.113.7").send().await.unwrap()).await;
            assert_eq!(status, 200, "{path} call {n}: {reply}");
        }
        // The allowance refills slowly (a call every 2 s, or 10 a second), so the flood meets a refusal long before
        // as many calls again have been sent.
        let mut stored = allowance;
        let refused = loop {
            let (status, reply) = answer(from("203.0.113.7").send().await.unwrap()).await;
            match status {
                200 if stored < 2 * allowance => stored += 1,
                _ => break (status, reply),
            }
        };
        let (status, reply) = refused;
        assert_eq!((status, reply["err"]["code"].as_str()), (429, Some("429")), "{path}: {reply}");
        assert_eq!(reply["err"]["message"], "تعداد درخواست‌ها بیش از حد مجاز است؛ لطفا کمی بعد دوباره تلاش کنید.");
        assert_eq!(rows(&app, table).await, before + stored, "{path}: a refused call stores nothing");
        let (status, reply) = answer(from("198.51.100.20").send().await.unwrap()).await;
        assert_eq!(status, 200, "{path}, another visitor: {reply}");
    }
}

/// A script creating orders as fast as it can: after the customer's allowance (30 at once, then one every 2 s) it
/// gets a 429 with the Persian message and stores nothing more, while another customer still orders.
#[tokio::test]
async fn a_customer_creating_orders_flat_out_is_refused_and_stores_nothing_more() {
    let app = spawn_app().await;
    let script = app.existing_customer("09121234567").await;
    let order = json!({ "productIds": [101, 151] });
    let mut stored: i64 = 0;
    let (status, reply) = loop {
        let (status, reply) = app.post_as(&script, ORDERS, &order).await;
        match status {
            200 if stored < 60 => stored += 1,
            _ => break (status, reply),
        }
    };
    assert!(stored >= 30, "only {stored} orders before the limit");
    assert_eq!((status, reply["err"]["code"].as_str()), (429, Some("429")), "{reply}");
    assert_eq!(reply["err"]["message"], "تعداد درخواست‌ها بیش از حد مجاز است؛ لطفا کمی بعد دوباره تلاش کنید.");
    assert_eq!(orders::count(app.db()).await.unwrap(), stored, "a refused order stores nothing");
    let other = app.existing_customer("09129876543").await;
    assert_eq!(app.post_as(&other, ORDERS, &order).await.0, 200, "another customer orders");
}

/// A script starting payments of one unpaid order in a loop, each with another `paymentResultUrl`, replaces the
/// payment and opens one at a real gateway every time: after the customer's allowance (10 at once, then one every 6 s,
/// shared with SnappPay's eligibility check) it gets a 429 with `Retry-After`, and neither the database nor a gateway
/// hears of it, while another customer still pays.
#[tokio::test]
async fn a_customer_starting_payments_in_a_loop_is_refused_before_any_gateway_hears_of_it() {
    let app = spawn_app().await;
    let script = app.existing_customer("09121234567").await;
    let order = app.create_order(&script, &[101]).await;
    let start = |token: &str, order: i64, n: usize| {
        let mut body = payment_request(&app, token, order, "VANDAR");
        body["paymentConfig"]["paymentResultUrl"] = json!(app.url(&format!("/#/payment-result?try={n}")));
        app.client.post(app.url("/lemonade/api/payments")).bearer_auth(token).json(&body).send()
    };
    let mut started = 0;
    let refused = loop {
        let response = start(&script, order, started).await.unwrap();
        match response.status().as_u16() {
            200 if started < 20 => started += 1,
            _ => break response,
        }
    };
    assert!(started >= 10, "only {started} starts before the limit");
    let retry_after = refused.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    assert!(retry_after.is_some_and(|seconds| (1..=6).contains(&seconds)), "Retry-After: {retry_after:?}");
    let (status, reply) = answer(refused).await;
    assert_eq!((status, reply["err"]["code"].as_str()), (429, Some("429")), "{reply}");
    assert_eq!(reply["err"]["message"], "تعداد درخواست‌ها بیش از حد مجاز است؛ لطفا کمی بعد دوباره تلاش کنید.");
    let started = i64::try_from(started).expect("a few");
    assert_eq!(app.query_i64("SELECT COUNT(*) FROM payment").await, started, "a refused start stores nothing");
    assert_eq!(app.sims().payments(Some(Gateway::Vandar)).len(), usize::try_from(started).expect("a few"));
    let eligibility = json!({ "amount": 3_900_000, "service": app.service_name, "gateway": "SNAPP_PAY" });
    let (status, reply) = app.post_as(&script, "/lemonade/api/payments/snapp-pay/eligibility", &eligibility).await;
    assert_eq!(status, 429, "SnappPay's eligibility shares the allowance: {reply}");

    let other = app.existing_customer("09129876543").await;
    let other_order = app.create_order(&other, &[101]).await;
    let (status, reply) = answer(start(&other, other_order, 0).await.unwrap()).await;
    assert_eq!(status, 200, "another customer pays: {reply}");
}

/// The order list answers the newest 100 orders, however many a script created.
#[tokio::test]
async fn the_order_list_is_bounded() {
    let options = AppOptions { orders_per_customer_minute: Some(0), ..AppOptions::default() };
    let app = TestApp::spawn(options).await.expect("test app");
    let token = app.existing_customer("09121234567").await;
    let mut newest = 0;
    for _ in 0..105 {
        newest = app.create_order(&token, &[101]).await;
    }
    let (status, listed) = app.get_as(&token, ORDERS).await;
    assert_eq!(status, 200, "{listed}");
    let listed = listed.as_array().expect("a list");
    assert_eq!(listed.len(), 100);
    assert_eq!(listed[0]["id"], newest, "newest first");
}
