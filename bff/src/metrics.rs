//! What `GET /metrics` tells Prometheus: requests and latency per operation and status, payments by
//! gateway and outcome, codes sent by channel, the database pool's use and the payment sweeper's health. Counters
//! live in the process (each replica is scraped on its own); the pool and the sweeper's backlog are read at scrape
//! time. Every payment and code series exists from the start at 0, so an alert such as "no payment verified in ten
//! minutes" has something to read on a replica that has seen none yet.
use std::{sync::Arc, time::Instant};

use poem::{Endpoint, IntoResponse, Middleware, Request, Response, Result};
use poem_openapi::OperationId;
use prometheus_client::{
    encoding::{EncodeLabelSet, text::encode},
    metrics::{
        counter::Counter,
        family::Family,
        gauge::Gauge,
        histogram::{Histogram, exponential_buckets},
    },
    registry::Registry,
};

use crate::{
    domain::payment::{Gateway, PaymentState},
    store::{Db, payments},
};

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    operation: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PaymentLabels {
    gateway: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GatewayLabels {
    gateway: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ChannelLabels {
    channel: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BacklogLabels {
    waiting: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    state: &'static str,
}

pub struct Metrics {
    registry: Registry,
    sweeps: Counter,
    sweep_failures: Counter,
    last_sweep: Gauge,
    /// When this replica's metrics began (Unix seconds): the sweeper's silence counts from here before its first run.
    started: i64,
    backlog: Family<BacklogLabels, Gauge>,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RequestLabels, Histogram>,
    payments: Family<PaymentLabels, Counter>,
    unanswered: Family<GatewayLabels, Counter>,
    codes: Family<ChannelLabels, Counter>,
    pool: Family<PoolLabels, Gauge>,
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// 1 ms to about 16 s: a page of the catalogue to a slow gateway's verify.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("limoo");
        let requests = Family::default();
        let latency = Family::<RequestLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        let payments = Family::default();
        let unanswered = Family::default();
        let codes = Family::default();
        let pool = Family::default();
        registry.register("http_requests", "Requests answered, by API operation and status", requests.clone());
        registry.register(
            "http_request_duration_seconds",
            "Time to answer, by API operation and status",
            latency.clone(),
        );
        registry.register("payments_finished", "Online payments finished, by gateway and outcome", payments.clone());
        registry.register(
            "payments_expired_unanswered",
            "Online payments that expired after a day of unanswered verifies, by gateway: finance must ask the gateway",
            unanswered.clone(),
        );
        registry.register("codes_sent", "Sign-in codes delivered, by channel", codes.clone());
        registry.register("db_pool_connections", "Database pool connections: open, idle and the maximum", pool.clone());
        let (sweeps, sweep_failures, last_sweep, backlog) =
            (Counter::default(), Counter::default(), Gauge::default(), Family::default());
        registry.register("payment_sweeps", "Runs of this replica's payment sweeper that finished", sweeps.clone());
        registry.register(
            "payment_sweep_failures",
            "Runs of this replica's payment sweeper that failed",
            sweep_failures.clone(),
        );
        registry.register(
            "payment_sweep_last_run_timestamp_seconds",
            "When this replica's payment sweeper last finished a run (Unix time; 0 before the first)",
            last_sweep.clone(),
        );
        registry.register(
            "payment_backlog",
            "Payments the sweeper has yet to settle, in the database: waiting for the gateway's answer (answer), or money owed back (refund)",
            backlog.clone(),
        );
        // Created at 0 (the guard `get_or_create` returns is let go at once): listed from the first scrape.
        for gateway in Gateway::ALL {
            for outcome in PaymentState::ALL.into_iter().filter(|state| !state.is_open()) {
                let _ = payments.get_or_create(&PaymentLabels { gateway: gateway.as_str(), outcome: outcome.as_str() });
            }
            let _ = unanswered.get_or_create(&GatewayLabels { gateway: gateway.as_str() });
        }
        for channel in ["sms", "email"] {
            let _ = codes.get_or_create(&ChannelLabels { channel });
        }
        Metrics {
            registry,
            sweeps,
            sweep_failures,
            last_sweep,
            started: unix_now(),
            backlog,
            requests,
            latency,
            payments,
            unanswered,
            codes,
            pool,
        }
    }
}

impl Metrics {
    pub fn payment_finished(&self, gateway: &'static str, outcome: &'static str) {
        self.payments.get_or_create(&PaymentLabels { gateway, outcome }).inc();
    }

    /// A payment whose verifies went unanswered for a day expired: its gateway may hold the money (an alert).
    pub fn expired_unanswered(&self, gateway: &'static str) {
        self.unanswered.get_or_create(&GatewayLabels { gateway }).inc();
    }

    /// A sweeper run ended, finished or failed.
    pub fn swept(&self, finished: bool) {
        if finished {
            self.sweeps.inc();
            self.last_sweep.set(unix_now());
        } else {
            self.sweep_failures.inc();
        }
    }

    /// Seconds since this replica's sweeper last finished a run, or since the start before its first.
    pub fn sweeper_silent_seconds(&self) -> i64 {
        unix_now() - self.last_sweep.get().max(self.started)
    }

    pub fn code_sent(&self, channel: &'static str) {
        self.codes.get_or_create(&ChannelLabels { channel }).inc();
    }

    fn answered(&self, operation: &'static str, status: u16, started: Instant) {
        let labels = RequestLabels { operation, status };
        self.requests.get_or_create(&labels).inc();
        self.latency.get_or_create(&labels).observe(started.elapsed().as_secs_f64());
    }

    /// The text exposition format, with the pool and the sweeper's backlog read now (a backlog that cannot be read
    /// is left as last read: the scrape still answers).
    pub async fn render(&self, db: &Db) -> String {
        match payments::backlog(db).await {
            Ok((answer, refund)) => {
                self.backlog.get_or_create(&BacklogLabels { waiting: "answer" }).set(answer);
                self.backlog.get_or_create(&BacklogLabels { waiting: "refund" }).set(refund);
            }
            Err(error) => tracing::warn!(error = %error, "the payment backlog could not be read for the metrics"),
        }
        let pool = db.pool_use();
        for (state, value) in [("open", pool.open), ("idle", pool.idle), ("max", pool.max)] {
            self.pool.get_or_create(&PoolLabels { state }).set(i64::from(value));
        }
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// Counts each answer of the endpoint it wraps under the API operation that answered (poem-openapi
/// marks the response, or the error, with its `operationId`), else under `fallback`.
pub struct Measured {
    pub metrics: Arc<Metrics>,
    pub fallback: &'static str,
}

impl<E: Endpoint> Middleware<E> for Measured {
    type Output = MeasuredEndpoint<E>;

    fn transform(&self, next: E) -> Self::Output {
        MeasuredEndpoint { next, metrics: self.metrics.clone(), fallback: self.fallback }
    }
}

pub struct MeasuredEndpoint<E> {
    next: E,
    metrics: Arc<Metrics>,
    fallback: &'static str,
}

impl<E: Endpoint> Endpoint for MeasuredEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let started = Instant::now();
        let answer = self.next.call(req).await.map(IntoResponse::into_response);
        let (operation, status) = match &answer {
            Ok(response) => (response.data::<OperationId>().map(|id| id.0), response.status()),
            Err(error) => (error.data::<OperationId>().map(|id| id.0), error.status()),
        };
        self.metrics.answered(operation.unwrap_or(self.fallback), status.as_u16(), started);
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn counters_reach_the_text_format() {
        let db = Db::connect("sqlite::memory:").await.unwrap();
        let metrics = Metrics::default();
        metrics.payment_finished("VANDAR", "VERIFIED");
        metrics.expired_unanswered("TARA");
        metrics.code_sent("sms");
        metrics.code_sent("sms");
        metrics.answered("createOrder", 201, Instant::now());
        let text = metrics.render(&db).await;
        assert!(text.contains(r#"limoo_payments_finished_total{gateway="VANDAR",outcome="VERIFIED"} 1"#), "{text}");
        assert!(text.contains(r#"limoo_payments_expired_unanswered_total{gateway="TARA"} 1"#), "{text}");
        assert!(text.contains(r#"limoo_codes_sent_total{channel="sms"} 2"#), "{text}");
        assert!(text.contains(r#"limoo_http_requests_total{operation="createOrder",status="201"} 1"#), "{text}");
        assert!(text.contains(r#"limoo_http_request_duration_seconds_count{operation="createOrder",status="201"} 1"#));
        assert!(text.contains(r#"limoo_db_pool_connections{state="max"}"#), "{text}");
        assert!(text.ends_with("# EOF\n"), "{text}");
    }

    #[tokio::test]
    async fn a_fresh_replica_shows_every_payment_and_code_series_at_zero_and_its_sweeper_not_yet_run() {
        let db = Db::connect("sqlite::memory:").await.unwrap();
        db.migrate().await.unwrap();
        let text = Metrics::default().render(&db).await;
        for series in [
            r#"limoo_payments_finished_total{gateway="SAMAN",outcome="VERIFIED"} 0"#,
            r#"limoo_payments_finished_total{gateway="GUMROAD",outcome="REFUND_DUE"} 0"#,
            r#"limoo_payments_expired_unanswered_total{gateway="TARA"} 0"#,
            r#"limoo_codes_sent_total{channel="email"} 0"#,
            "limoo_payment_sweeps_total 0",
            "limoo_payment_sweep_last_run_timestamp_seconds 0",
            r#"limoo_payment_backlog{waiting="answer"} 0"#,
            r#"limoo_payment_backlog{waiting="refund"} 0"#,
        ] {
            assert!(text.contains(series), "{series} missing: {text}");
        }
    }
}
