//! The request-body limit of the whole service (`MAX_BODY_BYTES`).
//!
//! poem's `SizeLimit` only compares the `Content-Length` header: a chunked body has none (it answers 411 then,
//! which also refuses every bodiless GET), and the header is the sender's claim. This middleware refuses a
//! declared length over the limit at once and otherwise reads at most the limit (plus one read buffer) before
//! the endpoint runs, so a chunked or lying sender is cut off too. The body handed on is the bytes read.
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
}

impl BodyLimit {
    pub fn new(max_bytes: usize) -> Self {
        BodyLimit { max_bytes }
    }
}

impl<E: Endpoint> Middleware<E> for BodyLimit {
    type Output = BodyLimitEndpoint<E>;

    fn transform(&self, inner: E) -> Self::Output {
        BodyLimitEndpoint { inner, max_bytes: self.max_bytes }
    }
}

pub struct BodyLimitEndpoint<E> {
    inner: E,
    max_bytes: usize,
}

impl<E: Endpoint> BodyLimitEndpoint<E> {
    /// 413 in the error envelope; the rest of the body is left unread (the connection is closed after).
    fn too_large(&self) -> Response {
        let detail = format!("the request body is larger than {} bytes", self.max_bytes);
        let body = ErrorEnvelope::new("413", messages::REQUEST_TOO_LARGE, vec![detail]);
        (StatusCode::PAYLOAD_TOO_LARGE, Json(body)).into_response()
    }
}

impl<E: Endpoint> Endpoint for BodyLimitEndpoint<E> {
    type Output = Response;

    async fn call(&self, mut req: Request) -> Result<Response> {
        let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        if declared.is_some_and(|length| length > self.max_bytes as u64) {
            return Ok(self.too_large());
        }
        match req.take_body().into_bytes_limit(self.max_bytes).await {
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
