//! Reading a customer's orders and paying an order whose points and code cover everything.
use anyhow::Context;

use super::invoice::{self, Invoice};
use crate::{
    domain::{Toman, catalogue::DietType, order::OrderStatus, points::HoldStatus},
    store::{
        Db, now_ms, orders,
        payments::{self, Payment},
        points::{self, expire_stale},
        promotions::{self, ACTIVE, CAPTURED},
    },
};

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("no such order for this customer")]
    NotFound,
    #[error("the points the order held went to another order or ran out")]
    PointsGone,
    #[error("the order still has an amount to pay")]
    NotFree,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The invoice of one of the customer's orders. Refused when points the order held ran out and
/// another order then took or spent them: the customer must know the points are gone [ER-27].
pub async fn invoice(db: &Db, customer_id: i64, order_id: i64) -> Result<Invoice, OrderError> {
    let now = now_ms();
    let mut tx = db.read().await?;
    let invoice = invoice::load(&mut tx, order_id, customer_id, now).await?.ok_or(OrderError::NotFound)?;
    if let Some(hold) = invoice.hold.as_ref().filter(|h| !invoice.order.is_paid() && h.lapsed_at(now))
        && points::taken_elsewhere(&mut tx, hold, now).await?
    {
        return Err(OrderError::PointsGone);
    }
    Ok(invoice)
}

/// Pays an order whose payable total is zero, with no gateway: its points are spent and its code
/// captured. Paying twice answers the same order id.
#[tracing::instrument(skip_all, fields(customer_id, order_id))]
pub async fn finalize(db: &Db, customer_id: i64, order_id: i64) -> Result<i64, OrderError> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    if !orders::lock_for_customer(&mut tx, order_id, customer_id).await? {
        return Err(OrderError::NotFound);
    }
    expire_stale(&mut tx, customer_id, now).await?;
    let invoice = invoice::load(&mut tx, order_id, customer_id, now).await?.ok_or(OrderError::NotFound)?;
    if invoice.order.is_paid() {
        return Ok(order_id);
    }
    if invoice.hold.as_ref().is_some_and(|h| h.status == HoldStatus::Expired) {
        return Err(OrderError::PointsGone);
    }
    if invoice.totals.payable != Toman::ZERO {
        return Err(OrderError::NotFree);
    }
    if let Some(hold) = invoice.hold.as_ref().filter(|h| h.status.is_live())
        && !points::set_status(&mut tx, hold.id, hold.status, HoldStatus::Used).await?
    {
        return Err(OrderError::PointsGone);
    }
    if let Some(used) = &invoice.used_discount {
        promotions::change_status(&mut tx, used.used_discount_id, ACTIVE, CAPTURED).await?;
    }
    orders::mark_paid(&mut tx, order_id).await?;
    tx.commit().await?;
    Ok(order_id)
}

/// A listed order with the statuses it went through, oldest first.
pub struct ListedOrder {
    pub invoice: Invoice,
    pub statuses: Vec<(OrderStatus, i64)>,
    /// Payments of the order whose money goes or went back to the customer.
    pub refunds: Vec<Payment>,
}

/// Orders a list shows at most, the newest: a customer's history is a handful, and one answer must not grow with
/// every order a script ever created.
pub const MAX_LISTED_ORDERS: i64 = 100;

/// The customer's orders, newest first ([`MAX_LISTED_ORDERS`] at most); only those now in `status` when given.
pub async fn list(db: &Db, customer_id: i64, status: Option<&str>) -> anyhow::Result<Vec<ListedOrder>> {
    let now = now_ms();
    let mut refunds = payments::refunds_of_customer(db, customer_id).await?;
    let mut tx = db.read().await?;
    let mut listed = Vec::new();
    for order_id in orders::ids_for_customer(&mut tx, customer_id, status, MAX_LISTED_ORDERS).await? {
        let invoice = invoice::load(&mut tx, order_id, customer_id, now).await?;
        let statuses = orders::status_history(&mut tx, order_id).await?;
        let (of_order, rest) = refunds.into_iter().partition(|p| p.order_id == order_id);
        refunds = rest;
        listed.extend(invoice.map(|invoice| ListedOrder { invoice, statuses, refunds: of_order }));
    }
    Ok(listed)
}

/// `(order id, dietType)` of the customer's paid orders holding a diet programme, newest first:
/// the package pages send customers with a `PROF` order to the follow-up wizard [RG-17, RG-18].
pub async fn profile_orders(db: &Db, customer_id: i64) -> anyhow::Result<Vec<(i64, DietType)>> {
    let mut tx = db.read().await?;
    let mut found = Vec::new();
    let paid = Some(OrderStatus::PaymentSuccess.as_str());
    for order_id in orders::ids_for_customer(&mut tx, customer_id, paid, MAX_LISTED_ORDERS).await? {
        let Some(order) = orders::find_for_customer(&mut tx, order_id, customer_id).await? else { continue };
        if let Some(text) = order.items.iter().find_map(|item| item.product_meta().diet_type) {
            let diet_type = DietType::parse(&text).with_context(|| format!("order {order_id} has dietType {text}"))?;
            found.push((order_id, diet_type));
        }
    }
    Ok(found)
}
