//! The medical team's diet tools: the checks on what the team sends, shared by the `bff diets …` command
//! (`cli::diets`) and the staff API (`/lemonade/api/staff/diets/…`).
use crate::{
    domain::{
        MobileNumber,
        diet_start::StartDateError,
        mobile_number::{IRAN, latin_digits},
    },
    limits,
    store::diet_team::Issue,
};

/// The longest diet number the team may give.
pub const MAX_DIET_NUMBER_CHARS: usize = 64;
/// The longest diet: a year.
pub const MAX_DIET_DAYS: i64 = 365;
/// The most diets one package holds.
pub const MAX_PACKAGE_COUNT: i64 = 24;

/// Why the team's input was refused, in English for the team (the API adds the Persian message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamInputError {
    #[error("the name of who makes the change (by) is empty or longer than 1 KiB")]
    Actor,
    #[error("the diet number is empty or longer than 64 characters")]
    DietNumber,
    #[error("days is 1 to 365")]
    Days,
    #[error("the package count is 1 to 24, and the slot 1 to the package count (1 without one)")]
    Slot,
    #[error(transparent)]
    StartDate(#[from] StartDateError),
}

/// Who makes a change, trimmed: never empty, at most [`limits::MAX_TEXT_BYTES`].
pub fn actor(by: &str) -> Result<&str, TeamInputError> {
    let by = by.trim();
    if by.is_empty() || by.len() > limits::MAX_TEXT_BYTES {
        return Err(TeamInputError::Actor);
    }
    Ok(by)
}

/// A mobile as the team types it, in the stored form: an Iranian number in any of its spellings becomes
/// `+989121234567`; anything else is compared as typed (Latin digits).
pub fn stored_mobile(typed: &str) -> String {
    match MobileNumber::parse(typed, IRAN, "98") {
        Ok(mobile) => mobile.canonical().to_owned(),
        Err(_) => latin_digits(typed.trim()),
    }
}

/// The numbering as the team sent it, trimmed and checked.
pub fn checked_issue(issue: Issue<'_>) -> Result<Issue<'_>, TeamInputError> {
    let diet_number = issue.diet_number.trim();
    if diet_number.is_empty() || diet_number.chars().count() > MAX_DIET_NUMBER_CHARS {
        return Err(TeamInputError::DietNumber);
    }
    if !(1..=MAX_DIET_DAYS).contains(&issue.days) {
        return Err(TeamInputError::Days);
    }
    let slots = match issue.package_count {
        Some(count) if !(1..=MAX_PACKAGE_COUNT).contains(&count) => return Err(TeamInputError::Slot),
        Some(count) => count,
        None => 1,
    };
    if !(1..=slots).contains(&issue.slot) {
        return Err(TeamInputError::Slot);
    }
    Ok(Issue { diet_number, ..issue })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(diet_number: &str, days: i64, package_count: Option<i64>, slot: i64) -> Issue<'_> {
        Issue { order_id: 1, diet_number, days, package_count, slot }
    }

    #[test]
    fn a_numbering_needs_a_number_sane_days_and_a_slot_in_the_package() {
        assert_eq!(checked_issue(issue(" D-1 ", 30, None, 1)).unwrap().diet_number, "D-1");
        assert!(checked_issue(issue("D-1", 30, Some(3), 3)).is_ok());
        assert_eq!(checked_issue(issue("  ", 30, None, 1)).unwrap_err(), TeamInputError::DietNumber);
        assert_eq!(checked_issue(issue(&"9".repeat(65), 30, None, 1)).unwrap_err(), TeamInputError::DietNumber);
        assert_eq!(checked_issue(issue("D-1", 0, None, 1)).unwrap_err(), TeamInputError::Days);
        assert_eq!(checked_issue(issue("D-1", 366, None, 1)).unwrap_err(), TeamInputError::Days);
        assert_eq!(checked_issue(issue("D-1", 30, None, 2)).unwrap_err(), TeamInputError::Slot);
        assert_eq!(checked_issue(issue("D-1", 30, Some(3), 4)).unwrap_err(), TeamInputError::Slot);
        assert_eq!(checked_issue(issue("D-1", 30, Some(0), 1)).unwrap_err(), TeamInputError::Slot);
    }

    #[test]
    fn the_team_may_type_a_mobile_any_usual_way() {
        for typed in ["09121234567", "۰۹۱۲۱۲۳۴۵۶۷", "+989121234567", " 9121234567 "] {
            assert_eq!(stored_mobile(typed), "+989121234567", "{typed}");
        }
        assert_eq!(stored_mobile("+905321234567"), "+905321234567");
    }

    #[test]
    fn someone_must_make_the_change() {
        assert_eq!(actor("  Dr. Sara "), Ok("Dr. Sara"));
        assert_eq!(actor(" "), Err(TeamInputError::Actor));
        assert_eq!(actor(&"x".repeat(1025)), Err(TeamInputError::Actor));
    }
}
