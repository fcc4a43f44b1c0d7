//! Manual transfers awaiting or past finance review. Leaving PENDING is a conditional UPDATE, so two
//! reviewers racing on one transfer change it once.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, is_unique_violation, now_ms, on_pool, on_tx};
use crate::domain::transfer::{TransferDetails, TransferGateway, TransferState};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: TransferGateway,
    /// Toman.
    pub amount: i64,
    pub state: TransferState,
    pub details: TransferDetails,
    pub reviewer: Option<String>,
    pub reason: Option<String>,
    pub reviewed_at: Option<i64>,
    pub created_at: i64,
}

#[derive(sqlx::FromRow)]
struct TransferRow {
    transfer_payment_id: i64,
    customer_order_id: i64,
    customer_id: i64,
    gateway: String,
    amount: i64,
    state: String,
    meta: String,
    reviewer: Option<String>,
    reason: Option<String>,
    reviewed_at: Option<i64>,
    created_at: i64,
}

impl TryFrom<TransferRow> for Transfer {
    type Error = anyhow::Error;
    fn try_from(row: TransferRow) -> anyhow::Result<Transfer> {
        let id = row.transfer_payment_id;
        Ok(Transfer {
            gateway: TransferGateway::parse(&row.gateway)
                .with_context(|| format!("transfer {id} has gateway {}", row.gateway))?,
            state: TransferState::parse(&row.state)
                .with_context(|| format!("transfer {id} has state {}", row.state))?,
            details: serde_json::from_str(&row.meta).with_context(|| format!("transfer {id} has unreadable meta"))?,
            id,
            order_id: row.customer_order_id,
            customer_id: row.customer_id,
            amount: row.amount,
            reviewer: row.reviewer,
            reason: row.reason,
            reviewed_at: row.reviewed_at,
            created_at: row.created_at,
        })
    }
}

const TRANSFER: &str = "SELECT transfer_payment_id, customer_order_id, customer_id, gateway, amount, state, meta, \
                        reviewer, reason, reviewed_at, created_at FROM transfer_payment";

pub async fn find(db: &Db, transfer_id: i64) -> anyhow::Result<Option<Transfer>> {
    let sql = format!("{TRANSFER} WHERE transfer_payment_id = $1");
    let row: Option<TransferRow> =
        on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(transfer_id).fetch_optional(pool).await)
            .context("cannot read transfer")?;
    row.map(Transfer::try_from).transpose()
}

/// Transfers in `state`, oldest first (the review queue).
pub async fn in_state(db: &Db, state: TransferState) -> anyhow::Result<Vec<Transfer>> {
    let sql = format!("{TRANSFER} WHERE state = $1 ORDER BY created_at, transfer_payment_id");
    let rows: Vec<TransferRow> =
        on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(state.as_str()).fetch_all(pool).await)
            .context("cannot read transfers")?;
    rows.into_iter().map(Transfer::try_from).collect()
}

/// Whether the order has a transfer waiting for review.
pub async fn pending_for_order(tx: &mut Tx, order_id: i64) -> anyhow::Result<bool> {
    let (n,): (i64,) = on_tx!(tx, conn => {
        sqlx::query_as("SELECT COUNT(*) FROM transfer_payment WHERE customer_order_id = $1 AND state = 'PENDING'")
            .bind(order_id).fetch_one(conn).await
    })
    .context("cannot read transfers")?;
    Ok(n > 0)
}

/// The order's transfer waiting for review, read inside the order's transaction.
pub async fn pending_of_order(tx: &mut Tx, order_id: i64) -> anyhow::Result<Option<Transfer>> {
    let sql = format!("{TRANSFER} WHERE customer_order_id = $1 AND state = 'PENDING'");
    let row: Option<TransferRow> =
        on_tx!(tx, conn => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_optional(conn).await)
            .context("cannot read transfers")?;
    row.map(Transfer::try_from).transpose()
}

pub struct NewTransfer<'a> {
    pub order_id: i64,
    pub customer_id: i64,
    pub amount: i64,
    pub details: &'a TransferDetails,
}

/// Stores a PENDING transfer; `None` when the order already has one (a concurrent submit won).
pub async fn insert(tx: &mut Tx, new: &NewTransfer<'_>) -> anyhow::Result<Option<i64>> {
    let id = random_id();
    let meta = serde_json::to_string(new.details)?;
    let inserted = on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO transfer_payment (transfer_payment_id, customer_order_id, customer_id, gateway, amount, \
             state, meta, created_at) VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $7)",
        )
        .bind(id).bind(new.order_id).bind(new.customer_id).bind(new.details.gateway.as_str()).bind(new.amount)
        .bind(&meta).bind(now_ms())
        .execute(&mut *conn).await.map(|done| done.rows_affected())
    });
    match inserted {
        Ok(_) => Ok(Some(id)),
        Err(error) if is_unique_violation(&error) => Ok(None),
        Err(error) => Err(error).context("cannot store transfer"),
    }
}

/// PENDING → `to`, recording who and when; false when the transfer was reviewed already.
pub async fn review(
    tx: &mut Tx,
    transfer_id: i64,
    to: TransferState,
    reviewer: &str,
    reason: Option<&str>,
    at: i64,
) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query(
            "UPDATE transfer_payment SET state = $1, reviewer = $2, reason = $3, reviewed_at = $4 \
             WHERE transfer_payment_id = $5 AND state = 'PENDING'",
        )
        .bind(to.as_str()).bind(reviewer).bind(reason).bind(at).bind(transfer_id)
        .execute(&mut *conn).await.map(|done| done.rows_affected())
    })
    .context("cannot review transfer")?;
    Ok(done == 1)
}
