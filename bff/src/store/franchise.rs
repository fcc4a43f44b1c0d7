//! Franchise members and their recorded grants and revokes, the referral codes sent before a sign-up, and the
//! invitations they become.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, now_ms, on_pool, on_tx};
use crate::domain::{
    MobileNumber,
    franchise::{InvitationTally, MembershipAction, ReferralCode},
    order::OrderStatus,
};

/// The newest invitations a member's list shows; older ones still count for points.
pub const MAX_LISTED_INVITATIONS: i64 = 200;

/// Makes the customer an active member, recording who granted it and when; a member granted again keeps
/// their code, and an active one changes nothing (and records nothing). Answers the member's code.
pub async fn grant(db: &Db, customer_id: i64, by: &str) -> anyhow::Result<ReferralCode> {
    let mut tx = db.begin().await?;
    match member_row(&mut tx, customer_id).await? {
        Some((code, None)) => {
            tx.commit().await?;
            return parse_code(customer_id, &code);
        }
        Some((code, Some(_))) => {
            on_tx!(&mut tx, conn => {
                sqlx::query(
                    "UPDATE franchise_member SET granted_by = $1, granted_at = $2, revoked_by = NULL, \
                     revoked_at = NULL WHERE customer_id = $3",
                )
                .bind(by).bind(now_ms()).bind(customer_id).execute(conn).await.map(|done| done.rows_affected())
            })
            .context("cannot grant franchise membership")?;
            record(&mut tx, customer_id, MembershipAction::Grant, by).await?;
            tx.commit().await?;
            return parse_code(customer_id, &code);
        }
        None => {}
    }
    // A code already taken refuses the row (DO NOTHING keeps the transaction usable on PostgreSQL): try a fresh
    // code. A concurrent grant of the same customer refuses it too, and then its code is the answer.
    for _ in 0..5 {
        let code = ReferralCode::generate();
        let inserted = on_tx!(&mut tx, conn => {
            sqlx::query(
                "INSERT INTO franchise_member (customer_id, referral_code, granted_by, granted_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(customer_id).bind(code.as_str()).bind(by).bind(now_ms()).execute(conn).await
            .map(|done| done.rows_affected())
        })
        .context("cannot store franchise member")?;
        if inserted == 1 {
            record(&mut tx, customer_id, MembershipAction::Grant, by).await?;
            tx.commit().await?;
            return Ok(code);
        }
        if let Some((code, _)) = member_row(&mut tx, customer_id).await? {
            tx.commit().await?;
            return parse_code(customer_id, &code);
        }
    }
    anyhow::bail!("could not allocate a referral code")
}

/// Ends the customer's membership, recording who and when; false when they were not an active member.
pub async fn revoke(db: &Db, customer_id: i64, by: &str) -> anyhow::Result<bool> {
    let mut tx = db.begin().await?;
    let done = on_tx!(&mut tx, conn => {
        sqlx::query(
            "UPDATE franchise_member SET revoked_by = $1, revoked_at = $2 WHERE customer_id = $3 AND revoked_at IS NULL",
        )
        .bind(by).bind(now_ms()).bind(customer_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot revoke franchise membership")?;
    if done == 1 {
        record(&mut tx, customer_id, MembershipAction::Revoke, by).await?;
    }
    tx.commit().await?;
    Ok(done == 1)
}

/// The member row's code and, once revoked, when.
async fn member_row(tx: &mut Tx, customer_id: i64) -> anyhow::Result<Option<(String, Option<i64>)>> {
    on_tx!(tx, conn => {
        sqlx::query_as("SELECT referral_code, revoked_at FROM franchise_member WHERE customer_id = $1")
            .bind(customer_id).fetch_optional(conn).await
    })
    .context("cannot read franchise member")
}

fn parse_code(customer_id: i64, code: &str) -> anyhow::Result<ReferralCode> {
    ReferralCode::parse(code).with_context(|| format!("member {customer_id} has code {code}"))
}

/// Records a change at now, or a millisecond after the customer's latest change when that is not earlier: two
/// changes within one millisecond still list in the order they were made (ids are random).
async fn record(tx: &mut Tx, customer_id: i64, action: MembershipAction, by: &str) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO franchise_member_change (franchise_member_change_id, customer_id, action, changed_by, \
             changed_at) SELECT $1, $2, $3, $4, CASE WHEN MAX(changed_at) >= $5 THEN MAX(changed_at) + 1 ELSE $5 END \
             FROM franchise_member_change WHERE customer_id = $2",
        )
        .bind(random_id()).bind(customer_id).bind(action.as_str()).bind(by).bind(now_ms())
        .execute(conn).await.map(|_| ())
    })
    .context("cannot record the membership change")
}

/// The member's code; with `active_only`, none once the membership was revoked.
pub async fn code_of(db: &Db, customer_id: i64, active_only: bool) -> anyhow::Result<Option<ReferralCode>> {
    let row: Option<(String,)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT referral_code FROM franchise_member WHERE customer_id = $1 AND ($2 = 0 OR revoked_at IS NULL)",
        )
        .bind(customer_id).bind(i16::from(active_only)).fetch_optional(pool).await
    })
    .context("cannot read franchise member")?;
    row.map(|(code,)| parse_code(customer_id, &code)).transpose()
}

/// A grant or revoke as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MembershipChange {
    pub action: MembershipAction,
    pub by: String,
    pub at: i64,
}

/// A `franchise_member_change` row as stored.
#[derive(sqlx::FromRow)]
struct MembershipChangeRow {
    action: String,
    changed_by: String,
    changed_at: i64,
}

impl TryFrom<MembershipChangeRow> for MembershipChange {
    type Error = anyhow::Error;
    fn try_from(row: MembershipChangeRow) -> anyhow::Result<MembershipChange> {
        let action =
            MembershipAction::parse(&row.action).with_context(|| format!("membership change {}", row.action))?;
        Ok(MembershipChange { action, by: row.changed_by, at: row.changed_at })
    }
}

/// A membership, active or revoked, and its recorded changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Membership {
    pub referral_code: ReferralCode,
    pub active: bool,
    /// Newest first, at most [`MAX_LISTED_CHANGES`].
    pub changes: Vec<MembershipChange>,
}

/// The newest membership changes the team reads.
pub const MAX_LISTED_CHANGES: i64 = 100;

/// The customer's membership; none when they were never a member.
pub async fn membership(db: &Db, customer_id: i64) -> anyhow::Result<Option<Membership>> {
    let mut tx = db.read().await?;
    let Some((code, revoked_at)) = member_row(&mut tx, customer_id).await? else { return Ok(None) };
    let rows: Vec<MembershipChangeRow> = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "SELECT action, changed_by, changed_at FROM franchise_member_change WHERE customer_id = $1 \
             ORDER BY changed_at DESC, franchise_member_change_id LIMIT $2",
        )
        .bind(customer_id).bind(MAX_LISTED_CHANGES).fetch_all(conn).await
    })
    .context("cannot read membership changes")?;
    let changes = rows.into_iter().map(MembershipChange::try_from).collect::<anyhow::Result<_>>()?;
    Ok(Some(Membership { referral_code: parse_code(customer_id, &code)?, active: revoked_at.is_none(), changes }))
}

/// What bounds the pending referral claims: anyone may call check-mobile for any number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimLimits {
    /// Pending claims one client address may hold.
    pub per_address: i64,
    /// Pending claims kept at once, whoever sent them.
    pub total: i64,
    /// How long a claim waits for its registration, in milliseconds.
    pub ttl_ms: i64,
}

/// Keeps the code sent with check-mobile for a number that is not registered: the number's latest check wins,
/// so one without a code (`None`) drops the claim, and a script cannot hold a number against the visitor's own
/// sign-in. Only an active member's code is kept, expired claims are pruned, and an address or the table at its
/// limit keeps nothing. Answers whether the code was kept.
pub async fn replace_claim(
    db: &Db,
    mobile: &MobileNumber,
    code: Option<&ReferralCode>,
    client_ip: &str,
    limits: ClaimLimits,
) -> anyhow::Result<bool> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    on_tx!(&mut tx, conn => {
        sqlx::query("DELETE FROM referral_claim WHERE mobile = $1 OR created_at < $2")
            .bind(mobile.canonical()).bind(now - limits.ttl_ms).execute(conn).await.map(|_| ())
    })
    .context("cannot drop referral claims")?;
    let Some(code) = code else {
        tx.commit().await?;
        return Ok(false);
    };
    let (from_address, total): (i64, i64) = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM referral_claim WHERE client_ip = $1), (SELECT COUNT(*) FROM referral_claim)",
        )
        .bind(client_ip).fetch_one(conn).await
    })
    .context("cannot count referral claims")?;
    if from_address >= limits.per_address || total >= limits.total {
        tx.commit().await?;
        return Ok(false);
    }
    let kept = on_tx!(&mut tx, conn => {
        sqlx::query(
            "INSERT INTO referral_claim (mobile, referral_code, created_at, client_ip) SELECT $1, $2, $3, $4 \
             WHERE EXISTS (SELECT 1 FROM franchise_member WHERE referral_code = $2 AND revoked_at IS NULL)",
        )
        .bind(mobile.canonical()).bind(code.as_str()).bind(now).bind(client_ip).execute(conn).await
        .map(|done| done.rows_affected())
    })
    .context("cannot store referral claim")?;
    tx.commit().await?;
    Ok(kept == 1)
}

/// Turns the number's claim, if any and younger than `ttl_ms`, into an invitation of the customer who just
/// registered by the active member whose code it names; never the customer themselves. The claim is used up
/// either way. Answers the inviting member, if one now invites.
pub async fn accept_claim(db: &Db, mobile: &MobileNumber, invitee_id: i64, ttl_ms: i64) -> anyhow::Result<Option<i64>> {
    let mut tx = db.begin().await?;
    let claim: Option<(String, i64)> = on_tx!(&mut tx, conn => {
        sqlx::query_as("DELETE FROM referral_claim WHERE mobile = $1 RETURNING referral_code, created_at")
            .bind(mobile.canonical()).fetch_optional(conn).await
    })
    .context("cannot take referral claim")?;
    let member = match claim {
        Some((code, created_at)) if created_at >= now_ms() - ttl_ms => active_member_by_code(&mut tx, &code).await?,
        _ => None,
    };
    let Some(member) = member.filter(|member| *member != invitee_id) else {
        tx.commit().await?;
        return Ok(None);
    };
    // A customer is invited once: the first invitation stays.
    let inserted = on_tx!(&mut tx, conn => {
        sqlx::query(
            "INSERT INTO franchise_invitation (invitee_customer_id, member_customer_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (invitee_customer_id) DO NOTHING",
        )
        .bind(invitee_id).bind(member).bind(now_ms()).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot store invitation")?;
    tx.commit().await?;
    Ok((inserted == 1).then_some(member))
}

async fn active_member_by_code(tx: &mut Tx, code: &str) -> anyhow::Result<Option<i64>> {
    let row: Option<(i64,)> = on_tx!(tx, conn => {
        sqlx::query_as("SELECT customer_id FROM franchise_member WHERE referral_code = $1 AND revoked_at IS NULL")
            .bind(code).fetch_optional(conn).await
    })
    .context("cannot read franchise member")?;
    Ok(row.map(|(id,)| id))
}

/// One of a member's invitees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitee {
    pub customer_id: i64,
    pub mobile: MobileNumber,
    pub invited_at: i64,
}

/// The member's newest invitations, at most [`MAX_LISTED_INVITATIONS`].
pub async fn invitees(db: &Db, member_id: i64) -> anyhow::Result<Vec<Invitee>> {
    let rows: Vec<(i64, String, i64, i64)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT c.customer_id, c.mobile, c.country_id, i.created_at FROM franchise_invitation i \
             JOIN customer c ON c.customer_id = i.invitee_customer_id WHERE i.member_customer_id = $1 \
             ORDER BY i.created_at DESC, c.customer_id LIMIT $2",
        )
        .bind(member_id).bind(MAX_LISTED_INVITATIONS).fetch_all(pool).await
    })
    .context("cannot read invitations")?;
    Ok(rows
        .into_iter()
        .map(|(customer_id, mobile, country_id, invited_at)| Invitee {
            customer_id,
            mobile: MobileNumber::from_canonical(mobile, country_id),
            invited_at,
        })
        .collect())
}

/// An active member and what their invitations brought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberTally {
    pub customer_id: i64,
    pub mobile: MobileNumber,
    pub tally: InvitationTally,
}

/// Every active member's tally, or only `member`'s.
pub async fn tallies(db: &Db, member: Option<i64>) -> anyhow::Result<Vec<MemberTally>> {
    let rows: Vec<(i64, String, i64, i64, i64)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT m.customer_id, c.mobile, c.country_id, \
             (SELECT COUNT(*) FROM franchise_invitation i WHERE i.member_customer_id = m.customer_id), \
             (SELECT COUNT(*) FROM franchise_invitation i JOIN customer_order o \
              ON o.customer_id = i.invitee_customer_id WHERE i.member_customer_id = m.customer_id \
              AND o.status = $1 AND EXISTS (SELECT 1 FROM basket_item b \
              WHERE b.customer_order_id = o.customer_order_id AND b.product_type IN ('DIET', 'BUNDLE'))) \
             FROM franchise_member m JOIN customer c ON c.customer_id = m.customer_id \
             WHERE m.revoked_at IS NULL AND ($2 IS NULL OR m.customer_id = $2) ORDER BY m.customer_id",
        )
        .bind(OrderStatus::PaymentSuccess.as_str()).bind(member).fetch_all(pool).await
    })
    .context("cannot read franchise tallies")?;
    Ok(rows
        .into_iter()
        .map(|(customer_id, mobile, country_id, invitations, paid_diet_orders)| MemberTally {
            customer_id,
            mobile: MobileNumber::from_canonical(mobile, country_id),
            tally: InvitationTally { invitations, paid_diet_orders },
        })
        .collect())
}
