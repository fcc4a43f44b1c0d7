//! What the simulators remember between calls: the journal, forced scenarios, sent SMS and
//! e-mail.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::email::SentEmail;
use crate::error::SimError;
use crate::exchange::JournalEntry;
use crate::kavenegar::SentSms;
use crate::mobile;
use crate::scenario::{Gateway, Scenario};

pub(crate) struct SimState {
    pub time_scale: f64,
    pub api_keys: Vec<String>,
    next_message_id: AtomicI64,
    next_queue_id: AtomicU64,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    journal: Vec<JournalEntry>,
    forced: HashMap<Gateway, Scenario>,
    outbox: Vec<SentSms>,
    emails: Vec<SentEmail>,
}

/// Kavenegar message ids are large integers; starting high keeps ours looking like theirs.
const FIRST_MESSAGE_ID: i64 = 700_000_001;
/// SMTP queue ids are printed in hex, Postfix-style; this start keeps them ten digits long.
const FIRST_QUEUE_ID: u64 = 0x4A_0000_0001;

impl SimState {
    pub fn new(time_scale: f64, api_keys: Vec<String>) -> Self {
        SimState {
            time_scale,
            api_keys,
            next_message_id: AtomicI64::new(FIRST_MESSAGE_ID),
            next_queue_id: AtomicU64::new(FIRST_QUEUE_ID),
            inner: Mutex::default(),
        }
    }

    /// A panic while holding the lock leaves plain data behind, still fit to read and append to.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn record(&self, entry: JournalEntry) {
        self.lock().journal.push(entry);
    }

    pub fn journal(&self, gateway: Option<Gateway>) -> Vec<JournalEntry> {
        let inner = self.lock();
        let matching = inner.journal.iter().filter(|e| gateway.is_none_or(|g| e.gateway == g));
        matching.cloned().collect()
    }

    /// Replaces any scenario still waiting for that gateway.
    pub fn force(&self, gateway: Gateway, scenario: Scenario) -> Result<(), SimError> {
        if !gateway.accepts(scenario) {
            return Err(SimError::ScenarioNotForGateway { gateway, scenario });
        }
        self.lock().forced.insert(gateway, scenario);
        Ok(())
    }

    /// The forced scenario applies to one call only, so reading it removes it.
    pub fn take_forced(&self, gateway: Gateway) -> Option<Scenario> {
        self.lock().forced.remove(&gateway)
    }

    pub fn next_message_id(&self) -> i64 {
        self.next_message_id.fetch_add(1, Ordering::Relaxed)
    }

    pub fn push_sms(&self, sms: SentSms) {
        self.lock().outbox.push(sms);
    }

    pub fn find_sms(&self, messageid: i64) -> Option<SentSms> {
        self.lock().outbox.iter().find(|s| s.messageid == messageid).cloned()
    }

    /// Oldest first. `None` lists every receptor's messages.
    pub fn outbox(&self, receptor: Option<&str>) -> Vec<SentSms> {
        let wanted = receptor.map(|r| mobile::normalise(r).unwrap_or_else(|| r.trim().to_owned()));
        let inner = self.lock();
        let matching = inner.outbox.iter().filter(|s| wanted.as_ref().is_none_or(|w| &s.receptor == w));
        matching.cloned().collect()
    }

    pub fn next_queue_id(&self) -> String {
        format!("{:X}", self.next_queue_id.fetch_add(1, Ordering::Relaxed))
    }

    pub fn push_email(&self, email: SentEmail) {
        self.lock().emails.push(email);
    }

    /// Oldest first. `None` lists every message; otherwise those with `to` among their envelope
    /// recipients, compared case-insensitively.
    pub fn emails(&self, to: Option<&str>) -> Vec<SentEmail> {
        let inner = self.lock();
        inner.emails.iter().filter(|e| to.is_none_or(|to| e.is_for(to))).cloned().collect()
    }
}
