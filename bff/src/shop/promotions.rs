//! Applying a promotion code to an order and taking it off again (spec 2 §5).
use super::{
    invoice::{self, Invoice},
    points::{PaymentUnderWay, payment_under_way, rebalance},
};
use crate::{
    config::PointSettings,
    domain::{Toman, promotion::Refusal},
    store::{
        Db, Tx, now_ms, orders,
        points::expire_stale,
        promotions::{self, ACTIVE, CANCELED, Promotion},
    },
};

#[derive(Debug, thiserror::Error)]
pub enum PromotionError {
    #[error("no such order for this customer")]
    OrderNotFound,
    #[error("the order is already paid")]
    OrderPaid,
    #[error("code not found")]
    CodeNotFound,
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error("the order already has a code")]
    OrderHasCode,
    #[error("the code is valid for no product in the basket")]
    NotApplicable,
    #[error("no such used discount for this customer")]
    UsedDiscountNotFound,
    #[error("the used discount is not active")]
    NotActive,
    #[error(transparent)]
    UnderWay(#[from] PaymentUnderWay),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

pub struct Applied {
    pub used_discount_id: i64,
    pub promotion: Promotion,
    pub invoice: Invoice,
}

/// Applies the code to the order's lines it names, in one transaction: takes one use of the code
/// (refused when used up, also under concurrent use), lowers those lines' prices and re-spreads
/// the order's points. Refused while a payment of the order is under way.
#[tracing::instrument(skip_all, fields(customer_id, order_id))]
pub async fn apply(
    db: &Db,
    point_settings: &PointSettings,
    customer_id: i64,
    order_id: i64,
    code: &str,
) -> Result<Applied, PromotionError> {
    let now = now_ms();
    let mut tx = begin_on_order(db, customer_id, order_id, now).await?;
    let current = unpaid_invoice(&mut tx, customer_id, order_id, now).await?;
    if let Some(why) = payment_under_way(&mut tx, order_id).await? {
        return Err(why.into());
    }
    let promotion = promotions::find_by_code(&mut tx, code).await?.ok_or(PromotionError::CodeNotFound)?;
    match promotion.terms.check(now) {
        // Decided when a use is taken below: an abandoned basket's use may be free.
        Err(Refusal::UsedUp) => {}
        checked => checked?,
    }
    if current.used_discount.is_some() {
        return Err(PromotionError::OrderHasCode);
    }
    let order = current.order;
    let discounted: Vec<_> = order
        .items
        .iter()
        .filter_map(|item| {
            let rule = promotion.meta.get(&item.product_id)?;
            let price = Toman::new(item.final_price).ok()?;
            let after = rule.apply(price);
            Some((item.basket_item_id, after, price.saturating_sub(after)))
        })
        .collect();
    if discounted.is_empty() {
        return Err(PromotionError::NotApplicable);
    }
    if !promotions::take_use(&mut tx, promotion.id).await?
        && !take_abandoned_use(point_settings, &mut tx, promotion.id, now).await?
    {
        return Err(Refusal::UsedUp.into());
    }
    promotions::forget_canceled(&mut tx, order_id).await?;
    let used_discount_id =
        promotions::insert_used(&mut tx, promotion.id, order_id).await?.ok_or(PromotionError::OrderHasCode)?;
    for (item_id, price, discount) in discounted {
        orders::set_line_price(&mut tx, item_id, price, discount).await?;
    }
    let invoice = repriced(point_settings, &mut tx, customer_id, order_id, now).await?;
    tx.commit().await?;
    Ok(Applied { used_discount_id, promotion, invoice })
}

/// Takes the code off its order: restores the lines' prices, gives the use back and re-spreads points.
/// Refused while a payment of the order is under way: the payment was asked for the discounted amount, and
/// the code is captured if it pays the order.
#[tracing::instrument(skip_all, fields(customer_id, used_discount_id))]
pub async fn cancel(
    db: &Db,
    point_settings: &PointSettings,
    customer_id: i64,
    used_discount_id: i64,
) -> Result<Invoice, PromotionError> {
    let now = now_ms();
    let used = {
        let mut tx = db.read().await?;
        promotions::find_used_for_customer(&mut tx, used_discount_id, customer_id)
            .await?
            .ok_or(PromotionError::UsedDiscountNotFound)?
    };
    let mut tx = begin_on_order(db, customer_id, used.customer_order_id, now).await?;
    if let Some(why) = payment_under_way(&mut tx, used.customer_order_id).await? {
        return Err(why.into());
    }
    if !promotions::change_status(&mut tx, used.used_discount_id, ACTIVE, CANCELED).await? {
        return Err(PromotionError::NotActive);
    }
    promotions::give_back_use(&mut tx, used.promotion_id).await?;
    unpaid_invoice(&mut tx, customer_id, used.customer_order_id, now).await?;
    let invoice = without_code(point_settings, &mut tx, customer_id, used.customer_order_id, now).await?;
    tx.commit().await?;
    Ok(invoice)
}

/// A use of a used-up code that an order has held unpaid for longer than a points hold lasts, taken for the
/// order being changed: the abandoned order gets its prices back. Without this, baskets nobody pays (one
/// customer's, or a script's) would use up a limited code for everyone. An order whose payment is under way keeps
/// its use. The use moves, so the code's count stays.
async fn take_abandoned_use(
    point_settings: &PointSettings,
    tx: &mut Tx,
    promotion_id: i64,
    now: i64,
) -> anyhow::Result<bool> {
    let applied_before = now - point_settings.hold_ms();
    for held in promotions::uses_held_since(tx, promotion_id, applied_before).await? {
        // The abandoned order is locked as its own customer's changes lock it, so they wait for this one.
        if !orders::lock_for_customer(tx, held.customer_order_id, held.customer_id).await?
            || payment_under_way(tx, held.customer_order_id).await?.is_some()
            || !promotions::change_status(tx, held.used_discount_id, ACTIVE, CANCELED).await?
        {
            continue;
        }
        without_code(point_settings, tx, held.customer_id, held.customer_order_id, now).await?;
        tracing::info!(order_id = held.customer_order_id, "an abandoned order's promotion use was taken");
        return Ok(true);
    }
    Ok(false)
}

/// The order's prices without its code's discount, and its points re-spread over them.
async fn without_code(
    point_settings: &PointSettings,
    tx: &mut Tx,
    customer_id: i64,
    order_id: i64,
    now: i64,
) -> anyhow::Result<Invoice> {
    let order = orders::find_for_customer(tx, order_id, customer_id).await?.ok_or_else(missing)?;
    for item in order.items.iter().filter(|item| item.promotion_discount > 0) {
        let restored = Toman::new(item.final_price + item.promotion_discount).map_err(anyhow::Error::from)?;
        orders::set_line_price(tx, item.basket_item_id, restored, Toman::ZERO).await?;
    }
    repriced(point_settings, tx, customer_id, order_id, now).await
}

async fn begin_on_order(db: &Db, customer_id: i64, order_id: i64, now: i64) -> Result<Tx, PromotionError> {
    let mut tx = db.begin().await?;
    if !orders::lock_for_customer(&mut tx, order_id, customer_id).await? {
        return Err(PromotionError::OrderNotFound);
    }
    expire_stale(&mut tx, customer_id, now).await?;
    Ok(tx)
}

async fn unpaid_invoice(tx: &mut Tx, customer_id: i64, order_id: i64, now: i64) -> Result<Invoice, PromotionError> {
    let invoice = invoice::load(tx, order_id, customer_id, now).await?.ok_or(PromotionError::OrderNotFound)?;
    if invoice.order.is_paid() {
        return Err(PromotionError::OrderPaid);
    }
    Ok(invoice)
}

/// The invoice after a price change, with the order's points re-spread over the new prices.
async fn repriced(
    point_settings: &PointSettings,
    tx: &mut Tx,
    customer_id: i64,
    order_id: i64,
    now: i64,
) -> anyhow::Result<Invoice> {
    let stale = orders::find_for_customer(tx, order_id, customer_id).await?.ok_or_else(missing)?;
    rebalance(tx, point_settings, &stale, now).await?;
    invoice::load(tx, order_id, customer_id, now).await?.ok_or_else(missing)
}

fn missing() -> anyhow::Error {
    anyhow::anyhow!("the locked order vanished")
}
