//! What a scenario did, kept for the report a failure is handed on with: the calls its steps made to its BFF
//! (method, path, status, both bodies, clipped) and its simulators' journal. Every scenario owns its BFF, so the
//! calls are filed under the BFF's address while scenarios run side by side.
use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::{LazyLock, Mutex, PoisonError},
};

use serde::Serialize;

/// The calls a scenario keeps: its last ones, where a failure is.
const KEPT_EXCHANGES: usize = 200;
/// Each body's first characters: an envelope or a small list whole, a catalogue cut short.
const BODY_CHARS: usize = 4_000;
/// The journal's last entries kept.
const KEPT_JOURNAL: usize = 200;

#[derive(Clone, Debug, Serialize)]
pub struct Exchange {
    pub method: String,
    pub path: String,
    pub status: u16,
    pub request: String,
    pub response: String,
}

static EXCHANGES: LazyLock<Mutex<HashMap<String, Vec<Exchange>>>> = LazyLock::new(Mutex::default);

fn exchanges() -> std::sync::MutexGuard<'static, HashMap<String, Vec<Exchange>>> {
    EXCHANGES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Files one call under the origin it went to.
pub fn record(url: &reqwest::Url, method: &str, status: u16, request: &[u8], response: &str) {
    let origin = url.origin().ascii_serialization();
    let path = match url.query() {
        Some(query) => format!("{}?{query}", url.path()),
        None => url.path().to_owned(),
    };
    let exchange = Exchange {
        method: method.to_owned(),
        path,
        status,
        request: clip(&String::from_utf8_lossy(request)),
        response: clip(response),
    };
    let mut held = exchanges();
    let calls = held.entry(origin).or_default();
    if calls.len() == KEPT_EXCHANGES {
        calls.remove(0);
    }
    calls.push(exchange);
}

/// The calls made to `origin` (`http://127.0.0.1:PORT`), forgotten here.
pub fn take(origin: &str) -> Vec<Exchange> {
    exchanges().remove(origin.trim_end_matches('/')).unwrap_or_default()
}

fn clip(text: &str) -> String {
    match text.char_indices().nth(BODY_CHARS) {
        Some((at, _)) => format!("{}… ({} bytes in all)", &text[..at], text.len()),
        None => text.to_owned(),
    }
}

/// One request the browser's page made, as its resource timing records it (the page's own calls to the BFF, its
/// scripts, a gateway's page): where to, by what, answered how, and when.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PageRequest {
    pub url: String,
    /// `fetch`, `script`, `navigation` …
    pub initiator: String,
    /// 0 when the request never got an answer (refused, cut, blocked).
    pub status: u16,
    /// Since the document began, in ms.
    pub start_ms: f64,
    pub duration_ms: f64,
}

/// The page's requests, read in the page: the document's navigation and every resource since the last clear.
pub const PAGE_REQUESTS_SCRIPT: &str = "return performance.getEntriesByType('navigation')\
    .concat(performance.getEntriesByType('resource')).map(e => ({ url: e.name, initiator: e.initiatorType ?? 'navigation', \
    status: e.responseStatus ?? 0, startMs: Math.round(e.startTime), durationMs: Math.round(e.duration) }));";

/// One scenario's evidence as the report reads it.
#[derive(Debug, Serialize)]
pub struct Evidence {
    pub scenario: String,
    pub exchanges: Vec<Exchange>,
    pub journal: Vec<limoo_simulators::JournalEntry>,
    /// The page as the failed step left it, beside this file.
    pub screenshot: Option<String>,
    /// What the failed step's page had asked the network for, oldest first.
    pub page_requests: Vec<PageRequest>,
}

impl Evidence {
    pub fn new(scenario: String, exchanges: Vec<Exchange>, mut journal: Vec<limoo_simulators::JournalEntry>) -> Self {
        if journal.len() > KEPT_JOURNAL {
            journal.drain(..journal.len() - KEPT_JOURNAL);
        }
        Evidence { scenario, exchanges, journal, screenshot: None, page_requests: Vec::new() }
    }
}

/// Where the evidence of the scenario `key` goes in `folder`: one name per scenario, safe on any file system.
pub fn file_stem(key: &str) -> String {
    let safe: String = key.chars().map(|c| if c.is_alphanumeric() { c } else { '_' }).collect();
    // A name's characters are kept whole: Persian letters are several bytes each.
    safe.chars().take(120).collect()
}

/// The evidence folder of a report folder.
pub fn folder(reports: &Path) -> PathBuf {
    reports.join("evidence")
}
