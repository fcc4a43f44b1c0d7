//! A diet's start date as the medical team or the customer gives it: a Gregorian day `YYYY-MM-DD` (the
//! diet starts at that day's midnight in Tehran) or epoch milliseconds. Persian digits are accepted.
use rust_persian_tools::digits;

use chrono::{Datelike, NaiveDate};

use super::transfer::TEHRAN_OFFSET_MS;

pub const DAY_MS: i64 = 86_400_000;
/// How far ahead a customer may move their start: a diet waits at most this long [DS-27].
pub const CUSTOMER_MAX_AHEAD_DAYS: i64 = 60;
/// The team may also put a start in the past (a diet that began before it was recorded), within a year.
pub const TEAM_MAX_DISTANCE_DAYS: i64 = 365;
/// How many times a customer may move a diet's start; after that the medical team does it.
pub const CUSTOMER_START_MOVES: i64 = 3;
/// A diet that has run longer than this since its earliest start keeps its start: moving it then would hand back
/// the days it ran.
pub const CUSTOMER_START_GRACE_MS: i64 = 7 * DAY_MS;

/// Whether the customer may still move a diet's start at `now`: not one the team closed, not one that has run
/// longer than [`CUSTOMER_START_GRACE_MS`] from its earliest start, and fewer than [`CUSTOMER_START_MOVES`] moves.
pub fn customer_may_move(expired_at: Option<i64>, earliest_start_at: Option<i64>, moves: i64, now: i64) -> bool {
    expired_at.is_none() && !underway_too_long(earliest_start_at, now) && moves < CUSTOMER_START_MOVES
}

/// Whether a diet has run longer than [`CUSTOMER_START_GRACE_MS`] since its earliest start.
pub fn underway_too_long(earliest_start_at: Option<i64>, now: i64) -> bool {
    earliest_start_at.is_some_and(|started| started <= now - CUSTOMER_START_GRACE_MS)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StartDateError {
    #[error("a start date is YYYY-MM-DD or epoch milliseconds")]
    Unreadable,
    #[error("the start date is before today")]
    InThePast,
    #[error("the start date is too far from today")]
    TooFar,
}

/// Epoch milliseconds of a start date, checked against a window around now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartDate(i64);

impl StartDate {
    /// As a customer may set it: from today's midnight in Tehran up to [`CUSTOMER_MAX_AHEAD_DAYS`] ahead.
    pub fn for_customer(text: &str, now: i64) -> Result<StartDate, StartDateError> {
        let at = read(text)?;
        if at < tehran_midnight(now) {
            return Err(StartDateError::InThePast);
        }
        if at > now + CUSTOMER_MAX_AHEAD_DAYS * DAY_MS {
            return Err(StartDateError::TooFar);
        }
        Ok(StartDate(at))
    }

    /// As the medical team may set it: within [`TEAM_MAX_DISTANCE_DAYS`] of now either way.
    pub fn for_team(text: &str, now: i64) -> Result<StartDate, StartDateError> {
        let at = read(text)?;
        if at.abs_diff(now) > (TEAM_MAX_DISTANCE_DAYS * DAY_MS).unsigned_abs() {
            return Err(StartDateError::TooFar);
        }
        Ok(StartDate(at))
    }

    pub fn epoch_ms(self) -> i64 {
        self.0
    }
}

/// The midnight in Tehran that began the day holding `at`.
pub fn tehran_midnight(at: i64) -> i64 {
    (at + TEHRAN_OFFSET_MS).div_euclid(DAY_MS) * DAY_MS - TEHRAN_OFFSET_MS
}

fn read(text: &str) -> Result<i64, StartDateError> {
    let text = digits::ar_to_en(digits::fa_to_en(text.trim()));
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().map_err(|_| StartDateError::Unreadable);
    }
    // Strict: 2026-02-31 is no day, rather than 3 March.
    let date = NaiveDate::parse_from_str(&text, "%Y-%m-%d").map_err(|_| StartDateError::Unreadable)?;
    if !(1900..=9999).contains(&date.year()) {
        return Err(StartDateError::Unreadable);
    }
    let midnight_utc = date.and_hms_opt(0, 0, 0).ok_or(StartDateError::Unreadable)?.and_utc().timestamp_millis();
    Ok(midnight_utc - TEHRAN_OFFSET_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-23 12:00 UTC.
    const NOW: i64 = 1_795_435_200_000;

    #[test]
    fn a_day_starts_at_its_midnight_in_tehran() {
        let at = StartDate::for_customer("2026-11-25", NOW).unwrap().epoch_ms();
        assert_eq!(at, 1_795_552_200_000, "2026-11-24 20:30 UTC");
        assert_eq!(StartDate::for_customer("۲۰۲۶-۱۱-۲۵", NOW).unwrap().epoch_ms(), at);
        assert_eq!(StartDate::for_customer(&at.to_string(), NOW).unwrap().epoch_ms(), at);
    }

    #[test]
    fn a_customer_may_start_today_but_not_yesterday_nor_far_ahead() {
        assert!(StartDate::for_customer("2026-11-23", NOW).is_ok());
        assert_eq!(StartDate::for_customer("2026-11-22", NOW), Err(StartDateError::InThePast));
        assert_eq!(StartDate::for_customer("2027-06-01", NOW), Err(StartDateError::TooFar));
    }

    #[test]
    fn the_team_may_set_a_past_start_within_a_year() {
        assert!(StartDate::for_team("2026-10-01", NOW).is_ok());
        assert_eq!(StartDate::for_team("2024-10-01", NOW), Err(StartDateError::TooFar));
    }

    #[test]
    fn days_the_calendar_lacks_and_other_text_are_unreadable() {
        for text in ["2026-02-31", "2026-13-01", "2026-11", "tomorrow", "", "-5", "0001-01-01", "2026--1-01"] {
            assert_eq!(StartDate::for_team(text, NOW), Err(StartDateError::Unreadable), "{text}");
        }
    }

    #[test]
    fn tehran_midnight_is_20_30_utc_the_day_before() {
        assert_eq!(tehran_midnight(NOW), 1_795_379_400_000);
        assert_eq!(tehran_midnight(1_795_379_400_000), 1_795_379_400_000);
    }
}
