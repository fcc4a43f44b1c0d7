//! The magic test values of gateways.md §8, in one place so simulators and tests agree.
//! Real gateways honour none of these; they exist so end-to-end tests select outcomes with
//! inputs the merchant code already sends (receptor, amount, mobile, e-mail recipient).

use crate::mobile;
use crate::scenario::{EmailScenario, PaymentScenario, SmsScenario};

/// Kavenegar: receptor's last four digits → scenario. Unlisted endings are `Normal`.
pub const RECEPTOR_SUFFIXES: [(&str, SmsScenario); 6] = [
    ("0418", SmsScenario::InsufficientCredit),
    ("0411", SmsScenario::InvalidReceptor),
    ("0451", SmsScenario::RateLimited),
    ("0011", SmsScenario::Undelivered),
    ("0500", SmsScenario::ProviderDown),
    ("0504", SmsScenario::NoAnswer),
];

/// Kavenegar: a template whose name starts with this is "not found / not approved" (424).
pub const MISSING_TEMPLATE_PREFIX: &str = "missing";

/// Kavenegar: this API key belongs to a disabled account (401); other unknown keys get 403.
pub const DISABLED_API_KEY: &str = "sim-disabled";

/// The scenario a Kavenegar receptor selects, in any of its spellings (09…, 989…, +989…).
pub fn scenario_for_receptor(receptor: &str) -> SmsScenario {
    let digits = mobile::normalise(receptor).unwrap_or_else(|| receptor.trim().to_owned());
    RECEPTOR_SUFFIXES
        .into_iter()
        .find(|(suffix, _)| digits.ends_with(suffix))
        .map_or(SmsScenario::Normal, |(_, scenario)| scenario)
}

/// E-mail: the recipient's local part ending (after `+`, any case) → scenario. Other
/// recipients are `Delivered`. `x+fail@example.com` is refused at RCPT TO with 550.
pub const EMAIL_TAGS: [(&str, EmailScenario); 2] =
    [("+fail", EmailScenario::MailboxUnavailable), ("+slow", EmailScenario::SlowAccept)];

/// The scenario an e-mail recipient selects; angle brackets and surrounding spaces are ignored.
pub fn scenario_for_email(address: &str) -> EmailScenario {
    let address = address.trim().trim_start_matches('<').trim_end_matches('>');
    let local = address.rsplit_once('@').map_or(address, |(local, _)| local).to_lowercase();
    EMAIL_TAGS
        .into_iter()
        .find(|(tag, _)| local.ends_with(tag))
        .map_or(EmailScenario::Delivered, |(_, scenario)| scenario)
}

/// Payments: the amount's last three digits, in the gateway's own unit (toman for PayPing,
/// rial for the others) → scenario. Unlisted suffixes, `000` included, are `Success`.
/// `302` is ours, not gateways.md's: the first verify answer arrives cut short.
pub const AMOUNT_SUFFIXES: [(u64, PaymentScenario); 11] = [
    (101, PaymentScenario::Cancel),
    (102, PaymentScenario::Declined),
    (103, PaymentScenario::PageTimeout),
    (104, PaymentScenario::TokenExpired),
    (201, PaymentScenario::VerifyFails),
    (202, PaymentScenario::VerifySlow),
    (203, PaymentScenario::Processing),
    (204, PaymentScenario::AmountMismatch),
    (205, PaymentScenario::DoubleCallback),
    (301, PaymentScenario::Create5xx),
    (302, PaymentScenario::MalformedBody),
];

pub fn scenario_for_amount(amount: i64) -> PaymentScenario {
    // A negative amount is a bug elsewhere; its digits still decide, so tests stay predictable.
    let suffix = amount.unsigned_abs() % 1000;
    AMOUNT_SUFFIXES.into_iter().find(|(s, _)| *s == suffix).map_or(PaymentScenario::Success, |(_, scenario)| scenario)
}

/// Credit gateways (SnappPay, Digipay, Tara): the customer's mobile, last four digits in any
/// spelling (`09…`, `+989…`), decides the credit check before the amount does. `0001` passes
/// the eligibility check but the credit is refused at checkout, which is a decline.
pub const MOBILE_SUFFIXES: [(&str, PaymentScenario); 3] = [
    ("0000", PaymentScenario::Ineligible),
    ("0001", PaymentScenario::Declined),
    ("0005", PaymentScenario::InvalidMobile),
];

pub fn scenario_for_mobile(mobile: &str) -> Option<PaymentScenario> {
    let digits = mobile::normalise(mobile).unwrap_or_else(|| mobile.trim().to_owned());
    MOBILE_SUFFIXES.into_iter().find(|(suffix, _)| digits.ends_with(suffix)).map(|(_, scenario)| scenario)
}

/// SnappPay offers instalments only between these amounts in rial (mirrors its staging).
pub const SNAPPPAY_ELIGIBLE_RIAL: std::ops::RangeInclusive<i64> = 400_000..=100_000_000;

/// Payment gateways: this API key, token, terminal or password is refused as unknown, in
/// each gateway's own way (401, `status` 0, TerminalNotFound…). Any other non-empty one passes.
pub const INVALID_CREDENTIAL: &str = "sim-invalid";

/// The card every simulated payment is made with (a test PAN; gateways only show it masked).
pub const TEST_CARD: &str = "6037991234561234";

/// Gumroad: every product costs this many US cents (the simulator keeps no catalogue).
pub const GUMROAD_PRICE_CENTS: i64 = 1_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amount_suffixes_select_their_scenarios() {
        let cases = [
            (1_250_000, PaymentScenario::Success),
            (1_250_101, PaymentScenario::Cancel),
            (1_250_102, PaymentScenario::Declined),
            (1_250_103, PaymentScenario::PageTimeout),
            (1_250_104, PaymentScenario::TokenExpired),
            (1_250_201, PaymentScenario::VerifyFails),
            (1_250_202, PaymentScenario::VerifySlow),
            (1_250_203, PaymentScenario::Processing),
            (1_250_204, PaymentScenario::AmountMismatch),
            (1_250_205, PaymentScenario::DoubleCallback),
            (1_250_301, PaymentScenario::Create5xx),
            (1_250_302, PaymentScenario::MalformedBody),
        ];
        for (amount, expected) in cases {
            assert_eq!(scenario_for_amount(amount), expected, "{amount}");
        }
    }

    #[test]
    fn unlisted_and_short_amounts_succeed() {
        for amount in [0, 1, 101_001, 990_199, 100_303, 1_101_100] {
            assert_eq!(scenario_for_amount(amount), PaymentScenario::Success, "{amount}");
        }
        // Fewer than three digits still compare as a suffix: 101 itself is a cancel.
        assert_eq!(scenario_for_amount(101), PaymentScenario::Cancel);
    }

    #[test]
    fn mobile_endings_select_credit_decisions_in_every_spelling() {
        assert_eq!(scenario_for_mobile("09120000000"), Some(PaymentScenario::Ineligible));
        assert_eq!(scenario_for_mobile("+989120000001"), Some(PaymentScenario::Declined));
        assert_eq!(scenario_for_mobile("۰۹۱۲۰۰۰۰۰۰۵"), Some(PaymentScenario::InvalidMobile));
        assert_eq!(scenario_for_mobile("9121234567"), None);
    }

    #[test]
    fn receptor_suffixes_match_in_every_spelling() {
        assert_eq!(scenario_for_receptor("09120000418"), SmsScenario::InsufficientCredit);
        assert_eq!(scenario_for_receptor("+989120000411"), SmsScenario::InvalidReceptor);
        assert_eq!(scenario_for_receptor("989120000451"), SmsScenario::RateLimited);
        assert_eq!(scenario_for_receptor("۰۹۱۲۰۰۰۰۰۱۱"), SmsScenario::Undelivered);
        assert_eq!(scenario_for_receptor("09120000500"), SmsScenario::ProviderDown);
        assert_eq!(scenario_for_receptor("09120000504"), SmsScenario::NoAnswer);
        assert_eq!(scenario_for_receptor("09121234567"), SmsScenario::Normal);
    }

    #[test]
    fn email_tags_select_their_scenarios() {
        assert_eq!(scenario_for_email("ali+fail@example.com"), EmailScenario::MailboxUnavailable);
        assert_eq!(scenario_for_email("<Ali+FAIL@Example.com>"), EmailScenario::MailboxUnavailable);
        assert_eq!(scenario_for_email("ali+slow@example.com"), EmailScenario::SlowAccept);
        assert_eq!(scenario_for_email("ali@example.com"), EmailScenario::Delivered);
        // The tag belongs to the local part: a domain that happens to end so does not count.
        assert_eq!(scenario_for_email("ali@x+fail"), EmailScenario::Delivered);
        assert_eq!(scenario_for_email("ali+failed@example.com"), EmailScenario::Delivered);
    }
}
