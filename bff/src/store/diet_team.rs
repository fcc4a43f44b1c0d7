//! The medical team's changes to diets (issue, ready, start, expire) and the customer's own start-date move,
//! each recorded in `diet_audit` with who and when, in the transaction that makes it.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, now_ms, on_tx};
use crate::domain::{
    diet_start::{CUSTOMER_START_GRACE_MS, CUSTOMER_START_MOVES, underway_too_long},
    order::OrderStatus,
};

/// A diet as the team lists it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamDiet {
    pub diet_id: i64,
    pub customer_order_id: i64,
    pub customer_id: i64,
    pub mobile: String,
    pub diet_number: String,
    pub is_ready: i16,
    pub starts_at: Option<i64>,
    /// The earliest start the diet had since the team last set one: the customer's week of grace counts from it.
    pub earliest_start_at: Option<i64>,
    pub days: i64,
    pub package_count: Option<i64>,
    pub current_diet_count: i64,
    pub expired_at: Option<i64>,
    pub created_at: i64,
}

/// The most rows one listing returns, newest first.
pub const LIST_LIMIT: i64 = 200;

/// The team's view of diets, followed by `$tail` (a literal: sqlx runs only static SQL).
macro_rules! select_diets {
    ($tail:literal) => {
        concat!(
            "SELECT d.diet_id, d.customer_order_id, d.customer_id, c.mobile, d.diet_number, d.is_ready, \
             d.starts_at, d.earliest_start_at, d.days, d.package_count, d.current_diet_count, d.expired_at, d.created_at \
             FROM diet d JOIN customer c ON c.customer_id = d.customer_id ",
            $tail
        )
    };
}

#[derive(Debug, thiserror::Error)]
pub enum DietTeamError {
    #[error("no order {0}")]
    OrderNotFound(i64),
    #[error("order {0} is not a paid diet order")]
    OrderNotPaid(i64),
    #[error("diet {slot} of order {order_id} is written already as {diet_number}")]
    SlotTaken { order_id: i64, slot: i64, diet_number: String },
    #[error("no diet {0}")]
    DietNotFound(i64),
    #[error("diet {0} was closed by the medical team")]
    DietClosed(i64),
    #[error("diet {0} has run too long for its customer to move its start")]
    DietUnderway(i64),
    #[error("the customer moved the start of diet {0} as often as allowed")]
    StartMovesUsed(i64),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// What the team writes when it numbers a diet: diet `slot` (from 1) of the order's package.
#[derive(Debug, Clone)]
pub struct Issue<'a> {
    pub order_id: i64,
    pub diet_number: &'a str,
    pub days: i64,
    pub package_count: Option<i64>,
    pub slot: i64,
}

/// Diets of the customer with this mobile, or everyone's, newest first.
pub async fn list(db: &Db, mobile: Option<&str>) -> anyhow::Result<Vec<TeamDiet>> {
    let sql = select_diets!("WHERE ($1 IS NULL OR c.mobile = $1) ORDER BY d.created_at DESC, d.diet_id LIMIT $2");
    let mut tx = db.read().await?;
    let diets = on_tx!(&mut tx, conn => {
        sqlx::query_as(sql).bind(mobile).bind(LIST_LIMIT).fetch_all(conn).await
    })
    .context("cannot list diets")?;
    Ok(diets)
}

/// Numbers diet `slot` of a paid diet order. The order's row is locked first, so two calls for one slot
/// write one diet: the same numbering again changes nothing; a diet not written yet (the one the customer's
/// request created) takes the new number and days; a written diet keeps its number and the call is refused.
pub async fn issue(db: &Db, issue: &Issue<'_>, by: &str) -> Result<TeamDiet, DietTeamError> {
    let mut tx = db.begin().await?;
    let locked = on_tx!(&mut tx, conn => {
        sqlx::query("UPDATE customer_order SET customer_order_id = customer_order_id WHERE customer_order_id = $1")
            .bind(issue.order_id).execute(conn).await.map(|r| r.rows_affected())
    })
    .context("cannot lock the order")?;
    if locked == 0 {
        return Err(DietTeamError::OrderNotFound(issue.order_id));
    }
    let paid_diet_order: Option<(i64,)> = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "SELECT o.customer_id FROM customer_order o WHERE o.customer_order_id = $1 AND o.status = $2 \
             AND EXISTS (SELECT 1 FROM basket_item b WHERE b.customer_order_id = o.customer_order_id \
             AND b.product_type IN ('DIET', 'BUNDLE'))",
        )
        .bind(issue.order_id).bind(OrderStatus::PaymentSuccess.as_str()).fetch_optional(conn).await
    })
    .context("cannot read the order")?;
    let Some((customer_id,)) = paid_diet_order else { return Err(DietTeamError::OrderNotPaid(issue.order_id)) };
    let existing: Option<(i64, String, i16, i64, Option<i64>)> = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "SELECT diet_id, diet_number, is_ready, days, package_count FROM diet \
             WHERE customer_order_id = $1 AND current_diet_count = $2",
        )
        .bind(issue.order_id).bind(issue.slot).fetch_optional(conn).await
    })
    .context("cannot read the order's diet")?;
    let detail = format!(
        "number={} days={} packageCount={} slot={}",
        issue.diet_number,
        issue.days,
        issue.package_count.map_or("-".to_owned(), |n| n.to_string()),
        issue.slot
    );
    let diet_id = match existing {
        Some((id, number, _, days, count))
            if number == issue.diet_number && days == issue.days && count == issue.package_count =>
        {
            return Ok(find_in(&mut tx, id).await?.context("the diet just read")?);
        }
        Some((_, number, is_ready, ..)) if is_ready != 0 => {
            return Err(DietTeamError::SlotTaken { order_id: issue.order_id, slot: issue.slot, diet_number: number });
        }
        Some((id, ..)) => {
            on_tx!(&mut tx, conn => {
                sqlx::query("UPDATE diet SET diet_number = $1, days = $2, package_count = $3 WHERE diet_id = $4")
                    .bind(issue.diet_number).bind(issue.days).bind(issue.package_count).bind(id)
                    .execute(conn).await.map(|_| ())
            })
            .context("cannot renumber the diet")?;
            id
        }
        None => {
            let id = random_id();
            on_tx!(&mut tx, conn => {
                sqlx::query(
                    "INSERT INTO diet (diet_id, customer_order_id, customer_id, diet_number, is_ready, days, \
                     package_count, current_diet_count, created_at) VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8)",
                )
                .bind(id).bind(issue.order_id).bind(customer_id).bind(issue.diet_number).bind(issue.days)
                .bind(issue.package_count).bind(issue.slot).bind(now_ms())
                .execute(conn).await.map(|_| ())
            })
            .context("cannot store the diet")?;
            id
        }
    };
    record(&mut tx, diet_id, "ISSUE", by, &detail).await?;
    let diet = find_in(&mut tx, diet_id).await?.context("the diet just written")?;
    tx.commit().await?;
    Ok(diet)
}

/// The diet is written: the customer sees it ACTIVE (or its days left) from now. Again changes nothing.
pub async fn mark_ready(db: &Db, diet_id: i64, by: &str) -> Result<TeamDiet, DietTeamError> {
    let sql = "UPDATE diet SET is_ready = $2 WHERE diet_id = $1 AND is_ready = 0";
    change(db, diet_id, ("READY", by, "isReady=true"), sql, 1).await
}

/// Closes the diet now, whatever days it had left: the package reads EXPIRED. Again changes nothing.
pub async fn expire(db: &Db, diet_id: i64, by: &str) -> Result<TeamDiet, DietTeamError> {
    let now = now_ms();
    let sql = "UPDATE diet SET expired_at = $2 WHERE diet_id = $1 AND expired_at IS NULL";
    change(db, diet_id, ("EXPIRE", by, &format!("expiredAt={now}")), sql, now).await
}

/// Sets or moves the diet's start (epoch ms), as the medical team. Again the same changes nothing.
pub async fn set_start(db: &Db, diet_id: i64, starts_at: i64, by: &str) -> Result<TeamDiet, DietTeamError> {
    let sql = "UPDATE diet SET starts_at = $2, earliest_start_at = $2 WHERE diet_id = $1";
    change(db, diet_id, ("START", by, &format!("startsAt={starts_at}")), sql, starts_at).await
}

/// The customer moves the start of their own diet (recorded as the customer's): not one the team closed, not one
/// that has run longer than [`CUSTOMER_START_GRACE_MS`] from its earliest start (moving it forward every few days
/// must not add up), and at most [`CUSTOMER_START_MOVES`] times. One conditional update decides, so two tabs
/// sending at once cannot both pass the count.
pub async fn customer_move_start(
    db: &Db,
    diet_id: i64,
    customer_id: i64,
    starts_at: i64,
    now: i64,
) -> Result<TeamDiet, DietTeamError> {
    let mut tx = db.begin().await?;
    let found = find_in(&mut tx, diet_id).await?.filter(|d| d.customer_id == customer_id);
    let Some(found) = found else { return Err(DietTeamError::DietNotFound(diet_id)) };
    if found.expired_at.is_some() {
        return Err(DietTeamError::DietClosed(diet_id));
    }
    if found.starts_at == Some(starts_at) {
        return Ok(found);
    }
    if underway_too_long(found.earliest_start_at, now) {
        return Err(DietTeamError::DietUnderway(diet_id));
    }
    // The same rules again in the one conditional update, so two tabs sending at once cannot both pass the count.
    let started_before = now - CUSTOMER_START_GRACE_MS;
    let moved = on_tx!(&mut tx, conn => {
        sqlx::query(
            "UPDATE diet SET starts_at = $2, customer_start_moves = customer_start_moves + 1, earliest_start_at = \
             CASE WHEN earliest_start_at IS NULL OR $2 < earliest_start_at THEN $2 ELSE earliest_start_at END \
             WHERE diet_id = $1 AND customer_start_moves < $3 AND (earliest_start_at IS NULL OR earliest_start_at > $4)",
        )
        .bind(diet_id).bind(starts_at).bind(CUSTOMER_START_MOVES).bind(started_before)
        .execute(conn).await.map(|r| r.rows_affected())
    })
    .context("cannot move the diet's start")?;
    if moved == 0 {
        return Err(DietTeamError::StartMovesUsed(diet_id));
    }
    record(&mut tx, diet_id, "START", "customer", &format!("startsAt={starts_at}")).await?;
    let diet = find_in(&mut tx, diet_id).await?.context("the diet just moved")?;
    tx.commit().await?;
    Ok(diet)
}

/// Runs one update of a diet (`$1` its id, `$2` the value), recording it as (action, actor, detail) when it
/// changed a row.
async fn change(
    db: &Db,
    diet_id: i64,
    (action, by, detail): (&str, &str, &str),
    update: &'static str,
    value: i64,
) -> Result<TeamDiet, DietTeamError> {
    let mut tx = db.begin().await?;
    let Some(found) = find_in(&mut tx, diet_id).await? else { return Err(DietTeamError::DietNotFound(diet_id)) };
    let changed = on_tx!(&mut tx, conn => {
        sqlx::query(update).bind(diet_id).bind(value).execute(conn).await.map(|r| r.rows_affected())
    })
    .context("cannot change the diet")?;
    if changed == 0 {
        return Ok(found);
    }
    record(&mut tx, diet_id, action, by, detail).await?;
    let diet = find_in(&mut tx, diet_id).await?.context("the diet just changed")?;
    tx.commit().await?;
    Ok(diet)
}

async fn find_in(tx: &mut Tx, diet_id: i64) -> anyhow::Result<Option<TeamDiet>> {
    let sql = select_diets!("WHERE d.diet_id = $1");
    let diet = on_tx!(tx, conn => sqlx::query_as(sql).bind(diet_id).fetch_optional(conn).await)
        .context("cannot read the diet")?;
    Ok(diet)
}

/// Records a change at now, or a millisecond after the diet's latest change when that is not earlier: two changes
/// within one millisecond still list in the order they were made (ids are random).
async fn record(tx: &mut Tx, diet_id: i64, action: &str, by: &str, detail: &str) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO diet_audit (diet_audit_id, diet_id, action, actor, detail, created_at) \
             SELECT $1, $2, $3, $4, $5, CASE WHEN MAX(created_at) >= $6 THEN MAX(created_at) + 1 ELSE $6 END \
             FROM diet_audit WHERE diet_id = $2",
        )
        .bind(random_id()).bind(diet_id).bind(action).bind(by).bind(detail).bind(now_ms())
        .execute(conn).await.map(|_| ())
    })
    .context("cannot record the diet change")
}

/// One recorded change, oldest first: (action, actor, detail, created_at).
pub async fn audit(db: &Db, diet_id: i64) -> anyhow::Result<Vec<(String, String, String, i64)>> {
    let mut tx = db.read().await?;
    let rows = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "SELECT action, actor, detail, created_at FROM diet_audit WHERE diet_id = $1 \
             ORDER BY created_at, diet_audit_id",
        )
        .bind(diet_id).fetch_all(conn).await
    })
    .context("cannot read the diet's changes")?;
    Ok(rows)
}
