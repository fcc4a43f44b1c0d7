//! Franchise members, the referral codes sent before a sign-up, and the invitations they become.
use anyhow::Context;

use super::{Db, Tx, is_unique_violation, now_ms, on_pool, on_tx, orders::PAYMENT_SUCCESS};
use crate::domain::{
    MobileNumber,
    franchise::{InvitationTally, ReferralCode},
};

/// The newest invitations a member's list shows; older ones still count for points.
pub const MAX_LISTED_INVITATIONS: i64 = 200;

/// Makes the customer an active member, recording who granted it and when; a member granted again keeps
/// their code. Answers the member's code.
pub async fn grant(db: &Db, customer_id: i64, by: &str) -> anyhow::Result<ReferralCode> {
    if let Some(code) = code_of(db, customer_id, false).await? {
        on_pool!(db, pool => {
            sqlx::query(
                "UPDATE franchise_member SET granted_by = $1, granted_at = $2, revoked_by = NULL, revoked_at = NULL \
                 WHERE customer_id = $3 AND revoked_at IS NOT NULL",
            )
            .bind(by).bind(now_ms()).bind(customer_id).execute(pool).await.map(|done| done.rows_affected())
        })
        .context("cannot grant franchise membership")?;
        return Ok(code);
    }
    // A code already taken (or a concurrent grant of the same customer) refuses the row: try a fresh code.
    for _ in 0..5 {
        let code = ReferralCode::generate();
        let inserted = on_pool!(db, pool => {
            sqlx::query(
                "INSERT INTO franchise_member (customer_id, referral_code, granted_by, granted_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(customer_id).bind(code.as_str()).bind(by).bind(now_ms()).execute(pool).await.map(|done| done.rows_affected())
        });
        match inserted {
            Ok(_) => return Ok(code),
            Err(error) if is_unique_violation(&error) => {
                if let Some(code) = code_of(db, customer_id, false).await? {
                    return Ok(code);
                }
            }
            Err(error) => return Err(error).context("cannot store franchise member"),
        }
    }
    anyhow::bail!("could not allocate a referral code")
}

/// Ends the customer's membership, recording who and when; false when they were not an active member.
pub async fn revoke(db: &Db, customer_id: i64, by: &str) -> anyhow::Result<bool> {
    let done = on_pool!(db, pool => {
        sqlx::query(
            "UPDATE franchise_member SET revoked_by = $1, revoked_at = $2 WHERE customer_id = $3 AND revoked_at IS NULL",
        )
        .bind(by).bind(now_ms()).bind(customer_id).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot revoke franchise membership")?;
    Ok(done == 1)
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
    row.map(|(code,)| ReferralCode::parse(&code).with_context(|| format!("member {customer_id} has code {code}")))
        .transpose()
}

/// Keeps the code sent with check-mobile for a number that is not registered; a later code replaces it. Only an
/// active member's code is kept, so made-up codes store nothing.
pub async fn save_claim(db: &Db, mobile: &MobileNumber, code: &ReferralCode) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO referral_claim (mobile, referral_code, created_at) SELECT $1, $2, $3 WHERE EXISTS \
             (SELECT 1 FROM franchise_member WHERE referral_code = $2 AND revoked_at IS NULL) \
             ON CONFLICT (mobile) DO UPDATE SET referral_code = excluded.referral_code, created_at = excluded.created_at",
        )
        .bind(mobile.canonical()).bind(code.as_str()).bind(now_ms()).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot store referral claim")?;
    Ok(())
}

/// Turns the number's claim, if any, into an invitation of the customer who just registered by the active
/// member whose code it names. The claim is used up either way. Answers the inviting member, if one now invites.
pub async fn accept_claim(db: &Db, mobile: &MobileNumber, invitee_id: i64) -> anyhow::Result<Option<i64>> {
    let mut tx = db.begin().await?;
    let claim: Option<(String,)> = on_tx!(&mut tx, conn => {
        sqlx::query_as("DELETE FROM referral_claim WHERE mobile = $1 RETURNING referral_code")
            .bind(mobile.canonical()).fetch_optional(conn).await
    })
    .context("cannot take referral claim")?;
    let member = match claim {
        Some((code,)) => active_member_by_code(&mut tx, &code).await?,
        None => None,
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
        .bind(PAYMENT_SUCCESS).bind(member).fetch_all(pool).await
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
