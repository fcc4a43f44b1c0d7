//! The request-body limit (`MAX_BODY_BYTES`) and the caps on stored texts: no request grows the service's memory
//! or the database without bound, declared length or chunked.
use futures::stream;
use limoo_bff::store::orders;
use limoo_tests::{TestApp, spawn_app};
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
    let options = limoo_tests::AppOptions { max_body_bytes: Some(max_body_bytes), ..Default::default() };
    TestApp::spawn(options).await.expect("test app")
}

#[tokio::test]
async fn a_one_mib_order_is_refused_with_413_in_the_envelope_and_stores_nothing() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let sent = app.client.post(app.url(ORDERS)).bearer_auth(&token).json(&order_with_meta(MIB)).send().await;
    assert_too_large(answer(sent.expect("request")).await);
    assert_eq!(orders::count(&app.db).await.unwrap(), 0);
}

#[tokio::test]
async fn a_chunked_body_over_the_limit_is_refused_though_it_declares_no_length() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let request = app.client.post(app.url(ORDERS)).bearer_auth(&token).header("Content-Type", "application/json");
    let sent = request.body(chunked(&order_with_meta(MIB))).send().await;
    assert_too_large(answer(sent.expect("request")).await);
    assert_eq!(orders::count(&app.db).await.unwrap(), 0);
}

#[tokio::test]
async fn a_chunked_body_within_the_limit_reaches_the_endpoint_whole() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let request = app.client.post(app.url(ORDERS)).bearer_auth(&token).header("Content-Type", "application/json");
    let (status, reply) =
        answer(request.body(chunked(&order_with_meta(4 * 1024))).send().await.expect("request")).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(orders::count(&app.db).await.unwrap(), 1);
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
    assert_eq!(orders::count(&app.db).await.unwrap(), 0);
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
