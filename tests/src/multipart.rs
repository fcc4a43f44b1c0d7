//! multipart/form-data requests of text fields (the harness's reqwest has no multipart feature), as the
//! perfect-body landing and other form posts take them.
use serde_json::Value;

use crate::TestApp;

const BOUNDARY: &str = "limoo-test-boundary";

/// POSTs `fields` as multipart/form-data; the status and the JSON answer (Null when it is not JSON).
pub async fn post_multipart(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> (u16, Value) {
    send(app, None, path, fields).await
}

/// [`post_multipart`] as the customer whose bearer token is `token`.
pub async fn post_multipart_as(app: &TestApp, token: &str, path: &str, fields: &[(&str, &str)]) -> (u16, Value) {
    send(app, Some(token), path, fields).await
}

/// [`post_multipart`] as the customer whose bearer token is `token`, or as a visitor.
pub(crate) async fn send(app: &TestApp, token: Option<&str>, path: &str, fields: &[(&str, &str)]) -> (u16, Value) {
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"));
    }
    body.push_str(&format!("--{BOUNDARY}--\r\n"));
    let mut request = app.client.post(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request
        .header("Content-Type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body)
        .send()
        .await
        .expect("request failed");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}
