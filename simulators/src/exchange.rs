//! One request/response exchange with a simulated gateway: the request as received, the reply
//! a gateway module decided on, and the plumbing every gateway shares (journal entry,
//! `X-Sim-Applied` header, scaled delay).

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use poem::http::{Method, StatusCode};
use poem::{Body, Endpoint, Request, Response};
use serde::Serialize;

use crate::faults::FaultKind;
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
    /// A call the simulator made itself (a repeated callback, a Gumroad ping): `path` then holds
    /// the whole URL called and `status` the merchant's answer (0 when it could not be reached).
    pub outgoing: bool,
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
    /// The journal's record of this call, answered `status` under `applied`.
    fn journaled(self, gateway: Gateway, applied: &str, status: u16) -> JournalEntry {
        JournalEntry {
            at_ms: self.at_ms,
            gateway,
            method: self.method.to_string(),
            path: self.path,
            query: self.query,
            body: self.body,
            scenario: applied.to_owned(),
            status,
            outgoing: false,
        }
    }

    /// The request's query and body, as a scoped forcing's `matching` text is looked for in them.
    pub fn request_text(&self) -> String {
        format!("{}\n{}", self.query, self.body)
    }

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
    /// Headers beyond Content-Type and X-Sim-Applied (a redirect's Location).
    pub headers: Vec<(&'static str, String)>,
}

impl Reply {
    pub fn json(status: StatusCode, applied: &'static str, body: &serde_json::Value) -> Self {
        Reply { content_type: "application/json; charset=utf-8", ..Reply::text(status, applied, body.to_string()) }
    }

    pub fn text(status: StatusCode, applied: &'static str, body: impl Into<String>) -> Self {
        Reply {
            status,
            content_type: "text/plain; charset=utf-8",
            body: body.into(),
            applied,
            delay: Duration::ZERO,
            headers: Vec::new(),
        }
    }

    pub fn html(status: StatusCode, applied: &'static str, body: String) -> Self {
        Reply { content_type: "text/html; charset=utf-8", ..Reply::text(status, applied, body) }
    }

    /// 303, so the browser follows with a GET whatever method brought it here.
    pub fn see_other(applied: &'static str, location: String) -> Self {
        let mut reply = Reply::text(StatusCode::SEE_OTHER, applied, String::new());
        reply.headers.push(("Location", location));
        reply
    }

    /// The same answer cut off halfway, as a dropped connection behind a proxy leaves it: the
    /// status and headers still say success, the body no longer parses.
    pub fn cut_short(mut self) -> Self {
        let half = self.body.char_indices().map(|(i, _)| i).nth(self.body.chars().count() / 2).unwrap_or(0);
        self.body.truncate(half);
        self
    }

    pub fn delayed(self, delay: Duration) -> Self {
        Reply { delay, ..self }
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
pub(crate) async fn respond(state: &SimState, gateway: Gateway, received: Received, mut reply: Reply) -> Response {
    // A network fault strikes after the gateway acted: the call took effect, and its answer is late, never comes or
    // is cut off, which is what leaves a merchant unsure.
    let fault = state.fault_for(gateway, &received.request_text());
    match fault {
        Some(FaultKind::Cut) => return cut_off(state, gateway, received),
        Some(FaultKind::Stall) => tokio::time::sleep(crate::faults::STALL).await,
        Some(FaultKind::Latency { ms }) => tokio::time::sleep(Duration::from_millis(ms)).await,
        None => {}
    }
    if let Some(fault) = fault {
        reply.applied = fault.applied();
    }
    state.record(received.journaled(gateway, reply.applied, reply.status.as_u16()));
    if !reply.delay.is_zero() {
        tokio::time::sleep(reply.delay).await;
    }
    let builder = Response::builder().status(reply.status).header(APPLIED_HEADER, reply.applied);
    let builder = reply.headers.into_iter().fold(builder, |b, (name, value)| b.header(name, value));
    builder.content_type(reply.content_type).body(reply.body)
}

/// One call as a gateway module sees it.
pub(crate) struct Call<'a> {
    pub state: &'a Arc<SimState>,
    pub req: &'a Request,
    pub received: &'a Received,
}

impl Call<'_> {
    /// A path parameter of the route (`:token`); empty when the route has none by that name.
    pub fn path_param(&self, name: &str) -> &str {
        self.req.raw_path_param(name).unwrap_or_default()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::trim)
    }

    /// `http://host:port` as the caller reached us, for URLs handed to browsers (a simulator
    /// bound to 0.0.0.0 is still reached under a usable name).
    pub fn origin(&self) -> String {
        match self.header("host") {
            Some(host) if !host.is_empty() => format!("http://{host}"),
            _ => self.state.base_url.clone(),
        }
    }
}

/// A route answered by `decide`, with the journal and `X-Sim-Applied` handled here.
pub(crate) fn endpoint(gateway: Gateway, decide: fn(&Call<'_>) -> Reply) -> impl Endpoint<Output = Response> {
    poem::endpoint::make(move |mut req: Request| async move {
        let body = req.take_body();
        let received = Received::read(&req, body).await;
        let Some(state) = req.data::<Arc<SimState>>().cloned() else {
            return Response::builder().status(StatusCode::INTERNAL_SERVER_ERROR).body("simulator state missing");
        };
        let reply = decide(&Call { state: &state, req: &req, received: &received });
        respond(&state, gateway, received, reply).await
    })
}

/// A cut fault: the call is journaled (status 0) and its answer is the first byte of a JSON body, nothing more.
fn cut_off(state: &SimState, gateway: Gateway, received: Received) -> Response {
    state.record(received.journaled(gateway, FaultKind::Cut.applied(), 0));
    Response::builder().status(StatusCode::OK).header(APPLIED_HEADER, FaultKind::Cut.applied()).body("{")
}

pub(crate) fn now_ms() -> u64 {
    let since_epoch = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    u64::try_from(since_epoch.as_millis()).unwrap_or(u64::MAX)
}
