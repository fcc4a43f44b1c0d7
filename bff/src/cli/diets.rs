//! `bff diets …`: the medical team's diet tools from a terminal, against `DATABASE_URL`, with the same checks as
//! the staff API (`diet_team`).
use std::fmt::Write as _;

use clap::Subcommand;

use crate::{
    config::Settings,
    diet_team::{actor, checked_issue, stored_mobile},
    domain::diet_start::StartDate,
    store::{
        Db,
        diet_team::{self, DietTeamError, Issue, TeamDiet},
        now_ms,
    },
};

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
