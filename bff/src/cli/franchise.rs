//! `bff franchise …`: the team marks franchise members from a terminal, against `DATABASE_URL`.
use clap::Subcommand;

use crate::{
    config::Settings,
    domain::mobile_number::IRAN,
    franchise::{FranchiseError, grant, revoke, team_actor, team_mobile},
    store::Db,
};

#[derive(Subcommand, Debug)]
pub enum FranchiseCommand {
    /// Make the customer with this mobile number a franchise member; prints their referral code.
    Grant {
        /// The customer's mobile number, as they type it.
        mobile: String,
        /// Country id of the number (1, Iran, by default).
        #[arg(long, default_value_t = IRAN)]
        country: i64,
        /// Who grants it, recorded with the membership.
        #[arg(long = "by")]
        granted_by: String,
    },
    /// End the membership of the customer with this mobile number.
    Revoke {
        mobile: String,
        #[arg(long, default_value_t = IRAN)]
        country: i64,
        /// Who revokes it, recorded with the membership.
        #[arg(long = "by")]
        revoked_by: String,
    },
}

/// Runs one command and answers what to print.
pub async fn run(settings: &Settings, command: FranchiseCommand) -> anyhow::Result<String> {
    let db = Db::connect(&settings.database_url).await?;
    match command {
        FranchiseCommand::Grant { mobile, country, granted_by } => {
            let (mobile, by) = arguments(&mobile, country, &granted_by)?;
            let code = grant(&db, &mobile, by).await.map_err(plain)?;
            Ok(format!("{mobile} is a franchise member (by {by}); referral code {code}\n"))
        }
        FranchiseCommand::Revoke { mobile, country, revoked_by } => {
            let (mobile, by) = arguments(&mobile, country, &revoked_by)?;
            revoke(&db, &mobile, by).await.map_err(plain)?;
            Ok(format!("{mobile} is no longer a franchise member (by {by})\n"))
        }
    }
}

/// The customer's number and who makes the change, checked as the team's tools check them.
pub(crate) fn arguments<'a>(
    mobile: &str,
    country: i64,
    by: &'a str,
) -> anyhow::Result<(crate::domain::MobileNumber, &'a str)> {
    let by = team_actor(by).map_err(|error| anyhow::anyhow!("--by: {error}"))?;
    let mobile = team_mobile(mobile, country).map_err(|error| anyhow::anyhow!("{mobile}: {error}"))?;
    Ok((mobile, by))
}

fn plain(error: FranchiseError) -> anyhow::Error {
    match error {
        FranchiseError::Unexpected(error) => error,
        other => anyhow::anyhow!("{other}"),
    }
}
