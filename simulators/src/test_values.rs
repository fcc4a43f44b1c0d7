//! The magic test values of gateways.md §8, in one place so simulators and tests agree.
//! Real gateways honour none of these; they exist so end-to-end tests select outcomes with
//! inputs the merchant code already sends (receptor, amount, mobile, e-mail recipient).

use crate::mobile;
use crate::scenario::{AmountScenario, EmailScenario, SmsScenario};

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
pub const AMOUNT_SUFFIXES: [(u64, AmountScenario); 10] = [
    (101, AmountScenario::Cancel),
    (102, AmountScenario::Declined),
    (103, AmountScenario::PageTimeout),
    (104, AmountScenario::TokenExpired),
    (201, AmountScenario::VerifyFails),
    (202, AmountScenario::VerifySlow),
    (203, AmountScenario::Processing),
    (204, AmountScenario::AmountMismatch),
    (205, AmountScenario::DoubleCallback),
    (301, AmountScenario::Create5xx),
];

pub fn scenario_for_amount(amount: i64) -> AmountScenario {
    // A negative amount is a bug elsewhere; its digits still decide, so tests stay predictable.
    let suffix = amount.unsigned_abs() % 1000;
    AMOUNT_SUFFIXES.into_iter().find(|(s, _)| *s == suffix).map_or(AmountScenario::Success, |(_, scenario)| scenario)
}

// The instalment-eligibility mobile table (SnappPay, Digipay, Tara: endings 0000, 0001, 0005)
// belongs here too, added with the first of those gateways.

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amount_suffixes_select_their_scenarios() {
        let cases = [
            (1_250_000, AmountScenario::Success),
            (1_250_101, AmountScenario::Cancel),
            (1_250_102, AmountScenario::Declined),
            (1_250_103, AmountScenario::PageTimeout),
            (1_250_104, AmountScenario::TokenExpired),
            (1_250_201, AmountScenario::VerifyFails),
            (1_250_202, AmountScenario::VerifySlow),
            (1_250_203, AmountScenario::Processing),
            (1_250_204, AmountScenario::AmountMismatch),
            (1_250_205, AmountScenario::DoubleCallback),
            (1_250_301, AmountScenario::Create5xx),
        ];
        for (amount, expected) in cases {
            assert_eq!(scenario_for_amount(amount), expected, "{amount}");
        }
    }

    #[test]
    fn unlisted_and_short_amounts_succeed() {
        for amount in [0, 1, 101_001, 990_199, 100_302, 1_101_100] {
            assert_eq!(scenario_for_amount(amount), AmountScenario::Success, "{amount}");
        }
        // Fewer than three digits still compare as a suffix: 101 itself is a cancel.
        assert_eq!(scenario_for_amount(101), AmountScenario::Cancel);
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
