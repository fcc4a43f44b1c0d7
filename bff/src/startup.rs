//! Assembles the service: database, API, docs and the web app on one listener.
use std::{
    net::SocketAddr,
    sync::{Arc, LazyLock},
    time::Duration,
};

use anyhow::Context;
use poem::{
    Endpoint, EndpointExt, IntoEndpoint, IntoResponse, Request, Route, Server, get,
    http::{StatusCode, header, uri::Scheme},
    listener::Acceptor,
    middleware::{CatchPanic, NormalizePath, Tracing, TrailingSlash},
    web::{Data, LocalAddr, RemoteAddr},
};
use tokio::net::{TcpListener, TcpStream};

use crate::{
    api::{
        self,
        error::{framework_error, panic_response},
        unavailable::DatabaseUnavailable,
    },
    auth::tokens::TokenKeys,
    config::{ConnectionSettings, Settings},
    http::body_limit::BodyLimit,
    http::connections::{ConnectionCap, Guarded},
    http::draining::CloseWhenStopping,
    http::json_compression::{JsonCompression, Precompressed},
    http::request_id::RequestId,
    http::security_headers::SecurityHeaders,
    http::text_guard::RefuseNul,
    http::web_app::{self, WebApp},
    metrics::Measured,
    shop::{payments, settling::Settling},
    shutdown::{self, Stop, Stopping},
    state::AppState,
    store::{Db, demo},
};

/// Path prefixes answered by the API; everything else is the web app.
const API_PREFIXES: &[&str] = &[
    "/lemonade",
    "/landing",
    "/healthz",
    "/readyz",
    "/auth",
    "/app",
    "/api",
    "/mentors",
    "/franchise",
    // The older diet-package flow's calls.
    "/diet",
    "/diets",
    "/promotionusage",
    "/cancelpromotion",
];

pub struct Application {
    address: SocketAddr,
    acceptor: NoDelayAcceptor,
    state: AppState,
    settings: Settings,
    stop: Stop,
}

impl Application {
    /// Connects and migrates the database, loads demo data when asked, and binds the listener.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        crate::config::production::check(&settings)?;
        let db = Db::connect_at_most(&settings.database_url, settings.database_max_connections).await?;
        if settings.migrate_on_start {
            db.migrate().await?;
        } else {
            db.require_migrated().await?;
        }
        if settings.demo_data {
            let added = demo::load_if_empty(&db, &settings.service_name()).await?;
            let customers = demo::load_customers(&db).await?;
            tracing::info!(added, customers, "demo data");
        }
        Self::with_db(settings, db).await
    }

    /// Binds the listener for an already-migrated database; the port is known before `run`.
    pub async fn with_db(mut settings: Settings, db: Db) -> anyhow::Result<Self> {
        let bind = format!("{}:{}", settings.host, settings.port);
        let listener = TcpListener::bind(&bind).await.with_context(|| format!("cannot listen on {bind}"))?;
        let address = listener.local_addr()?;
        if settings.public_base_url.is_none() && !address.ip().is_loopback() {
            tracing::warn!("PUBLIC_BASE_URL is not set: payment callbacks and result pages use http://127.0.0.1");
        }
        // The bound port, not PORT: with PORT=0 (tests, e2e) only the listener knows it.
        settings.public_base_url = Some(settings.public_base_url(address));
        let (stop, stopping) = shutdown::channel();
        let acceptor = NoDelayAcceptor {
            listener: Some(listener),
            stopping: stopping.clone(),
            local: LocalAddr(address.into()),
            cap: ConnectionCap::new(settings.connections.max_connections),
            settings: settings.connections,
        };
        let mut state = AppState::new(&settings, db)?;
        state.stopping = stopping;
        Ok(Application { address, acceptor, state, settings, stop })
    }

    pub fn address(&self) -> SocketAddr {
        self.address
    }

    pub fn port(&self) -> u16 {
        self.address.port()
    }

    pub fn db(&self) -> Db {
        self.state.db.clone()
    }

    /// Serves until SIGTERM or Ctrl-C ([`crate::shutdown`]): then no new connection is accepted, the answers close
    /// their connections for `SHUTDOWN_DRAIN_SECONDS`, the requests in flight and the sweeper's current payment get
    /// `SHUTDOWN_GRACE_SECONDS` more to finish, and it returns.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let grace = Duration::from_secs(self.settings.shutdown_grace_seconds);
        let drain = Duration::from_secs(self.settings.shutdown_drain_seconds);
        let mut sweeper = AbortOnDrop(tokio::spawn(sweep_forever(self.state.clone(), self.state.stopping.clone())));
        let endpoint = routes(&self.settings, self.state);
        let stop = self.stop;
        // The server is told only after the drain: told, it closes its idle connections at once.
        let mut signals = shutdown::Signals::listen();
        let signalled = async move {
            signals.next().await;
            tracing::info!(?drain, "stopping: no new connections; answers close their connections while draining");
            stop.now();
            tokio::select! {
                () = tokio::time::sleep(drain) => {}
                () = signals.next() => tracing::info!("asked again: the drain ends"),
            }
            tracing::info!("finishing the requests in flight");
        };
        let served =
            Server::new_with_acceptor(self.acceptor).run_with_graceful_shutdown(endpoint, signalled, Some(grace)).await;
        // Past the bound the sweeper is stopped where it is: a payment it was asking about stays open, and the next
        // sweep (here after a restart, or on another replica) asks again.
        if tokio::time::timeout(grace, &mut sweeper.0).await.is_err() {
            tracing::warn!("the sweeper did not finish its payment within SHUTDOWN_GRACE_SECONDS");
        }
        served
    }
}

/// Stops a background task when the server it belongs to stops.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A TCP acceptor that disables Nagle's algorithm on every connection: poem writes headers and
/// body separately, and without `TCP_NODELAY` the second write waits for a delayed ACK (~40 ms). It serves at most
/// `MAX_CONNECTIONS` at once and closes those that send their headers or their next request too slowly
/// (`connections`).
struct NoDelayAcceptor {
    /// Dropped when the service stops, so new connections are refused (a proxy sends them to another replica).
    listener: Option<TcpListener>,
    stopping: Stopping,
    local: LocalAddr,
    cap: ConnectionCap,
    settings: ConnectionSettings,
}

impl Acceptor for NoDelayAcceptor {
    type Io = Guarded<TcpStream>;

    fn local_addr(&self) -> Vec<LocalAddr> {
        vec![self.local.clone()]
    }

    async fn accept(&mut self) -> std::io::Result<(Self::Io, LocalAddr, RemoteAddr, Scheme)> {
        let accepted = match &self.listener {
            Some(listener) => {
                let mut stopping = self.stopping.clone();
                tokio::select! {
                    biased;
                    () = stopping.asked() => None,
                    accepted = async {
                        let permit = self.cap.admit().await;
                        listener.accept().await.map(|accepted| (accepted, permit))
                    } => Some(accepted),
                }
            }
            None => None,
        };
        let Some(accepted) = accepted else {
            self.listener = None;
            return std::future::pending().await;
        };
        let ((stream, peer), permit) = accepted?;
        stream.set_nodelay(true)?;
        let stream = Guarded::new(stream, &self.settings, permit);
        Ok((stream, self.local.clone(), RemoteAddr(peer.into()), Scheme::HTTP))
    }
}

fn routes(settings: &Settings, state: AppState) -> impl Endpoint + use<> {
    let measured = |fallback| Measured { metrics: state.metrics.clone(), fallback };
    let mut route = Route::new()
        .at("/openapi.json", get(openapi_document))
        .at("/metrics", get(metrics_endpoint))
        .nest("/docs", Route::new().at("/", get(docs_page)))
        .nest("/", WebApp::new(&settings.web_dir).with(measured("web_app")));
    // One router for every prefix: poem compiles a regex for each path it routes, and building the API's router
    // once per prefix had cost 13 × 90 of them per service (most of a test's start-up).
    // Inside the metrics, so a refused text is counted; outside every operation, so none sees one.
    let api = api::openapi_service().into_endpoint().with(RefuseNul).with(measured("unmatched"));
    // Older clients call some operations with a trailing slash (`/userPoints/cancel/`).
    let api = api.with(NormalizePath::new(TrailingSlash::Trim)).around(web_app::pages_under_api_prefixes);
    let api = Arc::new(api.catch_all_error(framework_error).with(DatabaseUnavailable).with(JsonCompression));
    for prefix in API_PREFIXES {
        route = route.nest_no_strip(*prefix, api.clone());
    }
    let https = settings.public_base_url.as_ref().is_some_and(|url| url.scheme() == "https");
    let body_limit = BodyLimit::new(settings.max_body_bytes, settings.connections.body_read_timeout());
    let draining = CloseWhenStopping::new(state.stopping.clone());
    let clock = state.test_clock.clone();
    let tokens = state.tokens.clone();
    let route = route.data(state).around(move |endpoint, request| {
        let (clock, tokens) = (clock.clone(), tokens.clone());
        async move {
            match clock {
                Some(clock) => clock.run(bearer_customer(&request, &tokens), endpoint.call(request)).await,
                None => endpoint.call(request).await,
            }
        }
    });
    plumbing(route, body_limit).with(SecurityHeaders::new(https)).with(draining)
}

/// The customer a request's bearer token names, for their own test clock; the operation verifies it again.
fn bearer_customer(request: &Request, tokens: &TokenKeys) -> Option<i64> {
    let header = request.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = header.strip_prefix("Bearer ").or_else(|| header.strip_prefix("bearer "))?;
    tokens.verify(token.trim()).ok()?.customer_id()
}

/// The OpenAPI document and its Swagger UI page, made (and gzipped) once per process: serialising the document
/// costs more than the rest of a service's start-up, and the tests start a service for each test.
static OPENAPI_DOCUMENT: LazyLock<Precompressed> =
    LazyLock::new(|| Precompressed::new(api::spec_json(), "application/json"));
static DOCS_PAGE: LazyLock<Precompressed> =
    LazyLock::new(|| Precompressed::new(api::openapi_service().swagger_ui_html(), "text/html; charset=utf-8"));

#[poem::handler]
fn openapi_document(req: &poem::Request) -> poem::Response {
    OPENAPI_DOCUMENT.reply(req)
}

#[poem::handler]
fn docs_page(req: &poem::Request) -> poem::Response {
    DOCS_PAGE.reply(req)
}

/// Prometheus's scrape, behind `METRICS_TOKEN` when one is set: the counts describe the business.
#[poem::handler]
async fn metrics_endpoint(state: Data<&AppState>, req: &poem::Request) -> poem::Response {
    if let Some(token) = &state.metrics_token {
        let sent = req.header(header::AUTHORIZATION).and_then(|value| value.strip_prefix("Bearer "));
        if !sent.is_some_and(|sent| token.matches(sent)) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
    }
    state
        .metrics
        .render(&state.db)
        .await
        .with_content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .into_response()
}

/// What every request passes through, innermost first: the body limit, logging, panic catching, and
/// the request id that every log line of it carries.
fn plumbing(
    endpoint: impl Endpoint + 'static,
    body_limit: BodyLimit,
) -> impl Endpoint<Output = poem::Response> + 'static {
    endpoint.with(body_limit).with(Tracing).with(CatchPanic::new().with_handler(panic_response)).with(RequestId)
}

/// Runs the payment sweeper ([`payments::sweep`]) every `PAYMENT_SWEEP_SECONDS` until the service stops.
async fn sweep_forever(state: AppState, mut stopping: Stopping) {
    let seconds = state.payment_settings.payment_sweep_seconds.max(1);
    let mut ticks = tokio::time::interval(Duration::from_secs(seconds));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = stopping.asked() => return,
        }
        let sweep = payments::sweep_until(Settling::from(&state), &stopping);
        // The sweeper expires payments by the rules' clock, so it runs on the test clock too.
        let swept = match &state.test_clock {
            Some(clock) => clock.run(None, sweep).await,
            None => sweep.await,
        };
        state.metrics.swept(swept.is_ok());
        match swept {
            Ok(0) => {}
            Ok(finished) => tracing::info!(finished, "payments settled by the sweeper"),
            Err(error) => tracing::error!(error = ?error, "payment sweep failed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use poem::{Endpoint, Request, endpoint::make_sync, http::StatusCode};

    use super::{API_PREFIXES, plumbing};

    /// The web app's dev proxy derives its prefixes from the committed spec (`web/vite.config.ts`), so
    /// the router's list must be exactly the first segments of the spec's paths.
    #[test]
    fn api_prefixes_are_the_first_segments_of_the_spec_paths() {
        let spec: serde_json::Value = serde_json::from_str(&crate::api::openapi_service().spec()).expect("spec");
        let from_spec: BTreeSet<String> = spec["paths"]
            .as_object()
            .expect("paths")
            .keys()
            .filter_map(|path| path.split('/').nth(1).map(|segment| format!("/{segment}")))
            .collect();
        let routed: BTreeSet<String> = API_PREFIXES.iter().map(|prefix| prefix.to_string()).collect();
        assert_eq!(routed, from_spec);
    }

    #[tokio::test]
    async fn a_panicking_handler_is_a_500_envelope_with_the_request_id() {
        let body_limit = crate::http::body_limit::BodyLimit::new(1024, std::time::Duration::from_secs(1));
        let service = plumbing(make_sync(|_| -> &'static str { panic!("boom") }), body_limit);
        let response = service
            .call(Request::builder().header("x-request-id", "probe-1").finish())
            .await
            .expect("the request id middleware answers every request");
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(response.headers()["x-request-id"], "probe-1");
        let body: serde_json::Value = serde_json::from_slice(&response.into_body().into_vec().await.unwrap()).unwrap();
        assert_eq!(body["err"]["code"], "500");
        assert_eq!(body["err"]["message"], crate::messages::INTERNAL);
    }
}
