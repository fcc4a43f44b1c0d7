//! Every operation of the committed OpenAPI document, called with inputs made from its own schema: plausible
//! values, U+0000 in every string, texts far longer than any field, the extremes of every number, and the wrong type
//! everywhere. Whatever the input, no answer is a server failure, on either database (the PostgreSQL stage runs this
//! too): a 502 or 503 only where the operation declares it (a gateway or provider that failed). A short, bounded,
//! deterministic run, so CI takes it every time.
use std::collections::BTreeSet;

use limoo_tests::{
    TestApp,
    app::{FINANCE_TOKEN, STAFF_TOKEN},
    spawn_app, workspace_root,
};
use serde_json::{Map, Value, json};

/// The kinds of input every operation is called with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Input {
    Plausible,
    Nul,
    Huge,
    Extreme,
    WrongType,
}

const INPUTS: [Input; 5] = [Input::Plausible, Input::Nul, Input::Huge, Input::Extreme, Input::WrongType];

/// A text of this kind of input.
fn text(input: Input) -> Value {
    match input {
        Input::Plausible => json!("1"),
        Input::Nul => json!("a\u{0}b"),
        Input::Huge => json!("ی".repeat(20_000)),
        Input::Extreme => json!("-9223372036854775808"),
        Input::WrongType => json!(12),
    }
}

/// A value for `schema` (resolving `$ref`s in `doc`), of this kind of input; `depth` bounds recursive schemas.
fn value(doc: &Value, schema: &Value, input: Input, depth: usize) -> Value {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap_or_default();
        return value(doc, &doc["components"]["schemas"][name], input, depth);
    }
    for combined in ["allOf", "oneOf", "anyOf"] {
        if let Some(first) = schema[combined].as_array().and_then(|s| s.first()) {
            return value(doc, first, input, depth);
        }
    }
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()).filter(|_| input == Input::Plausible) {
        return first.clone();
    }
    match (schema["type"].as_str(), input) {
        (Some("object") | None, _) if depth > 4 => json!({}),
        (Some("object"), Input::WrongType) => json!("an object was expected"),
        (Some("object") | None, _) => {
            let mut object = Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                object.insert(name.clone(), value(doc, property, input, depth + 1));
            }
            Value::Object(object)
        }
        (Some("array"), Input::WrongType) => json!({}),
        (Some("array"), Input::Huge) => {
            Value::Array(vec![value(doc, &schema["items"], Input::Plausible, depth + 1); 500])
        }
        (Some("array"), _) => json!([value(doc, &schema["items"], input, depth + 1)]),
        (Some("integer" | "number"), Input::Plausible) => json!(1),
        (Some("integer"), Input::Extreme | Input::Huge) => json!(i64::MIN),
        (Some("number"), Input::Extreme | Input::Huge) => json!(f64::MAX),
        (Some("integer" | "number"), _) => json!("NaN\u{0}"),
        (Some("boolean"), Input::WrongType | Input::Nul) => json!("yes"),
        (Some("boolean"), _) => json!(true),
        (Some(_), _) => text(input),
    }
}

/// A path, query or form value as text.
fn as_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A text for the address: a huge one still fits the request line a server reads (8 KiB and more are refused
/// before any operation runs, by the connection, not by the service).
fn address_text(value: &Value) -> String {
    as_text(value).chars().take(1_000).collect()
}

/// `path` with its `{name}` parameters filled in, percent-encoded.
fn filled_path(path: &str, input: Input) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') && segment.ends_with('}') {
                let raw = address_text(&text(input));
                url::form_urlencoded::byte_serialize(raw.as_bytes()).collect::<String>()
            } else {
                segment.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

async fn call(
    app: &TestApp,
    token: &str,
    doc: &Value,
    path: &str,
    method: &str,
    operation: &Value,
    input: Input,
) -> u16 {
    let mut url = reqwest::Url::parse(&app.url(&filled_path(path, input))).expect("an address");
    for parameter in operation["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "query") {
        let name = parameter["name"].as_str().unwrap_or_default();
        url.query_pairs_mut().append_pair(name, &address_text(&value(doc, &parameter["schema"], input, 0)));
    }
    let method = reqwest::Method::from_bytes(method.to_ascii_uppercase().as_bytes()).expect("a method");
    // Finance's and the diet team's operations are reached with their own tokens, so their inputs are read too.
    let bearer = if path.contains("/finance/") {
        FINANCE_TOKEN
    } else if path.contains("/staff/") {
        STAFF_TOKEN
    } else {
        token
    };
    let mut request = app.client.request(method, url).bearer_auth(bearer);
    let content = &operation["requestBody"]["content"];
    if let Some((kind, body)) = content.as_object().and_then(|c| c.iter().next()) {
        let body = value(doc, &body["schema"], input, 0);
        request = if kind.starts_with("application/json") {
            request.json(&body)
        } else if kind.starts_with("application/x-www-form-urlencoded") {
            let form: Vec<(String, String)> =
                body.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), as_text(v))).collect();
            request.form(&form)
        } else {
            request.header("content-type", kind.as_str()).body(as_text(&body))
        };
    }
    request.send().await.map(|answer| answer.status().as_u16()).unwrap_or(0)
}

#[tokio::test]
async fn no_operation_fails_on_the_server_whatever_its_schema_allows_or_forbids() {
    let doc: Value = serde_json::from_str(
        &std::fs::read_to_string(workspace_root().join("openapi/openapi.json")).expect("openapi/openapi.json"),
    )
    .expect("the OpenAPI document");
    let app = spawn_app().await;
    let token = app.existing_customer("09121234567").await;
    let mut failures = BTreeSet::new();
    let mut calls = 0;
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let declared: BTreeSet<&str> =
                operation["responses"].as_object().into_iter().flatten().map(|(code, _)| code.as_str()).collect();
            for input in INPUTS {
                let status = call(&app, &token, &doc, path, method, operation, input).await;
                calls += 1;
                let gateway_failure = matches!(status, 502 | 503) && declared.contains(status.to_string().as_str());
                if status == 0 || (status >= 500 && !gateway_failure) {
                    failures.insert(format!("{method} {path} with {input:?} input: {status}"));
                }
            }
        }
    }
    assert!(calls > 400, "every operation was called: {calls}");
    assert!(failures.is_empty(), "server failures:\n{}", failures.into_iter().collect::<Vec<_>>().join("\n"));
}
