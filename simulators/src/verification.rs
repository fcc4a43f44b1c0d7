//! `GET /_sim/requests`: what the journal holds that a QA scenario asks about. "Did the BFF call Vandar's verify
//! exactly once for this payment?" is `?gateway=vandar&path=/verify&matching=<token>&count=1`; with `waitSeconds`
//! the answer waits (bounded) until the count is reached, so a scenario never sleeps for a fixed time; `unmatched`
//! lists the calls no simulator route knew (answered 404), which usually means a wrong base address or path.
use serde::{Deserialize, Serialize};

use crate::{error::SimError, exchange::JournalEntry, scenario::Gateway};

/// Longest a request may wait for its count: a forgotten wait must not hold a connection for long.
pub const MAX_WAIT_SECONDS: u64 = 30;

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RequestQuery {
    pub gateway: Option<String>,
    /// Calls whose path contains this.
    pub path: Option<String>,
    /// Calls whose query or body contains this (a token, an amount, a mobile).
    pub matching: Option<String>,
    /// `GET`, `POST`…, any case.
    pub method: Option<String>,
    /// Only calls no route knew (answered 404).
    #[serde(default)]
    pub unmatched: bool,
    /// Also the calls the simulators made themselves (repeated callbacks, Gumroad pings); incoming only by default.
    #[serde(default)]
    pub outgoing: bool,
    /// Exactly this many, at least, at most.
    pub count: Option<usize>,
    pub at_least: Option<usize>,
    pub at_most: Option<usize>,
    /// Wait up to this long (at most [`MAX_WAIT_SECONDS`]) for the count to hold.
    pub wait_seconds: Option<u64>,
}

/// The journal entries a query selects, and whether its count holds.
#[derive(Debug, Serialize)]
pub(crate) struct Found {
    pub count: usize,
    /// The count asked for holds (true when none was asked for).
    pub satisfied: bool,
    pub requests: Vec<JournalEntry>,
}

impl RequestQuery {
    pub fn gateway(&self) -> Result<Option<Gateway>, SimError> {
        Ok(self.gateway.as_deref().map(str::parse::<Gateway>).transpose()?)
    }

    pub fn wait(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.wait_seconds.unwrap_or(0).min(MAX_WAIT_SECONDS))
    }

    fn selects(&self, entry: &JournalEntry) -> bool {
        let contains = |text: &str, part: &Option<String>| part.as_deref().is_none_or(|part| text.contains(part));
        (self.outgoing || !entry.outgoing)
            && (!self.unmatched || entry.status == 404)
            && contains(&entry.path, &self.path)
            && (self.matching.is_none()
                || contains(&entry.query, &self.matching)
                || contains(&entry.body, &self.matching))
            && self.method.as_deref().is_none_or(|method| entry.method.eq_ignore_ascii_case(method))
    }

    fn holds(&self, count: usize) -> bool {
        self.count.is_none_or(|n| count == n)
            && self.at_least.is_none_or(|n| count >= n)
            && self.at_most.is_none_or(|n| count <= n)
    }

    /// What `journal` (one gateway's or all) holds for this query.
    pub fn find(&self, journal: Vec<JournalEntry>) -> Found {
        let requests: Vec<JournalEntry> = journal.into_iter().filter(|entry| self.selects(entry)).collect();
        Found { count: requests.len(), satisfied: self.holds(requests.len()), requests }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(path: &str, body: &str, status: u16, outgoing: bool) -> JournalEntry {
        JournalEntry {
            at_ms: 0,
            gateway: Gateway::Vandar,
            method: "POST".into(),
            path: path.into(),
            query: String::new(),
            body: body.into(),
            scenario: "success".into(),
            status,
            outgoing,
        }
    }

    fn journal() -> Vec<JournalEntry> {
        vec![
            entry("/vandar/api/v4/send", "amount=3900000", 200, false),
            entry("/vandar/api/v4/verify", "token=A", 200, false),
            entry("/vandar/api/v4/verify", "token=B", 200, false),
            entry("http://shop/callback", "token=A", 200, true),
            entry("/vandar/api/v9/nothing", "", 404, false),
        ]
    }

    #[test]
    fn a_payment_s_verify_calls_are_counted_by_path_and_token() {
        let once = RequestQuery {
            path: Some("/verify".into()),
            matching: Some("token=A".into()),
            count: Some(1),
            ..Default::default()
        };
        let found = once.find(journal());
        assert_eq!((found.count, found.satisfied), (1, true), "the simulator's own callback is not counted");
        let twice = RequestQuery { path: Some("/verify".into()), count: Some(1), ..Default::default() };
        assert!(!twice.find(journal()).satisfied, "two verifies, one expected");
        let bounded =
            RequestQuery { path: Some("/verify".into()), at_least: Some(1), at_most: Some(2), ..Default::default() };
        assert!(bounded.find(journal()).satisfied);
    }

    #[test]
    fn unmatched_lists_the_calls_no_route_knew_and_outgoing_adds_the_simulators_own() {
        let unmatched = RequestQuery { unmatched: true, ..Default::default() };
        assert_eq!(unmatched.find(journal()).requests[0].path, "/vandar/api/v9/nothing");
        let with_own = RequestQuery { matching: Some("token=A".into()), outgoing: true, ..Default::default() };
        assert_eq!(with_own.find(journal()).count, 2);
        let waits = RequestQuery { wait_seconds: Some(3600), ..Default::default() };
        assert_eq!(waits.wait(), std::time::Duration::from_secs(MAX_WAIT_SECONDS));
    }
}
