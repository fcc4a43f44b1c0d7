//! Orders and basket lines; an order and its lines are written in one transaction.
use anyhow::Context;

use super::{Db, customers::random_id, now_ms, on_pool};
use crate::domain::{Toman, catalogue::Product};

pub struct NewOrder<'a> {
    pub customer_id: i64,
    pub service: &'a str,
    pub session_id: Option<&'a str>,
    pub utm_campaign: Option<&'a str>,
    pub meta: &'a str,
    pub products: &'a [Product],
}

/// Order statuses as spec 2 names them.
pub const CREATED: &str = "CREATED";

/// Stores the order with one basket line per product, prices copied from the catalogue.
pub async fn create(db: &Db, order: NewOrder<'_>) -> anyhow::Result<i64> {
    let order_id = random_id();
    let now = now_ms();
    on_pool!(db, pool => {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO customer_order (customer_order_id, customer_id, service, status, visit_session_id, \
             utm_campaign, meta, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(order_id).bind(order.customer_id).bind(order.service).bind(CREATED)
        .bind(order.session_id).bind(order.utm_campaign).bind(order.meta).bind(now)
        .execute(&mut *tx).await?;
        for (position, product) in order.products.iter().enumerate() {
            sqlx::query(
                "INSERT INTO basket_item (basket_item_id, customer_order_id, product_id, position, title, subtitle, \
                 subtitle2, product_type, original_price, final_price, currency, meta) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            )
            .bind(random_id()).bind(order_id).bind(product.id).bind(position as i64).bind(&product.title)
            .bind(&product.subtitle).bind(&product.subtitle2).bind(product.product_type.as_str())
            .bind(product.price.get()).bind(product.final_price.get()).bind(&product.currency)
            .bind(serde_json::to_string(&product.meta)?)
            .execute(&mut *tx).await?;
        }
        tx.commit().await?;
    });
    Ok(order_id)
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
    pub user_point_deduction: i64,
    pub currency: String,
    pub meta: String,
}

#[derive(Debug, Clone)]
pub struct Order {
    pub id: i64,
    pub created_at: i64,
    pub status: String,
    pub items: Vec<BasketItemRow>,
}

impl BasketItemRow {
    pub fn amounts(&self) -> anyhow::Result<crate::domain::invoice::LineAmounts> {
        Ok(crate::domain::invoice::LineAmounts {
            original: Toman::new(self.original_price)?,
            final_price: Toman::new(self.final_price)?,
            points: Toman::new(self.user_point_deduction)?,
        })
    }
}

/// The customer's own order; another customer's order reads as missing.
pub async fn find_for_customer(db: &Db, order_id: i64, customer_id: i64) -> anyhow::Result<Option<Order>> {
    let head: Option<(i64, i64, String)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT customer_order_id, created_at, status FROM customer_order \
             WHERE customer_order_id = $1 AND customer_id = $2",
        )
        .bind(order_id).bind(customer_id).fetch_optional(pool).await
    })
    .context("cannot read order")?;
    let Some((id, created_at, status)) = head else { return Ok(None) };
    let items: Vec<BasketItemRow> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT basket_item_id, product_id, title, subtitle, subtitle2, product_type, original_price, \
             final_price, user_point_deduction, currency, meta FROM basket_item \
             WHERE customer_order_id = $1 ORDER BY position",
        )
        .bind(id).fetch_all(pool).await
    })
    .context("cannot read basket")?;
    Ok(Some(Order { id, created_at, status, items }))
}

/// How many orders exist (support and tests).
pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) =
        on_pool!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM customer_order").fetch_one(pool).await)?;
    Ok(n)
}
