//! Holding a customer's points on an order, releasing them, and the balance (spec 2 §3–§5).
use super::invoice::{self, Invoice};
use crate::{
    config::PointSettings,
    domain::{
        MobileNumber, Toman,
        points::{GrantReason, GrantedPoints, HoldStatus, PointsLine, allocate},
    },
    store::{
        Db, Tx, customers, now_ms, orders,
        orders::Order,
        payments,
        points::{self, Hold, NewHold},
        transfers,
    },
};

#[derive(Debug, thiserror::Error)]
pub enum PointsError {
    #[error("no such order for this customer")]
    OrderNotFound,
    #[error("the order is already paid")]
    OrderPaid,
    #[error("the customer's points are held on another order")]
    HeldElsewhere,
    #[error("the points are reserved for a payment on this order")]
    Reserved,
    #[error("no points can be used on this order")]
    NothingUsable,
    #[error("this order holds no points")]
    NoPointsOnOrder,
    #[error(transparent)]
    UnderWay(#[from] PaymentUnderWay),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Why an order's payable amount cannot change now: a payment asked for it is under way. The money asked
/// for took the order's code and points off as they were; changing them would let the payment settle the
/// order at a price it no longer has (a code given back yet paid at a discount, points spent that paid for
/// nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PaymentUnderWay {
    /// An online payment of the order is open at its gateway (started, on the gateway's page, or being
    /// verified) until it is paid, cancelled or expires (`PAYMENT_EXPIRE_MINUTES`).
    #[error("an online payment of the order is open")]
    Online,
    /// A card transfer of the order waits for finance's review.
    #[error("a transfer of the order waits for review")]
    Transfer,
}

/// What keeps the order's payable amount from changing now, read inside the order's locked transaction; a
/// call that would change the amount answers it as its error.
pub async fn payment_under_way(tx: &mut Tx, order_id: i64) -> anyhow::Result<Option<PaymentUnderWay>> {
    if transfers::pending_for_order(tx, order_id).await? {
        return Ok(Some(PaymentUnderWay::Transfer));
    }
    let open = payments::open_for_order(tx, order_id).await?;
    Ok((!open.is_empty()).then_some(PaymentUnderWay::Online))
}

/// How a hold is asked for: the switch (`set`) or the older reserve call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldMode {
    AddToOrder,
    Reserve,
}

/// What the customer has: free points, points held by live holds, and those holds.
#[derive(Debug, Clone)]
pub struct Balance {
    pub free: i64,
    pub held: i64,
    pub holds: Vec<Hold>,
}

pub async fn balance(db: &Db, customer_id: i64) -> anyhow::Result<Balance> {
    let now = now_ms();
    let mut tx = db.read().await?;
    let free = points::balance(&mut tx, customer_id, now).await?;
    let holds = points::live_holds_at(&mut tx, customer_id, now).await?;
    Ok(Balance { free, held: holds.iter().map(|h| h.points).sum(), holds })
}

/// Why points could not be given.
#[derive(Debug, thiserror::Error)]
pub enum GiveError {
    #[error("no customer has this mobile number")]
    UnknownCustomer,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// A grant made: whose, and the points they may use now.
#[derive(Debug, Clone, Copy)]
pub struct Given {
    pub customer_id: i64,
    pub free: i64,
}

/// Gives the customer with this number `granted` more points (the team's tool); answers their free points after.
pub async fn give(
    db: &Db,
    mobile: &MobileNumber,
    granted: GrantedPoints,
    reason: &GrantReason,
) -> Result<Given, GiveError> {
    let customer = customers::find_by_mobile(db, mobile).await?.ok_or(GiveError::UnknownCustomer)?;
    points::grant(db, customer.id, granted.get(), reason.as_str()).await?;
    Ok(Given { customer_id: customer.id, free: balance(db, customer.id).await?.free })
}

/// The points summary of the panel: the balance, what was ever earned and spent, and the newest movements.
#[derive(Debug, Clone)]
pub struct Summary {
    pub balance: Balance,
    pub earned: i64,
    pub spent: i64,
    pub recent: Vec<points::Movement>,
}

/// Movements the summary lists.
pub const RECENT_MOVEMENTS: i64 = 20;

pub async fn summary(db: &Db, customer_id: i64) -> anyhow::Result<Summary> {
    let balance = balance(db, customer_id).await?;
    let mut tx = db.read().await?;
    let (earned, spent, recent) = points::history(&mut tx, customer_id, RECENT_MOVEMENTS).await?;
    Ok(Summary { balance, earned, spent, recent })
}

/// How many times a hold is retried when a concurrent request on another connection took the
/// customer's one live hold first (PostgreSQL then refuses the insert; the retry sees the winner).
const HOLD_ATTEMPTS: usize = 3;

/// Holds as many of the customer's points on the order as its lines allow. Asking again for the same
/// order answers the existing hold (the reserve call locks an ADDED_TO_ORDER one); a live hold on
/// another order is refused, and so is a new hold while a payment of the order is under way.
#[tracing::instrument(skip_all, fields(customer_id, order_id))]
pub async fn hold(
    db: &Db,
    settings: &PointSettings,
    customer_id: i64,
    order_id: i64,
    mode: HoldMode,
) -> Result<(Hold, Invoice), PointsError> {
    for _ in 0..HOLD_ATTEMPTS {
        let now = now_ms();
        let mut tx = begin_on_order(db, customer_id, order_id, now).await?;
        // Read before the live hold: a hold another connection commits in between then shows up as
        // that hold, not as a spent balance.
        let free = points::balance(&mut tx, customer_id, now).await?;
        let hold = match points::live_hold(&mut tx, customer_id).await? {
            Some(live) if live.order_id != order_id => return Err(PointsError::HeldElsewhere),
            Some(live) if mode == HoldMode::Reserve && live.status == HoldStatus::AddedToOrder => {
                let expires_at = now + settings.hold_ms();
                points::reserve(&mut tx, live.id, expires_at).await?;
                Hold { status: HoldStatus::Reserved, expires_at, ..live }
            }
            Some(live) => live,
            None => {
                let Invoice { order, hold: earlier, .. } = unpaid_order(&mut tx, customer_id, order_id, now).await?;
                if let Some(why) = payment_under_way(&mut tx, order_id).await? {
                    return Err(why.into());
                }
                let share = allocate(free, point_value(settings), &points_lines(&order));
                if share.points == 0 {
                    return Err(PointsError::NothingUsable);
                }
                let new = NewHold {
                    customer_id,
                    order_id,
                    status: if mode == HoldMode::Reserve { HoldStatus::Reserved } else { HoldStatus::AddedToOrder },
                    points: share.points,
                    amount: share.amount.get(),
                    created_at: now,
                    expires_at: now + settings.hold_ms(),
                };
                // With no live hold, the order's newest is released or lapsed: switching points on and off in a
                // loop reuses it instead of adding a row each time.
                let reuse = earlier.filter(|h| matches!(h.status, HoldStatus::Canceled | HoldStatus::Expired));
                let Some(hold) = points::store_hold(&mut tx, &new, reuse.map(|h| h.id)).await? else { continue };
                orders::set_point_deductions(&mut tx, &order, &share.per_line).await?;
                hold
            }
        };
        let invoice = unpaid_order(&mut tx, customer_id, order_id, now).await?;
        tx.commit().await?;
        return Ok((hold, invoice));
    }
    Err(anyhow::anyhow!("the points hold kept colliding with concurrent requests").into())
}

/// Releases the points the order holds. A RESERVED hold stays until it expires, and a switched-on one while a
/// payment of the order is under way. Returns the released hold (an already released one as it is), or `None`
/// when the order never held points.
#[tracing::instrument(skip_all, fields(customer_id, order_id))]
pub async fn release(db: &Db, customer_id: i64, order_id: i64) -> Result<(Option<Hold>, Invoice), PointsError> {
    let now = now_ms();
    let mut tx = begin_on_order(db, customer_id, order_id, now).await?;
    unpaid_order(&mut tx, customer_id, order_id, now).await?;
    let released = match points::latest_for_order(&mut tx, order_id).await? {
        Some(hold) if hold.status == HoldStatus::Reserved => return Err(PointsError::Reserved),
        Some(hold) if hold.status == HoldStatus::AddedToOrder => {
            if let Some(why) = payment_under_way(&mut tx, order_id).await? {
                return Err(why.into());
            }
            points::set_status(&mut tx, hold.id, hold.status, HoldStatus::Canceled).await?;
            orders::clear_point_deductions(&mut tx, order_id).await?;
            Some(Hold { status: HoldStatus::Canceled, ..hold })
        }
        // Cancelled before or expired: the points are free already.
        Some(hold) => Some(Hold { status: HoldStatus::Canceled, ..hold }),
        None => None,
    };
    let invoice = unpaid_order(&mut tx, customer_id, order_id, now).await?;
    tx.commit().await?;
    Ok((released, invoice))
}

/// Re-spreads the order's live hold after its prices changed (a promotion code came or went), inside
/// the caller's transaction. A switched-on hold that can take nothing any more is cancelled.
pub async fn rebalance(tx: &mut Tx, settings: &PointSettings, order: &Order, now: i64) -> anyhow::Result<()> {
    let Some(hold) = points::live_hold(tx, order.customer_id).await?.filter(|h| h.order_id == order.id) else {
        return Ok(());
    };
    // The balance leaves out live holds; this one's points are the order's to re-spread.
    let free = points::balance(tx, order.customer_id, now).await? + hold.points;
    let share = allocate(free, point_value(settings), &points_lines(order));
    if share.points == 0 && hold.status == HoldStatus::AddedToOrder {
        points::set_status(tx, hold.id, hold.status, HoldStatus::Canceled).await?;
        return orders::clear_point_deductions(tx, order.id).await;
    }
    points::resize(tx, hold.id, share.points, share.amount.get()).await?;
    orders::set_point_deductions(tx, order, &share.per_line).await
}

/// Opens a write transaction on the customer's order: locks it, then lets lapsed holds go.
async fn begin_on_order(db: &Db, customer_id: i64, order_id: i64, now: i64) -> Result<Tx, PointsError> {
    let mut tx = db.begin().await?;
    if !orders::lock_for_customer(&mut tx, order_id, customer_id).await? {
        return Err(PointsError::OrderNotFound);
    }
    points::expire_stale(&mut tx, customer_id, now).await?;
    Ok(tx)
}

async fn unpaid_order(tx: &mut Tx, customer_id: i64, order_id: i64, now: i64) -> Result<Invoice, PointsError> {
    let invoice = invoice::load(tx, order_id, customer_id, now).await?.ok_or(PointsError::OrderNotFound)?;
    if invoice.order.is_paid() {
        return Err(PointsError::OrderPaid);
    }
    Ok(invoice)
}

pub fn point_value(settings: &PointSettings) -> Toman {
    Toman::new(settings.point_value_toman).unwrap_or_default()
}

fn points_lines(order: &Order) -> Vec<PointsLine> {
    order
        .items
        .iter()
        .map(|item| PointsLine {
            final_price: Toman::new(item.final_price).unwrap_or_default(),
            min_after_points: item.product_meta().min_allowed_price_after_points.and_then(|m| Toman::new(m).ok()),
        })
        .collect()
}
