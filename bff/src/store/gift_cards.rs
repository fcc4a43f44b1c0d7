//! Gift cards: looked up by their lower-cased code, redeemed once by a conditional UPDATE.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, now_ms, on_pool, on_tx};
use crate::domain::gift_card::GiftCode;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftCard {
    pub id: i64,
    /// The product options, in the order offered.
    pub product_ids: Vec<i64>,
    pub used: bool,
    /// Who redeemed it, for which order.
    pub redeemed: Option<(i64, i64)>,
}

#[derive(sqlx::FromRow)]
struct Row {
    gift_card_id: i64,
    product_ids: String,
    used_at: Option<i64>,
    used_by: Option<i64>,
    customer_order_id: Option<i64>,
}

impl Row {
    fn into_card(self) -> anyhow::Result<GiftCard> {
        Ok(GiftCard {
            id: self.gift_card_id,
            product_ids: serde_json::from_str(&self.product_ids).context("gift card product ids")?,
            used: self.used_at.is_some(),
            redeemed: self.used_by.zip(self.customer_order_id),
        })
    }
}

const SELECT: &str =
    "SELECT gift_card_id, product_ids, used_at, used_by, customer_order_id FROM gift_card WHERE code = $1";

pub async fn find(db: &Db, code: &GiftCode) -> anyhow::Result<Option<GiftCard>> {
    let row: Option<Row> = on_pool!(db, pool => {
        sqlx::query_as(SELECT).bind(code.as_str()).fetch_optional(pool).await
    })
    .context("cannot read gift card")?;
    row.map(Row::into_card).transpose()
}

pub async fn find_in(tx: &mut Tx, code: &GiftCode) -> anyhow::Result<Option<GiftCard>> {
    let row: Option<Row> = on_tx!(tx, conn => {
        sqlx::query_as(SELECT).bind(code.as_str()).fetch_optional(conn).await
    })
    .context("cannot read gift card")?;
    row.map(Row::into_card).transpose()
}

/// Marks the card used by the customer for `order_id`; false when it already was (a concurrent
/// redemption won), so a card pays for one order at most.
pub async fn claim(tx: &mut Tx, card_id: i64, customer_id: i64, order_id: i64) -> anyhow::Result<bool> {
    let changed = on_tx!(tx, conn => {
        sqlx::query(
            "UPDATE gift_card SET used_at = $1, used_by = $2, customer_order_id = $3 \
             WHERE gift_card_id = $4 AND used_at IS NULL",
        )
        .bind(now_ms()).bind(customer_id).bind(order_id).bind(card_id)
        .execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot redeem gift card")?;
    Ok(changed == 1)
}

/// A card a customer redeemed: the free, paid order it made and the product in it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Redeemed {
    pub customer_order_id: i64,
    pub product_id: i64,
    pub title: String,
    /// Epoch milliseconds.
    pub used_at: i64,
}

/// The cards the customer redeemed, newest first.
pub async fn redeemed_by(db: &Db, customer_id: i64) -> anyhow::Result<Vec<Redeemed>> {
    on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT g.customer_order_id, b.product_id, b.title, g.used_at FROM gift_card g \
             JOIN basket_item b ON b.customer_order_id = g.customer_order_id \
             WHERE g.used_by = $1 AND g.used_at IS NOT NULL ORDER BY g.used_at DESC, b.position",
        )
        .bind(customer_id).fetch_all(pool).await
    })
    .context("cannot read redeemed gift cards")
}

/// Stores a new, unused card.
pub async fn insert(db: &Db, code: &GiftCode, product_ids: &[i64]) -> anyhow::Result<i64> {
    let id = random_id();
    let products = serde_json::to_string(product_ids)?;
    on_pool!(db, pool => {
        sqlx::query("INSERT INTO gift_card (gift_card_id, code, product_ids, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id).bind(code.as_str()).bind(&products).bind(now_ms()).execute(pool).await.map(|_| ())
    })
    .context("cannot store gift card")?;
    Ok(id)
}

pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_pool!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM gift_card").fetch_one(pool).await)?;
    Ok(n)
}
