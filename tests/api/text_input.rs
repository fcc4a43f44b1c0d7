//! Texts no database can keep: PostgreSQL's `text` cannot hold U+0000, so every operation refuses it at the edge
//! with a 400 in the envelope, on SQLite too (run with `TEST_BACKEND=postgres` for PostgreSQL).
use limoo_tests::{TestApp, spawn_app};
use serde_json::{Value, json};

const INVALID_CHARACTER: &str = "متن ارسال شده نویسه‌ای دارد که معتبر نیست.";

async fn answer(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// 400 in the envelope, code "400", the Persian message and a detail naming the part of the request.
fn assert_refused((status, reply): (u16, Value), part: &str) {
    assert_eq!((status, reply["err"]["code"].as_str()), (400, Some("400")), "{reply}");
    assert_eq!(reply["err"]["message"], INVALID_CHARACTER, "{reply}");
    let detail = reply["err"]["details"]["messages"][0].as_str().unwrap_or_default();
    assert!(detail.contains(part), "{reply}");
}

async fn event_count(app: &TestApp, session_id: &str) -> usize {
    app.analytics_events(session_id).await.len()
}

#[tokio::test]
async fn a_nul_in_a_gateway_callback_form_is_refused_with_400() {
    let app = spawn_app().await;
    let sent = app
        .client
        .post(app.url("/lemonade/api/payments/saman/callback"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("State=OK&Status=2&RefNum=ref%00&ResNum=1&Token=tok%00en")
        .send()
        .await
        .expect("request");
    assert_refused(answer(sent).await, "body");
}

#[tokio::test]
async fn a_nul_in_a_query_string_is_refused_with_400() {
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let sent = app.client.get(app.url("/lemonade/api/orders?status=%00")).bearer_auth(&token).send().await;
    assert_refused(answer(sent.expect("request")).await, "query string");
}

#[tokio::test]
async fn a_nul_escape_in_a_json_body_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    // Raw text: serde_json would write the character itself, and the escape is what a client sends.
    let body = r#"{"action": "page_view\u0000", "category": "view", "sessionId": "s-nul"}"#;
    let sent = app
        .client
        .post(app.url("/lemonade/api/analytics"))
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .expect("request");
    assert_refused(answer(sent).await, "body");
    assert_eq!(event_count(&app, "s-nul").await, 0);
}

#[tokio::test]
async fn an_escaped_backslash_before_u0000_is_text_and_is_kept() {
    let app = spawn_app().await;
    let body = json!({ "action": r"page_view\u0000", "category": "view", "sessionId": "s-text" });
    let (status, reply) = answer(app.post_json("/lemonade/api/analytics", &body).await).await;
    assert_eq!(status, 200, "{reply}");
    let stored = app.analytics_events("s-text").await;
    assert_eq!(stored.iter().map(|row| row.action.as_str()).collect::<Vec<_>>(), [r"page_view\u0000"]);
}

#[tokio::test]
async fn a_nul_in_a_path_segment_is_refused_with_400() {
    let app = spawn_app().await;
    let body = json!({ "utmSource": "google" });
    let sent = app.client.patch(app.url("/lemonade/api/sessions/abc%00def")).json(&body).send().await;
    assert_refused(answer(sent.expect("request")).await, "path");
}
