//! Which gateway is simulated and which outcome a call gets.
//!
//! Scenario names are what `X-Sim-Scenario` accepts, what `X-Sim-Applied` reports and what the
//! journal records, so they are one namespace across all gateways (hence `normal` for SMS and
//! `success` for payments).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::error::SimError;

/// A simulated external service. Payment gateways (PayPing, Vandar, SnappPay, Digipay, Tara,
/// Saman, Gumroad) join here as they are simulated, each accepting `Scenario::Payment`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Gateway {
    Kavenegar,
    /// The SMTP sink that stands in for the transactional e-mail provider.
    Email,
}

impl Gateway {
    pub const ALL: [Gateway; 2] = [Gateway::Kavenegar, Gateway::Email];

    pub fn name(self) -> &'static str {
        match self {
            Gateway::Kavenegar => "kavenegar",
            Gateway::Email => "email",
        }
    }

    /// Whether `scenario` means anything to this gateway; forcing one that does not is an error.
    pub fn accepts(self, scenario: Scenario) -> bool {
        match self {
            Gateway::Kavenegar => matches!(scenario, Scenario::Sms(_)),
            Gateway::Email => matches!(scenario, Scenario::Email(_)),
        }
    }
}

impl fmt::Display for Gateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Gateway {
    type Err = SimError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Gateway::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| SimError::UnknownGateway(s.to_owned()))
    }
}

/// The outcome of one call, whatever the gateway.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scenario {
    Sms(SmsScenario),
    Payment(AmountScenario),
    Email(EmailScenario),
}

impl Scenario {
    pub fn name(self) -> &'static str {
        match self {
            Scenario::Sms(s) => s.name(),
            Scenario::Payment(p) => p.name(),
            Scenario::Email(e) => e.name(),
        }
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scenario {
    type Err = SimError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim();
        let sms = SmsScenario::ALL.into_iter().map(Scenario::Sms);
        let payment = AmountScenario::ALL.into_iter().map(Scenario::Payment);
        let email = EmailScenario::ALL.into_iter().map(Scenario::Email);
        sms.chain(payment)
            .chain(email)
            .find(|candidate| candidate.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| SimError::UnknownScenario(s.to_owned()))
    }
}

impl From<SmsScenario> for Scenario {
    fn from(s: SmsScenario) -> Self {
        Scenario::Sms(s)
    }
}

impl From<AmountScenario> for Scenario {
    fn from(p: AmountScenario) -> Self {
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

/// Payment outcomes selected by the amount's last three digits (gateways.md §8, magic amounts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmountScenario {
    Success,
    Cancel,
    Declined,
    PageTimeout,
    TokenExpired,
    VerifyFails,
    VerifySlow,
    Processing,
    AmountMismatch,
    DoubleCallback,
    Create5xx,
}

impl AmountScenario {
    pub const ALL: [AmountScenario; 11] = [
        AmountScenario::Success,
        AmountScenario::Cancel,
        AmountScenario::Declined,
        AmountScenario::PageTimeout,
        AmountScenario::TokenExpired,
        AmountScenario::VerifyFails,
        AmountScenario::VerifySlow,
        AmountScenario::Processing,
        AmountScenario::AmountMismatch,
        AmountScenario::DoubleCallback,
        AmountScenario::Create5xx,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AmountScenario::Success => "success",
            AmountScenario::Cancel => "cancel",
            AmountScenario::Declined => "declined",
            AmountScenario::PageTimeout => "page-timeout",
            AmountScenario::TokenExpired => "token-expired",
            AmountScenario::VerifyFails => "verify-fails",
            AmountScenario::VerifySlow => "verify-slow",
            AmountScenario::Processing => "processing",
            AmountScenario::AmountMismatch => "amount-mismatch",
            AmountScenario::DoubleCallback => "double-callback",
            AmountScenario::Create5xx => "create-5xx",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scenario_name_parses_back_to_itself() {
        let sms = SmsScenario::ALL.into_iter().map(Scenario::Sms);
        let payment = AmountScenario::ALL.into_iter().map(Scenario::Payment);
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
        assert!(!Gateway::Kavenegar.accepts(AmountScenario::Cancel.into()));
        assert!(!Gateway::Kavenegar.accepts(EmailScenario::Delivered.into()));
    }

    #[test]
    fn email_accepts_only_email_scenarios() {
        assert!(Gateway::Email.accepts(EmailScenario::MailboxUnavailable.into()));
        assert!(!Gateway::Email.accepts(SmsScenario::Normal.into()));
        assert_eq!("EMAIL".parse::<Gateway>().ok(), Some(Gateway::Email));
    }
}
