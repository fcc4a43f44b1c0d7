//! Which gateway is simulated and which outcome a call gets.
//!
//! Scenario names are what `X-Sim-Scenario` accepts, what `X-Sim-Applied` reports and what the
//! journal records, so they are one namespace across all gateways (hence `normal` for SMS and
//! `success` for payments).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// A gateway's or a scenario's name the simulators do not know.
#[derive(Debug, thiserror::Error)]
pub enum UnknownName {
    #[error("unknown gateway '{0}'")]
    Gateway(String),
    #[error("unknown scenario '{0}'")]
    Scenario(String),
}

/// A simulated external service. Its name is also the URL prefix it is served under
/// (`/payping`, `/snapppay`, …), except for the SMTP sink, which has its own port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Gateway {
    Kavenegar,
    /// The SMTP sink that stands in for the transactional e-mail provider.
    Email,
    PayPing,
    Vandar,
    SnappPay,
    Digipay,
    Tara,
    /// Saman Electronic Payment (SEP), the gateway of the blubank method.
    Saman,
    Gumroad,
}

impl Gateway {
    pub const ALL: [Gateway; 9] = [
        Gateway::Kavenegar,
        Gateway::Email,
        Gateway::PayPing,
        Gateway::Vandar,
        Gateway::SnappPay,
        Gateway::Digipay,
        Gateway::Tara,
        Gateway::Saman,
        Gateway::Gumroad,
    ];

    /// The payment gateways, in the order the startup line lists them.
    pub const PAYMENTS: [Gateway; 7] = [
        Gateway::PayPing,
        Gateway::Vandar,
        Gateway::SnappPay,
        Gateway::Digipay,
        Gateway::Tara,
        Gateway::Saman,
        Gateway::Gumroad,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Gateway::Kavenegar => "kavenegar",
            Gateway::Email => "email",
            Gateway::PayPing => "payping",
            Gateway::Vandar => "vandar",
            Gateway::SnappPay => "snapppay",
            Gateway::Digipay => "digipay",
            Gateway::Tara => "tara",
            Gateway::Saman => "saman",
            Gateway::Gumroad => "gumroad",
        }
    }

    /// Whether `scenario` means anything to this gateway; forcing one that does not is an error.
    pub fn accepts(self, scenario: Scenario) -> bool {
        match (self, scenario) {
            (Gateway::Kavenegar, Scenario::Sms(_)) | (Gateway::Email, Scenario::Email(_)) => true,
            (Gateway::SnappPay | Gateway::Digipay | Gateway::Tara, Scenario::Payment(_)) => true,
            (Gateway::PayPing | Gateway::Vandar | Gateway::Saman, Scenario::Payment(p)) => !p.is_credit_decision(),
            // Gumroad has no create or verify call of ours to fail: only the checkout and its ping.
            (Gateway::Gumroad, Scenario::Payment(p)) => matches!(
                p,
                PaymentScenario::Success
                    | PaymentScenario::Cancel
                    | PaymentScenario::Declined
                    | PaymentScenario::PageTimeout
                    | PaymentScenario::DoubleCallback
            ),
            _ => false,
        }
    }
}

impl fmt::Display for Gateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Gateway {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Gateway::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownName::Gateway(s.to_owned()))
    }
}

/// The outcome of one call, whatever the gateway.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scenario {
    Sms(SmsScenario),
    Payment(PaymentScenario),
    Email(EmailScenario),
}

impl Scenario {
    /// Every scenario of every kind, SMS first.
    pub fn all() -> impl Iterator<Item = Scenario> {
        let sms = SmsScenario::ALL.into_iter().map(Scenario::Sms);
        let email = EmailScenario::ALL.into_iter().map(Scenario::Email);
        sms.chain(email).chain(PaymentScenario::ALL.into_iter().map(Scenario::Payment))
    }

    pub fn name(self) -> &'static str {
        match self {
            Scenario::Sms(s) => s.name(),
            Scenario::Payment(p) => p.name(),
            Scenario::Email(e) => e.name(),
        }
    }

    /// What the scenario does, for `GET /_sim/scenarios` (the variants' doc comments say it at length).
    pub fn description(self) -> &'static str {
        match self {
            Scenario::Sms(s) => match s {
                SmsScenario::Normal => "200; sms/status later reports delivered (10)",
                SmsScenario::Undelivered => "200; sms/status later reports undelivered (11)",
                SmsScenario::InsufficientCredit => "HTTP 418: insufficient credit",
                SmsScenario::InvalidReceptor => "HTTP 411: invalid receptor",
                SmsScenario::RateLimited => "HTTP 451: too many requests",
                SmsScenario::ProviderDown => "HTTP 502 with a non-JSON body",
                SmsScenario::NoAnswer => "no answer for 60 s x time scale, then 504",
                SmsScenario::TemplateNotFound => "HTTP 424: template not found or not approved",
                SmsScenario::InvalidToken => "HTTP 431: invalid token",
                SmsScenario::AccountDisabled => "HTTP 401: account disabled",
                SmsScenario::InvalidApiKey => "HTTP 403: invalid API key",
            },
            Scenario::Email(e) => match e {
                EmailScenario::Delivered => "250: the message lands in the outbox",
                EmailScenario::MailboxUnavailable => "550 5.1.1 at RCPT TO: permanent failure",
                EmailScenario::Deferred => "450 4.2.1 at RCPT TO: transient failure",
                EmailScenario::SlowAccept => "the 250 after DATA comes 60 s x time scale late",
            },
            Scenario::Payment(p) => match p {
                PaymentScenario::Success => "the customer pays; verify succeeds",
                PaymentScenario::Cancel => "the customer cancels on the hosted page",
                PaymentScenario::Declined => "insufficient funds, or credit refused at checkout",
                PaymentScenario::PageTimeout => "the hosted page's session runs out",
                PaymentScenario::TokenExpired => "the token has expired when the browser arrives",
                PaymentScenario::VerifyFails => "verify answers a definitive failure",
                PaymentScenario::VerifySlow => "the first verify takes effect but answers after 40 s x time scale",
                PaymentScenario::Processing => "the first verify answers 'processing'; the next succeeds",
                PaymentScenario::AmountMismatch => "the gateway charged the amount + 10 units",
                PaymentScenario::DoubleCallback => "the callback arrives twice (again 2 s x time scale later)",
                PaymentScenario::Create5xx => "the create/token call answers 5xx",
                PaymentScenario::Ineligible => "credit gateways: the customer may not buy on credit",
                PaymentScenario::InvalidMobile => "credit gateways: the mobile number is refused",
                PaymentScenario::MalformedBody => "the first verify takes effect but its answer is cut short",
            },
        }
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scenario {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        let sms = SmsScenario::ALL.into_iter().map(Scenario::Sms);
        let payment = PaymentScenario::ALL.into_iter().map(Scenario::Payment);
        let email = EmailScenario::ALL.into_iter().map(Scenario::Email);
        sms.chain(payment)
            .chain(email)
            .find(|candidate| candidate.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownName::Scenario(s.to_owned()))
    }
}

impl From<SmsScenario> for Scenario {
    fn from(s: SmsScenario) -> Self {
        Scenario::Sms(s)
    }
}

impl From<PaymentScenario> for Scenario {
    fn from(p: PaymentScenario) -> Self {
        Scenario::Payment(p)
    }
}

impl From<EmailScenario> for Scenario {
    fn from(e: EmailScenario) -> Self {
        Scenario::Email(e)
    }
}

/// Kavenegar outcomes (gateways.md §8, Kavenegar table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmsScenario {
    /// 200; entry status 5, `sms/status` later reports 10 (delivered).
    Normal,
    /// 200 now, `sms/status` later reports 11 (undelivered).
    Undelivered,
    /// HTTP 418.
    InsufficientCredit,
    /// HTTP 411.
    InvalidReceptor,
    /// HTTP 451.
    RateLimited,
    /// HTTP 502 with a non-JSON body.
    ProviderDown,
    /// No answer for 60 s × time scale, then a 504 nobody should still be waiting for.
    NoAnswer,
    /// HTTP 424.
    TemplateNotFound,
    /// HTTP 431.
    InvalidToken,
    /// HTTP 401.
    AccountDisabled,
    /// HTTP 403.
    InvalidApiKey,
}

impl SmsScenario {
    pub const ALL: [SmsScenario; 11] = [
        SmsScenario::Normal,
        SmsScenario::Undelivered,
        SmsScenario::InsufficientCredit,
        SmsScenario::InvalidReceptor,
        SmsScenario::RateLimited,
        SmsScenario::ProviderDown,
        SmsScenario::NoAnswer,
        SmsScenario::TemplateNotFound,
        SmsScenario::InvalidToken,
        SmsScenario::AccountDisabled,
        SmsScenario::InvalidApiKey,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SmsScenario::Normal => "normal",
            SmsScenario::Undelivered => "undelivered",
            SmsScenario::InsufficientCredit => "insufficient-credit",
            SmsScenario::InvalidReceptor => "invalid-receptor",
            SmsScenario::RateLimited => "rate-limited",
            SmsScenario::ProviderDown => "provider-down",
            SmsScenario::NoAnswer => "no-answer",
            SmsScenario::TemplateNotFound => "template-not-found",
            SmsScenario::InvalidToken => "invalid-token",
            SmsScenario::AccountDisabled => "account-disabled",
            SmsScenario::InvalidApiKey => "invalid-api-key",
        }
    }
}

/// SMTP sink outcomes (recipient tags in [`crate::test_values::EMAIL_TAGS`]). A scenario
/// forced through `SimHandle::force` applies to every recipient of the next message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EmailScenario {
    /// 250 to RCPT TO and after DATA; the message lands in the outbox.
    Delivered,
    /// 550 5.1.1 to RCPT TO: a permanent failure (tag `+fail`).
    MailboxUnavailable,
    /// 450 4.2.1 to RCPT TO: a transient failure worth retrying (forced only).
    Deferred,
    /// The 250 after DATA comes 60 s × time scale late (tag `+slow`). The message is already in
    /// the outbox, as a real server that accepted it would deliver it even to a client that gave up.
    SlowAccept,
}

impl EmailScenario {
    pub const ALL: [EmailScenario; 4] = [
        EmailScenario::Delivered,
        EmailScenario::MailboxUnavailable,
        EmailScenario::Deferred,
        EmailScenario::SlowAccept,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EmailScenario::Delivered => "delivered",
            EmailScenario::MailboxUnavailable => "mailbox-unavailable",
            EmailScenario::Deferred => "deferred",
            EmailScenario::SlowAccept => "slow-accept",
        }
    }
}

/// Payment outcomes (gateways.md §8): selected by the amount's last three digits, by the
/// mobile number for the credit gateways, or forced. The wire form of each per gateway is in
/// that gateway's module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentScenario {
    Success,
    /// The customer cancels on the hosted page.
    Cancel,
    /// Insufficient funds, or credit refused at checkout.
    Declined,
    /// The hosted page's session runs out before the customer finishes.
    PageTimeout,
    /// The token/ticket has already expired when the browser arrives.
    TokenExpired,
    /// Verify answers a definitive failure.
    VerifyFails,
    /// The first verify takes effect at once but answers only after 40 s × time scale.
    VerifySlow,
    /// The first verify answers "still processing"; the next succeeds.
    Processing,
    /// The gateway charged the amount + 10 units: callback, verify and inquiry report it.
    AmountMismatch,
    /// The callback is delivered twice: by the browser, then 2 s × time scale later by the
    /// simulator itself.
    DoubleCallback,
    /// The create/token call answers the gateway's 5xx.
    Create5xx,
    /// Credit gateways only: this customer may not buy on credit (SnappPay `eligible: false`).
    Ineligible,
    /// Credit gateways only: the mobile number is refused as malformed.
    InvalidMobile,
    /// The first verify takes effect but its 200 answer is cut short (not valid JSON).
    MalformedBody,
}

/// The name the crate used before mobile- and fault-selected scenarios joined the amount ones.
pub type AmountScenario = PaymentScenario;

impl PaymentScenario {
    pub const ALL: [PaymentScenario; 14] = [
        PaymentScenario::Success,
        PaymentScenario::Cancel,
        PaymentScenario::Declined,
        PaymentScenario::PageTimeout,
        PaymentScenario::TokenExpired,
        PaymentScenario::VerifyFails,
        PaymentScenario::VerifySlow,
        PaymentScenario::Processing,
        PaymentScenario::AmountMismatch,
        PaymentScenario::DoubleCallback,
        PaymentScenario::Create5xx,
        PaymentScenario::Ineligible,
        PaymentScenario::InvalidMobile,
        PaymentScenario::MalformedBody,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PaymentScenario::Success => "success",
            PaymentScenario::Cancel => "cancel",
            PaymentScenario::Declined => "declined",
            PaymentScenario::PageTimeout => "page-timeout",
            PaymentScenario::TokenExpired => "token-expired",
            PaymentScenario::VerifyFails => "verify-fails",
            PaymentScenario::VerifySlow => "verify-slow",
            PaymentScenario::Processing => "processing",
            PaymentScenario::AmountMismatch => "amount-mismatch",
            PaymentScenario::DoubleCallback => "double-callback",
            PaymentScenario::Create5xx => "create-5xx",
            PaymentScenario::Ineligible => "ineligible",
            PaymentScenario::InvalidMobile => "invalid-mobile",
            PaymentScenario::MalformedBody => "malformed-body",
        }
    }

    /// Decided by the customer's mobile number at the credit gateways (SnappPay, Digipay, Tara).
    pub fn is_credit_decision(self) -> bool {
        matches!(self, PaymentScenario::Ineligible | PaymentScenario::InvalidMobile)
    }

    /// Scenarios that act on verification, so a call about an existing payment may take them.
    pub fn acts_on_verify(self) -> bool {
        matches!(
            self,
            PaymentScenario::VerifyFails
                | PaymentScenario::VerifySlow
                | PaymentScenario::Processing
                | PaymentScenario::AmountMismatch
                | PaymentScenario::MalformedBody
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_name_parses_back_to_itself() {
        let sms = SmsScenario::ALL.into_iter().map(Scenario::Sms);
        let payment = PaymentScenario::ALL.into_iter().map(Scenario::Payment);
        let email = EmailScenario::ALL.into_iter().map(Scenario::Email);
        for scenario in sms.chain(payment).chain(email) {
            assert_eq!(scenario.name().parse::<Scenario>().ok(), Some(scenario));
        }
    }

    #[test]
    fn unknown_names_are_rejected() {
        assert!("teapot".parse::<Scenario>().is_err());
        assert!("zarinpal".parse::<Gateway>().is_err());
    }

    #[test]
    fn kavenegar_accepts_only_sms_scenarios() {
        assert!(Gateway::Kavenegar.accepts(SmsScenario::RateLimited.into()));
        assert!(!Gateway::Kavenegar.accepts(PaymentScenario::Cancel.into()));
        assert!(!Gateway::Kavenegar.accepts(EmailScenario::Delivered.into()));
    }

    #[test]
    fn email_accepts_only_email_scenarios() {
        assert!(Gateway::Email.accepts(EmailScenario::MailboxUnavailable.into()));
        assert!(!Gateway::Email.accepts(SmsScenario::Normal.into()));
        assert_eq!("EMAIL".parse::<Gateway>().ok(), Some(Gateway::Email));
    }

    #[test]
    fn credit_decisions_belong_to_the_credit_gateways() {
        for gateway in [Gateway::SnappPay, Gateway::Digipay, Gateway::Tara] {
            assert!(gateway.accepts(PaymentScenario::Ineligible.into()), "{gateway}");
        }
        for gateway in [Gateway::PayPing, Gateway::Vandar, Gateway::Saman, Gateway::Gumroad] {
            assert!(!gateway.accepts(PaymentScenario::Ineligible.into()), "{gateway}");
            assert!(gateway.accepts(PaymentScenario::Cancel.into()), "{gateway}");
        }
        assert!(!Gateway::Gumroad.accepts(PaymentScenario::Create5xx.into()));
        assert!(!Gateway::PayPing.accepts(SmsScenario::Normal.into()));
    }

    #[test]
    fn gateway_names_parse_back() {
        for gateway in Gateway::ALL {
            assert_eq!(gateway.name().parse::<Gateway>().ok(), Some(gateway));
        }
    }
}
