//! Refuses, before any operation runs, a request carrying U+0000 (NUL) in its path, query string or body.
//!
//! PostgreSQL's `text` cannot hold NUL (every other Unicode scalar value is storable, and a lone surrogate never
//! gets this far: neither poem's UTF-8 decoding nor serde_json's `\u` escapes let one through). SQLite stores it,
//! so the same request answered 200 on one database and 500 on the other. Checking each field where it is stored
//! would miss the next one added; this checks every string of every operation at the edge, on both databases,
//! and answers the area's 400 envelope. The body is the one `BodyLimit` already read, so the check is bounded by
//! `MAX_BODY_BYTES`.
use poem::{Body, Endpoint, IntoResponse, Middleware, Request, Response, Result, http::StatusCode, web::Json};
use serde_json::Value;

use crate::{api::error::ErrorEnvelope, messages};

/// Where in the request the character was found, for the reply's detail line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Path,
    Query,
    Body,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::Path => "path",
            Part::Query => "query string",
            Part::Body => "body",
        }
    }
}

pub struct RefuseNul;

impl<E: Endpoint> Middleware<E> for RefuseNul {
    type Output = RefuseNulEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        RefuseNulEndpoint { inner }
    }
}

pub struct RefuseNulEndpoint<E> {
    inner: E,
}

impl<E: Endpoint> Endpoint for RefuseNulEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> Result<Response> {
        if percent_decoded_has_nul(req.uri().path()) {
            return Ok(refused(Part::Path));
        }
        if req.uri().query().is_some_and(query_has_nul) {
            return Ok(refused(Part::Query));
        }
        let bytes = req.take_body().into_bytes().await?;
        if body_has_nul(req.content_type(), &bytes) {
            return Ok(refused(Part::Body));
        }
        req.set_body(Body::from_bytes(bytes));
        self.inner.call(req).await.map(IntoResponse::into_response)
    }
}

fn refused(part: Part) -> Response {
    let detail = format!("the request's {} holds the character U+0000, which no text may hold", part.name());
    let body = ErrorEnvelope::new("400", messages::INVALID_CHARACTER, vec![detail]);
    (StatusCode::BAD_REQUEST, Json(body)).into_response()
}

/// Whether `%`-decoding `text` gives a NUL byte (`%00`; a raw one cannot be in a URI).
fn percent_decoded_has_nul(text: &str) -> bool {
    text.as_bytes().contains(&0) || percent_encoding::percent_decode_str(text).any(|byte| byte == 0)
}

/// A query string's names and values, decoded as a form is (`+` is a space); a value that is JSON (the catalogue's
/// `where` filter) is read as JSON too, since its `\u0000` escapes reach the operation as NUL.
fn query_has_nul(query: &str) -> bool {
    form_has_nul(query.as_bytes())
}

fn form_has_nul(form: &[u8]) -> bool {
    form.contains(&0)
        || form.split(|&byte| byte == b'&').flat_map(|pair| pair.splitn(2, |&byte| byte == b'=')).any(|encoded| {
            let text = form_decoded(encoded);
            text.contains('\0') || (looks_like_json(&text) && json_text_has_nul(&text))
        })
}

/// A form name or value as an operation reads it: `+` a space, then `%`-decoded.
fn form_decoded(encoded: &[u8]) -> String {
    let spaced: Vec<u8> = encoded.iter().map(|&byte| if byte == b'+' { b' ' } else { byte }).collect();
    percent_encoding::percent_decode(&spaced).decode_utf8_lossy().into_owned()
}

fn looks_like_json(text: &str) -> bool {
    matches!(text.trim_start().as_bytes().first(), Some(b'{' | b'['))
}

/// A body by its type: JSON's strings and keys as decoded, a form's names and values as decoded, and any other
/// body (multipart's text fields) by its bytes. A body that does not parse is left to the operation, which
/// answers its usual 400.
fn body_has_nul(content_type: Option<&str>, body: &[u8]) -> bool {
    if body.is_empty() {
        return false;
    }
    let essence = content_type.and_then(|value| value.split(';').next()).map(str::trim).unwrap_or_default();
    let essence = essence.to_ascii_lowercase();
    if essence == "application/json" || essence.ends_with("+json") {
        return std::str::from_utf8(body).is_ok_and(json_text_has_nul);
    }
    if essence == "application/x-www-form-urlencoded" {
        return form_has_nul(body);
    }
    body.contains(&0)
}

/// Parses with serde_json, so `\u0000` is found and `\\u0000` (a backslash, then text) is not.
fn json_text_has_nul(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|value| value_has_nul(&value))
}

fn value_has_nul(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(value_has_nul),
        Value::Object(fields) => fields.iter().any(|(key, field)| key.contains('\0') || value_has_nul(field)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_escapes_are_decoded_not_matched_as_text() {
        assert!(json_text_has_nul(r#"{"firstName": "a\u0000b"}"#));
        assert!(json_text_has_nul(r#"{"meta": {"deep": ["x", "\u0000"]}}"#));
        assert!(json_text_has_nul(r#"{"a\u0000": 1}"#));
        assert!(!json_text_has_nul(r#"{"firstName": "a\\u0000b"}"#), "an escaped backslash followed by text");
        assert!(!json_text_has_nul(r#"{"firstName": "علی"}"#));
    }

    #[test]
    fn forms_and_queries_are_percent_decoded() {
        assert!(form_has_nul(b"RefNum=abc%00&State=OK"));
        assert!(form_has_nul(b"name%00=x"));
        assert!(!form_has_nul(b"RefNum=abc%2500"), "an encoded percent sign followed by 00");
        assert!(query_has_nul("status=%00"));
        assert!(query_has_nul("where=%7B%22service%22%3A%22%5Cu0000%22%7D"), "a JSON filter's escape");
        assert!(!query_has_nul("where=%7B%22service%22%3A%22%5C%5Cu0000%22%7D"));
        assert!(!query_has_nul("status=PAID&utmCampaign=%D9%84%DB%8C%D9%85%D9%88"));
    }

    #[test]
    fn a_path_segment_is_percent_decoded() {
        assert!(percent_decoded_has_nul("/lemonade/api/sessions/a%00b"));
        assert!(!percent_decoded_has_nul("/lemonade/api/sessions/a%2500b"));
    }

    #[test]
    fn other_bodies_are_read_by_their_bytes() {
        assert!(body_has_nul(Some("multipart/form-data; boundary=x"), b"--x\r\n\r\na\0b\r\n--x--"));
        assert!(body_has_nul(Some("Application/JSON; charset=utf-8"), br#"{"a": "\u0000"}"#));
        assert!(!body_has_nul(Some("application/json"), br#"{"a": "\\u0000"}"#));
        assert!(!body_has_nul(None, b""));
    }
}
