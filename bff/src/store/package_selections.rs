//! The order each older-flow package selection made, and the paid orders that hold given products.
use anyhow::Context;

use super::{Db, Tx, now_ms, on_tx};
use crate::domain::order::OrderStatus;

/// The order the customer's earlier identical selection made, if any.
pub async fn find(tx: &mut Tx, customer_id: i64, selection: &str) -> anyhow::Result<Option<i64>> {
    let row: Option<(i64,)> = on_tx!(tx, conn => {
        sqlx::query_as("SELECT customer_order_id FROM package_selection WHERE customer_id = $1 AND selection = $2")
            .bind(customer_id).bind(selection).fetch_optional(conn).await
    })
    .context("cannot read the package selection")?;
    Ok(row.map(|(id,)| id))
}

/// Records `order_id` as the selection's order, replacing `previous` (a paid one). False when a concurrent
/// request recorded another order first: the caller rolls back and reads the winner.
pub async fn claim(
    tx: &mut Tx,
    customer_id: i64,
    selection: &str,
    previous: Option<i64>,
    order_id: i64,
) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => match previous {
        Some(previous) => sqlx::query(
            "UPDATE package_selection SET customer_order_id = $4, created_at = $5 \
             WHERE customer_id = $1 AND selection = $2 AND customer_order_id = $3",
        )
        .bind(customer_id).bind(selection).bind(previous).bind(order_id).bind(now_ms())
        .execute(conn).await.map(|done| done.rows_affected()),
        None => sqlx::query(
            "INSERT INTO package_selection (customer_id, selection, customer_order_id, created_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(customer_id).bind(selection).bind(order_id).bind(now_ms())
        .execute(conn).await.map(|done| done.rows_affected()),
    })
    .context("cannot record the package selection")?;
    Ok(done == 1)
}

/// The customer's paid orders holding any of `product_ids`, oldest first.
pub async fn paid_orders_with(db: &Db, customer_id: i64, product_ids: &[i64]) -> anyhow::Result<Vec<i64>> {
    let rows: Vec<(i64, i64)> = super::on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT o.customer_order_id, b.product_id FROM customer_order o JOIN basket_item b \
             ON b.customer_order_id = o.customer_order_id WHERE o.customer_id = $1 AND o.status = $2 \
             ORDER BY o.created_at, o.customer_order_id",
        )
        .bind(customer_id).bind(OrderStatus::PaymentSuccess.as_str()).fetch_all(pool).await
    })
    .context("cannot read the paid orders")?;
    let mut orders: Vec<i64> =
        rows.into_iter().filter(|(_, product)| product_ids.contains(product)).map(|(order, _)| order).collect();
    orders.dedup();
    Ok(orders)
}
