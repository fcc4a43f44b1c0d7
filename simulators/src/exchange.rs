//! One request/response exchange with a simulated gateway: the request as received, the reply
//! a gateway module decided on, and the plumbing every gateway shares (journal entry,
//! `X-Sim-Applied` header, scaled delay).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use poem::http::{Method, StatusCode};
use poem::{Body, Request, Response};
use serde::Serialize;

use crate::scenario::Gateway;
use crate::state::SimState;

/// Request header that forces a scenario for this one call.
pub const SCENARIO_HEADER: &str = "X-Sim-Scenario";
/// Response header naming the scenario that decided the reply.
pub const APPLIED_HEADER: &str = "X-Sim-Applied";

/// A call as a simulated gateway received it, and what it answered.
#[derive(Clone, Debug, Serialize)]
pub struct JournalEntry {
    /// Unix time in milliseconds when the call arrived.
    pub at_ms: u64,
    pub gateway: Gateway,
    pub method: String,
    pub path: String,
    /// Raw query string, empty when there was none.
    pub query: String,
    /// Body as text (lossy for non-UTF-8 bytes).
    pub body: String,
    /// Scenario name as sent in `X-Sim-Applied`.
    pub scenario: String,
    pub status: u16,
}

pub(crate) struct Received {
    pub at_ms: u64,
    pub method: Method,
    pub path: String,
    pub query: String,
    pub body: String,
    pub scenario_header: Option<String>,
}

impl Received {
    pub async fn read(req: &Request, body: Body) -> Self {
        // A body that cannot be read was abandoned by the client; it is journaled as empty.
        let bytes = body.into_bytes().await.unwrap_or_default();
        let scenario_header =
            req.headers().get(SCENARIO_HEADER).map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
        // `nest` strips the gateway prefix from uri(); the journal shows the full path.
        let uri = req.original_uri();
        Received {
            at_ms: now_ms(),
            method: req.method().clone(),
            path: uri.path().to_owned(),
            query: uri.query().unwrap_or_default().to_owned(),
            body: String::from_utf8_lossy(&bytes).into_owned(),
            scenario_header,
        }
    }
}

pub(crate) struct Reply {
    pub status: StatusCode,
    pub content_type: &'static str,
    pub body: String,
    pub applied: &'static str,
    /// Held back this long before answering (already scaled by SIM_TIME_SCALE).
    pub delay: Duration,
}

impl Reply {
    pub fn json(status: StatusCode, applied: &'static str, body: &serde_json::Value) -> Self {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: body.to_string(),
            applied,
            delay: Duration::ZERO,
        }
    }

    pub fn text(status: StatusCode, applied: &'static str, body: impl Into<String>) -> Self {
        Reply { status, content_type: "text/plain; charset=utf-8", body: body.into(), applied, delay: Duration::ZERO }
    }

    /// What a reverse proxy in front of a failing provider sends instead of the gateway's JSON.
    pub fn proxy_error(status: StatusCode, applied: &'static str) -> Self {
        let title = format!("{} {}", status.as_u16(), status.canonical_reason().unwrap_or_default());
        Reply {
            content_type: "text/html",
            ..Reply::text(status, applied, format!("<html><body><h1>{title}</h1></body></html>"))
        }
    }
}

/// Journals the exchange before any delay, so a client that gives up still leaves a trace.
pub(crate) async fn respond(state: &SimState, gateway: Gateway, received: Received, reply: Reply) -> Response {
    state.record(JournalEntry {
        at_ms: received.at_ms,
        gateway,
        method: received.method.to_string(),
        path: received.path,
        query: received.query,
        body: received.body,
        scenario: reply.applied.to_owned(),
        status: reply.status.as_u16(),
    });
    if !reply.delay.is_zero() {
        tokio::time::sleep(reply.delay).await;
    }
    Response::builder()
        .status(reply.status)
        .header(APPLIED_HEADER, reply.applied)
        .content_type(reply.content_type)
        .body(reply.body)
}

pub(crate) fn now_ms() -> u64 {
    let since_epoch = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since_epoch.as_millis()).unwrap_or(u64::MAX)
}
