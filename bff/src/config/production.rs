//! The production profile (`LIMOO_ENV=production`). Every default is made for development: gateways, SMS and mail
//! point at the simulators with the simulators' keys, tokens are signed with a secret made at start-up, cookies may
//! go over http. A deployment that forgets one setting would talk to a stand-in, or to nobody, without a word; under
//! the production profile such a start is refused instead, with every reason at once, so one look at the log fixes
//! them all. Development (the default, `./run.sh`) starts as easily as ever.
use std::fmt;

use reqwest::Url;

use super::{Secret, Settings};
use crate::domain::payment::Gateway;

/// Which defaults a start accepts.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Environment {
    /// Simulators, a start-up secret and demo data are fine.
    #[default]
    Development,
    /// Every unsafe default is a start-up error ([`refusals`]).
    Production,
}

/// Shortest `AUTH_SECRET` accepted in production: it signs every token and keys every code hash (HMAC-SHA256).
pub const MIN_AUTH_SECRET_BYTES: usize = 32;
/// Shortest staff, finance or metrics bearer token accepted in production.
pub const MIN_API_TOKEN_BYTES: usize = 24;
/// The keys the simulators accept, which no real gateway issues.
const SIMULATOR_KEYS: [&str; 2] = ["sim-key", "sim-invalid"];

/// One setting a production start refuses, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The environment variable that sets it.
    pub setting: &'static str,
    pub why: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.setting, self.why)
    }
}

/// Everything in `settings` a production start refuses; empty when it may start.
pub fn refusals(settings: &Settings) -> Vec<Refusal> {
    let mut found = Refusals::default();
    match &settings.auth.auth_secret {
        None => found.add(
            "AUTH_SECRET",
            "unset: tokens would be signed with a secret made at start-up, which no other replica and no restart knows",
        ),
        Some(secret) if secret.expose().len() < MIN_AUTH_SECRET_BYTES => {
            found.add("AUTH_SECRET", format!("shorter than {MIN_AUTH_SECRET_BYTES} bytes"))
        }
        Some(_) => {}
    }
    match &settings.public_base_url {
        None => {
            found.add("PUBLIC_BASE_URL", "unset: gateways would send customers back to the address the BFF listens on")
        }
        Some(url) => found.public_address("PUBLIC_BASE_URL", url),
    }
    if !settings.auth.cookie_secure {
        found.add("COOKIE_SECURE", "false: the sign-in cookie would also travel over plain http");
    }
    if settings.demo_data {
        found.add("DEMO_DATA", "true: the demo catalogue and demo customers would be loaded");
    }
    if settings.test_clock {
        found.add("TEST_CLOCK", "true: anyone with the staff token could move the shop's clock forward");
    }
    found.token("STAFF_API_TOKEN", settings.staff_api_token.as_ref());
    found.token("FINANCE_API_TOKEN", settings.finance.finance_api_token.as_ref());
    found.token("METRICS_TOKEN", settings.metrics_token.as_ref());

    let sms = &settings.gateways;
    found.gateway_address("KAVENEGAR_BASE_URL", &sms.kavenegar_base_url);
    found.key("KAVENEGAR_API_KEY", sms.kavenegar_api_key.expose());
    if let Some(why) = stand_in_host(&sms.smtp_host) {
        found.add("SMTP_HOST", why);
    }
    if !sms.smtp_starttls {
        found.add("SMTP_STARTTLS", "false: codes would be mailed to the relay unencrypted");
    }
    if let Some(why) =
        sms.mail_from.rsplit('@').next().map(|domain| domain.trim_end_matches('>')).and_then(stand_in_host)
    {
        found.add("MAIL_FROM", why);
    }
    if let Some(url) = &sms.mentor_link_base_url {
        found.public_address("MENTOR_LINK_BASE_URL", url);
    }
    let support = &settings.support;
    for (setting, url) in
        [("SUPPORT_SITE_URL", &support.support_site_url), ("CHAT_WIDGET_SCRIPT_URL", &support.chat_widget_script_url)]
    {
        if let Some(url) = url {
            found.public_address(setting, url);
        }
    }
    for url in &settings.payments.payment_result_origins {
        found.public_address("PAYMENT_RESULT_ORIGINS", url);
    }
    if let Some(url) = &settings.payments.payment_callback_base_url {
        found.public_address("PAYMENT_CALLBACK_BASE_URL", url);
    }
    for gateway in std::iter::once(settings.payments.online_payment_gateway)
        .chain(settings.payments.payment_methods.iter().copied())
    {
        found.payment_gateway(settings, gateway);
    }
    found.0
}

#[derive(Default)]
struct Refusals(Vec<Refusal>);

impl Refusals {
    fn add(&mut self, setting: &'static str, why: impl Into<String>) {
        self.0.push(Refusal { setting, why: why.into() });
    }

    /// An address customers' browsers are sent to: https, on a public host.
    fn public_address(&mut self, setting: &'static str, url: &Url) {
        if url.scheme() != "https" {
            self.add(setting, format!("{url} is not https"));
        }
        if let Some(why) = url.host_str().and_then(stand_in_host) {
            self.add(setting, why);
        }
    }

    /// A provider's API address: https, not a simulator or a placeholder.
    fn gateway_address(&mut self, setting: &'static str, address: &str) {
        match Url::parse(address) {
            Ok(url) => self.public_address(setting, &url),
            Err(_) => self.add(setting, format!("{address} is not an address")),
        }
    }

    fn key(&mut self, setting: &'static str, key: &str) {
        if key.trim().is_empty() || SIMULATOR_KEYS.contains(&key) {
            self.add(setting, "the simulators' key, which no real provider issues");
        }
    }

    fn token(&mut self, setting: &'static str, token: Option<&Secret>) {
        match token {
            None => self.add(setting, "unset"),
            Some(token) if token.expose().len() < MIN_API_TOKEN_BYTES => {
                self.add(setting, format!("shorter than {MIN_API_TOKEN_BYTES} bytes"))
            }
            Some(_) => {}
        }
    }

    /// The address and credentials of a gateway the checkout offers.
    fn payment_gateway(&mut self, settings: &Settings, gateway: Gateway) {
        let p = &settings.payments;
        match gateway {
            Gateway::Vandar => {
                self.gateway_address("VANDAR_BASE_URL", &p.vandar_base_url);
                self.key("VANDAR_API_KEY", p.vandar_api_key.expose());
            }
            Gateway::PayPing => {
                self.gateway_address("PAYPING_BASE_URL", &p.payping_base_url);
                self.key("PAYPING_TOKEN", p.payping_token.expose());
            }
            Gateway::SnappPay => {
                self.gateway_address("SNAPP_PAY_BASE_URL", &p.snapp_pay_base_url);
                self.key("SNAPP_PAY_CLIENT_ID", &p.snapp_pay_client_id);
                self.key("SNAPP_PAY_CLIENT_SECRET", p.snapp_pay_client_secret.expose());
                self.key("SNAPP_PAY_USERNAME", &p.snapp_pay_username);
                self.key("SNAPP_PAY_PASSWORD", p.snapp_pay_password.expose());
            }
            Gateway::Digipay => {
                self.gateway_address("DIGIPAY_BASE_URL", &p.digipay_base_url);
                self.key("DIGIPAY_CLIENT_ID", &p.digipay_client_id);
                self.key("DIGIPAY_CLIENT_SECRET", p.digipay_client_secret.expose());
                self.key("DIGIPAY_USERNAME", &p.digipay_username);
                self.key("DIGIPAY_PASSWORD", p.digipay_password.expose());
            }
            Gateway::Tara => {
                self.gateway_address("TARA_BASE_URL", &p.tara_base_url);
                self.key("TARA_USERNAME", &p.tara_username);
                self.key("TARA_PASSWORD", p.tara_password.expose());
            }
            Gateway::Saman => {
                self.gateway_address("SAMAN_BASE_URL", &p.saman_base_url);
                self.key("SAMAN_TERMINAL_ID", &p.saman_terminal_id);
            }
            Gateway::Gumroad => {
                self.gateway_address("GUMROAD_BASE_URL", &p.gumroad_base_url);
                self.gateway_address("GUMROAD_API_BASE_URL", &p.gumroad_api_base_url);
                self.key("GUMROAD_ACCESS_TOKEN", p.gumroad_access_token.expose());
            }
        }
    }
}

/// Why `host` is no production host: this machine (where the simulators listen), or a name reserved for examples
/// and tests (RFC 2606, RFC 6761), which nobody answers.
fn stand_in_host(host: &str) -> Option<String> {
    let host = host.trim().trim_start_matches('[').trim_end_matches(']').trim_end_matches('.').to_ascii_lowercase();
    let local = host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified());
    if local {
        return Some(format!("{host} is this machine, where the simulators listen"));
    }
    let reserved = ["example", "test", "invalid"].iter().any(|tld| host == *tld || host.ends_with(&format!(".{tld}")))
        || ["example.com", "example.net", "example.org"]
            .iter()
            .any(|name| host == *name || host.ends_with(&format!(".{name}")));
    reserved.then(|| format!("{host} is a name reserved for examples, which nobody answers"))
}

/// Refuses a production start with every reason listed; any other start passes.
pub fn check(settings: &Settings) -> anyhow::Result<()> {
    if settings.environment != Environment::Production {
        return Ok(());
    }
    let refused = refusals(settings);
    if refused.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = refused.iter().map(|refusal| format!("  - {refusal}")).collect();
    anyhow::bail!("LIMOO_ENV=production refuses {} setting(s):\n{}", refused.len(), list.join("\n"))
}

/// `bff config check`: the effective configuration, secrets masked, and what a production start would refuse.
pub fn report(settings: &Settings) -> (String, bool) {
    let refused = refusals(settings);
    let mut text = format!("Effective configuration (secrets masked):\n{settings:#?}\n\n");
    if refused.is_empty() {
        text.push_str("A production start (LIMOO_ENV=production) accepts this configuration.\n");
    } else {
        text.push_str(&format!("A production start (LIMOO_ENV=production) refuses {} setting(s):\n", refused.len()));
        for refusal in &refused {
            text.push_str(&format!("  - {refusal}\n"));
        }
    }
    (text, refused.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(text: &str) -> Secret {
        text.parse().unwrap_or_else(|never: std::convert::Infallible| match never {})
    }

    fn named(settings: &Settings) -> Vec<&'static str> {
        let mut names: Vec<_> = refusals(settings).iter().map(|r| r.setting).collect();
        names.dedup();
        names
    }

    /// What a real deployment sets: every address public and https, every key its own.
    fn production() -> Settings {
        let mut s = Settings::for_database("postgres://db.internal/limoo");
        let url = |text: &str| Url::parse(text).ok();
        let some = |text: &str| Some(secret(text));
        s.environment = Environment::Production;
        s.public_base_url = url("https://shop.limoo.ir");
        s.auth.auth_secret = some("a-long-random-secret-of-forty-bytes-00000");
        s.staff_api_token = some("staff-token-0123456789abcdef");
        s.finance.finance_api_token = some("finance-token-0123456789abcd");
        s.metrics_token = some("metrics-token-0123456789abcd");
        s.gateways.kavenegar_base_url = "https://api.kavenegar.com".into();
        s.gateways.kavenegar_api_key = secret("kavenegar-issued-key");
        s.gateways.smtp_host = "smtp.mailgun.org".into();
        s.gateways.smtp_starttls = true;
        s.gateways.mail_from = "Limoo <no-reply@limoo.ir>".into();
        s.payments.vandar_base_url = "https://ipg.vandar.io".into();
        s.payments.vandar_api_key = secret("vandar-issued-key");
        s
    }

    #[test]
    fn the_development_defaults_name_every_unsafe_setting() {
        let defaults = Settings::for_database("sqlite::memory:");
        assert_eq!(
            named(&defaults),
            [
                "AUTH_SECRET",
                "PUBLIC_BASE_URL",
                "STAFF_API_TOKEN",
                "FINANCE_API_TOKEN",
                "METRICS_TOKEN",
                "KAVENEGAR_BASE_URL",
                "KAVENEGAR_API_KEY",
                "SMTP_HOST",
                "SMTP_STARTTLS",
                "MAIL_FROM",
                "VANDAR_BASE_URL",
                "VANDAR_API_KEY",
            ]
        );
    }

    #[test]
    fn a_real_deployment_starts() {
        let settings = production();
        assert_eq!(refusals(&settings), []);
        assert!(check(&settings).is_ok());
    }

    #[test]
    fn each_gateway_offered_brings_its_own_address_and_keys() {
        let mut settings = production();
        settings.payments.payment_methods = vec![Gateway::Gumroad, Gateway::Saman];
        assert_eq!(
            named(&settings),
            ["GUMROAD_BASE_URL", "GUMROAD_API_BASE_URL", "GUMROAD_ACCESS_TOKEN", "SAMAN_BASE_URL", "SAMAN_TERMINAL_ID"]
        );
    }

    #[test]
    fn placeholders_plain_http_and_short_secrets_are_refused() {
        let mut settings = production();
        settings.public_base_url = Url::parse("http://shop.limoo.ir").ok();
        settings.auth.auth_secret = Some(secret("short"));
        settings.auth.cookie_secure = false;
        settings.demo_data = true;
        settings.test_clock = true;
        settings.gateways.mentor_link_base_url = Url::parse("https://support.limoo.example/link/").ok();
        settings.support.support_site_url = Url::parse("https://127.0.0.1:9000").ok();
        settings.metrics_token = Some(secret("short"));
        assert_eq!(
            named(&settings),
            [
                "AUTH_SECRET",
                "PUBLIC_BASE_URL",
                "COOKIE_SECURE",
                "DEMO_DATA",
                "TEST_CLOCK",
                "METRICS_TOKEN",
                "MENTOR_LINK_BASE_URL",
                "SUPPORT_SITE_URL"
            ]
        );
    }

    #[test]
    fn a_refused_production_start_lists_every_reason_and_development_starts_anyway() {
        let mut settings = Settings::for_database("sqlite::memory:");
        assert!(check(&settings).is_ok());
        settings.environment = Environment::Production;
        let refused = check(&settings).expect_err("refused").to_string();
        assert!(refused.starts_with("LIMOO_ENV=production refuses 14 setting(s):"), "{refused}");
        assert!(refused.contains("AUTH_SECRET: unset") && refused.contains("VANDAR_API_KEY"), "{refused}");
    }

    #[test]
    fn the_report_masks_secrets() {
        let settings = production();
        let (text, accepted) = report(&settings);
        assert!(accepted);
        assert!(!text.contains("a-long-random-secret") && !text.contains("vandar-issued-key"), "{text}");
        assert!(text.contains("https://ipg.vandar.io"), "{text}");
    }
}
