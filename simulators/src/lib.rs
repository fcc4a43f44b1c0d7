//! Local simulators of Limoo's external gateways, for development, tests and e2e runs.
//!
//! One poem server hosts every simulated gateway under its own prefix (`/kavenegar`, …) plus
//! the control endpoints under `/_sim`. Outcomes follow the magic test values of gateways.md §8
//! (see [`test_values`]) or a scenario forced through [`SimHandle::force`] / `X-Sim-Scenario`.

mod control;
mod error;
mod exchange;
mod kavenegar;
pub mod mobile;
mod scenario;
mod state;
pub mod test_values;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use poem::listener::{Acceptor as _, Listener as _, TcpListener};
use poem::{EndpointExt as _, Route, Server};
use tokio::sync::Notify;

pub use error::SimError;
pub use exchange::{APPLIED_HEADER, JournalEntry, SCENARIO_HEADER};
pub use kavenegar::SentSms;
pub use scenario::{AmountScenario, Gateway, Scenario, SmsScenario};

use state::SimState;

#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Port 0 picks a free port; [`SimHandle::base_url`] tells which.
    pub bind: SocketAddr,
    /// Multiplies long waits (Kavenegar's 60 s silence, later payment deadlines): SIM_TIME_SCALE.
    pub time_scale: f64,
    /// Kavenegar API keys that are accepted; `sim-disabled` always means a disabled account.
    pub api_keys: Vec<String>,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            bind: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            time_scale: 1.0,
            api_keys: vec!["sim-key".to_owned()],
        }
    }
}

/// A running simulator. Clones share the server; it stops on [`SimHandle::shutdown`] or when
/// the tokio runtime that spawned it ends.
#[derive(Clone)]
pub struct SimHandle {
    base_url: String,
    state: Arc<SimState>,
    stop: Arc<Notify>,
}

impl std::fmt::Debug for SimHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SimHandle").field("base_url", &self.base_url).finish_non_exhaustive()
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

    let state = Arc::new(SimState::new(config.time_scale, config.api_keys));
    let app = Route::new().nest("/kavenegar", kavenegar::routes()).nest("/_sim", control::routes()).data(state.clone());
    let stop = Arc::new(Notify::new());
    let stopped = {
        let stop = stop.clone();
        async move { stop.notified().await }
    };
    tokio::spawn(async move {
        // Held-back replies (no-answer) must not keep a stopping simulator alive.
        let grace = Some(Duration::from_secs(1));
        if let Err(e) = Server::new_with_acceptor(acceptor).run_with_graceful_shutdown(app, stopped, grace).await {
            eprintln!("simulators: server failed: {e}");
        }
    });
    Ok(SimHandle { base_url: format!("http://{addr}"), state, stop })
}

impl SimHandle {
    /// `http://127.0.0.1:PORT`, no trailing slash.
    pub fn base_url(&self) -> String {
        self.base_url.clone()
    }

    /// What replaces `https://api.kavenegar.com`.
    pub fn kavenegar_base_url(&self) -> String {
        format!("{}/kavenegar", self.base_url)
    }

    /// Every call any simulated gateway received, oldest first.
    pub fn journal(&self) -> Vec<JournalEntry> {
        self.state.journal(None)
    }

    /// Decides the outcome of the next call to `gateway` only; later calls go back to the
    /// magic-value tables. Fails when the scenario means nothing to that gateway.
    pub fn force(&self, gateway: Gateway, scenario: impl Into<Scenario>) -> Result<(), SimError> {
        self.state.force(gateway, scenario.into())
    }

    /// Messages sent to `receptor` in any spelling (`09…`, `989…`, `+989…`), oldest first.
    pub fn sms_outbox(&self, receptor: &str) -> Vec<SentSms> {
        self.state.outbox(Some(receptor))
    }

    pub fn last_sms(&self, receptor: &str) -> Option<SentSms> {
        self.sms_outbox(receptor).pop()
    }

    /// Stops accepting connections; returns at once.
    pub fn shutdown(&self) {
        // notify_one keeps a permit, so this works even before the server awaits it.
        self.stop.notify_one();
    }
}
