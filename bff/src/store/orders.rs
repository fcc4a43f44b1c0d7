//! Orders, their basket lines and status history; an order and its lines are written in one transaction.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, now_ms, on_pool, on_tx};
use crate::domain::{Toman, catalogue::Product, order::OrderStatus};

pub struct NewOrder {
    pub customer_id: i64,
    pub service: String,
    pub session_id: Option<String>,
    pub utm_campaign: Option<String>,
    pub meta: String,
    pub products: Vec<Product>,
}

/// Stores the order with one basket line per product, prices copied from the catalogue.
pub async fn create(db: &Db, order: NewOrder) -> anyhow::Result<i64> {
    let mut tx = db.begin().await?;
    let order_id = create_in(&mut tx, order).await?;
    tx.commit().await?;
    Ok(order_id)
}

/// [`create`] inside the caller's transaction.
pub async fn create_in(tx: &mut Tx, order: NewOrder) -> anyhow::Result<i64> {
    let ids = create_many(tx, std::slice::from_ref(&order)).await?;
    ids.first().copied().context("no order id")
}

/// Stores several orders in three statements whatever their number (orders, basket lines, first statuses): a
/// round trip per row was most of an order's time. Their ids, in the orders' order.
pub async fn create_many(tx: &mut Tx, new: &[NewOrder]) -> anyhow::Result<Vec<i64>> {
    if new.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = new.iter().map(|_| random_id()).collect();
    let now = now_ms();
    let mut lines = Vec::new();
    for (order, order_id) in new.iter().zip(&ids) {
        for (position, product) in order.products.iter().enumerate() {
            lines.push((*order_id, position as i64, product, serde_json::to_string(&product.meta)?));
        }
    }
    on_tx!(&mut *tx, conn => {
        let mut orders = sqlx::QueryBuilder::new(
            "INSERT INTO customer_order (customer_order_id, customer_id, service, status, visit_session_id, \
             utm_campaign, meta, created_at) ",
        );
        orders.push_values(new.iter().zip(&ids), |mut row, (order, order_id)| {
            row.push_bind(*order_id).push_bind(order.customer_id).push_bind(&order.service)
                .push_bind(OrderStatus::Created.as_str()).push_bind(&order.session_id)
                .push_bind(&order.utm_campaign).push_bind(&order.meta).push_bind(now);
        });
        orders.build().execute(&mut *conn).await?;
        if !lines.is_empty() {
            let mut items = sqlx::QueryBuilder::new(
                "INSERT INTO basket_item (basket_item_id, customer_order_id, product_id, position, title, subtitle, \
                 subtitle2, product_type, original_price, final_price, currency, meta) ",
            );
            items.push_values(&lines, |mut line, (order_id, position, product, meta)| {
                line.push_bind(random_id()).push_bind(*order_id).push_bind(product.id).push_bind(*position)
                    .push_bind(&product.title).push_bind(&product.subtitle).push_bind(&product.subtitle2)
                    .push_bind(product.product_type.as_str()).push_bind(product.price.get())
                    .push_bind(product.final_price.get()).push_bind(&product.currency).push_bind(meta);
            });
            items.build().execute(&mut *conn).await?;
        }
        let mut statuses = sqlx::QueryBuilder::new(
            "INSERT INTO order_status (order_status_id, customer_order_id, status, created_at) ",
        );
        statuses.push_values(&ids, |mut row, order_id| {
            row.push_bind(random_id()).push_bind(*order_id).push_bind(OrderStatus::Created.as_str()).push_bind(now);
        });
        statuses.build().execute(&mut *conn).await.map(|_| ())
    })
    .context("cannot store orders")?;
    Ok(ids)
}

/// Makes every line of the order free (a gift card pays for it): the discount is the whole price.
pub async fn make_free(tx: &mut Tx, order_id: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("UPDATE basket_item SET final_price = 0 WHERE customer_order_id = $1")
            .bind(order_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update basket")?;
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct BasketItemRow {
    pub basket_item_id: i64,
    pub product_id: i64,
    pub title: String,
    pub subtitle: Option<String>,
    pub subtitle2: Option<String>,
    pub product_type: String,
    pub original_price: i64,
    pub final_price: i64,
    /// The part of the discount a promotion code gave; cancelling the code adds it back.
    pub promotion_discount: i64,
    pub user_point_deduction: i64,
    pub currency: String,
    pub meta: String,
}

#[derive(Debug, Clone)]
pub struct Order {
    pub id: i64,
    pub customer_id: i64,
    pub created_at: i64,
    pub status: OrderStatus,
    pub items: Vec<BasketItemRow>,
}

impl Order {
    pub fn is_paid(&self) -> bool {
        self.status == OrderStatus::PaymentSuccess
    }
}

impl BasketItemRow {
    pub fn amounts(&self) -> anyhow::Result<crate::domain::invoice::LineAmounts> {
        Ok(crate::domain::invoice::LineAmounts {
            original: Toman::new(self.original_price)?,
            final_price: Toman::new(self.final_price)?,
            points: Toman::new(self.user_point_deduction)?,
        })
    }

    /// The product meta copied when the order was made.
    pub fn product_meta(&self) -> crate::domain::catalogue::ProductMeta {
        serde_json::from_str(&self.meta).unwrap_or_default()
    }
}

#[derive(sqlx::FromRow)]
struct OrderHead {
    customer_order_id: i64,
    customer_id: i64,
    created_at: i64,
    status: String,
}

const HEAD: &str = "SELECT customer_order_id, customer_id, created_at, status FROM customer_order";

/// Locks the customer's order for the rest of the transaction (a no-op write, so it works on both
/// backends): calls that change one order's prices, code or points then run one after another.
/// False when the order is not the customer's.
pub async fn lock_for_customer(tx: &mut Tx, order_id: i64, customer_id: i64) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query("UPDATE customer_order SET status = status WHERE customer_order_id = $1 AND customer_id = $2")
            .bind(order_id).bind(customer_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot lock order")?;
    Ok(done == 1)
}

/// Locks the order's row until the transaction ends, whoever's it is (payments of one order take turns).
pub async fn lock(tx: &mut Tx, order_id: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("UPDATE customer_order SET status = status WHERE customer_order_id = $1")
            .bind(order_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot lock order")?;
    Ok(())
}

/// Whether the order is paid (PAYMENT_SUCCESS), read inside the transaction.
pub async fn is_paid(tx: &mut Tx, order_id: i64) -> anyhow::Result<bool> {
    let status: Option<(String,)> = on_tx!(tx, conn => {
        sqlx::query_as("SELECT status FROM customer_order WHERE customer_order_id = $1")
            .bind(order_id).fetch_optional(conn).await
    })
    .context("cannot read the order's status")?;
    match status {
        Some((status,)) => Ok(parse_status(order_id, &status)? == OrderStatus::PaymentSuccess),
        None => Ok(false),
    }
}

/// The customer's own order; another customer's order reads as missing.
pub async fn find_for_customer(tx: &mut Tx, order_id: i64, customer_id: i64) -> anyhow::Result<Option<Order>> {
    let sql = format!("{HEAD} WHERE customer_order_id = $1 AND customer_id = $2");
    let head: Option<OrderHead> = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).bind(customer_id).fetch_optional(conn).await
    })
    .context("cannot read order")?;
    match head {
        Some(head) => Ok(Some(with_items(tx, head).await?)),
        None => Ok(None),
    }
}

/// Ids of the customer's orders, newest first; only those in `status` when given.
pub async fn ids_for_customer(
    tx: &mut Tx,
    customer_id: i64,
    status: Option<&str>,
    limit: i64,
) -> anyhow::Result<Vec<i64>> {
    let rows: Vec<(i64,)> = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT customer_order_id FROM customer_order WHERE customer_id = $1 AND ($2 IS NULL OR status = $2) \
             ORDER BY created_at DESC, customer_order_id LIMIT $3",
        )
        .bind(customer_id).bind(status).bind(limit).fetch_all(conn).await
    })
    .context("cannot read orders")?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

async fn with_items(tx: &mut Tx, head: OrderHead) -> anyhow::Result<Order> {
    let items: Vec<BasketItemRow> = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT basket_item_id, product_id, title, subtitle, subtitle2, product_type, original_price, \
             final_price, promotion_discount, user_point_deduction, currency, meta FROM basket_item \
             WHERE customer_order_id = $1 ORDER BY position",
        )
        .bind(head.customer_order_id).fetch_all(conn).await
    })
    .context("cannot read basket")?;
    Ok(Order {
        id: head.customer_order_id,
        customer_id: head.customer_id,
        created_at: head.created_at,
        status: parse_status(head.customer_order_id, &head.status)?,
        items,
    })
}

/// Sets a line's price after a promotion and the part of the discount the promotion gave.
pub async fn set_line_price(
    tx: &mut Tx,
    item_id: i64,
    final_price: Toman,
    promotion_discount: Toman,
) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("UPDATE basket_item SET final_price = $1, promotion_discount = $2 WHERE basket_item_id = $3")
            .bind(final_price.get()).bind(promotion_discount.get()).bind(item_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update basket line")?;
    Ok(())
}

/// Writes the points each line takes, in basket order.
pub async fn set_point_deductions(tx: &mut Tx, order: &Order, deductions: &[Toman]) -> anyhow::Result<()> {
    for (item, deduction) in order.items.iter().zip(deductions) {
        on_tx!(tx, conn => {
            sqlx::query("UPDATE basket_item SET user_point_deduction = $1 WHERE basket_item_id = $2")
                .bind(deduction.get()).bind(item.basket_item_id).execute(conn).await.map(|done| done.rows_affected())
        })
        .context("cannot update basket line")?;
    }
    Ok(())
}

pub async fn clear_point_deductions(tx: &mut Tx, order_id: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("UPDATE basket_item SET user_point_deduction = 0 WHERE customer_order_id = $1")
            .bind(order_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update basket")?;
    Ok(())
}

/// Moves an unpaid order to PAYMENT_SUCCESS; false when it was already paid (a concurrent call won).
/// Every way of paying ends here, so a diet paid while another runs is reserved here too (spec 2 §1).
pub async fn mark_paid(tx: &mut Tx, order_id: i64) -> anyhow::Result<bool> {
    super::diets::reserve_if_running(tx, order_id, now_ms()).await?;
    let changed = on_tx!(tx, conn => {
        sqlx::query("UPDATE customer_order SET status = $1 WHERE customer_order_id = $2 AND status <> $1")
            .bind(OrderStatus::PaymentSuccess.as_str()).bind(order_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update order")?;
    if changed == 1 {
        record_status(tx, order_id, OrderStatus::PaymentSuccess, now_ms()).await?;
    }
    Ok(changed == 1)
}

async fn record_status(tx: &mut Tx, order_id: i64, status: OrderStatus, at: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO order_status (order_status_id, customer_order_id, status, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(random_id()).bind(order_id).bind(status.as_str()).bind(at).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot record order status")?;
    Ok(())
}

/// `(status, created_at)` of every status the order went through, oldest first.
pub async fn status_history(tx: &mut Tx, order_id: i64) -> anyhow::Result<Vec<(OrderStatus, i64)>> {
    let rows: Vec<(String, i64)> = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT status, created_at FROM order_status WHERE customer_order_id = $1 ORDER BY created_at, status",
        )
        .bind(order_id).fetch_all(conn).await
    })
    .context("cannot read order statuses")?;
    rows.into_iter().map(|(status, at)| Ok((parse_status(order_id, &status)?, at))).collect()
}

/// A stored status the BFF does not know is a broken row: the call fails instead of guessing.
pub fn parse_status(order_id: i64, status: &str) -> anyhow::Result<OrderStatus> {
    OrderStatus::parse(status).with_context(|| format!("order {order_id} has status {status}"))
}

/// How many orders exist (support and tests).
pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) =
        on_pool!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM customer_order").fetch_one(pool).await)?;
    Ok(n)
}

/// Sets `patch`'s keys in the customer's order meta, keeping the others; answers the merged meta,
/// `None` when the order is not the customer's. Call it after [`lock_for_customer`].
pub async fn merge_meta(
    tx: &mut Tx,
    order_id: i64,
    customer_id: i64,
    patch: &serde_json::Map<String, serde_json::Value>,
) -> anyhow::Result<Option<serde_json::Map<String, serde_json::Value>>> {
    let row: Option<(String,)> = on_tx!(tx, conn => {
        sqlx::query_as("SELECT meta FROM customer_order WHERE customer_order_id = $1 AND customer_id = $2")
            .bind(order_id).bind(customer_id).fetch_optional(conn).await
    })
    .context("cannot read order meta")?;
    let Some((stored,)) = row else { return Ok(None) };
    // Meta written by older clients may not be an object; the patch then starts a fresh one.
    let mut meta = match serde_json::from_str(&stored) {
        Ok(serde_json::Value::Object(meta)) => meta,
        _ => serde_json::Map::new(),
    };
    meta.extend(patch.iter().map(|(key, value)| (key.clone(), value.clone())));
    let text = serde_json::Value::Object(meta.clone()).to_string();
    on_tx!(tx, conn => {
        sqlx::query("UPDATE customer_order SET meta = $1 WHERE customer_order_id = $2")
            .bind(&text).bind(order_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update order meta")?;
    Ok(Some(meta))
}
