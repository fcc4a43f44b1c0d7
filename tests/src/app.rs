use limoo_bff::{
    auth::tokens::TokenKeys,
    config::{ConnectionSettings, Settings},
    domain::{mobile_number::IRAN, payment::Gateway},
    startup::Application,
    store::{
        Db,
        customers::{self, AuthType, NewCustomer, random_hex},
        demo, now_ms,
    },
};
use std::sync::atomic::{AtomicI64, Ordering};

use limoo_simulators::{SimConfig, SimHandle};
use tokio::task::JoinHandle;

use crate::{browser::poll_for, db::TestDb, process::BffProcess, workspace_root};

/// An address nothing listens on: every call to it is refused (a gateway that is down).
pub const CLOSED_PORT: &str = "http://127.0.0.1:9";
/// The finance review token (`FINANCE_API_TOKEN`) every test app accepts.
pub const FINANCE_TOKEN: &str = "finance-test-token";
/// The medical team's token (`STAFF_API_TOKEN`) every test app accepts.
pub const STAFF_TOKEN: &str = "staff-test-token";
/// The manual-transfer destination every test app shows (`TRANSFER_CARD_*`, `TRANSFER_PAYPAL_ACCOUNT`).
pub const TRANSFER_CARD_NUMBER: &str = "6037997599990001";
pub const TRANSFER_CARD_HOLDER: &str = "لیمو سلامت";
pub const TRANSFER_CARD_BANK: &str = "بانک ملی";
pub const TRANSFER_PAYPAL_ACCOUNT: &str = "paypal@limoo.example";
/// Toman per US dollar of the PayPal transfer (`TRANSFER_PAYPAL_TOMAN_PER_USD`), as `./run.sh`'s demo sets it.
pub const TRANSFER_PAYPAL_TOMAN_PER_USD: u32 = 100_000;

/// How long a code may take to reach the simulators after the request that sends it.
const DELIVERY_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// A diet as the medical team writes it (see [`TestApp::team_issues_diet`]).
#[derive(Debug, Clone)]
pub struct DietByTeam<'a> {
    pub order_id: i64,
    pub number: &'a str,
    pub days: i64,
    pub package_count: Option<i64>,
    /// Which diet of the package, from 1.
    pub slot: i64,
    pub ready: bool,
    /// Epoch milliseconds.
    pub starts_at: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct AppOptions {
    /// The demo catalogue, wizards and promotion codes (not the demo customers: see
    /// [`TestApp::load_demo_customers`]).
    pub demo_catalogue: bool,
    /// Folder served as the web app; the built `web/dist` by default.
    pub web_dir: Option<std::path::PathBuf>,
    /// The simulators' SIM_TIME_SCALE: below 1 their long waits (a slow verify's 40 s) shrink.
    pub sim_time_scale: f64,
    /// The BFF's time limit for each gateway call; its own default when `None`.
    pub payment_gateway_timeout_seconds: Option<u64>,
    /// `PUBLIC_BASE_URL`; `None` is the address the app listens on (`TestApp::address`), as browsers reach it.
    pub public_base_url: Option<String>,
    /// `PAYMENT_RESULT_ORIGINS`; none by default.
    pub payment_result_origins: Vec<String>,
    /// `TRUSTED_PROXIES` as CIDR blocks (`127.0.0.1/32`); none by default.
    pub trusted_proxies: Vec<String>,
    /// The BFF's request-body limit (`MAX_BODY_BYTES`); its own default when `None`.
    pub max_body_bytes: Option<usize>,
    /// `PAYMENT_METHODS`: every gateway besides the online ones by default, as `./run.sh`'s demo offers.
    pub payment_methods: Vec<Gateway>,
    /// `SUPPORT_SITE_URL`; unset by default.
    pub support_site_url: Option<String>,
    /// `MENTOR_LINK_BASE_URL`; [`MENTOR_LINK_BASE_URL`] by default.
    pub mentor_link_base_url: Option<String>,
    /// `CHAT_WIDGET_SCRIPT_URL` and `CHAT_WIDGET_ID`; unset by default.
    pub chat_widget: Option<(String, String)>,
    /// `SUPPORT_PHONE` and `SUPPORT_EMAIL`; unset by default.
    pub support_contacts: Option<(String, String)>,
    /// `ORDERS_PER_CUSTOMER_MINUTE` (0 lifts the bound); the BFF's own default when `None`.
    pub orders_per_customer_minute: Option<u32>,
    /// `PAYMENT_CALLS_PER_CUSTOMER_MINUTE` (0 lifts the bound); the BFF's own default when `None`.
    pub payment_calls_per_customer_minute: Option<u32>,
    /// The listener's timeouts and connection cap (`HEADER_READ_TIMEOUT_SECONDS` …); the BFF's own when `None`.
    pub connections: Option<ConnectionSettings>,
    /// `TEST_CLOCK`: on by default, so steps move time through the staff API instead of waiting.
    pub test_clock: bool,
}

/// The mentor service the test deployments link customers to.
pub const MENTOR_LINK_BASE_URL: &str = "https://mentor.limoo.test/link/";

impl Default for AppOptions {
    fn default() -> Self {
        AppOptions {
            demo_catalogue: true,
            web_dir: None,
            sim_time_scale: 1.0,
            payment_gateway_timeout_seconds: None,
            public_base_url: None,
            payment_result_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            max_body_bytes: None,
            payment_methods: Gateway::ALL.into_iter().filter(|g| !g.is_online()).collect(),
            support_site_url: None,
            mentor_link_base_url: Some(MENTOR_LINK_BASE_URL.to_owned()),
            chat_widget: None,
            support_contacts: None,
            orders_per_customer_minute: None,
            payment_calls_per_customer_minute: None,
            connections: None,
            test_clock: true,
        }
    }
}

/// A BFF the steps talk to: one the harness started with its own simulators and database (in-process), or a
/// deployed one named by `LIMOO_TARGET` (remote, see [`crate::target`]), which the steps reach only through its
/// public interfaces.
#[derive(Debug)]
pub struct TestApp {
    /// e.g. `http://127.0.0.1:41234`
    pub address: String,
    pub client: reqwest::Client,
    pub service_name: String,
    /// The simulators' base URL (their control API is under `/_sim`).
    sims_url: String,
    staff_token: String,
    finance_token: String,
    /// What only a BFF started by the harness has; `None` against a deployed one.
    local: Option<Local>,
    /// How far the BFF's test clock was moved, as it last answered: the tokens the harness signs are stamped on
    /// the BFF's time, or a moved clock would find them expired.
    clock_offset_ms: AtomicI64,
    /// Customer id → how much further the steps moved that customer's own clock.
    customer_clock_ms: std::sync::Mutex<std::collections::HashMap<i64, i64>>,
    /// Against a deployed BFF, which cannot be asked to sign a token: the token each customer signed in with.
    /// Canonical mobile → (customer id, token).
    signed_in: std::sync::Mutex<std::collections::HashMap<String, (i64, String)>>,
    test_clock: bool,
}

/// The parts of a BFF the harness started itself: its simulators, database and token secret.
#[derive(Debug)]
struct Local {
    sims: SimHandle,
    db: Db,
    /// Signs tokens exactly as this BFF does (the harness chose its secret).
    tokens: TokenKeys,
    auth_secret: String,
    server: JoinHandle<std::io::Result<()>>,
    database: TestDb,
}

/// A step that moves a clock every suite on a deployed environment shares.
const SHARED_CLOCK: &str = "this step moves the whole shop's or the gateways' clock, which every suite on a \
    deployed environment shares: tag the scenario @in-process";

/// What a step asked of a deployed BFF that only one the harness started has: the scenario must say so.
const IN_PROCESS_ONLY: &str = "this step reaches inside the BFF (its database, token secret or in-process \
    simulators), which a deployed environment does not allow: tag the scenario @in-process";

/// BFF + simulators with the demo catalogue.
pub async fn spawn_app() -> TestApp {
    TestApp::spawn(AppOptions::default()).await.expect("test app failed to start")
}

impl TestApp {
    pub async fn spawn(options: AppOptions) -> anyhow::Result<TestApp> {
        if std::env::var("TEST_LOG").is_ok() {
            limoo_bff::telemetry::init("debug", limoo_bff::telemetry::LogFormat::Text);
        }
        let sims =
            limoo_simulators::spawn(SimConfig { time_scale: options.sim_time_scale, ..SimConfig::default() }).await?;
        let service = Settings::for_database("unused").service_name();
        let database = TestDb::for_app(options.demo_catalogue.then_some(service.as_str())).await?;
        let mut settings = Settings::for_database(&database.url);
        settings.web_dir = options.web_dir.clone().unwrap_or_else(|| workspace_root().join("web/dist"));
        point_at_simulators(&mut settings, &sims);
        // Tests change the catalogue and list it at once: read its version on every request.
        settings.catalogue_recheck_ms = 0;
        if let Some(seconds) = options.payment_gateway_timeout_seconds {
            settings.payments.payment_gateway_timeout_seconds = seconds;
        }
        // Set here whatever the environment says: unset, the BFF takes the address it binds (port 0 until then).
        settings.public_base_url = options.public_base_url.as_deref().map(str::parse).transpose()?;
        settings.payments.payment_callback_base_url = None;
        settings.payments.payment_result_origins =
            options.payment_result_origins.iter().map(|origin| origin.parse()).collect::<Result<_, _>>()?;
        settings.trusted_proxies = options.trusted_proxies.iter().map(|net| net.parse()).collect::<Result<_, _>>()?;
        if let Some(bytes) = options.max_body_bytes {
            settings.max_body_bytes = bytes;
        }
        if let Some(per_minute) = options.orders_per_customer_minute {
            settings.orders_per_customer_minute = per_minute;
        }
        if let Some(per_minute) = options.payment_calls_per_customer_minute {
            settings.payment_calls_per_customer_minute = per_minute;
        }
        if let Some(connections) = options.connections {
            settings.connections = connections;
        }
        settings.payments.payment_methods = options.payment_methods.clone();
        settings.support.support_site_url = options.support_site_url.as_deref().map(str::parse).transpose()?;
        settings.gateways.mentor_link_base_url = options.mentor_link_base_url.as_deref().map(str::parse).transpose()?;
        if let Some((phone, email)) = &options.support_contacts {
            settings.support.support_phone = Some(phone.clone());
            settings.support.support_email = Some(email.clone());
        }
        if let Some((script_url, id)) = &options.chat_widget {
            settings.support.chat_widget_script_url = Some(script_url.parse()?);
            settings.support.chat_widget_id = Some(id.clone());
        }
        settings.test_clock = options.test_clock;
        let secret = random_hex();
        settings.auth.auth_secret = Some(secret.parse()?);
        settings.finance.finance_api_token = Some(FINANCE_TOKEN.parse()?);
        settings.staff_api_token = Some(STAFF_TOKEN.parse()?);
        settings.finance.transfer_card_number = Some(TRANSFER_CARD_NUMBER.to_owned());
        settings.finance.transfer_card_holder = Some(TRANSFER_CARD_HOLDER.to_owned());
        settings.finance.transfer_card_bank = Some(TRANSFER_CARD_BANK.to_owned());
        settings.finance.transfer_paypal_account = Some(TRANSFER_PAYPAL_ACCOUNT.to_owned());
        settings.finance.transfer_paypal_toman_per_usd = Some(TRANSFER_PAYPAL_TOMAN_PER_USD);
        let tokens = TokenKeys::new(secret.as_bytes(), settings.auth.token_ttl_seconds);
        let db = Db::connect(&database.url).await?;
        let service_name = settings.service_name();
        let app = Application::with_db(settings, db.clone()).await?;
        let address = format!("http://{}", app.address());
        let server = tokio::spawn(app.run_until_stopped());
        Ok(TestApp {
            address,
            client: reqwest::Client::new(),
            service_name,
            sims_url: sims.base_url(),
            staff_token: STAFF_TOKEN.to_owned(),
            finance_token: FINANCE_TOKEN.to_owned(),
            local: Some(Local { sims, db, tokens, auth_secret: secret, server, database }),
            clock_offset_ms: AtomicI64::new(0),
            customer_clock_ms: std::sync::Mutex::default(),
            signed_in: std::sync::Mutex::default(),
            test_clock: options.test_clock,
        })
    }

    /// The deployed BFF and simulators `target` names, once the BFF answers ready. Its settings are its own: a
    /// scenario that needs others starts its own BFF (`@in-process`).
    pub async fn connect(target: &crate::target::Target) -> anyhow::Result<TestApp> {
        let client = reqwest::Client::builder().default_headers(own_client_address()).build()?;
        let ready = client.get(format!("{}/readyz", target.bff)).send().await?;
        anyhow::ensure!(ready.status().is_success(), "{} is not ready: {}", target.bff, ready.status());
        Ok(TestApp {
            address: target.bff.clone(),
            client,
            service_name: Settings::for_database("unused").service_name(),
            sims_url: target.simulators.clone(),
            staff_token: target.staff_token.clone(),
            finance_token: target.finance_token.clone(),
            local: None,
            clock_offset_ms: AtomicI64::new(0),
            customer_clock_ms: std::sync::Mutex::default(),
            signed_in: std::sync::Mutex::default(),
            test_clock: true,
        })
    }

    fn local(&self) -> &Local {
        self.local.as_ref().expect(IN_PROCESS_ONLY)
    }

    /// The BFF's database (in-process only).
    pub fn db(&self) -> &Db {
        &self.local().db
    }

    /// The simulators in this process (in-process only; [`TestApp::sims_url`] reaches any).
    pub fn sims(&self) -> &SimHandle {
        &self.local().sims
    }

    /// Signs tokens exactly as this BFF does (in-process only).
    pub fn tokens(&self) -> &TokenKeys {
        &self.local().tokens
    }

    /// Whether the harness started this BFF (else it is a deployed one, reached only from outside).
    pub fn is_local(&self) -> bool {
        self.local.is_some()
    }

    /// The simulators' base URL, e.g. `http://127.0.0.1:41235`.
    pub fn sims_url(&self) -> &str {
        &self.sims_url
    }

    /// The medical team's and the finance reviewers' tokens this BFF accepts.
    pub fn staff_token(&self) -> &str {
        &self.staff_token
    }

    pub fn finance_token(&self) -> &str {
        &self.finance_token
    }

    /// A service state on this app's database and simulators whose payment sweeper takes every open
    /// payment at once and expires those older than `expire_minutes`; run it with
    /// `limoo_bff::shop::payments::sweep(Settling::from(&state))`.
    pub fn payment_sweeper(&self, expire_minutes: i64) -> limoo_bff::state::AppState {
        self.payment_sweeper_with(expire_minutes, |_| {})
    }

    /// `payment_sweeper` with settings changed by `adjust` (a gateway pointed at a closed port: an outage).
    pub fn payment_sweeper_with(
        &self,
        expire_minutes: i64,
        adjust: impl FnOnce(&mut Settings),
    ) -> limoo_bff::state::AppState {
        let mut settings = Settings::for_database("unused");
        point_at_simulators(&mut settings, self.sims());
        settings.payments.payment_settle_after_seconds = -1;
        settings.payments.payment_expire_minutes = expire_minutes;
        settings.test_clock = self.test_clock;
        adjust(&mut settings);
        limoo_bff::state::AppState::new(&settings, self.db().clone()).expect("a service state")
    }

    /// Another BFF, as its own process, on this app's database, simulators and token secret (a second
    /// replica, or the same service restarted after a crash); `env` adds or overrides settings.
    pub async fn start_process(&self, env: &[(&str, &str)]) -> anyhow::Result<BffProcess> {
        let sims = self.sims();
        let smtp = sims.smtp_addr();
        let mut settings: Vec<(String, String)> = [
            ("DATABASE_URL", self.local().database.url.clone()),
            ("AUTH_SECRET", self.local().auth_secret.clone()),
            ("WEB_DIR", workspace_root().join("web/dist").display().to_string()),
            ("KAVENEGAR_BASE_URL", sims.kavenegar_base_url()),
            ("SMTP_HOST", smtp.ip().to_string()),
            ("SMTP_PORT", smtp.port().to_string()),
            ("VANDAR_BASE_URL", sims.vandar_base_url()),
            ("PAYPING_BASE_URL", sims.payping_base_url()),
            ("SNAPP_PAY_BASE_URL", sims.snapppay_base_url()),
            ("DIGIPAY_BASE_URL", sims.digipay_base_url()),
            ("TARA_BASE_URL", sims.tara_base_url()),
            ("SAMAN_BASE_URL", sims.saman_base_url()),
            ("GUMROAD_BASE_URL", sims.gumroad_base_url()),
            ("GUMROAD_API_BASE_URL", sims.gumroad_base_url()),
            ("TEST_CLOCK", self.test_clock.to_string()),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect();
        settings.extend(env.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())));
        BffProcess::start(&settings).await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Runs a statement directly on this app's database, whichever backend it is (arranging test data).
    pub async fn execute_sql(&self, sql: impl Into<String>) {
        let sql = sqlx::AssertSqlSafe(sql.into());
        match self.db() {
            Db::Sqlite(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()),
            Db::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(|_| ()),
        }
        .expect("test SQL runs");
        // The SQL may have changed products behind the BFF's back: tell its catalogue cache, as the team's tools do.
        limoo_bff::store::products::catalogue_changed(self.db()).await.expect("catalogue version moved");
    }

    /// Reads one number (a `COUNT(*)`, say) from this app's database, whichever backend it is.
    pub async fn query_i64(&self, sql: impl Into<String>) -> i64 {
        let sql = sqlx::AssertSqlSafe(sql.into());
        match self.db() {
            Db::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
            Db::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await,
        }
        .expect("test SQL reads a number")
    }

    /// POSTs JSON to an API path.
    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request failed")
    }

    /// The code in the last SMS the simulator delivered to `mobile` (any spelling of the number).
    pub fn last_sms_code(&self, mobile: &str) -> Option<String> {
        self.sims().last_sms(mobile).and_then(|sms| sms.token)
    }

    /// The six-digit code in the last e-mail delivered to `address`.
    pub fn last_email_code(&self, address: &str) -> Option<String> {
        six_digits(&self.sims().last_email(address)?.text)
    }

    /// Stores an Iranian SMS customer directly (no code is sent, so no resend window starts) and
    /// returns a valid bearer token for them. Against a deployed BFF the customer signs up by SMS instead, once per
    /// scenario (their code's resend window has then begun).
    pub async fn existing_customer(&self, mobile: &str) -> String {
        if !self.is_local() {
            return self.signed_up_by_sms(mobile).await;
        }
        let number = limoo_bff::auth::parse_mobile(mobile, IRAN).expect("valid Iranian mobile");
        let new = NewCustomer {
            mobile: &number,
            email: None,
            first_name: "unknown",
            last_name: "unknown",
            auth_type: AuthType::Sms,
        };
        let customer = customers::insert_or_get(self.db(), new).await.expect("customer stored");
        self.token_of_customer(customer.id)
    }

    /// The BFF's time: real time plus what the steps moved its test clock by.
    pub fn now_ms(&self) -> i64 {
        now_ms() + self.clock_offset_ms.load(Ordering::Relaxed)
    }

    /// A fresh bearer token for `customer_id`, stamped with their time (their own clock's included); against a
    /// deployed BFF, the token they signed in with in this scenario.
    pub fn token_of_customer(&self, customer_id: i64) -> String {
        if !self.is_local() {
            let known =
                lock(&self.signed_in).values().find(|(id, _)| *id == customer_id).map(|(_, token)| token.clone());
            return known.expect(IN_PROCESS_ONLY);
        }
        let own = lock(&self.customer_clock_ms).get(&customer_id).copied();
        self.tokens().issue(customer_id, (self.now_ms() + own.unwrap_or(0)) / 1000).expect("token")
    }

    /// Moves one customer's own clock forward through the staff API, as a tester would for the customer they test.
    pub async fn advance_customer_clock(&self, customer_id: i64, seconds: i64) {
        let (status, clock) = self.staff_api().staff_advance_customer_clock(customer_id, seconds).await;
        assert_eq!(status, 200, "the customer's clock moved: {clock}");
        let own = clock["customerOffsetMs"].as_i64().expect("the customer's offset");
        let mut known = lock(&self.customer_clock_ms);
        let entry = known.entry(customer_id).or_default();
        *entry = (*entry).max(own);
    }

    /// Moves the BFF's test clock forward through the staff API, as a tester would. Not on a deployed BFF: other
    /// suites share its clock (a scenario there moves its customer's own).
    pub async fn advance_clock(&self, seconds: i64) {
        assert!(self.is_local(), "{SHARED_CLOCK}");
        let (status, clock) = self.staff_api().staff_advance_clock(seconds).await;
        assert_eq!(status, 200, "the test clock moved: {clock}");
        let offset = clock["offsetMs"].as_i64().expect("the clock's offset");
        self.clock_offset_ms.fetch_max(offset, Ordering::Relaxed);
    }

    /// Arms `scenario` on the simulators' `gateway` (by name) for the calls that name `mobile` in any spelling (its
    /// ten national digits), once, through their control API.
    pub async fn force_for(&self, gateway: &str, scenario: &str, mobile: &str) {
        let national = &mobile[mobile.len().saturating_sub(10)..];
        let body = serde_json::json!({ "gateway": gateway, "scenario": scenario, "matching": national, "times": 1 });
        let url = format!("{}/_sim/force", self.sims_url);
        let armed = self.client.post(url).json(&body).send().await.expect("the simulators answered");
        assert_eq!(armed.status(), 200, "the simulator takes the scenario: {}", armed.text().await.unwrap_or_default());
    }

    /// Moves the simulators' clock (the gateways' time) forward through their control API (not on deployed ones,
    /// whose clock other suites share).
    pub async fn advance_gateway_clock(&self, seconds: i64) {
        assert!(self.is_local(), "{SHARED_CLOCK}");
        let url = format!("{}/_sim/clock", self.sims_url);
        let answer = self.client.post(url).json(&serde_json::json!({ "seconds": seconds })).send().await;
        let status = answer.map(|answer| answer.status().as_u16()).unwrap_or_default();
        assert_eq!(status, 200, "the simulators' clock moved");
    }

    /// Stores the demo customers `DEMO_DATA` loads: 09120000001 (250 points), 09120000002 (none) and
    /// +905321234567 in Turkey (e-mail foreign@example.com, 100 points). Not loaded by default, so
    /// sign-in tests can register those numbers.
    pub async fn load_demo_customers(&self) {
        demo::load_customers(self.db()).await.expect("demo customers stored");
    }

    /// An Iranian customer (see [`TestApp::existing_customer`]) the team gave `points` through the staff API;
    /// returns a valid bearer token for them.
    pub async fn customer_with_points(&self, mobile: &str, points: i64) -> String {
        let token = self.existing_customer(mobile).await;
        let grant = serde_json::json!({ "mobileNumber": mobile, "points": points, "reason": "test", "by": "QA" });
        let (status, granted) = self.staff_api().staff_grant_points(&grant).await;
        assert_eq!(status, 200, "points granted: {granted}");
        token
    }

    /// A bearer token for an already stored customer, e.g. a demo customer (`+905321234567`, country 220).
    pub async fn token_for(&self, mobile: &str, country_id: i64) -> String {
        let number = limoo_bff::auth::parse_mobile(mobile, country_id).expect("valid mobile");
        if !self.is_local() {
            return lock(&self.signed_in)
                .get(number.canonical())
                .map(|(_, token)| token.clone())
                .expect(IN_PROCESS_ONLY);
        }
        let customer = customers::find_by_mobile(self.db(), &number).await.expect("customer read").expect("stored");
        self.token_of_customer(customer.id)
    }

    /// Waits for the SMS simulator to deliver a code to `mobile` (the browser's request may still be in flight),
    /// asking its control API as a tester would.
    pub async fn wait_for_sms_code(&self, mobile: &str) -> Option<String> {
        let url = format!("{}/_sim/sms", self.sims_url);
        let read = || async {
            let sms = self.client.get(&url).query(&[("receptor", mobile)]).send().await?;
            Ok(sms
                .status()
                .is_success()
                .then_some(sms.json::<serde_json::Value>().await?)
                .and_then(|sms| sms["token"].as_str().map(str::to_owned)))
        };
        poll_for(DELIVERY_PATIENCE, read).await.ok()
    }

    /// Waits for the e-mail simulator to deliver a code to `address`, asking its control API.
    pub async fn wait_for_email_code(&self, address: &str) -> Option<String> {
        let url = format!("{}/_sim/email", self.sims_url);
        let read = || async {
            let mail = self.client.get(&url).query(&[("to", address)]).send().await?;
            Ok(mail
                .status()
                .is_success()
                .then_some(mail.json::<serde_json::Value>().await?)
                .and_then(|mail| mail["text"].as_str().and_then(six_digits)))
        };
        poll_for(DELIVERY_PATIENCE, read).await.ok()
    }

    /// Signs a new Iranian customer up through the API (the code read from the simulators), once per scenario and
    /// number: answers their token, which [`TestApp::token_of_customer`] answers again.
    async fn signed_up_by_sms(&self, mobile: &str) -> String {
        let number = limoo_bff::auth::parse_mobile(mobile, IRAN).expect("valid Iranian mobile");
        if let Some((_, token)) = lock(&self.signed_in).get(number.canonical()) {
            return token.clone();
        }
        let signed = self.register_customer(mobile).await;
        let id = signed.user["id"].as_i64().expect("the signed-up customer's id");
        lock(&self.signed_in).insert(number.canonical().to_owned(), (id, signed.token.clone()));
        signed.token
    }

    /// The customer a bearer token names, read from its claims as its holder can (not checked: the BFF does that).
    pub fn customer_of(&self, token: &str) -> i64 {
        use base64::Engine as _;
        let claims =
            token.split('.').nth(1).and_then(|part| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(part).ok());
        let claims: serde_json::Value = claims.and_then(|json| serde_json::from_slice(&json).ok()).unwrap_or_default();
        claims["sub"].as_str().and_then(|sub| sub.parse().ok()).expect("a token naming its customer")
    }

    /// The simulators' journal for the scenario's evidence; empty on deployed ones, whose journal holds every
    /// suite's calls.
    pub fn journal(&self) -> Vec<limoo_simulators::JournalEntry> {
        self.local.as_ref().map(|local| local.sims.journal()).unwrap_or_default()
    }

    /// Waits until the simulators have repeated `n` payment callbacks on their own (`DoubleCallback`: 2 s × time scale
    /// after the browser's), and returns how many they repeated. The simulator journals a repeat once the BFF has
    /// answered it, so the BFF is done with each counted one.
    pub async fn repeated_callbacks(&self, n: usize) -> usize {
        let count = || self.sims().journal().into_iter().filter(|e| e.outgoing && e.path.contains("/callback")).count();
        poll_for(DELIVERY_PATIENCE, || async { Ok((count() >= n).then_some(())) }).await.ok();
        count()
    }

    /// Signs `token` out on the server as its customer's device does: the logout call carries it with the refresh
    /// cookie of a live sign-in of theirs (made here), so the BFF refuses the token from then on.
    pub async fn sign_out(&self, token: &str) {
        let customer = self.tokens().verify(token).ok().and_then(|claims| claims.customer_id()).expect("customer id");
        let auth = Settings::for_database("unused").auth;
        let refresh = limoo_bff::auth::refresh::issue(self.db(), &auth, self.tokens(), customer, None).await;
        let cookie = format!("limoo_refresh={}", refresh.expect("a sign-in"));
        let logout = self.client.post(self.url("/app/auth/logout")).bearer_auth(token).header("cookie", cookie);
        assert_eq!(logout.send().await.expect("answered").status(), 200, "signing out");
    }

    /// Registers a new Iranian customer through the real API and returns the sign-in reply.
    pub async fn register_customer(&self, mobile: &str) -> SignIn {
        self.register(&Registration { mobile, country_id: IRAN, email: None, names: ("unknown", "unknown") }).await
    }

    /// Registers a customer by e-mail through the real API (`/auth/register/email`, then `/auth/register` with the
    /// e-mailed code), as a foreign customer does, and returns the sign-in reply.
    pub async fn register_email_customer(&self, mobile: &str, country_id: i64, email: &str) -> SignIn {
        self.register(&Registration { mobile, country_id, email: Some(email), names: ("unknown", "unknown") }).await
    }

    /// Registers a customer through the real API: the code by SMS, or by e-mail when they have an address.
    async fn register(&self, who: &Registration<'_>) -> SignIn {
        let (mobile, country_id) = (who.mobile, who.country_id);
        let identity = serde_json::json!({ "mobileNumber": mobile, "countryId": country_id, "email": who.email });
        let (path, channel) =
            if who.email.is_some() { ("/auth/register/email", "an e-mail") } else { ("/auth/otp", "a") };
        let sent = self.post_json(path, &identity).await;
        assert_eq!(sent.status(), 200, "sending {channel} code failed: {}", sent.text().await.unwrap_or_default());
        let code = match who.email {
            Some(email) => self.wait_for_email_code(email).await,
            None => self.wait_for_sms_code(mobile).await,
        };
        let code = code.expect("the simulators received the code");
        let (first, last) = who.names;
        let body = serde_json::json!({ "mobileNumber": mobile, "countryId": country_id, "firstName": first,
                                        "lastName": last, "otp": code });
        SignIn::from_response(self.post_json("/auth/register", &body).await).await
    }

    /// Against a deployment: the demo customers `DEMO_DATA` loads, as `customers` (`bff/demo/customers.json` with
    /// this scenario's own numbers and addresses) lists them, signed up through the API with their names and given
    /// their points by the team's tool.
    pub async fn sign_up_demo_customers(&self, customers: &str) {
        let demo: Vec<serde_json::Value> = serde_json::from_str(customers).expect("the demo customers' list");
        for customer in &demo {
            let text = |field: &str| customer[field].as_str().unwrap_or_default();
            let country_id = customer["countryId"].as_i64().unwrap_or(IRAN);
            let email = customer["email"].as_str();
            let who = Registration {
                mobile: text("mobile"),
                country_id,
                email,
                names: (text("firstName"), text("lastName")),
            };
            let signed = self.register(&who).await;
            let id = signed.user["id"].as_i64().expect("the signed-up customer's id");
            let number = limoo_bff::auth::parse_mobile(who.mobile, country_id).expect("a demo customer's number");
            lock(&self.signed_in).insert(number.canonical().to_owned(), (id, signed.token));
            let points = customer["points"].as_i64().unwrap_or_default();
            if points > 0 {
                let grant = serde_json::json!({ "mobileNumber": who.mobile, "countryId": country_id, "points": points,
                                                 "reason": "demo", "by": "QA" });
                let (status, granted) = self.staff_api().staff_grant_points(&grant).await;
                assert_eq!(status, 200, "demo points granted: {granted}");
            }
        }
    }

    /// Forgets the (used) codes of a number, as if they were sent longer ago than the resend window: a customer
    /// who registered earlier may ask for a new code at once.
    pub async fn forget_codes(&self, mobile: &str, country_id: i64) {
        let number = limoo_bff::auth::parse_mobile(mobile, country_id).expect("valid mobile");
        let sql = "DELETE FROM otp_code WHERE subject = $1";
        match self.db() {
            Db::Sqlite(pool) => sqlx::query(sql).bind(number.canonical()).execute(pool).await.map(|_| ()),
            Db::Postgres(pool) => sqlx::query(sql).bind(number.canonical()).execute(pool).await.map(|_| ()),
        }
        .expect("codes forgotten");
    }

    /// Removes a customer (e.g. deleted by support while they were signing in).
    pub async fn delete_customer(&self, mobile: &str, country_id: i64) {
        let number = limoo_bff::auth::parse_mobile(mobile, country_id).expect("valid mobile");
        let sql = "DELETE FROM customer WHERE mobile = $1";
        match self.db() {
            Db::Sqlite(pool) => sqlx::query(sql).bind(number.canonical()).execute(pool).await.map(|_| ()),
            Db::Postgres(pool) => sqlx::query(sql).bind(number.canonical()).execute(pool).await.map(|_| ()),
        }
        .expect("customer deleted");
    }

    /// Every analytics event stored for a visit session, oldest first.
    pub async fn analytics_events(&self, session_id: &str) -> Vec<AnalyticsRow> {
        let sql = "SELECT action, category, label, user_id, service, meta FROM analytics_event \
                   WHERE visit_session_id = $1 ORDER BY created_at, analytics_event_id";
        match self.db() {
            Db::Sqlite(pool) => sqlx::query_as(sql).bind(session_id).fetch_all(pool).await,
            Db::Postgres(pool) => sqlx::query_as(sql).bind(session_id).fetch_all(pool).await,
        }
        .expect("analytics events read")
    }

    /// `(created_at, updated_at)` of a visit session: equal until the session is patched.
    pub async fn session_times(&self, session_id: &str) -> Option<(i64, i64)> {
        let sql = "SELECT created_at, updated_at FROM visit_session WHERE visit_session_id = $1";
        match self.db() {
            Db::Sqlite(pool) => sqlx::query_as(sql).bind(session_id).fetch_optional(pool).await,
            Db::Postgres(pool) => sqlx::query_as(sql).bind(session_id).fetch_optional(pool).await,
        }
        .expect("session read")
    }

    /// Calls an API path as a signed-in customer; answers the status and the JSON body (null when empty).
    pub async fn call_as(
        &self,
        method: reqwest::Method,
        token: &str,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request = self.client.request(method, self.url(path)).bearer_auth(token);
        if let Some(body) = body {
            request = request.json(body);
        }
        status_and_json(request).await
    }

    /// `PATCH /lemonade/api/formAnswers/{id}` with a bearer token and the record's edit token (`X-Edit-Token`), each
    /// when given; answers the status and the JSON body.
    pub async fn update_form_answers(
        &self,
        id: i64,
        bearer: Option<&str>,
        edit_token: Option<&str>,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let mut request = self.client.patch(self.url(&format!("/lemonade/api/formAnswers/{id}"))).json(body);
        if let Some(token) = bearer {
            request = request.bearer_auth(token);
        }
        if let Some(token) = edit_token {
            request = request.header("X-Edit-Token", token);
        }
        status_and_json(request).await
    }

    /// Calls the medical team's diet API (`/lemonade/api/staff/diets{path}`) with the staff token.
    pub async fn staff(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        self.call_as(method, &self.staff_token, &format!("/lemonade/api/staff/diets{path}"), body).await
    }

    /// The medical team numbers a paid order's diet through the staff API, marks it written when asked and
    /// starts it when given a start; answers the diet id.
    pub async fn team_issues_diet(&self, diet: &DietByTeam<'_>) -> i64 {
        let team = self.staff_api();
        let body = serde_json::json!({ "orderId": diet.order_id, "dietNumber": diet.number, "days": diet.days,
            "packageCount": diet.package_count, "slot": diet.slot, "by": "Dr. Test" });
        let (status, issued) = team.staff_issue_diet(&body).await;
        assert_eq!(status, 200, "diet issued: {issued}");
        let id = issued["dietId"].as_i64().expect("diet id");
        let by = serde_json::json!({ "by": "Dr. Test" });
        if diet.ready {
            let (status, reply) = team.staff_diet_ready(id, &by).await;
            assert_eq!(status, 200, "diet ready: {reply}");
        }
        if let Some(at) = diet.starts_at {
            let body = serde_json::json!({ "startDate": at.to_string(), "by": "Dr. Test" });
            let (status, reply) = team.staff_diet_start(id, &body).await;
            assert_eq!(status, 200, "diet started: {reply}");
        }
        id
    }

    pub async fn get_as(&self, token: &str, path: &str) -> (u16, serde_json::Value) {
        self.call_as(reqwest::Method::GET, token, path, None).await
    }

    pub async fn post_as(&self, token: &str, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        self.call_as(reqwest::Method::POST, token, path, Some(body)).await
    }

    /// Creates an order of catalogue products for the customer and returns its id.
    pub async fn create_order(&self, token: &str, product_ids: &[i64]) -> i64 {
        let (status, reply) = self.api(token).create_order(&serde_json::json!({ "productIds": product_ids })).await;
        assert_eq!(status, 200, "order creation failed: {reply}");
        reply["id"].as_i64().expect("order id")
    }

    /// Marks the order paid directly in the database, as a completed payment would (arranging test data).
    pub async fn mark_paid(&self, order_id: i64) {
        let mut tx = self.db().begin().await.expect("transaction");
        assert!(limoo_bff::store::orders::mark_paid(&mut tx, order_id).await.expect("order paid"), "already paid");
        tx.commit().await.expect("commit");
    }

    /// An order of `product_ids` for the customer of `token`, paid (see [`TestApp::mark_paid`]); against a deployed
    /// BFF, paid online through Vandar's simulator as a customer pays.
    pub async fn paid_order(&self, token: &str, product_ids: &[i64]) -> i64 {
        let order_id = self.create_order(token, product_ids).await;
        if self.is_local() {
            self.mark_paid(order_id).await;
        } else {
            let customer = self.customer_of(token);
            let mobile =
                lock(&self.signed_in).iter().find(|(_, (id, _))| *id == customer).map(|(mobile, _)| mobile.clone());
            let mobile = mobile.expect("a customer this scenario signed in").replacen("+98", "0", 1);
            crate::payment::press_pay(self, token, order_id, &mobile, "VANDAR").await;
            let (status, invoice) = self.invoice(token, order_id).await;
            let paid = serde_json::json!("PAYMENT_SUCCESS");
            assert_eq!((status, &invoice["status"]), (200, &paid), "the order paid: {invoice}");
        }
        order_id
    }

    /// The order's invoice as the customer reads it.
    pub async fn invoice(&self, token: &str, order_id: i64) -> (u16, serde_json::Value) {
        self.api(token).order_invoice(order_id).await
    }

    /// `GET /lemonade/api/products` with the given query pairs.
    pub async fn list_products(&self, query: &[(&str, &str)]) -> reqwest::Response {
        self.client.get(self.url("/lemonade/api/products")).query(query).send().await.expect("products request failed")
    }
}

/// Each scenario against a deployment is one customer's device, with an address of its own: its calls say so in
/// `X-Forwarded-For` (the deployment trusts the suite's machine as a proxy, `TRUSTED_PROXIES`), so the per-address
/// bounds on sign-in codes and new records count each scenario apart, as they count customers.
fn own_client_address() -> reqwest::header::HeaderMap {
    static NEXT: std::sync::OnceLock<std::sync::atomic::AtomicU32> = std::sync::OnceLock::new();
    let next = NEXT.get_or_init(|| std::sync::atomic::AtomicU32::new(uuid::Uuid::new_v4().as_fields().0));
    let [_, b, c, d] = next.fetch_add(1, Ordering::Relaxed).to_be_bytes();
    let mut headers = reqwest::header::HeaderMap::new();
    let address = format!("10.{b}.{c}.{d}").parse().expect("an address is a header value");
    headers.insert("x-forwarded-for", address);
    headers
}

/// The six-digit code in a message's text.
fn six_digits(text: &str) -> Option<String> {
    text.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).map(str::to_owned)
}

fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sends every SMS, e-mail and payment of a BFF with `settings` to the simulators.
fn point_at_simulators(settings: &mut Settings, sims: &SimHandle) {
    settings.gateways.kavenegar_base_url = sims.kavenegar_base_url();
    settings.gateways.smtp_host = sims.smtp_addr().ip().to_string();
    settings.gateways.smtp_port = sims.smtp_addr().port();
    settings.payments.vandar_base_url = sims.vandar_base_url();
    settings.payments.payping_base_url = sims.payping_base_url();
    settings.payments.snapp_pay_base_url = sims.snapppay_base_url();
    settings.payments.digipay_base_url = sims.digipay_base_url();
    settings.payments.tara_base_url = sims.tara_base_url();
    settings.payments.saman_base_url = sims.saman_base_url();
    settings.payments.gumroad_base_url = sims.gumroad_base_url();
    settings.payments.gumroad_api_base_url = sims.gumroad_base_url();
}

impl Drop for Local {
    fn drop(&mut self) {
        self.server.abort();
        self.sims.shutdown();
    }
}

/// Who signs up through the API.
struct Registration<'a> {
    mobile: &'a str,
    country_id: i64,
    email: Option<&'a str>,
    /// First and last name.
    names: (&'a str, &'a str),
}

/// One stored analytics event.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AnalyticsRow {
    pub action: String,
    pub category: String,
    pub label: Option<String>,
    pub user_id: Option<String>,
    pub service: Option<String>,
    pub meta: String,
}

/// A successful sign-in as the client sees it: bearer token, user and refresh cookie.
#[derive(Debug, Clone)]
pub struct SignIn {
    pub token: String,
    pub user: serde_json::Value,
    /// `limoo_refresh=…` as sent back in a `Cookie` header.
    pub refresh_cookie: String,
}

impl SignIn {
    pub async fn from_response(response: reqwest::Response) -> SignIn {
        assert_eq!(response.status(), 200, "sign-in failed");
        let refresh_cookie = refresh_cookie_of(&response).expect("a refresh cookie is set");
        let body: serde_json::Value = response.json().await.expect("JSON body");
        SignIn {
            token: body["lemonadeToken"].as_str().expect("lemonadeToken").to_owned(),
            user: body["user"].clone(),
            refresh_cookie,
        }
    }
}

/// The `limoo_refresh=value` pair of a response's Set-Cookie header, if any.
pub fn refresh_cookie_of(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("limoo_refresh="))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

/// Sends a request; answers the status and the JSON body (null when empty or not JSON).
/// Sends `request` and answers its status and JSON body; the call is kept as the scenario's evidence.
pub(crate) async fn status_and_json(request: reqwest::RequestBuilder) -> (u16, serde_json::Value) {
    let (client, request) = request.build_split();
    let request = request.expect("a well-formed request");
    let (url, method) = (request.url().clone(), request.method().to_string());
    let sent = request.body().and_then(|body| body.as_bytes()).unwrap_or_default().to_vec();
    let response = client.execute(request).await.expect("request failed");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    crate::evidence::record(&url, &method, status, &sent, &text);
    (status, serde_json::from_str(&text).unwrap_or(serde_json::Value::Null))
}

/// Guesses a code with `guess(n)` for n = 0, 1, 2 … until the shop answers 429, each earlier answer the `wrong` status
/// (an unknown code); asserts the customer got at least the burst of 20 tries and the 429 the Persian message, and
/// answers the 429's body. Tries on until refused, so a slow machine whose allowance refills meanwhile only takes a
/// few more (at most 100).
pub async fn guess_until_throttled<F, Fut>(wrong: u16, mut guess: F) -> serde_json::Value
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = (u16, serde_json::Value)>,
{
    for n in 0..100 {
        match guess(n).await {
            (status, _) if status == wrong => {}
            (429, refused) => {
                assert!(n >= 20, "only {n} tries before the limit");
                assert_eq!(refused["err"]["message"], limoo_bff::messages::TOO_MANY_REQUESTS, "{refused}");
                return refused;
            }
            (status, reply) => panic!("guess {n}: {status} {reply}"),
        }
    }
    panic!("100 guesses in a row were all answered")
}
