//! The medical team's diet tools: the checks on what the team sends, shared by the `bff diets …` command and
//! the staff API (`/lemonade/api/staff/diets/…`), and the command itself, against `DATABASE_URL`.
use std::fmt::Write as _;

use clap::Subcommand;

use crate::{
    config::Settings,
    domain::{
        MobileNumber,
        diet_start::{StartDate, StartDateError},
        mobile_number::{IRAN, latin_digits},
    },
    limits,
    store::{
        Db,
        diet_team::{self, DietTeamError, Issue, TeamDiet},
        now_ms,
    },
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

#[derive(Subcommand, Debug)]
pub enum DietsCommand {
    /// List diets, newest first (at most 200): everyone's, or one customer's.
    List {
        /// The customer's mobile as stored, e.g. 09121234567.
        #[arg(long)]
        mobile: Option<String>,
    },
    /// Give a paid diet order's diet its number (not written yet: ISSUING). Again with the same values
    /// changes nothing; a diet already written keeps its number.
    Issue {
        order_id: i64,
        #[arg(long)]
        number: String,
        #[arg(long)]
        days: i64,
        /// How many diets the package holds; none for a single diet.
        #[arg(long)]
        package_count: Option<i64>,
        /// Which diet of the package this is, from 1.
        #[arg(long, default_value_t = 1)]
        slot: i64,
        /// Who issues, recorded with the change.
        #[arg(long)]
        by: String,
    },
    /// The diet is written: the customer sees it.
    Ready {
        diet_id: i64,
        #[arg(long)]
        by: String,
    },
    /// Set or move the diet's start: YYYY-MM-DD (midnight in Tehran) or epoch milliseconds, within a year.
    Start {
        diet_id: i64,
        #[arg(long)]
        date: String,
        #[arg(long)]
        by: String,
    },
    /// Close the diet now: the package reads EXPIRED.
    Expire {
        diet_id: i64,
        #[arg(long)]
        by: String,
    },
    /// The changes recorded for a diet, oldest first.
    Changes { diet_id: i64 },
}

/// Runs one command and answers what to print.
pub async fn run(settings: &Settings, command: DietsCommand) -> anyhow::Result<String> {
    let db = Db::connect(&settings.database_url).await?;
    let changed = match command {
        DietsCommand::List { mobile } => {
            let mobile = mobile.as_deref().map(stored_mobile);
            return Ok(render_list(&diet_team::list(&db, mobile.as_deref()).await?));
        }
        DietsCommand::Changes { diet_id } => {
            let mut out = String::from("action\tby\tat\tdetail\n");
            for (action, by, detail, at) in diet_team::audit(&db, diet_id).await? {
                let _ = writeln!(out, "{action}\t{by}\t{at}\t{detail}");
            }
            return Ok(out);
        }
        DietsCommand::Issue { order_id, number, days, package_count, slot, by } => {
            let issue = checked_issue(Issue { order_id, diet_number: &number, days, package_count, slot })?;
            diet_team::issue(&db, &issue, actor(&by)?).await
        }
        DietsCommand::Ready { diet_id, by } => diet_team::mark_ready(&db, diet_id, actor(&by)?).await,
        DietsCommand::Start { diet_id, date, by } => {
            let starts_at = StartDate::for_team(&date, now_ms())?.epoch_ms();
            diet_team::set_start(&db, diet_id, starts_at, actor(&by)?).await
        }
        DietsCommand::Expire { diet_id, by } => diet_team::expire(&db, diet_id, actor(&by)?).await,
    };
    match changed {
        Ok(diet) => Ok(render_list(&[diet])),
        Err(DietTeamError::Unexpected(error)) => Err(error),
        Err(other) => anyhow::bail!("{other}"),
    }
}

fn render_list(diets: &[TeamDiet]) -> String {
    if diets.is_empty() {
        return "no diets\n".to_owned();
    }
    let mut out = String::from("dietId\torderId\tmobile\tnumber\tslot\tready\tdays\tstartsAt\texpiredAt\n");
    for d in diets {
        let or_dash = |v: Option<i64>| v.map_or("-".to_owned(), |v| v.to_string());
        let slot = format!("{}/{}", d.current_diet_count, or_dash(d.package_count));
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{slot}\t{}\t{}\t{}\t{}",
            d.diet_id,
            d.customer_order_id,
            d.mobile,
            d.diet_number,
            d.is_ready != 0,
            d.days,
            or_dash(d.starts_at),
            or_dash(d.expired_at)
        );
    }
    out
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
