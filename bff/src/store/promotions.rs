//! Promotion codes and the codes applied to orders (used discounts).
use anyhow::Context;

use super::{Db, Tx, customers::random_id, is_unique_violation, now_ms, on_pool, on_tx};
use crate::domain::{
    order::OrderStatus,
    promotion::{DiscountMeta, Terms, normalize_code},
};

/// Statuses of a used discount.
pub const ACTIVE: &str = "ACTIVE";
pub const CANCELED: &str = "CANCELED";
pub const CAPTURED: &str = "CAPTURED";

#[derive(Debug, Clone, PartialEq)]
pub struct Promotion {
    pub id: i64,
    /// Upper case.
    pub code: String,
    pub meta: DiscountMeta,
    pub terms: Terms,
}

#[derive(sqlx::FromRow)]
struct PromotionRow {
    promotion_id: i64,
    code: String,
    meta: String,
    valid_from: Option<i64>,
    valid_until: Option<i64>,
    max_uses: Option<i64>,
    used_count: i64,
}

impl TryFrom<PromotionRow> for Promotion {
    type Error = anyhow::Error;
    fn try_from(row: PromotionRow) -> anyhow::Result<Promotion> {
        Ok(Promotion {
            id: row.promotion_id,
            meta: serde_json::from_str(&row.meta).with_context(|| format!("promotion {} is malformed", row.code))?,
            code: row.code,
            terms: Terms {
                valid_from: row.valid_from,
                valid_until: row.valid_until,
                max_uses: row.max_uses,
                used_count: row.used_count,
            },
        })
    }
}

/// Stores a code (normalised); an existing code is left as it is.
pub async fn insert(db: &Db, promotion: &Promotion) -> anyhow::Result<()> {
    let meta = serde_json::to_string(&promotion.meta)?;
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO promotion (promotion_id, code, meta, valid_from, valid_until, max_uses, used_count, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING",
        )
        .bind(promotion.id).bind(normalize_code(&promotion.code)).bind(&meta)
        .bind(promotion.terms.valid_from).bind(promotion.terms.valid_until)
        .bind(promotion.terms.max_uses).bind(promotion.terms.used_count).bind(now_ms())
        .execute(pool).await.map(|done| done.rows_affected())
    })
    .with_context(|| format!("cannot store promotion {}", promotion.code))?;
    Ok(())
}

pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_pool!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM promotion").fetch_one(pool).await)?;
    Ok(n)
}

const COLUMNS: &str = "promotion_id, code, meta, valid_from, valid_until, max_uses, used_count";

/// The code as typed by a customer (any case, surrounding spaces, Persian digits).
pub async fn find_by_code(tx: &mut Tx, typed: &str) -> anyhow::Result<Option<Promotion>> {
    let sql = format!("SELECT {COLUMNS} FROM promotion WHERE code = $1");
    let row: Option<PromotionRow> = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(normalize_code(typed)).fetch_optional(conn).await
    })
    .context("cannot read promotion")?;
    row.map(Promotion::try_from).transpose()
}

/// Takes one use of the code unless it is used up. The check and the increment are one statement,
/// so concurrent customers can never take more than `max_uses` between them.
pub async fn take_use(tx: &mut Tx, promotion_id: i64) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query(
            "UPDATE promotion SET used_count = used_count + 1 \
             WHERE promotion_id = $1 AND (max_uses IS NULL OR used_count < max_uses)",
        )
        .bind(promotion_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot count promotion use")?;
    Ok(done == 1)
}

pub async fn give_back_use(tx: &mut Tx, promotion_id: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("UPDATE promotion SET used_count = used_count - 1 WHERE promotion_id = $1 AND used_count > 0")
            .bind(promotion_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot give back promotion use")?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UsedDiscount {
    pub used_discount_id: i64,
    pub promotion_id: i64,
    pub customer_order_id: i64,
    pub status: String,
    pub code: String,
}

const USED: &str = "SELECT u.used_discount_id, u.promotion_id, u.customer_order_id, u.status, p.code \
                    FROM used_discount u JOIN promotion p ON p.promotion_id = u.promotion_id";

/// Records the code on the order; `None` when the order got another code at the same moment.
pub async fn insert_used(tx: &mut Tx, promotion_id: i64, order_id: i64) -> anyhow::Result<Option<i64>> {
    let id = random_id();
    let now = now_ms();
    let inserted = on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO used_discount (used_discount_id, promotion_id, customer_order_id, status, created_at, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $5)",
        )
        .bind(id).bind(promotion_id).bind(order_id).bind(ACTIVE).bind(now).execute(conn).await.map(|done| done.rows_affected())
    });
    match inserted {
        Ok(_) => Ok(Some(id)),
        Err(error) if is_unique_violation(&error) => Ok(None),
        Err(error) => Err(error).context("cannot store used discount"),
    }
}

/// The code on an order: the active one, or the captured one of a paid order.
pub async fn on_order(tx: &mut Tx, order_id: i64) -> anyhow::Result<Option<UsedDiscount>> {
    let sql = format!("{USED} WHERE u.customer_order_id = $1 AND u.status IN ('{ACTIVE}', '{CAPTURED}')");
    let row = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(order_id).fetch_optional(conn).await
    })
    .context("cannot read used discount")?;
    Ok(row)
}

/// A used discount on one of the customer's orders; another customer's reads as missing.
pub async fn find_used_for_customer(tx: &mut Tx, id: i64, customer_id: i64) -> anyhow::Result<Option<UsedDiscount>> {
    let sql = format!(
        "{USED} JOIN customer_order o ON o.customer_order_id = u.customer_order_id \
         WHERE u.used_discount_id = $1 AND o.customer_id = $2"
    );
    let row = on_tx!(tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(customer_id).fetch_optional(conn).await
    })
    .context("cannot read used discount")?;
    Ok(row)
}

/// A use of a code held by an unpaid order, with the order's customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct HeldUse {
    pub used_discount_id: i64,
    pub customer_order_id: i64,
    pub customer_id: i64,
}

/// Active uses of the code applied before `applied_before` to orders not paid, the oldest first (a few).
pub async fn uses_held_since(tx: &mut Tx, promotion_id: i64, applied_before: i64) -> anyhow::Result<Vec<HeldUse>> {
    let rows = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT u.used_discount_id, u.customer_order_id, o.customer_id FROM used_discount u \
             JOIN customer_order o ON o.customer_order_id = u.customer_order_id \
             WHERE u.promotion_id = $1 AND u.status = $2 AND u.created_at < $3 AND o.status <> $4 \
             ORDER BY u.created_at, u.used_discount_id LIMIT 5",
        )
        .bind(promotion_id).bind(ACTIVE).bind(applied_before).bind(OrderStatus::PaymentSuccess.as_str())
        .fetch_all(conn).await
    })
    .context("cannot read held uses")?;
    Ok(rows)
}

/// Forgets the order's cancelled codes: nothing reads them, and without this a customer applying and cancelling in
/// a loop would add a row each time (the code-try bound only slows that down).
pub async fn forget_canceled(tx: &mut Tx, order_id: i64) -> anyhow::Result<()> {
    on_tx!(tx, conn => {
        sqlx::query("DELETE FROM used_discount WHERE customer_order_id = $1 AND status = $2")
            .bind(order_id).bind(CANCELED).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot forget cancelled codes")?;
    Ok(())
}

/// Moves a used discount from one status to another; false when it was not in `from` any more.
pub async fn change_status(tx: &mut Tx, id: i64, from: &str, to: &str) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query("UPDATE used_discount SET status = $1, updated_at = $2 WHERE used_discount_id = $3 AND status = $4")
            .bind(to).bind(now_ms()).bind(id).bind(from).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update used discount")?;
    Ok(done == 1)
}
