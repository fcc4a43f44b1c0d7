//! An order's invoice as the database says it is now: prices after the promotion code, and points
//! only while the order still holds them (or spent them, once paid).
use crate::{
    domain::{
        invoice::{self, Totals},
        points::HoldStatus,
    },
    store::{
        Tx,
        orders::{self, BasketItemRow, Order},
        points::{self, Hold},
        promotions::{self, UsedDiscount},
    },
};

#[derive(Debug, Clone)]
pub struct Invoice {
    /// Lines carry the points they take now (zero when the order's hold ran out or was cancelled).
    pub order: Order,
    pub totals: Totals,
    /// ADDED_TO_ORDER or RESERVED while the order holds points.
    pub point_status: Option<HoldStatus>,
    /// The code on the order: active, or captured by the payment.
    pub used_discount: Option<UsedDiscount>,
    /// The newest hold ever made on the order.
    pub hold: Option<Hold>,
}

/// The customer's invoice for an order; `None` when the order is not theirs.
pub async fn load(tx: &mut Tx, order_id: i64, customer_id: i64, now: i64) -> anyhow::Result<Option<Invoice>> {
    let Some(order) = orders::find_for_customer(tx, order_id, customer_id).await? else { return Ok(None) };
    let hold = points::latest_for_order(tx, order.id).await?;
    let used_discount = promotions::on_order(tx, order.id).await?;
    Ok(Some(build(order, hold, used_discount, now)?))
}

fn build(
    mut order: Order,
    hold: Option<Hold>,
    used_discount: Option<UsedDiscount>,
    now: i64,
) -> anyhow::Result<Invoice> {
    let live = hold.as_ref().filter(|h| h.is_live_at(now));
    let points_count = live.is_some() || hold.as_ref().is_some_and(|h| h.status == HoldStatus::Used);
    if !points_count {
        for item in &mut order.items {
            item.user_point_deduction = 0;
        }
    }
    let lines = order.items.iter().map(BasketItemRow::amounts).collect::<anyhow::Result<Vec<_>>>()?;
    let totals = invoice::totals(&lines)?;
    Ok(Invoice { point_status: live.map(|h| h.status), order, totals, used_discount, hold })
}
