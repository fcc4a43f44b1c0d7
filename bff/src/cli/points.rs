//! `bff points grant …`: the team gives a customer points from a terminal, against `DATABASE_URL`.
use clap::Subcommand;

use crate::{
    config::Settings,
    domain::{
        mobile_number::IRAN,
        points::{GrantReason, GrantedPoints},
    },
    shop::points::{GiveError, give},
    store::Db,
};

#[derive(Subcommand, Debug)]
pub enum PointsCommand {
    /// Give the customer with this mobile number points (1 to 1,000,000), recorded with who and why.
    Grant {
        /// The customer's mobile number, as they type it.
        mobile: String,
        /// Country id of the number (1, Iran, by default).
        #[arg(long, default_value_t = IRAN)]
        country: i64,
        /// How many, 1 to 1,000,000.
        #[arg(long)]
        points: i64,
        /// Why, as the customer's points history shows it.
        #[arg(long)]
        reason: String,
        /// Who gives them.
        #[arg(long = "by")]
        granted_by: String,
    },
}

/// Runs one command and answers what to print.
pub async fn run(settings: &Settings, command: PointsCommand) -> anyhow::Result<String> {
    let PointsCommand::Grant { mobile, country, points, reason, granted_by } = command;
    let (number, by) = super::franchise::arguments(&mobile, country, &granted_by)?;
    let granted = GrantedPoints::new(points).map_err(|error| anyhow::anyhow!("--points: {error}"))?;
    let reason = GrantReason::new(by, &reason).map_err(|error| anyhow::anyhow!("--reason: {error}"))?;
    let db = Db::connect(&settings.database_url).await?;
    let given = give(&db, &number, granted, &reason).await.map_err(|error| match error {
        GiveError::Unexpected(error) => error,
        other => anyhow::anyhow!("{number}: {other}"),
    })?;
    Ok(format!("{number} was given {} points ({}); {} points free now\n", granted.get(), reason.as_str(), given.free))
}
