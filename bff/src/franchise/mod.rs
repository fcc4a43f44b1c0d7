//! The franchise (referral) programme (spec 3 §3 "Referral", §4 "Franchise"): the team marks members, a
//! code sent with check-mobile makes the customer who registers next an invitee, and members read their
//! summary, the leaderboard and their invitations. Points are counted from the invitations on every read,
//! so nothing is ever awarded twice.

use crate::{
    auth::{AuthError, parse_mobile},
    diet_team,
    domain::{
        MobileNumber,
        diet_package::{self, PackageStatus},
        franchise::{FranchisePoints, ReferralCode, mask_mobile, ranks},
    },
    store::{
        Db, customers, diets,
        franchise::{self, ClaimLimits, Membership},
        now_ms,
    },
};

/// Members shown on the leaderboard.
pub const LEADERBOARD_SIZE: usize = 10;
/// How long a kept referral waits for its registration: the sign-in that follows a check takes minutes.
pub const CLAIM_TTL_MS: i64 = 60 * 60 * 1000;
/// Pending referral claims kept at once, whoever sent them: the table's fixed most.
pub const MAX_PENDING_CLAIMS: i64 = 10_000;

#[derive(Debug, thiserror::Error)]
pub enum FranchiseError {
    #[error("the customer is not a franchise member")]
    NotFranchizer,
    #[error("no customer has this mobile number")]
    UnknownCustomer,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Keeps a referral code sent while checking a number that is not registered; the registration that follows
/// within [`CLAIM_TTL_MS`] makes its owner an invitee. A registered number (a member's own among them) keeps
/// nothing, so no one refers themselves. The number's latest check wins: one without a code, or with junk,
/// drops what an earlier check kept. Anyone may call check-mobile for any number, so the claims are bounded: one
/// per number, an address holds at most `per_address` (the codes it may be sent in an hour; more could not
/// all become sign-ups), the table [`MAX_PENDING_CLAIMS`]. Junk, an unknown code, a full quota or any failure is
/// ignored: a referral never blocks a sign-in.
pub async fn remember_referral(
    db: &Db,
    mobile: &MobileNumber,
    registered: bool,
    raw: Option<&str>,
    client_ip: &str,
    per_address: i64,
) {
    if registered {
        return;
    }
    let code = raw.and_then(ReferralCode::parse);
    let limits = ClaimLimits { per_address, total: MAX_PENDING_CLAIMS, ttl_ms: CLAIM_TTL_MS };
    if let Err(error) = franchise::replace_claim(db, mobile, code.as_ref(), client_ip, limits).await {
        tracing::warn!(error = ?error, "referral claim not kept");
    }
}

/// Right after a registration: the number's kept referral makes the customer the member's invitee. A failure
/// is logged, never answered: the customer is signed in either way.
pub async fn accept_referral(db: &Db, mobile: &MobileNumber, customer_id: i64) {
    match franchise::accept_claim(db, mobile, customer_id, CLAIM_TTL_MS).await {
        Ok(Some(member)) => tracing::info!(member, customer_id, "invitation recorded"),
        Ok(None) => {}
        Err(error) => tracing::warn!(error = ?error, "referral not applied"),
    }
}

/// What a member sees first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub referral_code: ReferralCode,
    pub points: FranchisePoints,
    pub invitations: i64,
}

/// Whether the customer is a franchise member now (a revoked membership is not).
pub async fn is_member(db: &Db, customer_id: i64) -> anyhow::Result<bool> {
    Ok(franchise::code_of(db, customer_id, true).await?.is_some())
}

async fn member_code(db: &Db, customer_id: i64) -> Result<ReferralCode, FranchiseError> {
    franchise::code_of(db, customer_id, true).await?.ok_or(FranchiseError::NotFranchizer)
}

pub async fn summary(db: &Db, customer_id: i64) -> Result<Summary, FranchiseError> {
    let referral_code = member_code(db, customer_id).await?;
    let tally =
        franchise::tallies(db, Some(customer_id)).await?.into_iter().next().map(|m| m.tally).unwrap_or_default();
    Ok(Summary { referral_code, points: tally.points(), invitations: tally.invitations })
}

/// A member's place on the leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub rank: i64,
    pub masked_mobile: String,
    pub leaderboard_points: i64,
    pub is_me: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaderboard {
    /// The top [`LEADERBOARD_SIZE`] by leaderboard points; equal points share a rank.
    pub top: Vec<Standing>,
    pub me: Standing,
}

pub async fn leaderboard(db: &Db, customer_id: i64) -> Result<Leaderboard, FranchiseError> {
    member_code(db, customer_id).await?;
    let members = franchise::tallies(db, None).await?;
    let points: Vec<i64> = members.iter().map(|m| m.tally.points().leaderboard).collect();
    let mut standings: Vec<Standing> = members
        .iter()
        .zip(ranks(&points))
        .zip(&points)
        .map(|((member, rank), points)| Standing {
            rank,
            masked_mobile: mask_mobile(&member.mobile.display()),
            leaderboard_points: *points,
            is_me: member.customer_id == customer_id,
        })
        .collect();
    standings.sort_by_key(|s| s.rank);
    // Revoked between the two reads: not on the board any more.
    let me = standings.iter().find(|s| s.is_me).cloned().ok_or(FranchiseError::NotFranchizer)?;
    standings.truncate(LEADERBOARD_SIZE);
    Ok(Leaderboard { top: standings, me })
}

/// One invitee as their member sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub masked_mobile: String,
    pub diet_status: PackageStatus,
    /// Unknown until the invitee's diet has a start date.
    pub remain_days: Option<i64>,
    pub invited_at: i64,
}

pub async fn invitations(db: &Db, customer_id: i64) -> Result<Vec<Invitation>, FranchiseError> {
    member_code(db, customer_id).await?;
    let now = now_ms();
    let mut list = Vec::new();
    for invitee in franchise::invitees(db, customer_id).await? {
        let package = diets::active_package(db, invitee.customer_id, now).await?;
        list.push(Invitation {
            masked_mobile: mask_mobile(&invitee.mobile.display()),
            diet_status: diet_package::status(&package.facts),
            remain_days: package.facts.diet.and_then(|d| d.remain_days),
            invited_at: invitee.invited_at,
        });
    }
    Ok(list)
}

/// Why the team's grant, revoke or look-up was refused, in English for the team (the API adds the Persian message).
#[derive(Debug, thiserror::Error)]
pub enum TeamInputError {
    #[error("the name of who makes the change (by) is empty or longer than 1 KiB")]
    Actor,
    #[error(transparent)]
    Mobile(#[from] AuthError),
}

/// The mobile number as the team types it, in its country.
pub fn team_mobile(mobile: &str, country_id: i64) -> Result<MobileNumber, TeamInputError> {
    Ok(parse_mobile(mobile, country_id)?)
}

/// Who makes a change, trimmed; the same check as the diet team's.
pub fn team_actor(by: &str) -> Result<&str, TeamInputError> {
    diet_team::actor(by).map_err(|_| TeamInputError::Actor)
}

async fn customer_id(db: &Db, mobile: &MobileNumber) -> Result<i64, FranchiseError> {
    Ok(customers::find_by_mobile(db, mobile).await?.ok_or(FranchiseError::UnknownCustomer)?.id)
}

/// Makes the customer with this number a member (`bff franchise grant` and the staff API); answers their
/// referral code. Granting an active member again changes nothing.
pub async fn grant(db: &Db, mobile: &MobileNumber, by: &str) -> Result<ReferralCode, FranchiseError> {
    let customer_id = customer_id(db, mobile).await?;
    Ok(franchise::grant(db, customer_id, by).await?)
}

/// Ends the membership of the customer with this number (`bff franchise revoke` and the staff API).
pub async fn revoke(db: &Db, mobile: &MobileNumber, by: &str) -> Result<(), FranchiseError> {
    let customer_id = customer_id(db, mobile).await?;
    if franchise::revoke(db, customer_id, by).await? { Ok(()) } else { Err(FranchiseError::NotFranchizer) }
}

/// The membership of the customer with this number, active or revoked, with who granted and revoked it when.
pub async fn membership(db: &Db, mobile: &MobileNumber) -> Result<Membership, FranchiseError> {
    let customer_id = customer_id(db, mobile).await?;
    franchise::membership(db, customer_id).await?.ok_or(FranchiseError::NotFranchizer)
}
