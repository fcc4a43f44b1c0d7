//! Partner-discount SMS logs: the notice sent after a paid order with a partner-discount product.
use anyhow::Context;

use super::{Db, customers::random_id, is_unique_violation, now_ms, on_pool};

pub struct NewSmsLog<'a> {
    pub order_id: i64,
    pub customer_id: i64,
    pub receptor: &'a str,
    pub message: &'a str,
}

/// Stores the log as PENDING; false when the order already has one (it was sent, or is being sent).
pub async fn insert_pending(db: &Db, new: &NewSmsLog<'_>) -> anyhow::Result<bool> {
    let inserted = on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO partner_discount_sms_log (partner_discount_sms_log_id, customer_order_id, customer_id, \
             receptor, message, status, created_at) VALUES ($1, $2, $3, $4, $5, 'PENDING', $6)",
        )
        .bind(random_id()).bind(new.order_id).bind(new.customer_id).bind(new.receptor).bind(new.message)
        .bind(now_ms())
        .execute(pool).await.map(|done| done.rows_affected())
    });
    match inserted {
        Ok(_) => Ok(true),
        Err(error) if is_unique_violation(&error) => Ok(false),
        Err(error) => Err(error).context("cannot store partner-discount SMS log"),
    }
}

/// Records how sending went: SENT, or FAILED with the reason.
pub async fn record_outcome(db: &Db, order_id: i64, failure: Option<&str>) -> anyhow::Result<()> {
    let status = if failure.is_some() { "FAILED" } else { "SENT" };
    on_pool!(db, pool => {
        sqlx::query("UPDATE partner_discount_sms_log SET status = $1, failure = $2 WHERE customer_order_id = $3")
            .bind(status).bind(failure).bind(order_id).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot update partner-discount SMS log")?;
    Ok(())
}

/// The texts sent (or being sent) for the customer's order; another customer's order reads as none.
pub async fn messages_for_order(db: &Db, order_id: i64, customer_id: i64) -> anyhow::Result<Vec<String>> {
    let rows: Vec<(String,)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT message FROM partner_discount_sms_log WHERE customer_order_id = $1 AND customer_id = $2 \
             ORDER BY created_at",
        )
        .bind(order_id).bind(customer_id).fetch_all(pool).await
    })
    .context("cannot read partner-discount SMS logs")?;
    Ok(rows.into_iter().map(|(message,)| message).collect())
}
