//! What every handler can reach (use cases take the pieces they use): the database, settings and the gateways' clients.
use std::{
    net::{Ipv4Addr, SocketAddr},
    sync::Arc,
    time::Duration,
};

use ipnet::IpNet;
use reqwest::Url;

use crate::{
    auth::{otp::Sender, revocations::Revocations, tokens::TokenKeys},
    config::{AuthSettings, FinanceSettings, PaymentSettings, PointSettings, Secret, Settings, SupportSettings},
    gateways::{email::Mailer, payments::PaymentGateways, sms::KavenegarClient},
    metrics::Metrics,
    shop::{catalogue_cache::CatalogueCache, settling::Settling},
    shutdown::Stopping,
    store::{Db, customers::random_hex, order_queue::OrderQueue, test_clock::TestClock},
    throttle::Throttle,
};

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
    /// `MENTOR_LINK_BASE_URL`: the mentor link is this followed by the customer's profile number; none is
    /// given when unset.
    pub mentor_link_base_url: Option<Arc<str>>,
    /// Where the gateways send browsers back: `PAYMENT_CALLBACK_BASE_URL`, else `PUBLIC_BASE_URL`; no
    /// trailing slash.
    pub payment_callback_base: Arc<str>,
    /// The origins a `paymentResultUrl` may point at: `PUBLIC_BASE_URL`'s and `PAYMENT_RESULT_ORIGINS`.
    pub payment_result_origins: Arc<[Url]>,
    /// `TRUSTED_PROXIES`: peers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Arc<[IpNet]>,
    /// The signed-out bearer tokens, from memory.
    pub revocations: Arc<Revocations>,
    /// How often the public calls that store something may be made.
    pub throttle: Arc<Throttle>,
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
    /// New orders, written together under load.
    pub order_queue: Arc<OrderQueue>,
    /// `TEST_CLOCK`: the clock testers move forward; none when off.
    pub test_clock: Option<Arc<TestClock>>,
    /// Told when the server this state serves is stopping (`/readyz` then says so); never, without a server.
    pub stopping: Stopping,
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
        let test_clock = settings.test_clock.then(|| Arc::new(TestClock::new(db.clone())));
        Ok(AppState {
            test_clock,
            order_queue: Arc::new(OrderQueue::new(db.clone())),
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
            mentor_link_base_url: settings.gateways.mentor_link_base_url.as_ref().map(|url| url.as_str().into()),
            payment_callback_base: callback_base.as_str().trim_end_matches('/').into(),
            payment_result_origins: result_origins.cloned().collect(),
            trusted_proxies: settings.trusted_proxies.as_slice().into(),
            throttle: Arc::new(Throttle::new(
                settings.orders_per_customer_minute,
                settings.payment_calls_per_customer_minute,
            )),
            revocations: Arc::new(Revocations::new(Duration::from_millis(settings.revocation_recheck_ms))),
            metrics: Arc::default(),
            metrics_token: settings.metrics_token.clone().map(Arc::new),
            staff_api_token: settings.staff_api_token.clone().map(Arc::new),
            catalogue: Arc::new(CatalogueCache::new(Duration::from_millis(settings.catalogue_recheck_ms))),
            support: Arc::new(settings.support.clone()),
            stopping: Stopping::never(),
        })
    }
}

/// A payment is finished with the parts of the service it reaches, never the whole of it.
impl<'a> From<&'a AppState> for Settling<'a> {
    fn from(state: &'a AppState) -> Self {
        Settling {
            db: &state.db,
            settings: &state.payment_settings,
            gateways: &state.payment_gateways,
            sms: &state.sms,
            metrics: &state.metrics,
        }
    }
}

impl<'a> From<&'a AppState> for Sender<'a> {
    fn from(state: &'a AppState) -> Self {
        Sender {
            db: &state.db,
            settings: &state.auth,
            tokens: &state.tokens,
            sms: &state.sms,
            mail: &state.mail,
            metrics: &state.metrics,
        }
    }
}
