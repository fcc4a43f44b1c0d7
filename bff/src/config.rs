use std::{
    fmt,
    net::{IpAddr, Ipv4Addr, SocketAddr},
    path::PathBuf,
    str::FromStr,
    time::Duration,
};

use ipnet::IpNet;
use reqwest::Url;

pub mod production;
pub mod reference;

use crate::{domain::payment::Gateway, telemetry::LogFormat};
use production::Environment;

/// Service settings: command-line flags with environment fallbacks.
#[derive(clap::Args, Clone, Debug)]
pub struct Settings {
    /// `production` refuses to start while any setting is left at a development default (a simulator's address or
    /// key, no `AUTH_SECRET`, demo data…), listing them all; `development` starts with them (`bff config check`).
    #[arg(long, env = "LIMOO_ENV", value_enum, default_value_t = Environment::Development)]
    pub environment: Environment,
    /// Address to bind; use 0.0.0.0 behind a load balancer.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on; 0 picks a free one.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// `sqlite://path` (created on first start) or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/limoo.db")]
    pub database_url: String,
    /// Folder holding the built web app.
    #[arg(long, env = "WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Product code; the shop's service name is `{PRODUCT_CODE}_SHOP`.
    #[arg(long, env = "PRODUCT_CODE", default_value = "LIMOO")]
    pub product_code: String,
    /// Load the demo data (`bff/demo/`), each part only into a database that lacks it: the catalogue, the
    /// select-package-f wizards, promotion codes and three customers (docs/product.md, "Demo data").
    #[arg(long, env = "DEMO_DATA", default_value_t = false)]
    pub demo_data: bool,
    /// The test clock: the staff API (`/lemonade/api/staff/clock`) moves the clock every rule reads (points holds,
    /// codes, tokens, review windows …) forward, for every replica on the database, so testers need not wait.
    /// For test deployments only; a production start refuses it.
    #[arg(long, env = "TEST_CLOCK", default_value_t = false)]
    pub test_clock: bool,
    /// The shop's public origin as browsers reach it, e.g. `https://shop.example`. Payment callbacks and the
    /// allowed `paymentResultUrl` come from it, never from the request's `Host` or `X-Forwarded-*`, which a
    /// client can forge. Unset: the address listened on, `http://127.0.0.1:{PORT}` (development only).
    #[arg(long, env = "PUBLIC_BASE_URL", value_parser = parse_origin)]
    pub public_base_url: Option<Url>,
    /// Proxies (IPs or CIDRs, comma-separated, e.g. `10.0.0.0/8`) whose `X-Forwarded-For` names the client for
    /// per-address limits: from one of them, the client is the right-most address in the header that is not a
    /// trusted proxy; from any other peer the header is ignored, since anyone can write it. None by default: the
    /// connection's peer is the client, so behind a proxy every client shares the proxy's address.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "", value_parser = parse_networks)]
    pub trusted_proxies: ::std::vec::Vec<IpNet>,
    /// Largest request body read, in bytes; a larger one (declared or chunked) is answered 413. The web app's
    /// largest request, a questionnaire's answers, is a few KiB.
    #[arg(long, env = "MAX_BODY_BYTES", default_value_t = 256 * 1024)]
    pub max_body_bytes: usize,
    /// How long a replica trusts its in-memory catalogue before reading the catalogue's version row again, in
    /// milliseconds: a change reaches every replica within this time. 0 reads it on every catalogue request.
    #[arg(long, env = "CATALOGUE_RECHECK_MS", default_value_t = 1000)]
    pub catalogue_recheck_ms: u64,
    /// How long a replica trusts its in-memory list of signed-out tokens before reading the ones other replicas
    /// stored since, in milliseconds: a logout reaches every replica within this time (its own at once). 0 reads
    /// on every bearer call.
    #[arg(long, env = "REVOCATION_RECHECK_MS", default_value_t = 1000)]
    pub revocation_recheck_ms: u64,
    /// New orders (`POST /lemonade/api/orders`) one customer may create a minute, after as many at once; each
    /// stores a basket, so a script must not create them at the server's speed. 0 lifts the bound (the load
    /// bench orders as one customer).
    #[arg(long, env = "ORDERS_PER_CUSTOMER_MINUTE", default_value_t = 30)]
    pub orders_per_customer_minute: u32,
    /// Online payment starts and SnappPay eligibility checks one customer may make a minute, after as many at once
    /// (a double tap, a second tab, trying two or three gateways): each may store a payment and calls a real
    /// gateway on the merchant's account, so a script must not make them at the server's speed. 0 lifts the bound.
    #[arg(long, env = "PAYMENT_CALLS_PER_CUSTOMER_MINUTE", default_value_t = 10)]
    pub payment_calls_per_customer_minute: u32,
    /// `text` for people; `json`, one object a line with the request's id, for log collectors.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// When set, `GET /metrics` answers only with `Authorization: Bearer {METRICS_TOKEN}`; in production set it
    /// (or keep `/metrics` off the public proxy).
    #[arg(long, env = "METRICS_TOKEN", hide_env_values = true)]
    pub metrics_token: Option<Secret>,
    /// Bearer token of the staff API: the medical team's diets (`/lemonade/api/staff/diets/…`), franchise
    /// membership (`/lemonade/api/staff/franchise/…`) and points grants (`/lemonade/api/staff/points/…`); the API
    /// refuses every call when unset.
    #[arg(long, env = "STAFF_API_TOKEN", hide_env_values = true)]
    pub staff_api_token: Option<Secret>,
    /// Seconds a stopping service (SIGTERM, Ctrl-C) gives the requests in flight and the sweeper's current payment
    /// before it exits; the proxy sends new requests to another replica meanwhile.
    #[arg(long, env = "SHUTDOWN_GRACE_SECONDS", default_value_t = 10)]
    pub shutdown_grace_seconds: u64,
    /// Seconds a stopping service first drains before that grace: it accepts no new connection, `/readyz` says
    /// `stopping`, and every answer closes its connection, so a proxy's idle kept-alive connections are used once
    /// more or closed by the proxy, never closed under a request the proxy is sending. Behind a proxy that keeps
    /// connections alive, longer than its idle timeout for them (deploy/nginx: 5 s); 0 without one.
    #[arg(long, env = "SHUTDOWN_DRAIN_SECONDS", default_value_t = 0)]
    pub shutdown_drain_seconds: u64,
    /// `serve` applies the migrations its database lacks before it listens (replicas starting at once take turns
    /// under the database's lock). `false`: a deployment runs `bff migrate` once, and `serve` refuses a database
    /// that lacks one of this build's migrations.
    #[arg(long, env = "MIGRATE_ON_START", default_value_t = true, action = clap::ArgAction::Set)]
    pub migrate_on_start: bool,
    /// Database connections this replica holds at most (PostgreSQL 10, SQLite 8 when unset). Replicas times this,
    /// plus `bff migrate` and the operators' own, must stay within the server's `max_connections` (100 by default).
    #[arg(long, env = "DATABASE_MAX_CONNECTIONS", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub database_max_connections: Option<u32>,
    #[command(flatten)]
    pub connections: ConnectionSettings,
    #[command(flatten)]
    pub auth: AuthSettings,
    #[command(flatten)]
    pub gateways: GatewaySettings,
    #[command(flatten)]
    pub points: PointSettings,
    #[command(flatten)]
    pub payments: PaymentSettings,
    #[command(flatten)]
    pub finance: FinanceSettings,
    #[command(flatten)]
    pub support: SupportSettings,
}

/// How long a client may take, and how many may be connected at once: a client that sends slowly or not at all
/// must not hold a connection (and its memory) for ever. The proxy in front should give up on the BFF later than
/// these, and keep its idle upstream connections for less than `IDLE_TIMEOUT_SECONDS`.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct ConnectionSettings {
    /// Seconds a connection may take to send a request's headers, from its first byte (on a new connection, from
    /// the connect); then it is closed without an answer.
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECONDS", default_value_t = 15)]
    pub header_read_timeout_seconds: u64,
    /// Seconds a request may take to send its body once its headers arrived; then it is answered 408 and closed.
    #[arg(long, env = "BODY_READ_TIMEOUT_SECONDS", default_value_t = 30)]
    pub body_read_timeout_seconds: u64,
    /// Seconds a kept-alive connection may wait, sending and receiving nothing, for its next request.
    #[arg(long, env = "IDLE_TIMEOUT_SECONDS", default_value_t = 75)]
    pub idle_timeout_seconds: u64,
    /// Connections served at once; more wait in the listen queue until one closes.
    #[arg(long, env = "MAX_CONNECTIONS", default_value_t = 1024)]
    pub max_connections: usize,
}

impl ConnectionSettings {
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.header_read_timeout_seconds)
    }

    pub fn body_read_timeout(&self) -> Duration {
        Duration::from_secs(self.body_read_timeout_seconds)
    }

    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout_seconds)
    }
}

/// A configuration value that never appears in logs or `Debug` output.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether `given` is this secret, compared without stopping at the first difference so that timing does not
    /// reveal it.
    pub fn matches(&self, given: &str) -> bool {
        let expected = self.0.as_bytes();
        expected.len() == given.len() && expected.iter().zip(given.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl FromStr for Secret {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Secret(s.to_owned()))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// Sign-in: token lifetimes, one-time code rules and who gets codes by e-mail.
#[derive(clap::Args, Clone, Debug)]
pub struct AuthSettings {
    /// Signs tokens and keys code hashes; must be the same on every replica. Random per start when unset: fine
    /// for one developer process, not for a cluster or a restart.
    #[arg(long, env = "AUTH_SECRET", hide_env_values = true)]
    pub auth_secret: Option<Secret>,
    /// Lifetime of the bearer token (`lemonadeToken`), in seconds.
    #[arg(long, env = "TOKEN_TTL_SECONDS", default_value_t = 900)]
    pub token_ttl_seconds: i64,
    /// Lifetime of the refresh cookie (`limoo_refresh`), in days.
    #[arg(long, env = "REFRESH_TTL_DAYS", default_value_t = 30)]
    pub refresh_ttl_days: i64,
    /// How long a one-time code stays valid, in seconds.
    #[arg(long, env = "OTP_TTL_SECONDS", default_value_t = 120)]
    pub otp_ttl_seconds: i64,
    /// Seconds before another code may be sent to the same number (concurrent requests too).
    #[arg(long, env = "OTP_RESEND_SECONDS", default_value_t = 60)]
    pub otp_resend_seconds: i64,
    /// Wrong tries allowed per code.
    #[arg(long, env = "OTP_MAX_ATTEMPTS", default_value_t = 5)]
    pub otp_max_attempts: i64,
    /// Codes per mobile number per hour.
    #[arg(long, env = "OTP_HOURLY_PER_NUMBER", default_value_t = 5)]
    pub otp_hourly_per_number: i64,
    /// Codes per client address per hour (an IPv6 client by its /64); also the referral codes one address may
    /// keep pending.
    #[arg(long, env = "OTP_HOURLY_PER_IP", default_value_t = 30)]
    pub otp_hourly_per_ip: i64,
    /// Countries (ids of `/lemonade/api/countries`; 1 is Iran) whose customers get codes by SMS; everyone else
    /// registers an e-mail address and gets codes by e-mail. A registered customer keeps the channel they
    /// registered with.
    #[arg(long, env = "SMS_COUNTRY_IDS", value_delimiter = ',', default_value = "1")]
    pub sms_country_ids: Vec<i64>,
    /// Mark the refresh cookie `Secure` (browsers still accept it on http://localhost).
    #[arg(long, env = "COOKIE_SECURE", default_value_t = true, action = clap::ArgAction::Set)]
    pub cookie_secure: bool,
}

/// Customer points: their value and how long an order may hold them.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct PointSettings {
    /// Minutes points stay held on an order (switched on or reserved) before they are free again.
    #[arg(long, env = "POINTS_HOLD_MINUTES", default_value_t = 30)]
    pub points_hold_minutes: i64,
    /// Toman one point is worth (`defaultPointValue`).
    #[arg(long, env = "POINT_VALUE_TOMAN", default_value_t = 1000)]
    pub point_value_toman: i64,
}

impl PointSettings {
    pub fn hold_ms(&self) -> i64 {
        self.points_hold_minutes.saturating_mul(60_000)
    }
}

/// Where the SMS and e-mail providers are; the simulators stand in for them in development and tests.
#[derive(clap::Args, Clone, Debug)]
pub struct GatewaySettings {
    /// Kavenegar API base, e.g. https://api.kavenegar.com or the simulator's /kavenegar.
    #[arg(long, env = "KAVENEGAR_BASE_URL", default_value = "http://127.0.0.1:8090/kavenegar")]
    pub kavenegar_base_url: String,
    /// Kavenegar API key (part of every request's path).
    #[arg(long, env = "KAVENEGAR_API_KEY", default_value = "sim-key", hide_env_values = true)]
    pub kavenegar_api_key: Secret,
    /// Approved verify/lookup template holding `%token`.
    #[arg(long, env = "KAVENEGAR_TEMPLATE", default_value = "limoo-otp")]
    pub kavenegar_template: String,
    /// The SMTP relay codes are e-mailed through; the default is the simulators' SMTP sink.
    #[arg(long, env = "SMTP_HOST", default_value = "127.0.0.1")]
    pub smtp_host: String,
    /// The SMTP relay's port.
    #[arg(long, env = "SMTP_PORT", default_value_t = 2525)]
    pub smtp_port: u16,
    /// The relay's user name; unset, mail is sent without logging in.
    #[arg(long, env = "SMTP_USERNAME")]
    pub smtp_username: Option<String>,
    /// The relay's password, with `SMTP_USERNAME`.
    #[arg(long, env = "SMTP_PASSWORD", hide_env_values = true)]
    pub smtp_password: Option<Secret>,
    /// Use STARTTLS (production relays); plain SMTP otherwise (the simulator).
    #[arg(long, env = "SMTP_STARTTLS", default_value_t = false, action = clap::ArgAction::Set)]
    pub smtp_starttls: bool,
    /// The sender of code e-mails, as the relay allows it.
    #[arg(long, env = "MAIL_FROM", default_value = "Limoo <no-reply@limoo.example>")]
    pub mail_from: String,
    /// The customer's connect-to-support (mentor) address is this followed by their profile number; unset, the
    /// success page shows no mentor button rather than a link to nowhere.
    #[arg(long, env = "MENTOR_LINK_BASE_URL")]
    pub mentor_link_base_url: Option<Url>,
}

/// Where customers reach support, as the web app learns it at start-up (`GET /lemonade/api/app-config`), so one
/// build of the app serves every deployment.
#[derive(clap::Args, Clone, Debug)]
pub struct SupportSettings {
    /// The support site the side menu's support popup embeds; unset, the menu offers no support popup.
    #[arg(long, env = "SUPPORT_SITE_URL", value_parser = parse_origin)]
    pub support_site_url: Option<Url>,
    /// The chat widget's script address; the widget id is appended (Goftino's `https://www.goftino.com/widget/`).
    /// The widget loads only when this and `CHAT_WIDGET_ID` are both set; otherwise the app shows a local stand-in.
    #[arg(long, env = "CHAT_WIDGET_SCRIPT_URL", value_parser = parse_origin)]
    pub chat_widget_script_url: Option<Url>,
    /// The chat widget's id, as the chat provider issued it.
    #[arg(long, env = "CHAT_WIDGET_ID")]
    pub chat_widget_id: Option<String>,
    /// The support phone number customers may call, as shown (`021-91001234`); unset, no number is shown.
    #[arg(long, env = "SUPPORT_PHONE")]
    pub support_phone: Option<String>,
    /// The support e-mail address customers may write to; unset, none is shown.
    #[arg(long, env = "SUPPORT_EMAIL", value_parser = parse_support_email)]
    pub support_email: Option<String>,
}

fn parse_support_email(value: &str) -> Result<String, String> {
    crate::domain::EmailAddress::parse(value).map(|email| email.as_str().to_owned()).map_err(|e| e.to_string())
}

/// Finance review of manual transfers (card to card, PayPal).
#[derive(clap::Args, Clone, Debug)]
pub struct FinanceSettings {
    /// Bearer token of the finance review API (`/lemonade/api/finance/…`); the API refuses every call when unset.
    #[arg(long, env = "FINANCE_API_TOKEN", hide_env_values = true)]
    pub finance_api_token: Option<Secret>,
    /// Hours an order's points stay reserved while its transfer waits for review (the customer is promised
    /// an answer within 48).
    #[arg(long, env = "TRANSFER_REVIEW_HOURS", default_value_t = 72)]
    pub transfer_review_hours: i64,
    /// The card customers pay into by card to card, 16 digits (spaces and dashes allowed); unset, the form
    /// shows no card and tells the customer to ask support.
    #[arg(long, env = "TRANSFER_CARD_NUMBER", value_parser = parse_card_number)]
    pub transfer_card_number: Option<String>,
    /// The name the destination card is in, as the customer's bank shows it before confirming.
    #[arg(long, env = "TRANSFER_CARD_HOLDER")]
    pub transfer_card_holder: Option<String>,
    /// The destination card's bank, e.g. `بانک ملت`.
    #[arg(long, env = "TRANSFER_CARD_BANK")]
    pub transfer_card_bank: Option<String>,
    /// The PayPal account foreign customers pay into (`PAYPAL_ROSHANDEL`); unset, the form shows none.
    #[arg(long, env = "TRANSFER_PAYPAL_ACCOUNT")]
    pub transfer_paypal_account: Option<String>,
    /// Toman per US dollar for the PayPal transfer: PayPal moves dollars, so the form asks for the order's total
    /// at this rate, in cents rounded up. Unset, the form names no amount and sends the customer to support.
    #[arg(long, env = "TRANSFER_PAYPAL_TOMAN_PER_USD", value_parser = clap::value_parser!(u32).range(1..))]
    pub transfer_paypal_toman_per_usd: Option<u32>,
}

impl FinanceSettings {
    pub fn review_ms(&self) -> i64 {
        self.transfer_review_hours.saturating_mul(3_600_000)
    }
}

/// Online payments: which gateway `online` uses, where the gateways are, and how the sweeper settles
/// payments nobody came back from.
#[derive(clap::Args, Clone, Debug)]
pub struct PaymentSettings {
    /// The gateway method `online` pays through: VANDAR or PAYPING [PM-39].
    #[arg(long, env = "ONLINE_PAYMENT_GATEWAY", default_value = "VANDAR", value_parser = parse_gateway)]
    pub online_payment_gateway: Gateway,
    /// The gateways the checkout offers besides `online` and the transfers, comma-separated: any of SNAPP_PAY,
    /// DIGIPAY, TARA, SAMAN (BluBank) and GUMROAD. None by default: a deployment lists those it has a contract
    /// with, and the web app shows (and advertises) only these.
    #[arg(long, env = "PAYMENT_METHODS", default_value = "", value_parser = parse_offered_gateways)]
    pub payment_methods: ::std::vec::Vec<Gateway>,
    /// Vandar IPG base, https://ipg.vandar.io or the simulator's /vandar.
    #[arg(long, env = "VANDAR_BASE_URL", default_value = "http://127.0.0.1:8090/vandar")]
    pub vandar_base_url: String,
    /// Vandar merchant API key.
    #[arg(long, env = "VANDAR_API_KEY", default_value = "sim-key", hide_env_values = true)]
    pub vandar_api_key: Secret,
    /// PayPing API base, https://api.payping.ir or the simulator's /payping.
    #[arg(long, env = "PAYPING_BASE_URL", default_value = "http://127.0.0.1:8090/payping")]
    pub payping_base_url: String,
    /// PayPing bearer token.
    #[arg(long, env = "PAYPING_TOKEN", default_value = "sim-key", hide_env_values = true)]
    pub payping_token: Secret,
    /// SnappPay base Snapp issues per merchant (staging `https://fms-gateway-staging.apps.public.teh-1.snappcloud.io`)
    /// or the simulator's /snapppay.
    #[arg(long, env = "SNAPP_PAY_BASE_URL", default_value = "http://127.0.0.1:8090/snapppay")]
    pub snapp_pay_base_url: String,
    /// SnappPay OAuth client id; with the three below it logs in (cached, again on a 401).
    #[arg(long, env = "SNAPP_PAY_CLIENT_ID", default_value = "sim-key")]
    pub snapp_pay_client_id: String,
    /// SnappPay OAuth client secret.
    #[arg(long, env = "SNAPP_PAY_CLIENT_SECRET", default_value = "sim-key", hide_env_values = true)]
    pub snapp_pay_client_secret: Secret,
    /// SnappPay merchant user name.
    #[arg(long, env = "SNAPP_PAY_USERNAME", default_value = "sim-key")]
    pub snapp_pay_username: String,
    /// SnappPay merchant password.
    #[arg(long, env = "SNAPP_PAY_PASSWORD", default_value = "sim-key", hide_env_values = true)]
    pub snapp_pay_password: Secret,
    /// Digipay API base ending in `/api`: https://api.mydigipay.com/digipay/api (staging
    /// https://uat.mydigipay.info/digipay/api) or the simulator's /digipay/api.
    #[arg(long, env = "DIGIPAY_BASE_URL", default_value = "http://127.0.0.1:8090/digipay/api")]
    pub digipay_base_url: String,
    /// Digipay OAuth client id; with the three below it logs in.
    #[arg(long, env = "DIGIPAY_CLIENT_ID", default_value = "sim-key")]
    pub digipay_client_id: String,
    /// Digipay OAuth client secret.
    #[arg(long, env = "DIGIPAY_CLIENT_SECRET", default_value = "sim-key", hide_env_values = true)]
    pub digipay_client_secret: Secret,
    /// Digipay merchant user name.
    #[arg(long, env = "DIGIPAY_USERNAME", default_value = "sim-key")]
    pub digipay_username: String,
    /// Digipay merchant password.
    #[arg(long, env = "DIGIPAY_PASSWORD", default_value = "sim-key", hide_env_values = true)]
    pub digipay_password: Secret,
    /// Tara base: production https://pay.tara360.ir/pay, staging https://stage-pay.tara360.ir/pay, or the
    /// simulator's /tara. The browser's form is posted to `{TARA_BASE_URL}/api/ipgPurchase`, so this
    /// one setting decides between Tara's production and staging pages too [spec 2 §4].
    #[arg(long, env = "TARA_BASE_URL", default_value = "http://127.0.0.1:8090/tara")]
    pub tara_base_url: String,
    /// The merchant's Tara username (also posted by the browser with the token).
    #[arg(long, env = "TARA_USERNAME", default_value = "sim-key")]
    pub tara_username: String,
    /// The merchant's Tara password.
    #[arg(long, env = "TARA_PASSWORD", default_value = "sim-key", hide_env_values = true)]
    pub tara_password: Secret,
    /// The merchant's Tara "gateway code", the `serviceId` the whole amount is booked under.
    #[arg(long, env = "TARA_SERVICE_ID", default_value = "1")]
    pub tara_service_id: String,
    /// Saman SEP base, https://sep.shaparak.ir or the simulator's /saman.
    #[arg(long, env = "SAMAN_BASE_URL", default_value = "http://127.0.0.1:8090/saman")]
    pub saman_base_url: String,
    /// SEP terminal (`TerminalId`, `TerminalNumber` on verify).
    #[arg(long, env = "SAMAN_TERMINAL_ID", default_value = "sim-key")]
    pub saman_terminal_id: String,
    /// Gumroad product pages, https://gumroad.com or the simulator's /gumroad.
    #[arg(long, env = "GUMROAD_BASE_URL", default_value = "http://127.0.0.1:8090/gumroad")]
    pub gumroad_base_url: String,
    /// Gumroad API v2, https://api.gumroad.com or the simulator's /gumroad.
    #[arg(long, env = "GUMROAD_API_BASE_URL", default_value = "http://127.0.0.1:8090/gumroad")]
    pub gumroad_api_base_url: String,
    /// Gumroad API access token (sales, refunds, the sale-ping subscription, product prices).
    #[arg(long, env = "GUMROAD_ACCESS_TOKEN", default_value = "sim-key", hide_env_values = true)]
    pub gumroad_access_token: Secret,
    /// Address of this service the gateways send browsers back to, when it differs from `PUBLIC_BASE_URL`.
    #[arg(long, env = "PAYMENT_CALLBACK_BASE_URL", value_parser = parse_origin)]
    pub payment_callback_base_url: Option<Url>,
    /// Origins besides `PUBLIC_BASE_URL` that `paymentResultUrl` may point at (comma-separated), e.g. the
    /// Vite dev server `http://localhost:5173`.
    #[arg(long, env = "PAYMENT_RESULT_ORIGINS", default_value = "", value_parser = parse_origins)]
    pub payment_result_origins: ::std::vec::Vec<Url>,
    /// Seconds between the sweeper's looks for payments nobody came back from.
    #[arg(long, env = "PAYMENT_SWEEP_SECONDS", default_value_t = 60)]
    pub payment_sweep_seconds: u64,
    /// `/readyz` fails once this replica's sweeper has not finished a run for this many seconds (since the start,
    /// before its first): payments nobody came back from would wait there unsettled. 0 never fails for it.
    #[arg(long, env = "SWEEPER_STALE_SECONDS", default_value_t = 600)]
    pub sweeper_stale_seconds: u64,
    /// Seconds a payment stays untouched before the sweeper asks its gateway about it.
    #[arg(long, env = "PAYMENT_SETTLE_AFTER_SECONDS", default_value_t = 120)]
    pub payment_settle_after_seconds: i64,
    /// Minutes after which a payment the gateway still cannot confirm is EXPIRED; one whose verify went
    /// unanswered (it may have taken the money) is asked about for a day instead.
    #[arg(long, env = "PAYMENT_EXPIRE_MINUTES", default_value_t = 30)]
    pub payment_expire_minutes: i64,
    /// Time limit of each call to a payment gateway, in seconds. A replica that dies mid-verify holds the
    /// payment's lease for twice this plus 5 s; then any replica's sweeper settles it.
    #[arg(long, env = "PAYMENT_GATEWAY_TIMEOUT_SECONDS", default_value_t = 30)]
    pub payment_gateway_timeout_seconds: u64,
}

impl PaymentSettings {
    pub fn expire_ms(&self) -> i64 {
        self.payment_expire_minutes.saturating_mul(60_000)
    }

    /// How long one caller may ask a gateway about a payment: twice the call's time-out and 5 s, after which
    /// a crashed caller's lease runs out and another takes over.
    pub fn lease_ms(&self) -> i64 {
        2 * self.payment_gateway_timeout_seconds.saturating_mul(1000) as i64 + 5_000
    }
}

/// A card number as the customer types it into their bank's app: 16 Latin digits.
fn parse_card_number(text: &str) -> Result<String, String> {
    let digits: String = text.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(digits)
    } else {
        Err(format!("{text} is not a 16-digit card number"))
    }
}

fn parse_gateway(text: &str) -> Result<Gateway, String> {
    Gateway::parse(text)
        .filter(|g| g.is_online())
        .ok_or_else(|| format!("{text} is not an online gateway (VANDAR or PAYPING)"))
}

/// An absolute http(s) address with a host: what browsers can be sent to.
/// The gateways besides the online ones that a deployment offers (`PAYMENT_METHODS`).
fn parse_offered_gateways(text: &str) -> Result<Vec<Gateway>, String> {
    parse_list(text, |name| {
        Gateway::parse(name)
            .filter(|g| !g.is_online())
            .ok_or_else(|| format!("{name} is not one of SNAPP_PAY, DIGIPAY, TARA, SAMAN, GUMROAD"))
    })
}

fn parse_origin(text: &str) -> Result<Url, String> {
    let url = Url::parse(text.trim()).map_err(|e| format!("{text} is not an address: {e}"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return Err(format!("{text} is not an http(s) address with a host"));
    }
    Ok(url)
}

/// A comma-separated list (the fully qualified `Vec` in the fields keeps clap from splitting it itself); empty
/// entries, and so an empty setting, are skipped.
fn parse_list<T>(text: &str, item: fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    text.split(',').map(str::trim).filter(|entry| !entry.is_empty()).map(item).collect()
}

fn parse_origins(text: &str) -> Result<Vec<Url>, String> {
    parse_list(text, parse_origin)
}

fn parse_networks(text: &str) -> Result<Vec<IpNet>, String> {
    parse_list(text, parse_network)
}

/// `10.0.0.0/8`, or a single address such as `10.0.0.7`.
fn parse_network(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| format!("{text} is neither an IP address nor a CIDR block"))
}

impl Settings {
    /// `PUBLIC_BASE_URL`, else `listening` as seen from this machine (an unspecified bind address such as
    /// 0.0.0.0 becomes 127.0.0.1).
    pub fn public_base_url(&self, listening: SocketAddr) -> Url {
        self.public_base_url.clone().unwrap_or_else(|| {
            let ip = if listening.ip().is_unspecified() { IpAddr::V4(Ipv4Addr::LOCALHOST) } else { listening.ip() };
            let address = SocketAddr::new(ip, listening.port());
            Url::parse(&format!("http://{address}")).expect("a socket address makes a valid http URL")
        })
    }

    /// The built-in defaults with port 0 and the given database: for tests and tools.
    pub fn for_database(database_url: impl Into<String>) -> Self {
        #[derive(clap::Parser)]
        struct Defaults {
            #[command(flatten)]
            settings: Settings,
        }
        let mut settings = <Defaults as clap::Parser>::parse_from(["bff"]).settings;
        settings.port = 0;
        settings.database_url = database_url.into();
        settings.demo_data = false;
        settings
    }

    /// The canonical service name, e.g. `LIMOO_SHOP` [CT-04].
    pub fn service_name(&self) -> String {
        format!("{}_SHOP", self.product_code.to_uppercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_matches_only_itself() {
        let secret = Secret("s3cret".into());
        assert!(secret.matches("s3cret"));
        assert!(!secret.matches("s3creT"));
        assert!(!secret.matches("s3cre"), "a prefix");
        assert!(!secret.matches("s3crets"));
        assert!(!secret.matches(""));
    }

    #[test]
    fn offered_gateways_are_the_ones_besides_online() {
        assert_eq!(
            parse_offered_gateways(" snapp_pay, SAMAN,,GUMROAD ").unwrap(),
            [Gateway::SnappPay, Gateway::Saman, Gateway::Gumroad]
        );
        assert_eq!(parse_offered_gateways("").unwrap(), []);
        assert!(parse_offered_gateways("VANDAR").is_err());
        assert!(parse_offered_gateways("BLUBANK").is_err());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_cidr_blocks() {
        assert_eq!(parse_network("10.0.0.7"), Ok("10.0.0.7/32".parse().unwrap()));
        assert_eq!(parse_network(" 10.0.0.0/8 "), Ok("10.0.0.0/8".parse().unwrap()));
        assert_eq!(parse_network("fd00::/8"), Ok("fd00::/8".parse().unwrap()));
        assert_eq!(parse_network("::1"), Ok("::1/128".parse().unwrap()));
        assert!(parse_network("proxy.internal").is_err());
        assert!(parse_network("10.0.0.0/33").is_err());
        assert_eq!(parse_networks(""), Ok(Vec::new()), "empty: none trusted");
        assert_eq!(parse_networks("10.0.0.0/8, 192.0.2.7").map(|n| n.len()), Ok(2));
        assert!(parse_networks("10.0.0.0/8,nope").is_err());
    }

    #[test]
    fn a_destination_card_is_sixteen_digits() {
        assert_eq!(parse_card_number("6037 9975-1234 5678").as_deref(), Ok("6037997512345678"));
        assert!(parse_card_number("6037 9975 1234 567").is_err(), "15 digits");
        assert!(parse_card_number("۶۰۳۷۹۹۷۵۱۲۳۴۵۶۷۸").is_err(), "Latin digits only");
    }

    #[test]
    fn public_origins_are_http_addresses_with_a_host() {
        assert_eq!(
            parse_origin("https://shop.example").map(|u| u.origin().ascii_serialization()).as_deref(),
            Ok("https://shop.example")
        );
        assert!(parse_origin("http://localhost:5173").is_ok());
        assert!(parse_origin("shop.example").is_err(), "no scheme");
        assert!(parse_origin("javascript:alert(1)").is_err());
        assert!(parse_origin("file:///etc/passwd").is_err());
        assert_eq!(parse_origins("http://localhost:5173, http://127.0.0.1:5173,").map(|o| o.len()), Ok(2));
    }

    #[test]
    fn without_public_base_url_the_listening_address_is_used() {
        let settings = Settings::for_database("sqlite::memory:");
        let any = SocketAddr::from(([0, 0, 0, 0], 8080));
        assert_eq!(settings.public_base_url(any).as_str(), "http://127.0.0.1:8080/");
        let configured = Settings { public_base_url: parse_origin("https://shop.example").ok(), ..settings };
        assert_eq!(configured.public_base_url(any).as_str(), "https://shop.example/");
    }
}
