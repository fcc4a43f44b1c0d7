//! The error body every failing call returns: `{ "err": { "code", "message", "details": { "messages" }, "reason"? } }`.
use std::cell::Cell;

use poem::{Error, IntoResponse, Response, http::StatusCode, web::Json as PoemJson};
use poem_openapi::{ApiResponse, Object, payload::Json};

use crate::{limits, messages, store, telemetry::Bounded, throttle::Throttled};

#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorDetails {
    /// Human-readable details, Persian where shown to customers.
    pub messages: Vec<String>,
}

#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorBody {
    /// The HTTP status as text ("400", "401", "409" …) or a named code such as `PROFILE_NUMBER_NOT_FOUND`.
    pub code: String,
    /// The Persian message the screens show.
    pub message: String,
    pub details: ErrorDetails,
    /// Why, where a screen tells the cases of one code apart, e.g. `CODE_EXPIRED` under the sign-in code "400".
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// In how many seconds the refused call may be made again, where the refusal says (a sign-in code asked for
    /// again too soon): a countdown shows the real wait.
    #[oai(rename = "retryAfterSeconds", skip_serializing_if_is_none)]
    #[serde(rename = "retryAfterSeconds", skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<i64>,
}

#[derive(Debug, Clone, Object, serde::Serialize)]
pub struct ErrorEnvelope {
    pub err: ErrorBody,
}

impl ErrorEnvelope {
    /// The details are bounded (`limits::bounded_lines`): a line that repeats a huge input is clipped.
    pub fn new(code: impl Into<String>, message: impl Into<String>, details: Vec<String>) -> Self {
        let messages = limits::bounded_lines(details);
        ErrorEnvelope {
            err: ErrorBody {
                code: code.into(),
                message: message.into(),
                details: ErrorDetails { messages },
                reason: None,
                retry_after_seconds: None,
            },
        }
    }

    /// The same failure naming its reason.
    pub fn with_reason(mut self, reason: &str) -> Self {
        self.err.reason = Some(reason.to_owned());
        self
    }

    /// The same failure saying in how many seconds to try again.
    pub fn with_retry_after(mut self, seconds: i64) -> Self {
        self.err.retry_after_seconds = Some(seconds);
        self
    }

    /// An unexpected failure: logs the cause chain (bounded, with the first backtrace frames), answers with the
    /// generic message only.
    pub fn internal(error: &anyhow::Error) -> Self {
        tracing::error!(error = %Bounded(error), "unexpected failure");
        note_unavailability(error);
        ErrorEnvelope::new("500", messages::INTERNAL, Vec::new())
    }
}

tokio::task_local! {
    /// Set while a request is answered when one of its failures was the database's unavailability.
    static UNAVAILABLE: Cell<bool>;
}

/// Remembers, for the request being answered, that `error` was the database not answering.
pub fn note_unavailability(error: &anyhow::Error) {
    if store::is_unavailable(error) {
        let _ = UNAVAILABLE.try_with(|seen| seen.set(true));
    }
}

/// Runs `answer` and tells whether one of its unexpected failures was the database not answering.
pub async fn noting_unavailability<T>(answer: impl Future<Output = T>) -> (T, bool) {
    UNAVAILABLE
        .scope(Cell::new(false), async {
            let answered = answer.await;
            (answered, UNAVAILABLE.with(Cell::get))
        })
        .await
}

/// Failures of a signed-in customer's calls that refuse nothing else: the sign-in, or an unexpected failure.
#[derive(ApiResponse, Debug)]
pub enum CustomerCallFailure {
    /// Missing, expired or invalid bearer token: refresh it and retry once.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl AreaFailure for CustomerCallFailure {
    fn with_status(status: u16, body: Json<ErrorEnvelope>) -> Self {
        match status {
            401 => CustomerCallFailure::Unauthorized(body),
            _ => CustomerCallFailure::Internal(body),
        }
    }
}

/// Declares an area's failure enum: its 400 variant first (it also answers any status the area does not declare),
/// then one variant per other status, each with its docs (the area's part of the spec). Generates the
/// [`AreaFailure`] mapping and `From<anyhow::Error>` as the unexpected 500. `handler` is the enum's `malformed`
/// as text: poem-openapi reads the bad-request handler from a string literal.
macro_rules! area_failure {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident (handler = $handler:literal) {
            $(#[$bad_meta:meta])* 400 => $bad:ident,
            $($(#[$variant_meta:meta])* $status:literal => $variant:ident,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(poem_openapi::ApiResponse, Debug)]
        #[oai(bad_request_handler = $handler)]
        $vis enum $name {
            $(#[$bad_meta])*
            #[oai(status = 400)]
            $bad(poem_openapi::payload::Json<$crate::api::error::ErrorEnvelope>),
            $(
                $(#[$variant_meta])*
                #[oai(status = $status)]
                $variant(poem_openapi::payload::Json<$crate::api::error::ErrorEnvelope>),
            )*
        }

        impl $crate::api::error::AreaFailure for $name {
            fn with_status(status: u16, body: poem_openapi::payload::Json<$crate::api::error::ErrorEnvelope>) -> Self {
                match status {
                    $($status => $name::$variant(body),)*
                    _ => $name::$bad(body),
                }
            }
        }

        impl From<anyhow::Error> for $name {
            fn from(error: anyhow::Error) -> Self {
                <$name as $crate::api::error::AreaFailure>::unexpected(&error)
            }
        }
    };
}
pub(crate) use area_failure;

/// An area's failure enum, seen by status. Each area keeps its own enum (the variants' docs are its part
/// of the spec) and says once which variant answers a status; the envelopes are built here.
pub trait AreaFailure: Sized {
    /// The variant that answers `status`, holding `body`.
    fn with_status(status: u16, body: Json<ErrorEnvelope>) -> Self;

    /// A failure with its Persian message and one detail line; `err.code` is the status as text.
    fn status(status: u16, message: &str, detail: impl ToString) -> Self {
        let body = ErrorEnvelope::new(status.to_string(), message, vec![detail.to_string()]);
        Self::with_status(status, Json(body))
    }

    /// A failure whose `err.code` names the case (`USED_CODE`, `PROFILE_NOT_FOUND` …) rather than the status.
    fn named(status: u16, code: &str, message: &str, details: Vec<String>) -> Self {
        Self::with_status(status, Json(ErrorEnvelope::new(code, message, details)))
    }

    fn bad_request(message: &str, detail: impl ToString) -> Self {
        Self::status(400, message, detail)
    }

    /// 429: this kind of call came too often from the caller's address, or from everyone ([`crate::throttle`]).
    fn throttled(refused: Throttled) -> Self {
        Self::status(429, messages::TOO_MANY_REQUESTS, refused)
    }

    /// A body or parameter poem could not read: the area's `bad_request_handler`.
    fn malformed(error: poem::Error) -> Self {
        Self::bad_request(messages::BAD_REQUEST, error)
    }

    /// An unexpected failure: the cause chain logged, the generic message answered.
    fn unexpected(error: &anyhow::Error) -> Self {
        Self::with_status(500, Json(ErrorEnvelope::internal(error)))
    }
}

/// Turns any framework error (unknown route, wrong method, unreadable body or parameter, missing
/// bearer token) into the same envelope, so no client ever sees a bare text body. Errors that already
/// carry a JSON body (an area's typed error answered through `Result`) pass through unchanged.
pub async fn framework_error(error: Error) -> Response {
    let description = error.to_string();
    let status = error.status();
    let response = error.into_response();
    let is_json = response
        .headers()
        .get(poem::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    let code = status.as_u16();
    let details = if status.is_server_error() {
        tracing::error!(error = %limits::clip(&description, limits::MAX_DETAIL_CHARS * 8), "request failed");
        Vec::new()
    } else {
        vec![description]
    };
    let body = ErrorEnvelope::new(code.to_string(), messages::for_status(code), details);
    (if status.is_success() { StatusCode::INTERNAL_SERVER_ERROR } else { status }, PoemJson(body)).into_response()
}

/// A handler that panicked: logged with what it said, answered like any other server error instead of
/// a dropped connection.
pub fn panic_response(panic: Box<dyn std::any::Any + Send>) -> Response {
    let said = panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    tracing::error!(panic = %limits::clip(&said, limits::MAX_DETAIL_CHARS * 8), "request handler panicked");
    let code = StatusCode::INTERNAL_SERVER_ERROR;
    let body = ErrorEnvelope::new(code.as_u16().to_string(), messages::for_status(code.as_u16()), Vec::new());
    (code, PoemJson(body)).into_response()
}
