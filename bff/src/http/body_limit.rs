//! The request-body limit of the whole service (`MAX_BODY_BYTES`).
//!
//! poem's `SizeLimit` only compares the `Content-Length` header: a chunked body has none (it answers 411 then,
//! which also refuses every bodiless GET), and the header is the sender's claim. This middleware refuses a
//! declared length over the limit at once and otherwise reads at most the limit (plus one read buffer) before
//! the endpoint runs, so a chunked or lying sender is cut off too. The body handed on is the bytes read.
//!
//! The body must also arrive within `BODY_READ_TIMEOUT_SECONDS` of its headers: a client sending a byte a second
//! would otherwise hold its connection and its buffer for as long as it likes. It is answered 408 and the
//! connection closed (the rest of the body is never read).
use std::time::Duration;

use poem::{
    Body, Endpoint, IntoResponse, Middleware, Request, Response, Result,
    error::ReadBodyError,
    http::{StatusCode, header},
    web::Json,
};

use crate::{
    api::error::{ErrorEnvelope, framework_error},
    messages,
};

pub struct BodyLimit {
    max_bytes: usize,
    read_timeout: Duration,
}

impl BodyLimit {
    pub fn new(max_bytes: usize, read_timeout: Duration) -> Self {
        BodyLimit { max_bytes, read_timeout }
    }
}

impl<E: Endpoint> Middleware<E> for BodyLimit {
    type Output = BodyLimitEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        BodyLimitEndpoint { inner, max_bytes: self.max_bytes, read_timeout: self.read_timeout }
    }
}

pub struct BodyLimitEndpoint<E> {
    inner: E,
    max_bytes: usize,
    read_timeout: Duration,
}

impl<E: Endpoint> BodyLimitEndpoint<E> {
    /// 413 in the error envelope; the rest of the body is left unread (the connection is closed after).
    fn too_large(&self) -> Response {
        let detail = format!("the request body is larger than {} bytes", self.max_bytes);
        let body = ErrorEnvelope::new("413", messages::REQUEST_TOO_LARGE, vec![detail]);
        (StatusCode::PAYLOAD_TOO_LARGE, Json(body)).into_response()
    }

    /// 408 in the error envelope, closing the connection: its unread rest would keep coming.
    fn too_slow(&self) -> Response {
        let detail = format!("the request body did not arrive within {} s", self.read_timeout.as_secs());
        let body = ErrorEnvelope::new("408", messages::REQUEST_TIMEOUT, vec![detail]);
        (StatusCode::REQUEST_TIMEOUT, Json(body)).with_header(header::CONNECTION, "close").into_response()
    }
}

impl<E: Endpoint> Endpoint for BodyLimitEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> Result<Response> {
        let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > self.max_bytes as u64) {
            return Ok(self.too_large());
        }
        let read = tokio::time::timeout(self.read_timeout, req.take_body().into_bytes_limit(self.max_bytes)).await;
        let Ok(read) = read else {
            return Ok(self.too_slow());
        };
        match read {
            Ok(bytes) => {
                req.set_body(Body::from_bytes(bytes));
                self.inner.call(req).await.map(IntoResponse::into_response)
            }
            Err(ReadBodyError::PayloadTooLarge) => Ok(self.too_large()),
            // A broken connection or bad chunk framing: answered like any other unreadable request.
            Err(error) => Ok(framework_error(error.into()).await),
        }
    }
}
