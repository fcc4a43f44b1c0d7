//! Manual transfers (spec 2 §4, §5): a card-to-card or PayPal payment the customer made outside the
//! shop and reports through a form; finance reviews it. Here: the two methods, the review states,
//! and the form's rules [PM-55..PM-60].
use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike};
use parsidate::ParsiDate;
use poem_openapi::Enum;
use rust_persian_tools::digits;
use serde::{Deserialize, Serialize};

use super::EmailAddress;
use crate::messages;

/// The manual methods and their gateway names [PM-40, PM-46].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Enum)]
pub enum TransferGateway {
    /// Card to card: the customer paid into the shop's bank card.
    #[serde(rename = "C2C")]
    #[oai(rename = "C2C")]
    CardToCard,
    /// A foreign customer paid through PayPal.
    #[serde(rename = "PAYPAL_ROSHANDEL")]
    #[oai(rename = "PAYPAL_ROSHANDEL")]
    PayPal,
}

impl TransferGateway {
    pub fn as_str(self) -> &'static str {
        match self {
            TransferGateway::CardToCard => "C2C",
            TransferGateway::PayPal => "PAYPAL_ROSHANDEL",
        }
    }

    pub fn parse(text: &str) -> Option<TransferGateway> {
        match text.trim().to_ascii_uppercase().as_str() {
            "C2C" => Some(TransferGateway::CardToCard),
            "PAYPAL_ROSHANDEL" => Some(TransferGateway::PayPal),
            _ => None,
        }
    }
}

/// PENDING → APPROVED | REJECTED, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TransferState {
    /// Reported by the customer, waiting for finance.
    Pending,
    /// Finance found the money: the order is paid.
    Approved,
    /// Finance did not find the money; the customer was told why.
    Rejected,
}

impl TransferState {
    pub fn as_str(self) -> &'static str {
        match self {
            TransferState::Pending => "PENDING",
            TransferState::Approved => "APPROVED",
            TransferState::Rejected => "REJECTED",
        }
    }

    pub fn parse(text: &str) -> Option<TransferState> {
        [TransferState::Pending, TransferState::Approved, TransferState::Rejected]
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

/// The form as submitted; every field may be missing or wrong.
#[derive(Debug, Clone, Default)]
pub struct TransferForm {
    /// Last four card digits (card to card); Persian and Arabic-Indic digits allowed.
    pub card_digits: Option<String>,
    /// The PayPal account e-mail (foreign transfer).
    pub account: Option<String>,
    pub year: Option<i64>,
    /// Calendar month 1–12: the form's 0-based month plus one [PR-38].
    pub month: Option<i64>,
    pub day: Option<i64>,
    pub hour: Option<i64>,
    pub minute: Option<i64>,
    pub diet_price: Option<i64>,
    pub use_points: Option<bool>,
    pub external_sale_confirm: Option<bool>,
}

/// A transfer report that passed the form's rules; stored as the payment's meta.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TransferDetails {
    pub gateway: TransferGateway,
    /// Jalali for card to card, Gregorian for PayPal.
    pub year: i64,
    pub month: i64,
    pub day: i64,
    /// Tehran time.
    pub hour: i64,
    pub minute: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_digits: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account: Option<String>,
    /// What the customer saw to pay and whether points were on, as the form sent them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diet_price: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_points: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external_sale_confirm: Option<bool>,
}

/// Checks the form against its method's rules at `now_ms`; on failure, one Persian message per
/// wrong field, in the form's order.
pub fn validate(gateway: TransferGateway, form: TransferForm, now_ms: i64) -> Result<TransferDetails, Vec<String>> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, message: &str| {
        if !ok {
            problems.push(message.to_owned());
        }
    };
    let (last_digits, account) = match gateway {
        TransferGateway::CardToCard => {
            let digits = form.card_digits.as_deref().map(latin_digits);
            let valid = digits.as_deref().is_some_and(|d| d.len() == 4 && d.bytes().all(|b| b.is_ascii_digit()));
            check(valid, messages::TRANSFER_CARD_DIGITS);
            (digits, None)
        }
        TransferGateway::PayPal => {
            let account = form.account.as_deref().and_then(|a| EmailAddress::parse(a).ok());
            check(account.is_some(), messages::TRANSFER_ACCOUNT);
            (None, account.map(|a| a.as_str().to_owned()))
        }
    };
    let in_range = |value: Option<i64>, low: i64, high: i64| value.is_some_and(|v| (low..=high).contains(&v));
    let years = year_choices(gateway, now_ms);
    check(in_range(form.day, 1, 31), messages::TRANSFER_DAY);
    // A day the month does not have (31 Mehr) is told apart once the day, month and year are each right.
    if let (Some(year), Some(month), Some(day)) = (form.year, form.month, form.day) {
        let judged = years.contains(&year) && (1..=12).contains(&month) && (1..=31).contains(&day);
        check(!judged || date_exists(gateway, year, month, day), messages::TRANSFER_NO_SUCH_DAY);
    }
    check(in_range(form.month, 1, 12), messages::TRANSFER_MONTH);
    check(form.year.is_some_and(|y| years.contains(&y)), messages::TRANSFER_YEAR);
    check(in_range(form.hour, 0, 23), messages::TRANSFER_HOUR);
    check(in_range(form.minute, 0, 59), messages::TRANSFER_MINUTE);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(TransferDetails {
        gateway,
        year: form.year.unwrap_or_default(),
        month: form.month.unwrap_or_default(),
        day: form.day.unwrap_or_default(),
        hour: form.hour.unwrap_or_default(),
        minute: form.minute.unwrap_or_default(),
        last_digits,
        account,
        diet_price: form.diet_price,
        use_points: form.use_points,
        external_sale_confirm: form.external_sale_confirm,
    })
}

/// Why a transfer's date and time cannot be when the customer paid for the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MomentProblem {
    /// Later than now.
    InFuture,
    /// Before the order was created: the money cannot be for it.
    BeforeOrder,
}

impl TransferDetails {
    /// Refuses a transfer dated after `now_ms` or before the order's `created_at_ms`. The form has minute
    /// precision, so both ends are compared as (year, month, day, hour, minute) in the form's calendar, Tehran
    /// time: the minute the order was created in, and the current one, are accepted.
    pub fn check_moment(&self, created_at_ms: i64, now_ms: i64) -> Result<(), MomentProblem> {
        let paid = (self.year, self.month, self.day, self.hour, self.minute);
        if paid > moment_at(self.gateway, now_ms) {
            return Err(MomentProblem::InFuture);
        }
        if paid < moment_at(self.gateway, created_at_ms) {
            return Err(MomentProblem::BeforeOrder);
        }
        Ok(())
    }
}

/// (year, month, day, hour, minute) of an instant in Tehran, in the gateway's calendar.
pub fn moment_at(gateway: TransferGateway, at_ms: i64) -> (i64, i64, i64, i64, i64) {
    let local = tehran(at_ms);
    let (year, month, day) = match gateway {
        TransferGateway::PayPal => (i64::from(local.year()), i64::from(local.month()), i64::from(local.day())),
        TransferGateway::CardToCard => jalali(local.date()),
    };
    (year, month, day, i64::from(local.hour()), i64::from(local.minute()))
}

/// Tehran is UTC+3:30 all year (no daylight saving since 2022).
pub(crate) const TEHRAN_OFFSET_MS: i64 = 12_600_000;

/// The wall-clock time in Tehran of an instant.
fn tehran(at_ms: i64) -> NaiveDateTime {
    DateTime::from_timestamp_millis(at_ms + TEHRAN_OFFSET_MS).unwrap_or_default().naive_utc()
}

/// The Jalali (year, month, day) of a Gregorian date; (0, 0, 0) outside the range the calendar is defined
/// for, which no form value can equal.
fn jalali(date: NaiveDate) -> (i64, i64, i64) {
    ParsiDate::from_gregorian(date)
        .map(|d| (i64::from(d.year()), i64::from(d.month()), i64::from(d.day())))
        .unwrap_or_default()
}

/// Whether (year, month, day) is a day of the gateway's calendar: 31 Mehr or 30 February are not.
fn date_exists(gateway: TransferGateway, year: i64, month: i64, day: i64) -> bool {
    let (Ok(year), Ok(month), Ok(day)) = (i32::try_from(year), u32::try_from(month), u32::try_from(day)) else {
        return false;
    };
    match gateway {
        TransferGateway::PayPal => NaiveDate::from_ymd_opt(year, month, day).is_some(),
        TransferGateway::CardToCard => ParsiDate::new(year, month, day).is_ok(),
    }
}

fn latin_digits(text: &str) -> String {
    digits::ar_to_en(digits::fa_to_en(text.trim()))
}

/// The years the form offers: this year and the previous one in Tehran, Jalali for card to card and
/// Gregorian for PayPal [PM-57, PM-60].
pub fn year_choices(gateway: TransferGateway, now_ms: i64) -> Vec<i64> {
    let (year, ..) = moment_at(gateway, now_ms);
    vec![year - 1, year]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-23 12:00 UTC: Jalali 1405, Gregorian 2026.
    const NOW: i64 = 1_795_435_200_000;

    fn card_form() -> TransferForm {
        TransferForm {
            card_digits: Some("۱۲۳۴".into()),
            year: Some(1405),
            month: Some(9),
            day: Some(2),
            hour: Some(23),
            minute: Some(59),
            ..TransferForm::default()
        }
    }

    #[test]
    fn wire_names_are_the_stored_names() {
        use poem_openapi::types::ToJSON;
        for gateway in [TransferGateway::CardToCard, TransferGateway::PayPal] {
            assert_eq!(TransferGateway::parse(gateway.as_str()), Some(gateway));
            assert_eq!(gateway.to_json(), Some(gateway.as_str().into()));
        }
        for state in [TransferState::Pending, TransferState::Approved, TransferState::Rejected] {
            assert_eq!(TransferState::parse(state.as_str()), Some(state));
            assert_eq!(state.to_json(), Some(state.as_str().into()));
        }
    }

    #[test]
    fn year_choices_are_this_year_and_the_previous_one() {
        assert_eq!(year_choices(TransferGateway::CardToCard, NOW), vec![1404, 1405]);
        assert_eq!(year_choices(TransferGateway::PayPal, NOW), vec![2025, 2026]);
        let tehran_midnight = |y, m, d| {
            let utc = NaiveDate::from_ymd_opt(y, m, d).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("date");
            utc.and_utc().timestamp_millis() - 12_600_000
        };
        assert_eq!(year_choices(TransferGateway::CardToCard, tehran_midnight(2027, 3, 20)), vec![1404, 1405]);
        assert_eq!(year_choices(TransferGateway::CardToCard, tehran_midnight(2027, 3, 21)), vec![1405, 1406]);
    }

    #[test]
    fn a_card_form_with_persian_digits_is_valid() {
        let details = validate(TransferGateway::CardToCard, card_form(), NOW).expect("valid");
        assert_eq!(details.last_digits.as_deref(), Some("1234"));
        assert_eq!(details.month, 9);
    }

    #[test]
    fn every_wrong_field_is_named() {
        let form = TransferForm {
            card_digits: Some("123".into()),
            year: Some(1403),
            month: Some(0),
            day: Some(32),
            hour: Some(24),
            minute: None,
            ..TransferForm::default()
        };
        let problems = validate(TransferGateway::CardToCard, form, NOW).expect_err("invalid");
        assert_eq!(
            problems,
            [
                messages::TRANSFER_CARD_DIGITS,
                messages::TRANSFER_DAY,
                messages::TRANSFER_MONTH,
                messages::TRANSFER_YEAR,
                messages::TRANSFER_HOUR,
                messages::TRANSFER_MINUTE,
            ]
        );
        let five = TransferForm { card_digits: Some("12345".into()), ..card_form() };
        assert!(validate(TransferGateway::CardToCard, five, NOW).is_err());
    }

    #[test]
    fn jalali_dates_of_gregorian_ones() {
        let day = |y, m, d| jalali(NaiveDate::from_ymd_opt(y, m, d).expect("date"));
        assert_eq!(day(2026, 11, 23), (1405, 9, 2));
        assert_eq!(day(2025, 3, 21), (1404, 1, 1), "Nowruz 1404");
        assert_eq!(day(2025, 3, 20), (1403, 12, 30), "1403 was a leap year");
        assert_eq!(day(2024, 3, 20), (1403, 1, 1), "Nowruz 1403");
        assert_eq!(day(2026, 3, 20), (1404, 12, 29));
        assert_eq!(day(2026, 3, 21), (1405, 1, 1));
        assert_eq!(day(2026, 9, 22), (1405, 6, 31));
        assert_eq!(day(2026, 9, 23), (1405, 7, 1));
        assert_eq!(moment_at(TransferGateway::CardToCard, NOW), (1405, 9, 2, 15, 30));
    }

    #[test]
    fn a_day_the_month_does_not_have_is_refused() {
        let on = |month, day| TransferForm { year: Some(1404), month: Some(month), day: Some(day), ..card_form() };
        let refused = Err(vec![messages::TRANSFER_NO_SUCH_DAY.to_owned()]);
        assert_eq!(validate(TransferGateway::CardToCard, on(7, 31), NOW), refused, "Mehr has 30 days");
        assert_eq!(validate(TransferGateway::CardToCard, on(12, 30), NOW), refused, "1404 is not a leap year");
        assert!(validate(TransferGateway::CardToCard, on(6, 31), NOW).is_ok(), "Shahrivar has 31");
        let paypal = TransferForm { account: Some("payer@example.com".into()), year: Some(2026), ..on(2, 29) };
        assert_eq!(validate(TransferGateway::PayPal, paypal, NOW), refused, "2026 is not a leap year");
    }

    #[test]
    fn a_transfer_is_dated_between_the_order_and_now() {
        let details = |form| validate(TransferGateway::CardToCard, form, NOW).expect("valid");
        // NOW is 1405/09/02 15:30 in Tehran; the order was made an hour and a half earlier, at 14:00:30.
        let created = NOW - 90 * 60_000 + 30_000;
        let at = |day, hour, minute| {
            details(TransferForm { day: Some(day), hour: Some(hour), minute: Some(minute), ..card_form() })
        };
        assert_eq!(at(2, 14, 0).check_moment(created, NOW), Ok(()), "the minute the order was made");
        assert_eq!(at(2, 15, 30).check_moment(created, NOW), Ok(()), "the current minute");
        assert_eq!(at(2, 15, 31).check_moment(created, NOW), Err(MomentProblem::InFuture));
        assert_eq!(at(3, 9, 0).check_moment(created, NOW), Err(MomentProblem::InFuture));
        assert_eq!(at(2, 13, 59).check_moment(created, NOW), Err(MomentProblem::BeforeOrder));
        let last_year = details(TransferForm { year: Some(1404), ..card_form() });
        assert_eq!(last_year.check_moment(created, NOW), Err(MomentProblem::BeforeOrder));
        let paypal = TransferForm {
            account: Some("payer@example.com".into()),
            year: Some(2026),
            month: Some(11),
            day: Some(23),
            hour: Some(15),
            minute: Some(0),
            ..card_form()
        };
        let paypal = validate(TransferGateway::PayPal, paypal, NOW).expect("valid");
        assert_eq!(paypal.check_moment(created, NOW), Ok(()), "Gregorian date, Tehran time");
    }

    #[test]
    fn paypal_needs_an_email_and_a_gregorian_year() {
        let form = TransferForm { account: Some("payer@example.com".into()), year: Some(2026), ..card_form() };
        assert!(validate(TransferGateway::PayPal, form.clone(), NOW).is_ok());
        let jalali = TransferForm { year: Some(1405), ..form.clone() };
        assert_eq!(validate(TransferGateway::PayPal, jalali, NOW), Err(vec![messages::TRANSFER_YEAR.to_owned()]));
        let no_mail = TransferForm { account: Some("payer".into()), ..form };
        assert_eq!(validate(TransferGateway::PayPal, no_mail, NOW), Err(vec![messages::TRANSFER_ACCOUNT.to_owned()]));
    }
}
