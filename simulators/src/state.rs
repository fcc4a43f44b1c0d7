//! What the simulators remember between calls: the journal, forced scenarios, sent SMS and
//! e-mail, payments and the credentials and subscriptions that go with them.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::SimConfig;
use crate::bounded::{Bounded, Counts};
use crate::clock::SimClock;
use crate::email::SentEmail;
use crate::error::SimError;
use crate::exchange::JournalEntry;
use crate::faults::{ArmedFault, FaultKind, Faults};
use crate::forcing::{Armed, Forcings, Scope};
use crate::gumroad::Subscription;
use crate::kavenegar::SentSms;
use crate::mobile;
use crate::payment::Payment;
use crate::scenario::{Gateway, Scenario};

pub(crate) struct SimState {
    pub time_scale: f64,
    pub api_keys: Vec<String>,
    /// How long SnappPay, Digipay and Tara keep a token and wait for verify (unscaled).
    pub payment_window: Duration,
    /// `http://addr:port` of the HTTP server, for URLs when a request carries no Host.
    pub base_url: String,
    /// For the calls the simulator makes itself: repeated callbacks and Gumroad pings.
    pub http: reqwest::Client,
    /// The gateways' time, which `POST /_sim/clock` moves forward.
    pub clock: SimClock,
    next_message_id: AtomicI64,
    next_queue_id: AtomicU64,
    next_number: AtomicU64,
    /// Each record list keeps this many newest entries.
    max_records: usize,
    inner: Mutex<Inner>,
}

struct Inner {
    journal: Bounded<JournalEntry>,
    forced: Forcings,
    faults: Faults,
    outbox: Bounded<SentSms>,
    emails: Bounded<SentEmail>,
    payments: Bounded<Payment>,
    /// Expired tokens are let go whenever a new one is issued.
    access_tokens: Vec<AccessToken>,
    subscriptions: Vec<Subscription>,
}

impl Inner {
    fn new(max_records: usize) -> Self {
        Inner {
            journal: Bounded::new(max_records),
            forced: Forcings::default(),
            faults: Faults::default(),
            outbox: Bounded::new(max_records),
            emails: Bounded::new(max_records),
            payments: Bounded::new(max_records),
            access_tokens: Vec::new(),
            subscriptions: Vec::new(),
        }
    }
}

/// What each record list holds and let go (`SIM_MAX_RECORDS`).
#[derive(Serialize)]
pub struct RecordCounts {
    pub journal: Counts,
    pub sms: Counts,
    pub emails: Counts,
    pub payments: Counts,
}

/// A bearer token one gateway's OAuth endpoint issued.
struct AccessToken {
    gateway: Gateway,
    token: String,
    expires: Instant,
}

/// Kavenegar message ids are large integers; starting high keeps ours looking like theirs.
const FIRST_MESSAGE_ID: i64 = 700_000_001;
/// SMTP queue ids are printed in hex, Postfix-style; this start keeps them ten digits long.
const FIRST_QUEUE_ID: u64 = 0x4A_0000_0001;
/// Payment reference numbers (refId, transId, trackingCode …): ten digits, like the real ones.
const FIRST_NUMBER: u64 = 2_045_000_001;
/// Callbacks and pings wait this long for the merchant before giving up.
const OUTGOING_TIMEOUT: Duration = Duration::from_secs(10);

impl SimState {
    pub fn new(config: &SimConfig, base_url: String) -> anyhow::Result<Self> {
        let http =
            reqwest::Client::builder().timeout(OUTGOING_TIMEOUT).redirect(reqwest::redirect::Policy::none()).build()?;
        Ok(SimState {
            time_scale: config.time_scale,
            api_keys: config.api_keys.clone(),
            payment_window: config.payment_window,
            base_url,
            http,
            clock: SimClock::default(),
            next_message_id: AtomicI64::new(FIRST_MESSAGE_ID),
            next_queue_id: AtomicU64::new(FIRST_QUEUE_ID),
            next_number: AtomicU64::new(FIRST_NUMBER),
            max_records: config.max_records,
            inner: Mutex::new(Inner::new(config.max_records)),
        })
    }

    /// A real-world duration as this simulator runs it (SIM_TIME_SCALE).
    pub fn scaled(&self, real: Duration) -> Duration {
        real.mul_f64(self.time_scale)
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

    /// Arms `scenario` for the gateway's next fitting call, whoever makes it, replacing any such one still armed.
    pub fn force(&self, gateway: Gateway, scenario: Scenario) -> Result<(), SimError> {
        self.force_scoped(gateway, scenario, Scope::once()).map(|_| ())
    }

    /// Arms `scenario` for the calls `scope` names (see [`crate::forcing`]); answers the forcing's id.
    pub fn force_scoped(&self, gateway: Gateway, scenario: Scenario, scope: Scope) -> Result<u64, SimError> {
        self.lock().forced.arm(gateway, scenario, scope, Instant::now())
    }

    /// The unscoped scenario the gateway's next call would take.
    pub fn forced(&self, gateway: Gateway) -> Option<Scenario> {
        self.lock().forced.next_unscoped(gateway, Instant::now())
    }

    /// Every forcing still armed, on one gateway or on all.
    pub fn armed(&self, gateway: Option<Gateway>) -> Vec<Armed> {
        self.lock().forced.list(gateway, Instant::now())
    }

    /// Arms a network fault on `gateway`'s calls (see [`crate::faults`]); answers its id.
    pub fn arm_fault(&self, gateway: Gateway, kind: FaultKind, scope: Scope, percent: u8) -> Result<u64, SimError> {
        self.lock().faults.arm(gateway, kind, scope, percent, Instant::now())
    }

    /// The fault this call of `gateway` meets, if any.
    pub fn fault_for(&self, gateway: Gateway, request: &str) -> Option<FaultKind> {
        self.lock().faults.hit(gateway, request, Instant::now())
    }

    pub fn faults(&self) -> Vec<ArmedFault> {
        self.lock().faults.list(Instant::now())
    }

    pub fn clear_faults(&self, gateway: Option<Gateway>, id: Option<u64>) -> usize {
        self.lock().faults.clear(gateway, id)
    }

    /// Clears what is forced on `gateway` (every gateway without one), or only the forcing `id`; answers how many.
    pub fn clear_forced(&self, gateway: Option<Gateway>, id: Option<u64>) -> usize {
        self.lock().forced.clear(gateway, id)
    }

    /// Forgets every journal entry, message, payment, token, subscription and forced scenario: a clean
    /// simulator on the same address. Numbers keep counting, so no reference is ever issued twice.
    pub fn reset(&self) {
        *self.lock() = Inner::new(self.max_records);
    }

    pub fn record_counts(&self) -> RecordCounts {
        let inner = self.lock();
        RecordCounts {
            journal: inner.journal.counts(),
            sms: inner.outbox.counts(),
            emails: inner.emails.counts(),
            payments: inner.payments.counts(),
        }
    }

    /// The forced scenario a call of `gateway` whose request reads `request` (its query and body) takes, when one
    /// is armed for it and this kind of call can act on it; otherwise it stays armed for a later call (a
    /// verify-fails forced before the eligibility check waits for verify).
    pub fn take_forced(&self, gateway: Gateway, request: &str, fits: impl Fn(Scenario) -> bool) -> Option<Scenario> {
        self.lock().forced.take(gateway, request, Instant::now(), fits)
    }

    /// Payment references and other numeric ids, unique across gateways.
    pub fn next_number(&self) -> u64 {
        self.next_number.fetch_add(1, Ordering::Relaxed)
    }

    pub fn insert_payment(&self, payment: Payment) {
        self.lock().payments.push(payment);
    }

    /// Runs `f` on the newest payment of `gateway` that `matches`, after bringing its deadlines
    /// up to date; `None` when there is none.
    pub fn with_payment<R>(
        &self,
        gateway: Gateway,
        matches: impl Fn(&Payment) -> bool,
        f: impl FnOnce(&mut Payment) -> R,
    ) -> Option<R> {
        let mut inner = self.lock();
        let payment = inner.payments.iter_mut().rev().find(|p| p.gateway == gateway && matches(p))?;
        payment.refresh(self.clock.now());
        Some(f(payment))
    }

    /// Every payment (of one gateway, or all), deadlines brought up to date, oldest first.
    pub fn payments<R>(&self, gateway: Option<Gateway>, view: impl Fn(&Payment) -> R) -> Vec<R> {
        let mut inner = self.lock();
        let now = self.clock.now();
        let matching = inner.payments.iter_mut().filter(|p| gateway.is_none_or(|g| p.gateway == g));
        matching
            .map(|p| {
                p.refresh(now);
                view(p)
            })
            .collect()
    }

    pub fn issue_access_token(&self, gateway: Gateway, token: String, lifetime: Duration) {
        let now = self.clock.now().at;
        let mut inner = self.lock();
        inner.access_tokens.retain(|t| t.expires > now);
        inner.access_tokens.push(AccessToken { gateway, token, expires: now + lifetime });
    }

    pub fn access_token_valid(&self, gateway: Gateway, token: &str) -> bool {
        let now = self.clock.now().at;
        self.lock().access_tokens.iter().any(|t| t.gateway == gateway && t.token == token && t.expires > now)
    }

    /// Subscribing the same URL to the same resource twice keeps one subscription.
    pub fn subscribe(&self, subscription: Subscription) -> Subscription {
        let mut inner = self.lock();
        let existing = inner
            .subscriptions
            .iter()
            .find(|s| s.resource_name == subscription.resource_name && s.post_url == subscription.post_url);
        if let Some(existing) = existing {
            return existing.clone();
        }
        inner.subscriptions.push(subscription.clone());
        subscription
    }

    pub fn subscriptions(&self, resource_name: &str) -> Vec<Subscription> {
        let inner = self.lock();
        inner.subscriptions.iter().filter(|s| s.resource_name == resource_name).cloned().collect()
    }

    pub fn unsubscribe(&self, id: &str) -> bool {
        let mut inner = self.lock();
        let before = inner.subscriptions.len();
        inner.subscriptions.retain(|s| s.id != id);
        inner.subscriptions.len() != before
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
