//! Assembles the service: database, API, docs and the web app on one listener.
use std::{
    net::{Ipv4Addr, SocketAddr},
    sync::Arc,
    time::Duration,
};

use anyhow::Context;
use ipnet::IpNet;
use poem::{
    Endpoint, EndpointExt, IntoEndpoint, IntoResponse, Route, Server, get,
    http::{StatusCode, header, uri::Scheme},
    listener::Acceptor,
    middleware::{CatchPanic, NormalizePath, Tracing, TrailingSlash},
    web::{Data, LocalAddr, RemoteAddr},
};
use reqwest::Url;
use tokio::net::{TcpListener, TcpStream};

use crate::{
    api::{
        self,
        error::{framework_error, panic_response},
    },
    auth::tokens::{TokenKeys, random_hex},
    body_limit::BodyLimit,
    config::{AuthSettings, FinanceSettings, PaymentSettings, PointSettings, Secret, Settings, SupportSettings},
    gateways::{email::Mailer, payments::PaymentGateways, sms::KavenegarClient},
    json_compression::JsonCompression,
    metrics::{Measured, Metrics},
    request_id::RequestId,
    security_headers::SecurityHeaders,
    shop::catalogue_cache::CatalogueCache,
    store::{Db, demo},
    web_app::WebApp,
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

/// What every handler can read through `Data<&AppState>`.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub service_name: String,
    /// `PRODUCT_CODE` as configured; paths such as `/{product}-integrations` use it in lower case.
    pub product_code: String,
    pub points: PointSettings,
    pub auth: Arc<AuthSettings>,
    pub tokens: Arc<TokenKeys>,
    pub sms: Arc<KavenegarClient>,
    pub mail: Arc<Mailer>,
    pub payment_settings: Arc<PaymentSettings>,
    pub payment_gateways: Arc<PaymentGateways>,
    pub finance: Arc<FinanceSettings>,
    /// `MENTOR_LINK_BASE_URL`: the mentor link is this followed by the customer's profile number.
    pub mentor_link_base_url: Arc<str>,
    /// Where the gateways send browsers back: `PAYMENT_CALLBACK_BASE_URL`, else `PUBLIC_BASE_URL`; no
    /// trailing slash.
    pub payment_callback_base: Arc<str>,
    /// The origins a `paymentResultUrl` may point at: `PUBLIC_BASE_URL`'s and `PAYMENT_RESULT_ORIGINS`.
    pub payment_result_origins: Arc<[Url]>,
    /// `TRUSTED_PROXIES`: peers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Arc<[IpNet]>,
    /// Counters behind `GET /metrics`.
    pub metrics: Arc<Metrics>,
    /// `METRICS_TOKEN`: when set, `/metrics` wants it as a bearer token.
    pub metrics_token: Option<Arc<Secret>>,
    /// `STAFF_API_TOKEN`: the medical team's bearer token; none refuses every staff call.
    pub staff_api_token: Option<Arc<Secret>>,
    /// The support site and chat widget the web app is told about.
    pub support: Arc<SupportSettings>,
    /// Products listings and wizard configs, kept per catalogue version.
    pub catalogue: Arc<CatalogueCache>,
}

impl AppState {
    pub fn new(settings: &Settings, db: Db) -> anyhow::Result<Self> {
        let secret = match &settings.auth.auth_secret {
            Some(secret) => secret.expose().to_owned(),
            None => {
                tracing::warn!(
                    "AUTH_SECRET is not set: tokens and codes will not survive a restart or work across replicas"
                );
                random_hex()
            }
        };
        // Without a listener (tools, tests) the configured port stands in for the bound one.
        let public_base = settings.public_base_url(SocketAddr::from((Ipv4Addr::LOCALHOST, settings.port)));
        let callback_base = settings.payments.payment_callback_base_url.as_ref().unwrap_or(&public_base);
        let result_origins = std::iter::once(&public_base).chain(&settings.payments.payment_result_origins);
        Ok(AppState {
            db,
            service_name: settings.service_name(),
            product_code: settings.product_code.clone(),
            points: settings.points,
            auth: Arc::new(settings.auth.clone()),
            tokens: Arc::new(TokenKeys::new(secret.as_bytes(), settings.auth.token_ttl_seconds)),
            sms: Arc::new(KavenegarClient::new(&settings.gateways)?),
            mail: Arc::new(Mailer::new(&settings.gateways)?),
            payment_settings: Arc::new(settings.payments.clone()),
            payment_gateways: Arc::new(PaymentGateways::new(&settings.payments)?),
            finance: Arc::new(settings.finance.clone()),
            mentor_link_base_url: settings.gateways.mentor_link_base_url.as_str().into(),
            payment_callback_base: callback_base.as_str().trim_end_matches('/').into(),
            payment_result_origins: result_origins.cloned().collect(),
            trusted_proxies: settings.trusted_proxies.as_slice().into(),
            metrics: Arc::default(),
            metrics_token: settings.metrics_token.clone().map(Arc::new),
            staff_api_token: settings.staff_api_token.clone().map(Arc::new),
            catalogue: Arc::new(CatalogueCache::new(Duration::from_millis(settings.catalogue_recheck_ms))),
            support: Arc::new(settings.support.clone()),
        })
    }
}

pub struct Application {
    address: SocketAddr,
    acceptor: NoDelayAcceptor,
    state: AppState,
    settings: Settings,
}

impl Application {
    /// Connects and migrates the database, loads demo data when asked, and binds the listener.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let db = Db::connect(&settings.database_url).await?;
        db.migrate().await?;
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
        let acceptor = NoDelayAcceptor { listener, local: LocalAddr(address.into()) };
        let state = AppState::new(&settings, db)?;
        Ok(Application { address, acceptor, state, settings })
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

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let sweeper = tokio::spawn(crate::shop::payments::sweep_forever(self.state.clone()));
        let _stop_sweeper = AbortOnDrop(sweeper);
        let endpoint = routes(&self.settings, self.state);
        let stop = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        Server::new_with_acceptor(self.acceptor)
            .run_with_graceful_shutdown(endpoint, stop, Some(Duration::from_secs(5)))
            .await
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
/// body separately, and without `TCP_NODELAY` the second write waits for a delayed ACK (~40 ms).
struct NoDelayAcceptor {
    listener: TcpListener,
    local: LocalAddr,
}

impl Acceptor for NoDelayAcceptor {
    type Io = TcpStream;

    fn local_addr(&self) -> Vec<LocalAddr> {
        vec![self.local.clone()]
    }

    async fn accept(&mut self) -> std::io::Result<(TcpStream, LocalAddr, RemoteAddr, Scheme)> {
        let (stream, peer) = self.listener.accept().await?;
        stream.set_nodelay(true)?;
        Ok((stream, self.local.clone(), RemoteAddr(peer.into()), Scheme::HTTP))
    }
}

fn routes(settings: &Settings, state: AppState) -> impl Endpoint + use<> {
    let service = api::openapi_service();
    let measured = |fallback| Measured { metrics: state.metrics.clone(), fallback };
    let mut route = Route::new()
        .at("/openapi.json", service.spec_endpoint().with(JsonCompression))
        .at("/metrics", get(metrics_endpoint))
        .nest("/docs", service.swagger_ui())
        .nest("/", WebApp::new(&settings.web_dir).with(measured("web_app")));
    for prefix in API_PREFIXES {
        // Older clients call some operations with a trailing slash (`/userPoints/cancel/`).
        let api = api::openapi_service().into_endpoint().with(measured("unmatched"));
        let api = api.with(NormalizePath::new(TrailingSlash::Trim));
        route = route.nest_no_strip(*prefix, api.catch_all_error(framework_error).with(JsonCompression));
    }
    let https = settings.public_base_url.as_ref().is_some_and(|url| url.scheme() == "https");
    plumbing(route.data(state), settings.max_body_bytes).with(SecurityHeaders::new(https))
}

/// Prometheus's scrape, behind `METRICS_TOKEN` when one is set: the counts describe the business.
#[poem::handler]
fn metrics_endpoint(state: Data<&AppState>, req: &poem::Request) -> poem::Response {
    if let Some(token) = &state.metrics_token {
        let sent = req.header(header::AUTHORIZATION).and_then(|value| value.strip_prefix("Bearer "));
        if !sent.is_some_and(|sent| token.matches(sent)) {
            return StatusCode::UNAUTHORIZED.into_response();
        }
    }
    state
        .metrics
        .render(&state.db)
        .with_content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .into_response()
}

/// What every request passes through, innermost first: the body limit, logging, panic catching, and
/// the request id that every log line of it carries.
fn plumbing(
    endpoint: impl Endpoint + 'static,
    max_body_bytes: usize,
) -> impl Endpoint<Output = poem::Response> + 'static {
    endpoint
        .with(BodyLimit::new(max_body_bytes))
        .with(Tracing)
        .with(CatchPanic::new().with_handler(panic_response))
        .with(RequestId)
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
        let service = plumbing(make_sync(|_| -> &'static str { panic!("boom") }), 1024);
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
