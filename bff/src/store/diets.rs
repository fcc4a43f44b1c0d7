//! Issued diets and the facts a diet package's status is computed from (spec 3 §4): the customer's
//! diet order (the paid one if any, else the latest), its diet, its card transfer and its questions.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, now_ms, on_tx, orders};
use crate::domain::{
    catalogue::ProductType,
    diet_package::{self, CardPayment, IssuedDiet, PackageFacts, QuestionProgress, ReserveStatus, remain_days},
    diet_start::customer_may_move,
    order::OrderStatus,
    payment::PaymentState,
    transfer::{TransferGateway, TransferState},
};

/// A diet the dietitians numbered for an order.
pub struct NewDiet<'a> {
    pub order_id: i64,
    pub customer_id: i64,
    pub diet_number: &'a str,
    pub is_ready: bool,
    pub starts_at: Option<i64>,
    pub days: i64,
    pub package_count: Option<i64>,
    pub current_diet_count: i64,
}

pub async fn insert(db: &Db, diet: &NewDiet<'_>) -> anyhow::Result<i64> {
    let mut tx = db.begin().await?;
    let id = insert_in(&mut tx, diet).await?;
    tx.commit().await?;
    Ok(id)
}

/// [`insert`] inside a transaction.
pub async fn insert_in(tx: &mut Tx, diet: &NewDiet<'_>) -> anyhow::Result<i64> {
    let id = random_id();
    on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO diet (diet_id, customer_order_id, customer_id, diet_number, is_ready, starts_at, \
             earliest_start_at, days, package_count, current_diet_count, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10)",
        )
        .bind(id).bind(diet.order_id).bind(diet.customer_id).bind(diet.diet_number).bind(i16::from(diet.is_ready))
        .bind(diet.starts_at).bind(diet.days).bind(diet.package_count).bind(diet.current_diet_count).bind(now_ms())
        .execute(conn).await.map(|_| ())
    })
    .context("cannot store diet")?;
    Ok(id)
}

/// The package the status is about, and whether the customer had a diet before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivePackage {
    pub order_id: Option<i64>,
    /// The package's current diet: the latest of its slots.
    pub diet: Option<CustomerDiet>,
    pub facts: PackageFacts,
    /// How far the diet-request questions were answered for this package.
    pub questions: QuestionProgress,
    pub very_first_time_user: bool,
}

/// Days left as of `now`: none left once the medical team closed the diet, unknown before it starts.
fn days_left(starts_at: Option<i64>, days: i64, expired_at: Option<i64>, now: i64) -> Option<i64> {
    if expired_at.is_some_and(|at| at <= now) {
        return Some(0);
    }
    starts_at.map(|starts_at| remain_days(starts_at, days, now))
}

/// The customer's diet package as of `now`; a customer without a diet order has an unpaid, empty one.
pub async fn active_package(db: &Db, customer_id: i64, now: i64) -> anyhow::Result<ActivePackage> {
    let mut tx = db.read().await?;
    package_in(&mut tx, customer_id, now).await
}

/// [`active_package`] inside a transaction. A diet order still waiting as a reserve is not the active one.
pub async fn package_in(tx: &mut Tx, customer_id: i64, now: i64) -> anyhow::Result<ActivePackage> {
    let order: Option<(i64, String, i64)> = on_tx!(&mut *tx, conn => {
        sqlx::query_as(
            "SELECT o.customer_order_id, o.status, o.created_at FROM customer_order o WHERE o.customer_id = $1 \
             AND EXISTS (SELECT 1 FROM basket_item b WHERE b.customer_order_id = o.customer_order_id \
             AND b.product_type IN ('DIET', 'BUNDLE')) \
             AND NOT EXISTS (SELECT 1 FROM reserved_diet r WHERE r.customer_order_id = o.customer_order_id \
             AND r.status = $3) \
             ORDER BY CASE WHEN o.status = $2 THEN 0 ELSE 1 END, o.created_at DESC, o.customer_order_id LIMIT 1",
        )
        .bind(customer_id).bind(OrderStatus::PaymentSuccess.as_str()).bind(ReserveStatus::Reserved.as_str()).fetch_optional(conn).await
    })
    .context("cannot read the diet order")?;
    let earlier_diets = diets_outside(tx, customer_id, order.as_ref().map(|o| o.0)).await?;
    let Some((order_id, status, ordered_at)) = order else {
        return Ok(ActivePackage {
            order_id: None,
            diet: None,
            facts: PackageFacts::default(),
            questions: QuestionProgress::NotStarted,
            very_first_time_user: earlier_diets == 0,
        });
    };
    let sql = format!(
        "{DIET_SELECT} WHERE d.customer_order_id = $1 ORDER BY d.current_diet_count DESC, d.created_at DESC LIMIT 1"
    );
    let diet: Option<CustomerDietRow> = on_tx!(&mut *tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(order_id).fetch_optional(conn).await
    })
    .context("cannot read the diet")?;
    // The package's latest slot is its current diet: active until its days run out.
    let diet = match diet {
        Some(row) => {
            let before = end_of_diet_before(tx, customer_id, &row).await?;
            Some(CustomerDiet { before, ..row.into_diet(now, |remain| remain.is_none_or(|days| days > 0)) })
        }
        None => None,
    };
    let transfer: Option<(String,)> = on_tx!(&mut *tx, conn => {
        sqlx::query_as(
            "SELECT state FROM transfer_payment WHERE customer_order_id = $1 AND gateway = $2 \
             ORDER BY created_at DESC LIMIT 1",
        )
        .bind(order_id).bind(TransferGateway::CardToCard.as_str()).fetch_optional(conn).await
    })
    .context("cannot read the card transfer")?;
    // The detailed diet-request form sent up to its last step after the order, or the order's diet requested,
    // counts as the questions answered; any of the form sent after the order as some answered.
    let (started, completed): (i64, i64) = on_tx!(&mut *tx, conn => {
        sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM form_answer WHERE customer_id = $1 AND form_type = 'diet-request' \
             AND updated_at >= $2), \
             (SELECT COUNT(*) FROM form_answer WHERE customer_id = $1 AND form_type = 'diet-request' \
             AND step = 'f10' AND updated_at >= $2) + (SELECT COUNT(*) FROM diet_request WHERE customer_order_id = $3)",
        )
        .bind(customer_id).bind(ordered_at).bind(order_id).fetch_one(conn).await
    })
    .context("cannot read the diet questions")?;
    let questions = match (started, completed) {
        (_, done) if done > 0 => QuestionProgress::Completed,
        (some, _) if some > 0 => QuestionProgress::Partial,
        _ => QuestionProgress::NotStarted,
    };
    let card_payment = match transfer {
        Some((state,)) => Some(
            match TransferState::parse(&state)
                .with_context(|| format!("the transfer of order {order_id} has state {state}"))?
            {
                TransferState::Pending => CardPayment::Pending,
                TransferState::Rejected => CardPayment::Unverified,
                TransferState::Approved => CardPayment::Other,
            },
        ),
        None => None,
    };
    Ok(ActivePackage {
        order_id: Some(order_id),
        facts: PackageFacts {
            diet: diet.as_ref().map(|d| IssuedDiet {
                is_ready: d.is_ready,
                remain_days: d.remain_days,
                package_count: d.package_count,
                current_diet_count: d.current_diet_count,
            }),
            paid: orders::parse_status(order_id, &status)? == OrderStatus::PaymentSuccess,
            questions_completed: questions == QuestionProgress::Completed,
            card_payment,
        },
        diet,
        questions,
        very_first_time_user: earlier_diets == 0,
    })
}

/// How many of the customer's diets belong to other orders than `order_id`.
async fn diets_outside(tx: &mut Tx, customer_id: i64, order_id: Option<i64>) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_tx!(tx, conn => {
        sqlx::query_as("SELECT COUNT(*) FROM diet WHERE customer_id = $1 AND ($2 IS NULL OR customer_order_id <> $2)")
            .bind(customer_id).bind(order_id).fetch_one(conn).await
    })
    .context("cannot count earlier diets")?;
    Ok(n)
}

/// How the package's order was paid for, or asked to be (spec 3 §3 "Diet (customer)").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPayment {
    /// The gateway of the verified online payment, else of the approved transfer (C2C, PAYPAL_ROSHANDEL); none
    /// for an unpaid order or one paid by points or a gift card alone.
    pub paid_with: Option<String>,
    /// The customer's latest payment request is a card-to-card transfer.
    pub card_chosen: bool,
    /// When the customer last started an online payment or reported a transfer.
    pub last_request_at: Option<i64>,
    /// When the order became paid.
    pub verified_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct OrderPaymentRow {
    online_gateway: Option<String>,
    transfer_gateway: Option<String>,
    last_online_at: Option<i64>,
    last_card_at: Option<i64>,
    last_transfer_at: Option<i64>,
    verified_at: Option<i64>,
}

/// [`OrderPayment`] of one order, in one query.
pub async fn order_payment(tx: &mut Tx, order_id: i64) -> anyhow::Result<OrderPayment> {
    let row: OrderPaymentRow = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT (SELECT p.gateway FROM payment p WHERE p.customer_order_id = $1 AND p.state = $2 \
             ORDER BY p.updated_at DESC LIMIT 1) AS online_gateway, \
             (SELECT t.gateway FROM transfer_payment t WHERE t.customer_order_id = $1 AND t.state = $3 \
             ORDER BY t.reviewed_at DESC LIMIT 1) AS transfer_gateway, \
             (SELECT MAX(p.created_at) FROM payment p WHERE p.customer_order_id = $1) AS last_online_at, \
             (SELECT MAX(t.created_at) FROM transfer_payment t WHERE t.customer_order_id = $1 AND t.gateway = $4) \
             AS last_card_at, \
             (SELECT MAX(t.created_at) FROM transfer_payment t WHERE t.customer_order_id = $1) AS last_transfer_at, \
             (SELECT MAX(s.created_at) FROM order_status s WHERE s.customer_order_id = $1 AND s.status = $5) \
             AS verified_at",
        )
        .bind(order_id).bind(PaymentState::Verified.as_str()).bind(TransferState::Approved.as_str())
        .bind(TransferGateway::CardToCard.as_str()).bind(OrderStatus::PaymentSuccess.as_str()).fetch_one(conn).await
    })
    .context("cannot read the order's payments")?;
    let last_request_at = row.last_online_at.max(row.last_transfer_at);
    Ok(OrderPayment {
        paid_with: row.online_gateway.or(row.transfer_gateway),
        card_chosen: row.last_card_at.is_some() && row.last_card_at == last_request_at,
        last_request_at,
        verified_at: row.verified_at,
    })
}

/// The active package with its order's payment, read together.
pub async fn active_package_with_payment(
    db: &Db,
    customer_id: i64,
    now: i64,
) -> anyhow::Result<(ActivePackage, Option<OrderPayment>)> {
    let mut tx = db.read().await?;
    let package = package_in(&mut tx, customer_id, now).await?;
    let payment = match package.order_id {
        Some(order_id) => Some(order_payment(&mut tx, order_id).await?),
        None => None,
    };
    Ok((package, payment))
}

/// Stores the order's diet as `RESERVED` when the customer has another diet running; called in the
/// transaction that pays the order, before it is marked paid (spec 2 §1). True when it was reserved.
pub async fn reserve_if_running(tx: &mut Tx, order_id: i64, now: i64) -> anyhow::Result<bool> {
    let diet_order: Option<(i64,)> = on_tx!(&mut *tx, conn => {
        sqlx::query_as(
            "SELECT o.customer_id FROM customer_order o WHERE o.customer_order_id = $1 AND o.status <> $2 \
             AND EXISTS (SELECT 1 FROM basket_item b WHERE b.customer_order_id = o.customer_order_id \
             AND b.product_type IN ('DIET', 'BUNDLE'))",
        )
        .bind(order_id).bind(OrderStatus::PaymentSuccess.as_str()).fetch_optional(conn).await
    })
    .context("cannot read the order being paid")?;
    let Some((customer_id,)) = diet_order else { return Ok(false) };
    // Two orders of the customer paid at once must not both find no diet running (PostgreSQL's READ COMMITTED
    // would let each miss the other): the second waits for the first and reserves.
    super::customers::lock(tx, customer_id).await?;
    let running = package_in(tx, customer_id, now).await?;
    if !diet_package::status(&running.facts).has_running_diet() {
        return Ok(false);
    }
    on_tx!(&mut *tx, conn => {
        sqlx::query(
            "INSERT INTO reserved_diet (reserved_diet_id, customer_order_id, customer_id, status, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(random_id()).bind(order_id).bind(customer_id).bind(ReserveStatus::Reserved.as_str()).bind(now)
        .execute(conn).await.map(|_| ())
    })
    .context("cannot reserve the diet")?;
    Ok(true)
}

/// A paid diet package with its reserved diet, as the reserve list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReservedPackage {
    pub order_id: i64,
    pub created_at: i64,
    pub title: String,
    pub with_mentor: bool,
    /// Diets the package holds: the diet product's `count`, 1 when it has none.
    pub diet_count: i64,
    pub diet_id: i64,
    pub status: ReserveStatus,
}

#[derive(sqlx::FromRow)]
struct ReserveRow {
    reserved_diet_id: i64,
    customer_order_id: i64,
    status: String,
}

/// The customer's packages whose diet is in `status`, newest first.
pub async fn reserved_packages(
    db: &Db,
    customer_id: i64,
    status: ReserveStatus,
) -> anyhow::Result<Vec<ReservedPackage>> {
    let mut tx = db.read().await?;
    let rows: Vec<ReserveRow> = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "SELECT reserved_diet_id, customer_order_id, status FROM reserved_diet WHERE customer_id = $1 \
             AND status = $2 ORDER BY created_at DESC, reserved_diet_id",
        )
        .bind(customer_id).bind(status.as_str()).fetch_all(conn).await
    })
    .context("cannot read reserved diets")?;
    let mut packages = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(order) = orders::find_for_customer(&mut tx, row.customer_order_id, customer_id).await? else {
            continue;
        };
        let is_diet = |t: &str| matches!(ProductType::parse(t), Some(ProductType::Diet | ProductType::Bundle));
        let Some(diet) = order.items.iter().find(|item| is_diet(&item.product_type)) else { continue };
        packages.push(ReservedPackage {
            order_id: order.id,
            created_at: order.created_at,
            title: diet.title.clone(),
            with_mentor: order
                .items
                .iter()
                .any(|item| ProductType::parse(&item.product_type) == Some(ProductType::Mentor)),
            diet_count: diet.product_meta().count.unwrap_or(1),
            diet_id: row.reserved_diet_id,
            status: ReserveStatus::parse(&row.status).context("unknown reserve status")?,
        });
    }
    Ok(packages)
}

/// What asking to start a reserved diet did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// The customer has no such reserved diet.
    NotFound,
    /// Another diet is running; nothing changed [PM-72].
    DietRunning,
    /// The reserve is now the active package (or already was) [PM-73].
    Activated,
}

/// Starts the customer's reserved diet unless another one runs. The customer's row is locked first so
/// two activations of different reserves cannot both see no diet running.
pub async fn activate_reserve(
    db: &Db,
    customer_id: i64,
    reserved_diet_id: i64,
    now: i64,
) -> anyhow::Result<Activation> {
    let mut tx = db.begin().await?;
    super::customers::lock(&mut tx, customer_id).await?;
    let found: Option<(String,)> = on_tx!(&mut tx, conn => {
        sqlx::query_as("SELECT status FROM reserved_diet WHERE reserved_diet_id = $1 AND customer_id = $2")
            .bind(reserved_diet_id).bind(customer_id).fetch_optional(conn).await
    })
    .context("cannot read the reserved diet")?;
    let Some((status,)) = found else { return Ok(Activation::NotFound) };
    let status = ReserveStatus::parse(&status)
        .with_context(|| format!("reserved diet {reserved_diet_id} has status {status}"))?;
    match status {
        ReserveStatus::Enabled => return Ok(Activation::Activated),
        ReserveStatus::Reserved => {}
    }
    let current = package_in(&mut tx, customer_id, now).await?;
    if !diet_package::may_activate_reserve(diet_package::status(&current.facts)) {
        return Ok(Activation::DietRunning);
    }
    on_tx!(&mut tx, conn => {
        sqlx::query(
            "UPDATE reserved_diet SET status = $1, enabled_at = $2 WHERE reserved_diet_id = $3 AND status = $4",
        )
        .bind(ReserveStatus::Enabled.as_str()).bind(now).bind(reserved_diet_id).bind(ReserveStatus::Reserved.as_str())
        .execute(conn).await.map(|_| ())
    })
    .context("cannot activate the reserved diet")?;
    tx.commit().await?;
    Ok(Activation::Activated)
}

/// One of the customer's diets as the all-diets list shows it (spec 3 §3 "Diet (customer)").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomerDiet {
    pub id: i64,
    pub order_id: i64,
    pub diet_number: String,
    /// The package's diet product title.
    pub title: String,
    /// The diet's days.
    pub period: i64,
    /// Which of the customer's diets this is, from 1 for the first ever issued.
    pub refer_times: i64,
    pub is_ready: bool,
    /// The current diet of the active package, not over.
    pub is_active: bool,
    pub issued_at: i64,
    pub starts_at: Option<i64>,
    /// When it ends: start plus its days, or when the medical team closed it.
    pub ends_at: Option<i64>,
    pub remain_days: Option<i64>,
    pub package_count: Option<i64>,
    pub current_diet_count: i64,
    /// When the customer's diet request sent the medical profile to the team; only the diet it issued has one.
    pub sent_at: Option<i64>,
    /// When the customer last saved that request's medical profile.
    pub submitted_at: Option<i64>,
    /// When the customer's diet before this one ended; none for the first or while that one has no start.
    pub before: Option<i64>,
    /// How many times the customer moved its start.
    pub start_moves: i64,
    /// Whether the customer may still move its start (`diet_start::customer_may_move`).
    pub start_movable: bool,
}

/// The columns of one diet as the customer sees it, with its package's diet product title, which of the customer's
/// diets it is (`refer_times`) and its request's times, so no diet needs a query of its own.
const DIET_SELECT: &str = "SELECT d.diet_id, d.customer_order_id, d.diet_number, d.is_ready, d.starts_at, d.days, \
     d.package_count, d.current_diet_count, d.expired_at, d.created_at, d.customer_start_moves, d.earliest_start_at, \
     (SELECT b.title FROM basket_item b WHERE b.customer_order_id = d.customer_order_id \
     AND b.product_type IN ('DIET', 'BUNDLE') ORDER BY b.position LIMIT 1) AS title, \
     (SELECT COUNT(*) FROM diet e WHERE e.customer_id = d.customer_id \
     AND (e.created_at, e.current_diet_count, e.diet_id) <= (d.created_at, d.current_diet_count, d.diet_id)) \
     AS refer_times, \
     r.created_at AS sent_at, m.updated_at AS submitted_at \
     FROM diet d LEFT JOIN diet_request r ON r.diet_id = d.diet_id \
     LEFT JOIN medical_profile m ON m.conversation_id = r.conversation_id";

#[derive(sqlx::FromRow)]
struct CustomerDietRow {
    diet_id: i64,
    customer_order_id: i64,
    diet_number: String,
    is_ready: i16,
    starts_at: Option<i64>,
    days: i64,
    package_count: Option<i64>,
    current_diet_count: i64,
    expired_at: Option<i64>,
    created_at: i64,
    customer_start_moves: i64,
    earliest_start_at: Option<i64>,
    title: Option<String>,
    refer_times: i64,
    sent_at: Option<i64>,
    submitted_at: Option<i64>,
}

impl CustomerDietRow {
    /// The diet as of `now`; `is_active` decides from its days left whether it is the package's running diet.
    fn into_diet(self, now: i64, is_active: impl FnOnce(Option<i64>) -> bool) -> CustomerDiet {
        let remain = days_left(self.starts_at, self.days, self.expired_at, now);
        CustomerDiet {
            id: self.diet_id,
            order_id: self.customer_order_id,
            diet_number: self.diet_number,
            title: self.title.unwrap_or_default(),
            period: self.days,
            refer_times: self.refer_times,
            is_ready: self.is_ready != 0,
            is_active: is_active(remain),
            issued_at: self.created_at,
            starts_at: self.starts_at,
            ends_at: ends_at(self.starts_at, self.days, self.expired_at),
            remain_days: remain,
            package_count: self.package_count,
            current_diet_count: self.current_diet_count,
            sent_at: self.sent_at,
            submitted_at: self.submitted_at,
            before: None,
            start_moves: self.customer_start_moves,
            start_movable: customer_may_move(self.expired_at, self.earliest_start_at, self.customer_start_moves, now),
        }
    }
}

/// When a diet ends: its start plus its days, or earlier if the medical team closed it; unknown without either.
fn ends_at(starts_at: Option<i64>, days: i64, expired_at: Option<i64>) -> Option<i64> {
    const DAY_MS: i64 = 86_400_000;
    let planned_end = starts_at.map(|at| at.saturating_add(days.saturating_mul(DAY_MS)));
    match (expired_at, planned_end) {
        (Some(closed), Some(end)) => Some(closed.min(end)),
        (closed, end) => closed.or(end),
    }
}

/// When the customer's diet before `diet` (in `refer_times` order) ended.
async fn end_of_diet_before(tx: &mut Tx, customer_id: i64, diet: &CustomerDietRow) -> anyhow::Result<Option<i64>> {
    let previous: Option<(Option<i64>, i64, Option<i64>)> = on_tx!(&mut *tx, conn => {
        sqlx::query_as(
            "SELECT starts_at, days, expired_at FROM diet WHERE customer_id = $1 \
             AND (created_at, current_diet_count, diet_id) < ($2, $3, $4) \
             ORDER BY created_at DESC, current_diet_count DESC, diet_id DESC LIMIT 1",
        )
        .bind(customer_id).bind(diet.created_at).bind(diet.current_diet_count).bind(diet.diet_id)
        .fetch_optional(conn).await
    })
    .context("cannot read the diet before")?;
    Ok(previous.and_then(|(starts_at, days, expired_at)| ends_at(starts_at, days, expired_at)))
}

/// Every diet issued to the customer, the most recent referral first [DS-24].
pub async fn customer_diets(db: &Db, customer_id: i64, now: i64) -> anyhow::Result<Vec<CustomerDiet>> {
    let mut tx = db.read().await?;
    let sql = format!("{DIET_SELECT} WHERE d.customer_id = $1 ORDER BY d.created_at, d.current_diet_count, d.diet_id");
    let rows: Vec<CustomerDietRow> = on_tx!(&mut tx, conn => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(customer_id).fetch_all(conn).await
    })
    .context("cannot read the customer's diets")?;
    let active = package_in(&mut tx, customer_id, now).await?;
    let current = active.diet.map(|d| d.id);
    let mut before = None;
    let mut diets: Vec<CustomerDiet> = rows
        .into_iter()
        .map(|row| {
            let is_current = Some(row.diet_id) == current;
            let diet = CustomerDiet {
                before,
                ..row.into_diet(now, |remain| is_current && remain.is_none_or(|days| days > 0))
            };
            before = diet.ends_at;
            diet
        })
        .collect();
    diets.reverse();
    Ok(diets)
}
