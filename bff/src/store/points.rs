//! Customer points: the grants ledger and the holds orders put on a balance.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, is_unique_violation, now_ms, on_pool, on_tx};
use crate::domain::{payment::PaymentState, points::HoldStatus, transfer::TransferState};

/// `IN (…)` list of the live statuses, as the partial unique index names them.
const LIVE: &str = "('ADDED_TO_ORDER', 'RESERVED')";

/// SQL condition on a `point_hold h` row: its order has a payment that was priced with the hold and is under way
/// (an open online payment, a transfer waiting for review) or went through (verified, approved). Such a hold does
/// not run out of time: the money asked for took its points off, so they stay the order's until the payment ends
/// (and are spent if it pays the order).
fn kept_by_payment() -> String {
    let payments: Vec<String> = PaymentState::ALL
        .iter()
        .filter(|s| s.is_open() || **s == PaymentState::Verified)
        .map(|s| format!("'{}'", s.as_str()))
        .collect();
    format!(
        "(EXISTS (SELECT 1 FROM payment p WHERE p.customer_order_id = h.customer_order_id AND p.state IN ({})) \
         OR EXISTS (SELECT 1 FROM transfer_payment t WHERE t.customer_order_id = h.customer_order_id \
         AND t.state IN ('{}', '{}')))",
        payments.join(", "),
        TransferState::Pending.as_str(),
        TransferState::Approved.as_str()
    )
}

/// Gives a customer points (demo data, support, tests).
pub async fn grant(db: &Db, customer_id: i64, points: i64, reason: &str) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO point_grant (point_grant_id, customer_id, points, reason, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(random_id()).bind(customer_id).bind(points).bind(reason).bind(now_ms())
        .execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot grant points")?;
    Ok(())
}

/// Whether the customer was ever given points.
pub async fn has_grants(db: &Db, customer_id: i64) -> anyhow::Result<bool> {
    let (n,): (i64,) = on_pool!(db, pool => {
        sqlx::query_as("SELECT COUNT(*) FROM point_grant WHERE customer_id = $1").bind(customer_id).fetch_one(pool).await
    })?;
    Ok(n > 0)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hold {
    pub id: i64,
    pub customer_id: i64,
    pub order_id: i64,
    pub status: HoldStatus,
    pub points: i64,
    /// Toman the basket lines take off.
    pub amount: i64,
    pub created_at: i64,
    pub expires_at: i64,
    /// When it was read, its order had a payment priced with it under way or through (see `kept_by_payment`):
    /// its time does not run out.
    pub kept: bool,
}

impl Hold {
    /// Live by status, and not past its time unless a payment of its order keeps it.
    pub fn is_live_at(&self, now: i64) -> bool {
        self.status.is_live() && (self.kept || now < self.expires_at)
    }

    /// It held points that ran out of time (whether or not a later write marked it EXPIRED).
    pub fn lapsed_at(&self, now: i64) -> bool {
        self.status == HoldStatus::Expired || (self.status.is_live() && !self.is_live_at(now))
    }
}

#[derive(sqlx::FromRow)]
struct HoldRow {
    point_hold_id: i64,
    customer_id: i64,
    customer_order_id: i64,
    status: String,
    points: i64,
    amount: i64,
    created_at: i64,
    expires_at: i64,
    kept: i64,
}

impl TryFrom<HoldRow> for Hold {
    type Error = anyhow::Error;
    fn try_from(row: HoldRow) -> anyhow::Result<Hold> {
        Ok(Hold {
            status: HoldStatus::parse(&row.status)
                .with_context(|| format!("point hold {} has status {}", row.point_hold_id, row.status))?,
            id: row.point_hold_id,
            customer_id: row.customer_id,
            order_id: row.customer_order_id,
            points: row.points,
            amount: row.amount,
            created_at: row.created_at,
            expires_at: row.expires_at,
            kept: row.kept != 0,
        })
    }
}

/// The holds' columns and whether a payment keeps each; a `WHERE` on `point_hold`'s columns follows.
fn hold_select() -> String {
    format!(
        "SELECT h.point_hold_id, h.customer_id, h.customer_order_id, h.status, h.points, h.amount, h.created_at, \
         h.expires_at, CAST(CASE WHEN {} THEN 1 ELSE 0 END AS BIGINT) AS kept FROM point_hold h",
        kept_by_payment()
    )
}

async fn holds(tx: &mut Tx, sql: String, id: i64) -> anyhow::Result<Vec<Hold>> {
    let rows: Vec<HoldRow> = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_all(conn).await
    })
    .context("cannot read point holds")?;
    rows.into_iter().map(Hold::try_from).collect()
}

/// Marks the customer's holds whose time ran out as EXPIRED and gives their orders' lines their
/// points back; a hold a payment of its order keeps is left alone. Run first in every transaction that is
/// about to hold, change or spend points.
pub async fn expire_stale(tx: &mut Tx, customer_id: i64, now: i64) -> anyhow::Result<()> {
    let sql = format!("{} WHERE customer_id = $1 AND status IN {LIVE}", hold_select());
    for hold in holds(tx, sql, customer_id).await? {
        if hold.is_live_at(now) {
            continue;
        }
        set_status(tx, hold.id, hold.status, HoldStatus::Expired).await?;
        super::orders::clear_point_deductions(tx, hold.order_id).await?;
    }
    Ok(())
}

/// The customer's live holds by status (at most one), ignoring time: call [`expire_stale`] first.
pub async fn live_hold(tx: &mut Tx, customer_id: i64) -> anyhow::Result<Option<Hold>> {
    let sql = format!("{} WHERE customer_id = $1 AND status IN {LIVE}", hold_select());
    Ok(holds(tx, sql, customer_id).await?.into_iter().next())
}

/// The customer's holds that are live at `now` (what totalPoints lists).
pub async fn live_holds_at(tx: &mut Tx, customer_id: i64, now: i64) -> anyhow::Result<Vec<Hold>> {
    let sql = format!("{} WHERE customer_id = $1 AND status IN {LIVE} ORDER BY created_at", hold_select());
    Ok(holds(tx, sql, customer_id).await?.into_iter().filter(|h| h.is_live_at(now)).collect())
}

/// The newest hold ever made on the order.
pub async fn latest_for_order(tx: &mut Tx, order_id: i64) -> anyhow::Result<Option<Hold>> {
    let sql = format!("{} WHERE customer_order_id = $1 ORDER BY created_at DESC, point_hold_id", hold_select());
    Ok(holds(tx, sql, order_id).await?.into_iter().next())
}

/// Whether, after `hold` on its order, the customer's points went to another order that still holds
/// them or spent them.
pub async fn taken_elsewhere(tx: &mut Tx, hold: &Hold, now: i64) -> anyhow::Result<bool> {
    let sql = format!(
        "{} WHERE customer_id = $1 AND customer_order_id <> $2 AND created_at >= $3 \
         AND status IN ('ADDED_TO_ORDER', 'RESERVED', 'USED')",
        hold_select()
    );
    let rows: Vec<HoldRow> = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(hold.customer_id).bind(hold.order_id).bind(hold.created_at).fetch_all(conn).await
    })
    .context("cannot read point holds")?;
    let later = rows.into_iter().map(Hold::try_from).collect::<anyhow::Result<Vec<_>>>()?;
    Ok(later.iter().any(|h| h.status == HoldStatus::Used || h.is_live_at(now)))
}

/// Points the customer can still hold: granted − spent − held by live holds at `now` (a hold a payment keeps
/// counts whatever its time).
pub async fn balance(tx: &mut Tx, customer_id: i64, now: i64) -> anyhow::Result<i64> {
    let (granted,): (i64,) = on_tx!(tx, conn => {
        sqlx::query_as("SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) FROM point_grant WHERE customer_id = $1")
            .bind(customer_id).fetch_one(conn).await
    })
    .context("cannot read point grants")?;
    let (spent, held): (i64, i64) = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'USED' THEN points ELSE 0 END), 0) AS BIGINT), \
             CAST(COALESCE(SUM(CASE WHEN status IN {LIVE} AND (expires_at > $2 OR {}) THEN points ELSE 0 END), 0) \
             AS BIGINT) FROM point_hold h WHERE customer_id = $1",
            kept_by_payment()
        )))
        .bind(customer_id).bind(now).fetch_one(conn).await
    })
    .context("cannot read point holds")?;
    Ok((granted - spent - held).max(0))
}

pub struct NewHold {
    pub customer_id: i64,
    pub order_id: i64,
    pub status: HoldStatus,
    pub points: i64,
    pub amount: i64,
    /// When it is made; its lifetime counts from the same reading of the clock as `expires_at`.
    pub created_at: i64,
    pub expires_at: i64,
}

/// Stores a live hold: in `reuse`, the order's released (CANCELED) or lapsed (EXPIRED) hold, when it has one, so an
/// order keeps one row however often its points are switched on and off; else in a new row. `None` when the customer
/// already has a live hold (the partial unique index refused it, e.g. a concurrent request won the race) or `reuse`
/// is live again. On PostgreSQL the transaction is then unusable: roll back.
pub async fn store_hold(tx: &mut Tx, new: &NewHold, reuse: Option<i64>) -> anyhow::Result<Option<Hold>> {
    let id = reuse.unwrap_or_else(random_id);
    let sql = if reuse.is_some() {
        "UPDATE point_hold SET status = $4, points = $5, amount = $6, created_at = $7, expires_at = $8, updated_at = $7 \
         WHERE point_hold_id = $1 AND customer_id = $2 AND customer_order_id = $3 AND status IN ('CANCELED', 'EXPIRED')"
    } else {
        "INSERT INTO point_hold (point_hold_id, customer_id, customer_order_id, status, points, amount, created_at, \
         expires_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7)"
    };
    let stored = on_tx!(tx, conn => {
        sqlx::query(sql)
            .bind(id).bind(new.customer_id).bind(new.order_id).bind(new.status.as_str()).bind(new.points)
            .bind(new.amount).bind(new.created_at).bind(new.expires_at).execute(conn).await.map(|done| done.rows_affected())
    });
    match stored {
        Ok(1) => Ok(Some(Hold {
            id,
            customer_id: new.customer_id,
            order_id: new.order_id,
            status: new.status,
            points: new.points,
            amount: new.amount,
            created_at: new.created_at,
            expires_at: new.expires_at,
            // Holds are only made while no payment of the order is under way (shop::points).
            kept: false,
        })),
        Ok(_) => Ok(None),
        Err(error) if is_unique_violation(&error) => Ok(None),
        Err(error) => Err(error).context("cannot store point hold"),
    }
}

/// Moves a hold between statuses; false when it was no longer in `from`.
pub async fn set_status(tx: &mut Tx, hold_id: i64, from: HoldStatus, to: HoldStatus) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query("UPDATE point_hold SET status = $1, updated_at = $2 WHERE point_hold_id = $3 AND status = $4")
            .bind(to.as_str()).bind(now_ms()).bind(hold_id).bind(from.as_str()).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update point hold")?;
    Ok(done == 1)
}

/// Locks an ADDED_TO_ORDER hold as RESERVED with a new expiry (a payment starts now).
pub async fn reserve(tx: &mut Tx, hold_id: i64, expires_at: i64) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query(
            "UPDATE point_hold SET status = 'RESERVED', expires_at = $1, updated_at = $2 \
             WHERE point_hold_id = $3 AND status = 'ADDED_TO_ORDER'",
        )
        .bind(expires_at).bind(now_ms()).bind(hold_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot reserve point hold")?;
    Ok(done == 1)
}

/// Changes how much a live hold takes after the order's prices changed.
pub async fn resize(tx: &mut Tx, hold_id: i64, points: i64, amount: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("UPDATE point_hold SET points = $1, amount = $2, updated_at = $3 WHERE point_hold_id = $4")
            .bind(points).bind(amount).bind(now_ms()).bind(hold_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot resize point hold")?;
    Ok(())
}

/// One movement of a customer's points: a grant (positive) or points spent on a paid order (negative).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Movement {
    pub points: i64,
    /// The grant's reason; none for points spent.
    pub reason: Option<String>,
    /// The paid order the points went to; none for a grant.
    pub order_id: Option<i64>,
    pub at: i64,
}

/// Points ever granted and ever spent, and the newest `limit` movements, newest first.
pub async fn history(tx: &mut Tx, customer_id: i64, limit: i64) -> anyhow::Result<(i64, i64, Vec<Movement>)> {
    let (granted, spent): (i64, i64) = on_tx!(&mut *tx, conn => {
        sqlx::query_as(
            "SELECT (SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) FROM point_grant WHERE customer_id = $1), \
             (SELECT CAST(COALESCE(SUM(points), 0) AS BIGINT) FROM point_hold WHERE customer_id = $1 AND status = 'USED')",
        )
        .bind(customer_id).fetch_one(conn).await
    })
    .context("cannot read point totals")?;
    let movements: Vec<Movement> = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT points, reason, CAST(NULL AS BIGINT) AS order_id, created_at AS at FROM point_grant \
             WHERE customer_id = $1 UNION ALL SELECT -points, CAST(NULL AS TEXT), customer_order_id, updated_at \
             FROM point_hold WHERE customer_id = $1 AND status = 'USED' ORDER BY 4 DESC LIMIT $2",
        )
        .bind(customer_id).bind(limit).fetch_all(conn).await
    })
    .context("cannot read point movements")?;
    Ok((granted, spent, movements))
}
