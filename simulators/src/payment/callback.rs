//! The gateway's answer to the merchant after the hosted page: the customer's browser brings it
//! (a redirect with query fields, or a page that form-POSTs them), and in the double-callback
//! scenario the simulator delivers it once more by itself.

use std::sync::Arc;
use std::time::Duration;

use poem::http::StatusCode;

use crate::exchange::{self, JournalEntry, Reply};
use crate::payment::page::{self, Lang};
use crate::payment::wire;
use crate::scenario::Gateway;
use crate::state::SimState;

/// How the browser carries the callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Via {
    /// GET with the fields in the query string.
    Redirect,
    /// application/x-www-form-urlencoded POST from an auto-submitting form.
    FormPost,
}

#[derive(Clone, Debug)]
pub(crate) struct Callback {
    pub url: String,
    pub via: Via,
    pub fields: Vec<(String, String)>,
}

/// The double-callback scenario's second delivery comes this long after the first, before
/// SIM_TIME_SCALE (gateways.md §8).
pub(crate) const REPEAT_AFTER: Duration = Duration::from_secs(2);

impl Callback {
    pub fn new(url: &str, via: Via, fields: &[(&str, String)]) -> Self {
        let fields = fields.iter().map(|(name, value)| ((*name).to_owned(), value.clone())).collect();
        Callback { url: url.to_owned(), via, fields }
    }

    /// What the customer's browser is sent on its way with.
    pub fn to_browser(&self, applied: &'static str, lang: Lang) -> Reply {
        match self.via {
            Via::Redirect => Reply::see_other(applied, wire::with_query(&self.url, &self.fields)),
            Via::FormPost => Reply::html(StatusCode::OK, applied, page::auto_post(lang, &self.url, &self.fields)),
        }
    }

    /// Delivers this callback again from the simulator, `REPEAT_AFTER` (scaled) from now.
    pub fn repeat_later(self, state: &Arc<SimState>, gateway: Gateway, applied: &'static str) {
        let state = state.clone();
        tokio::spawn(async move {
            tokio::time::sleep(state.scaled(REPEAT_AFTER)).await;
            self.deliver(&state, gateway, applied).await;
        });
    }

    /// Delivers this callback from the simulator itself, as the browser would have; the merchant's status (0 when
    /// it could not be reached).
    pub async fn deliver(&self, state: &SimState, gateway: Gateway, applied: &'static str) -> u16 {
        let (url, form) = match self.via {
            Via::Redirect => (wire::with_query(&self.url, &self.fields), None),
            Via::FormPost => (self.url.clone(), Some(self.fields.as_slice())),
        };
        send(state, gateway, applied, &url, form).await.map_or(0, |(status, _)| status)
    }
}

/// A call the simulator makes to the merchant: GET `url`, or POST `form` urlencoded to it.
/// Journaled as outgoing with the merchant's status (0 when unreachable); returns the answer.
pub(crate) async fn send(
    state: &SimState,
    gateway: Gateway,
    applied: &'static str,
    url: &str,
    form: Option<&[(String, String)]>,
) -> Option<(u16, String)> {
    let at_ms = exchange::now_ms();
    let request = match form {
        Some(fields) => state.http.post(url).form(fields),
        None => state.http.get(url),
    };
    let request = request.header(exchange::APPLIED_HEADER, applied);
    let answer = match request.send().await {
        Ok(response) => {
            let status = response.status().as_u16();
            // A body that cannot be read still leaves the status as the merchant's answer.
            Some((status, response.text().await.unwrap_or_default()))
        }
        Err(_) => None,
    };
    let body = form.map(|fields| serde_urlencoded::to_string(fields).unwrap_or_default()).unwrap_or_default();
    state.record(JournalEntry {
        at_ms,
        gateway,
        method: if form.is_some() { "POST" } else { "GET" }.to_owned(),
        path: url.to_owned(),
        query: String::new(),
        body,
        scenario: applied.to_owned(),
        status: answer.as_ref().map_or(0, |(status, _)| *status),
        outgoing: true,
    });
    answer
}
