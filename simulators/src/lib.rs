//! Local simulators of Limoo's external gateways, for development, tests and e2e runs.
//!
//! One poem server hosts every simulated HTTP gateway under its own prefix (`/kavenegar`,
//! `/payping`, `/vandar`, `/snapppay`, `/digipay`, `/tara`, `/saman`, `/gumroad`) plus the
//! control endpoints under `/_sim`; an SMTP sink on its own port stands in for the e-mail
//! provider ([`SimHandle::smtp_addr`]). Each gateway speaks its real protocol (gateways.md), so a
//! client written from that gateway's documentation works by changing only its base URL
//! ([`SimHandle::base_url_of`]). Outcomes follow the magic test values of gateways.md §8 (see
//! [`test_values`]) or a scenario forced through [`SimHandle::force`] / `X-Sim-Scenario`; every
//! answer names the scenario that decided it in `X-Sim-Applied`.
//!
//! Payment gateways serve a hosted page with four buttons (pay, cancel, decline, let expire);
//! "pay" does what the payment's scenario says. [`browser`] presses them for tests that have no
//! real browser. A forced payment scenario waits for the first call that can act on it: a
//! create call takes any; SnappPay's eligibility check takes `ineligible`/`invalid-mobile`;
//! calls on an existing payment (verify, inquiry …) take `verify-fails`, `verify-slow`,
//! `processing`, `amount-mismatch` and `malformed-body`.
//!
//! Money is handled as the gateways handle it, so a merchant's money safety can be tested here: a
//! verify or inquiry answer names the payment's own merchant reference and amount as recorded at
//! creation, never what the request claims; a payment nobody verifies is given back when the
//! gateway's window ends (not a Gumroad sale, which stays paid until refunded); refunds and reverses
//! are refused, definitively, when the gateway would refuse them (twice, beyond what was paid, before
//! verify). [`SimHandle::ledger`] (`GET /_sim/ledger`) lists every payment with where its money is:
//! pending, taken, kept or returned.

mod bounded;
pub mod browser;
mod clock;
mod control;
mod control_spec;
mod dashboard;
mod digipay;
mod email;
mod error;
mod exchange;
pub mod faults;
pub mod forcing;
mod gumroad;
mod kavenegar;
mod ledger;
pub mod mobile;
mod payment;
mod payping;
mod saman;
mod scenario;
mod snapppay;
mod state;
mod tara;
pub mod test_values;
mod vandar;
mod verification;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use poem::listener::{Acceptor as _, Listener as _, TcpListener};
use poem::{EndpointExt as _, Route, Server};
use tokio::sync::watch;

pub use email::SentEmail;
pub use error::SimError;
pub use exchange::{APPLIED_HEADER, JournalEntry, SCENARIO_HEADER};
pub use kavenegar::SentSms;
pub use ledger::{LedgerEntry, LedgerRefund, Money};
pub use payment::{PageAction, SimPayment};
pub use scenario::{AmountScenario, EmailScenario, Gateway, PaymentScenario, Scenario, SmsScenario};

use state::SimState;

#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Port 0 picks a free port; [`SimHandle::base_url`] tells which.
    pub bind: SocketAddr,
    /// Where the SMTP sink listens; port 0 picks a free port ([`SimHandle::smtp_addr`]).
    pub smtp_bind: SocketAddr,
    /// Multiplies long waits (Kavenegar's 60 s silence, payment deadlines, slow verifies): SIM_TIME_SCALE.
    pub time_scale: f64,
    /// Kavenegar API keys that are accepted; `sim-disabled` always means a disabled account.
    pub api_keys: Vec<String>,
    /// How long SnappPay, Digipay and Tara keep a payment page open and then wait for verify,
    /// which they do not publish (before time scale): SIM_PAYMENT_WINDOW_SECS.
    pub payment_window: Duration,
    /// How many entries the journal, the SMS and e-mail outboxes and the payments each keep, newest first
    /// (SIM_MAX_RECORDS): memory stays bounded however many requests come; `/_sim/health` counts what went.
    pub max_records: usize,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            bind: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            smtp_bind: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            time_scale: 1.0,
            api_keys: vec!["sim-key".to_owned()],
            payment_window: Duration::from_secs(20 * 60),
            max_records: 10_000,
        }
    }
}

/// A running simulator. Clones share the server; it stops on [`SimHandle::shutdown`] or when
/// the tokio runtime that spawned it ends.
#[derive(Clone)]
pub struct SimHandle {
    addr: SocketAddr,
    base_url: String,
    smtp_addr: SocketAddr,
    state: Arc<SimState>,
    stop: Arc<watch::Sender<bool>>,
}

impl std::fmt::Debug for SimHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SimHandle")
            .field("base_url", &self.base_url)
            .field("smtp_addr", &self.smtp_addr)
            .finish_non_exhaustive()
    }
}

/// Binds before returning, so the simulator accepts connections as soon as this resolves.
pub async fn spawn(config: SimConfig) -> anyhow::Result<SimHandle> {
    anyhow::ensure!(
        config.time_scale.is_finite() && config.time_scale >= 0.0,
        "time_scale must be a finite number ≥ 0, got {}",
        config.time_scale
    );
    let acceptor = TcpListener::bind(config.bind)
        .into_acceptor()
        .await
        .with_context(|| format!("binding the simulators to {}", config.bind))?;
    let addr = acceptor
        .local_addr()
        .iter()
        .find_map(|a| a.as_socket_addr().copied())
        .context("the simulators' listener has no TCP address")?;
    let smtp = tokio::net::TcpListener::bind(config.smtp_bind)
        .await
        .with_context(|| format!("binding the SMTP sink to {}", config.smtp_bind))?;
    let smtp_addr = smtp.local_addr().context("the SMTP sink's listener has no address")?;

    let base_url = format!("http://{addr}");
    let state = Arc::new(SimState::new(&config, base_url.clone())?);
    let app = Route::new()
        .nest("/kavenegar", kavenegar::routes())
        .nest("/payping", payping::routes())
        .nest("/vandar", vandar::routes())
        .nest("/snapppay", snapppay::routes())
        .nest("/digipay", digipay::routes())
        .nest("/tara", tara::routes())
        .nest("/saman", saman::routes())
        .nest("/gumroad", gumroad::routes())
        .nest("/_sim", control::routes())
        .data(state.clone());
    // A watch rather than a Notify: both servers and every SMTP session wait on it.
    let (stop, stop_rx) = watch::channel(false);
    let stopped = {
        let mut stop_rx = stop_rx.clone();
        async move { email::stopped(&mut stop_rx).await }
    };
    tokio::spawn(email::serve(smtp, state.clone(), stop_rx));
    tokio::spawn(async move {
        // Held-back replies (no-answer) must not keep a stopping simulator alive.
        let grace = Some(Duration::from_secs(1));
        if let Err(e) = Server::new_with_acceptor(acceptor).run_with_graceful_shutdown(app, stopped, grace).await {
            eprintln!("simulators: server failed: {e}");
        }
    });
    Ok(SimHandle { addr, base_url, smtp_addr, state, stop: Arc::new(stop) })
}

impl SimHandle {
    /// Where the HTTP simulators listen (the port chosen for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT`, no trailing slash.
    pub fn base_url(&self) -> String {
        self.base_url.clone()
    }

    /// What replaces `https://api.kavenegar.com`.
    pub fn kavenegar_base_url(&self) -> String {
        format!("{}/kavenegar", self.base_url)
    }

    /// What replaces a gateway's own base URL, for every gateway served over HTTP: the address
    /// plus the gateway's prefix, e.g. `http://127.0.0.1:PORT/payping`. `None` for the SMTP sink.
    ///
    /// | gateway | replaces | then calls e.g. |
    /// |---|---|---|
    /// | PayPing | `https://api.payping.ir` | `/v3/pay` |
    /// | Vandar | `https://ipg.vandar.io` | `/api/v3/send` |
    /// | SnappPay | the merchant's issued base URL | `/api/online/v1/oauth/token` |
    /// | Digipay | `https://api.mydigipay.com/digipay/api` | `/oauth/token` (this one ends in `/api`) |
    /// | Tara | `https://pay.tara360.ir/pay` | `/api/getToken` |
    /// | Saman (SEP) | `https://sep.shaparak.ir` | `/onlinepg/onlinepg` |
    /// | Gumroad | `https://api.gumroad.com` and `https://gumroad.com` | `/v2/sales/{id}`, `/l/{permalink}` |
    pub fn base_url_of(&self, gateway: Gateway) -> Option<String> {
        match gateway {
            Gateway::Email => None,
            Gateway::Digipay => Some(format!("{}/digipay/api", self.base_url)),
            other => Some(format!("{}/{}", self.base_url, other.name())),
        }
    }

    fn http_base(&self, gateway: Gateway) -> String {
        self.base_url_of(gateway).unwrap_or_default()
    }

    pub fn payping_base_url(&self) -> String {
        self.http_base(Gateway::PayPing)
    }

    pub fn vandar_base_url(&self) -> String {
        self.http_base(Gateway::Vandar)
    }

    pub fn snapppay_base_url(&self) -> String {
        self.http_base(Gateway::SnappPay)
    }

    pub fn digipay_base_url(&self) -> String {
        self.http_base(Gateway::Digipay)
    }

    pub fn tara_base_url(&self) -> String {
        self.http_base(Gateway::Tara)
    }

    pub fn saman_base_url(&self) -> String {
        self.http_base(Gateway::Saman)
    }

    pub fn gumroad_base_url(&self) -> String {
        self.http_base(Gateway::Gumroad)
    }

    /// Payments the simulated gateways hold (of one gateway, or all), oldest first.
    pub fn payments(&self, gateway: Option<Gateway>) -> Vec<SimPayment> {
        self.state.payments(gateway, SimPayment::of)
    }

    /// The money ledger, oldest first: every payment the gateways made (of one gateway, or all), with the
    /// merchant's reference, the gateway's own ids, and how much was taken, returned and kept. `reference`
    /// narrows it to the payments the merchant's reference or one of the gateway's ids names. The same as
    /// `GET /_sim/ledger?gateway=&reference=`.
    pub fn ledger(&self, gateway: Option<Gateway>, reference: Option<&str>) -> Vec<LedgerEntry> {
        let entries = self.state.payments(gateway, LedgerEntry::of);
        entries.into_iter().filter(|e| reference.is_none_or(|r| e.names(r))).collect()
    }

    /// Where the SMTP sink listens: host and port for the mailer (plain SMTP, no TLS), e.g.
    /// `AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(addr.ip().to_string()).port(addr.port())`.
    pub fn smtp_addr(&self) -> SocketAddr {
        self.smtp_addr
    }

    /// Every call any simulated gateway received, oldest first.
    pub fn journal(&self) -> Vec<JournalEntry> {
        self.state.journal(None)
    }

    /// Decides the outcome of the next call to `gateway` only; later calls go back to the
    /// magic-value tables. Fails when the scenario means nothing to that gateway. A payment
    /// scenario waits for the next call that can act on it (see the crate docs): forced before
    /// checkout it shapes the whole payment, forced after the callback it shapes verify.
    pub fn force(&self, gateway: Gateway, scenario: impl Into<Scenario>) -> Result<(), SimError> {
        self.state.force(gateway, scenario.into())
    }

    /// Arms a network fault on the gateway's calls `scope` names, on `percent` of them: see [`faults`].
    pub fn arm_fault(
        &self,
        gateway: Gateway,
        kind: faults::FaultKind,
        scope: forcing::Scope,
        percent: u8,
    ) -> Result<u64, SimError> {
        self.state.arm_fault(gateway, kind, scope, percent)
    }

    /// Arms `scenario` for the calls `scope` names (a customer's mobile, `times`, a lapse): see [`forcing`].
    pub fn force_scoped(
        &self,
        gateway: Gateway,
        scenario: impl Into<Scenario>,
        scope: forcing::Scope,
    ) -> Result<u64, SimError> {
        self.state.force_scoped(gateway, scenario.into(), scope)
    }

    /// Messages sent to `receptor` in any spelling (`09…`, `989…`, `+989…`), oldest first.
    pub fn sms_outbox(&self, receptor: &str) -> Vec<SentSms> {
        self.state.outbox(Some(receptor))
    }

    pub fn last_sms(&self, receptor: &str) -> Option<SentSms> {
        self.sms_outbox(receptor).pop()
    }

    /// Messages whose envelope recipients include `to` (compared case-insensitively), oldest
    /// first. One message sent to several recipients appears in each one's outbox.
    pub fn email_outbox(&self, to: &str) -> Vec<SentEmail> {
        self.state.emails(Some(to))
    }

    pub fn last_email(&self, to: &str) -> Option<SentEmail> {
        self.email_outbox(to).pop()
    }

    /// Stops accepting connections (HTTP and SMTP); open SMTP sessions are told 421 and closed.
    /// Returns at once.
    pub fn shutdown(&self) {
        // The value stays set, so this works even before the servers start waiting on it.
        self.stop.send_replace(true);
    }
}
