//! Online payments. Every state change is a conditional UPDATE on the current state, so two callers
//! racing on one payment change it once.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, is_unique_violation, now_ms, on_pool, on_tx};
use crate::domain::payment::{Gateway, PaymentState, Unit};

mod sweeps;
pub use sweeps::{SWEEP_PAGE, Sweep};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: Gateway,
    /// Toman.
    pub amount: i64,
    pub gateway_amount: i64,
    pub gateway_unit: Unit,
    pub state: PaymentState,
    pub authority: Option<String>,
    pub ref_id: Option<String>,
    pub payment_link: Option<String>,
    pub result_url: String,
    pub idempotency_key: Option<String>,
    pub failure: Option<String>,
    pub attempts: i64,
    /// Until when a caller asks the gateway about it (epoch ms; 0 when nobody does).
    pub lease_until: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// Why the money goes back (REFUND_DUE, REVERSED, REFUNDED).
    pub refund_reason: Option<String>,
    /// Who in finance refunded it by hand, and when (REFUNDED).
    pub refunded_by: Option<String>,
    pub refunded_at: Option<i64>,
    /// The Gumroad product it was opened for (from the order's basket).
    pub product_permalink: Option<String>,
    /// When a verify of it first went unanswered (epoch ms): the gateway may hold its money.
    pub unanswered_at: Option<i64>,
    /// Who in finance asked the gateway about it after it expired unanswered, and when.
    pub checked_by: Option<String>,
    pub checked_at: Option<i64>,
    /// What the gateway took, in its unit, when a refund gives back another amount than the payment asked.
    pub taken_amount: Option<i64>,
    /// The gateway's definitive refusal to give the money back: finance refunds it by hand.
    pub refund_refusal: Option<String>,
    /// The payment already paid with the gateway reference this one presented, and that reference.
    pub disputed_with: Option<i64>,
    pub dispute_ref: Option<String>,
    pub disputed_at: Option<i64>,
    /// The payment whose link made this second sale.
    pub sale_of: Option<i64>,
}

impl Payment {
    /// What goes back to the customer, in the gateway's unit: what the gateway took.
    pub fn taken_gateway_amount(&self) -> i64 {
        self.taken_amount.unwrap_or(self.gateway_amount)
    }

    /// What goes back to the customer, in toman (the payment's own amount when the gateway took that).
    pub fn refund_toman(&self) -> i64 {
        match self.taken_amount {
            Some(taken) if taken != self.gateway_amount => {
                self.gateway_unit.to_toman(taken).map_or_else(|| taken.div_euclid(10), |toman| toman.get())
            }
            _ => self.amount,
        }
    }
}

#[derive(sqlx::FromRow)]
struct PaymentRow {
    payment_id: i64,
    customer_order_id: i64,
    customer_id: i64,
    gateway: String,
    amount: i64,
    gateway_amount: i64,
    gateway_unit: String,
    state: String,
    authority: Option<String>,
    ref_id: Option<String>,
    payment_link: Option<String>,
    result_url: String,
    idempotency_key: Option<String>,
    failure: Option<String>,
    attempts: i64,
    lease_until: i64,
    created_at: i64,
    updated_at: i64,
    refund_reason: Option<String>,
    refunded_by: Option<String>,
    refunded_at: Option<i64>,
    product_permalink: Option<String>,
    unanswered_at: Option<i64>,
    checked_by: Option<String>,
    checked_at: Option<i64>,
    taken_amount: Option<i64>,
    refund_refusal: Option<String>,
    disputed_with: Option<i64>,
    dispute_ref: Option<String>,
    disputed_at: Option<i64>,
    sale_of: Option<i64>,
}

impl TryFrom<PaymentRow> for Payment {
    type Error = anyhow::Error;
    fn try_from(row: PaymentRow) -> anyhow::Result<Payment> {
        let id = row.payment_id;
        Ok(Payment {
            gateway: Gateway::parse(&row.gateway)
                .with_context(|| format!("payment {id} has gateway {}", row.gateway))?,
            gateway_unit: match row.gateway_unit.as_str() {
                "RIAL" => Unit::Rial,
                "TOMAN" => Unit::Toman,
                other => anyhow::bail!("payment {id} has unit {other}"),
            },
            state: PaymentState::parse(&row.state).with_context(|| format!("payment {id} has state {}", row.state))?,
            id,
            order_id: row.customer_order_id,
            customer_id: row.customer_id,
            amount: row.amount,
            gateway_amount: row.gateway_amount,
            authority: row.authority,
            ref_id: row.ref_id,
            payment_link: row.payment_link,
            result_url: row.result_url,
            idempotency_key: row.idempotency_key,
            failure: row.failure,
            attempts: row.attempts,
            lease_until: row.lease_until,
            created_at: row.created_at,
            updated_at: row.updated_at,
            refund_reason: row.refund_reason,
            refunded_by: row.refunded_by,
            refunded_at: row.refunded_at,
            product_permalink: row.product_permalink,
            unanswered_at: row.unanswered_at,
            checked_by: row.checked_by,
            checked_at: row.checked_at,
            taken_amount: row.taken_amount,
            refund_refusal: row.refund_refusal,
            disputed_with: row.disputed_with,
            dispute_ref: row.dispute_ref,
            disputed_at: row.disputed_at,
            sale_of: row.sale_of,
        })
    }
}

const PAYMENT: &str = "SELECT payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, gateway_unit, \
                       state, authority, ref_id, payment_link, result_url, idempotency_key, failure, attempts, \
                       lease_until, created_at, updated_at, refund_reason, refunded_by, refunded_at, product_permalink, \
                       unanswered_at, checked_by, checked_at, taken_amount, refund_refusal, disputed_with, dispute_ref, \
                       disputed_at, sale_of FROM payment";

/// `IN (…)` of the states that may become `to`.
fn sources(to: PaymentState) -> String {
    let names: Vec<String> = PaymentState::sources_of(to).iter().map(|s| format!("'{}'", s.as_str())).collect();
    format!("({})", names.join(", "))
}

/// `IN (…)` of the states `keep` selects.
fn states_where(keep: impl Fn(PaymentState) -> bool) -> String {
    let names: Vec<String> =
        PaymentState::ALL.into_iter().filter(|s| keep(*s)).map(|s| format!("'{}'", s.as_str())).collect();
    format!("({})", names.join(", "))
}

/// `IN (…)` of the states a payment is still under way in.
fn open_states() -> String {
    states_where(PaymentState::is_open)
}

/// The parameters of a payment query.
enum Key<'a> {
    None,
    Id(i64),
    Text(&'a str),
    IdText(i64, &'a str),
    Texts(&'a str, &'a str),
}

/// `sql` with the key's values bound, for either backend's pool or transaction.
macro_rules! keyed_query {
    ($sql:expr, $key:expr) => {{
        let query = sqlx::query_as(sqlx::AssertSqlSafe($sql));
        match $key {
            Key::None => query,
            Key::Id(id) => query.bind(id),
            Key::Text(text) => query.bind(text),
            Key::IdText(id, text) => query.bind(id).bind(text),
            Key::Texts(a, b) => query.bind(a).bind(b),
        }
    }};
}

async fn fetch(db: &Db, sql: String, key: Key<'_>) -> anyhow::Result<Vec<Payment>> {
    let rows: Vec<PaymentRow> =
        on_pool!(db, pool => keyed_query!(sql, key).fetch_all(pool).await).context("cannot read payments")?;
    rows.into_iter().map(Payment::try_from).collect()
}

async fn fetch_in(tx: &mut Tx, sql: String, key: Key<'_>) -> anyhow::Result<Vec<Payment>> {
    let rows: Vec<PaymentRow> =
        on_tx!(tx, conn => keyed_query!(sql, key).fetch_all(conn).await).context("cannot read payments")?;
    rows.into_iter().map(Payment::try_from).collect()
}

/// The order's payments still under way at a gateway, oldest first, read inside the order's transaction.
pub async fn open_for_order(tx: &mut Tx, order_id: i64) -> anyhow::Result<Vec<Payment>> {
    let sql = format!("{PAYMENT} WHERE customer_order_id = $1 AND state IN {} ORDER BY created_at", open_states());
    fetch_in(tx, sql, Key::Id(order_id)).await
}

/// The customer's payment made with this `Idempotency-Key`, read inside a transaction.
pub async fn find_by_key_in(tx: &mut Tx, customer_id: i64, key: &str) -> anyhow::Result<Option<Payment>> {
    let sql = format!("{PAYMENT} WHERE customer_id = $1 AND idempotency_key = $2");
    Ok(fetch_in(tx, sql, Key::IdText(customer_id, key)).await?.into_iter().next())
}

/// Payments whose money goes or went back, in `state`, oldest first.
pub async fn in_state(db: &Db, state: PaymentState) -> anyhow::Result<Vec<Payment>> {
    let sql = format!("{PAYMENT} WHERE state = $1 ORDER BY updated_at");
    fetch(db, sql, Key::Text(state.as_str())).await
}

/// The customer's payments whose money goes or went back, newest first (the orders history shows them).
pub async fn refunds_of_customer(db: &Db, customer_id: i64) -> anyhow::Result<Vec<Payment>> {
    let sql = format!(
        "{PAYMENT} WHERE customer_id = $1 AND state IN {} ORDER BY updated_at DESC",
        states_where(PaymentState::is_refund)
    );
    fetch(db, sql, Key::Id(customer_id)).await
}

pub async fn find(db: &Db, payment_id: i64) -> anyhow::Result<Option<Payment>> {
    let sql = format!("{PAYMENT} WHERE payment_id = $1");
    Ok(fetch(db, sql, Key::Id(payment_id)).await?.into_iter().next())
}

/// The customer's payment made with this `Idempotency-Key`.
pub async fn find_by_key(db: &Db, customer_id: i64, key: &str) -> anyhow::Result<Option<Payment>> {
    let sql = format!("{PAYMENT} WHERE customer_id = $1 AND idempotency_key = $2");
    Ok(fetch(db, sql, Key::IdText(customer_id, key)).await?.into_iter().next())
}

/// The payment a gateway knows by `authority` (Vandar's token, PayPing's paymentCode).
pub async fn find_by_authority(db: &Db, gateway: Gateway, authority: &str) -> anyhow::Result<Option<Payment>> {
    let sql = format!("{PAYMENT} WHERE gateway = $1 AND authority = $2");
    Ok(fetch(db, sql, Key::Texts(gateway.as_str(), authority)).await?.into_iter().next())
}

/// The payment other than `payment_id` that the gateway's reference `ref_id` proved: paid by it, or giving its
/// money back. A reference proves one payment only, whatever a callback claims; one that a callback merely brought,
/// or that a verify refused, proves nothing.
pub async fn proven_elsewhere(db: &Db, gateway: Gateway, ref_id: &str, payment_id: i64) -> anyhow::Result<Option<i64>> {
    // Paid by it, or giving back the money it took.
    let proven = states_where(|s| s == PaymentState::Verified || s.is_refund());
    let sql = format!(
        "SELECT payment_id FROM payment WHERE gateway = $1 AND ref_id = $2 AND payment_id <> $3 \
         AND (sale_of IS NULL OR sale_of <> $3) AND state IN {proven} ORDER BY created_at LIMIT 1"
    );
    on_pool!(db, pool => {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(gateway.as_str()).bind(ref_id).bind(payment_id)
        .fetch_optional(pool).await
    })
    .context("cannot look a payment reference up")
}

/// Whether a payment other than `payment` holds the same gateway reference: any, or (`leased_at` given) an open
/// one being verified at that moment.
pub async fn held_elsewhere(db: &Db, payment: &Payment, ref_id: &str, leased_at: Option<i64>) -> anyhow::Result<bool> {
    let leased = match leased_at {
        Some(_) => format!("AND lease_until >= $4 AND state IN {}", open_states()),
        None => "AND $4 IS NULL".to_owned(),
    };
    let sql = format!(
        "SELECT COUNT(*) FROM payment WHERE gateway = $1 AND ref_id = $2 AND payment_id <> $3 \
         AND (sale_of IS NULL OR sale_of <> $3) {leased}"
    );
    let held: i64 = on_pool!(db, pool => {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(payment.gateway.as_str()).bind(ref_id).bind(payment.id).bind(leased_at)
        .fetch_one(pool).await
    })
    .context("cannot look for another payment holding a reference")?;
    Ok(held > 0)
}

/// What the sweeper has yet to settle, for the metrics: payments still waiting for the gateway's answer, and those
/// whose money is owed back and not yet returned (REFUND_DUE, retried by the sweeper or paid back by finance).
pub async fn backlog(db: &Db) -> anyhow::Result<(i64, i64)> {
    let open = open_states();
    // Only these rows are read (the state index): a scrape costs the backlog, not the payment history.
    let sql = format!(
        "SELECT COALESCE(SUM(CASE WHEN state IN {open} THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN state = 'REFUND_DUE' THEN 1 ELSE 0 END), 0) FROM payment \
         WHERE state IN {open} OR state = 'REFUND_DUE'"
    );
    on_pool!(db, pool => {
        sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await
    })
    .context("cannot count the payments the sweeper has yet to settle")
}

/// An open payment lets go of a reference a callback brought that did not prove it (a verify refused it, or its
/// answer named another payment): the payment it does prove can still be completed with it.
pub async fn drop_ref(db: &Db, payment_id: i64, ref_id: &str) -> anyhow::Result<()> {
    let sql = format!(
        "UPDATE payment SET ref_id = NULL, updated_at = $1 WHERE payment_id = $2 AND ref_id = $3 AND state IN {}",
        open_states()
    );
    on_pool!(db, pool => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now_ms()).bind(payment_id).bind(ref_id)
            .execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot drop the payment's reference")?;
    Ok(())
}

/// Records, once, that the payment presented a gateway reference `other` was already paid with.
pub async fn record_dispute(db: &Db, payment_id: i64, other: i64, ref_id: &str) -> anyhow::Result<bool> {
    let done = on_pool!(db, pool => {
        sqlx::query(
            "UPDATE payment SET disputed_with = $1, dispute_ref = $2, disputed_at = $3 \
             WHERE payment_id = $4 AND disputed_with IS NULL",
        )
        .bind(other).bind(ref_id).bind(now_ms()).bind(payment_id).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot record the dispute")?;
    Ok(done == 1)
}

/// Payments that presented a reference another payment was paid with, oldest first: finance's disputes.
pub async fn disputed(db: &Db) -> anyhow::Result<Vec<Payment>> {
    let sql = format!("{PAYMENT} WHERE disputed_with IS NOT NULL ORDER BY disputed_at");
    fetch(db, sql, Key::None).await
}

/// The gateway refused, definitively, to give a REFUND_DUE payment's money back: it is not asked again, and
/// finance's queue shows its answer.
pub async fn refuse_refund(db: &Db, payment_id: i64, answer: &str) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "UPDATE payment SET refund_refusal = $1, lease_until = 0, updated_at = $2 \
             WHERE payment_id = $3 AND state = 'REFUND_DUE'",
        )
        .bind(answer).bind(now_ms()).bind(payment_id).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot record the refused refund")?;
    Ok(())
}

pub struct NewPayment<'a> {
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: Gateway,
    pub amount: i64,
    pub gateway_amount: i64,
    pub result_url: &'a str,
    pub idempotency_key: Option<&'a str>,
    pub product_permalink: Option<&'a str>,
}

/// Stores a CREATED payment in the order's transaction; `None` when the customer already used the
/// idempotency key (for another order: the transaction is then spoiled and must be dropped).
pub async fn insert(tx: &mut Tx, new: &NewPayment<'_>) -> anyhow::Result<Option<i64>> {
    let id = random_id();
    let now = now_ms();
    let inserted = on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO payment (payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, \
             gateway_unit, state, result_url, idempotency_key, created_at, updated_at, product_permalink) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12)",
        )
        .bind(id).bind(new.order_id).bind(new.customer_id).bind(new.gateway.as_str()).bind(new.amount)
        .bind(new.gateway_amount).bind(new.gateway.unit().as_str()).bind(PaymentState::Created.as_str())
        .bind(new.result_url).bind(new.idempotency_key).bind(now).bind(new.product_permalink)
        .execute(conn).await.map(|done| done.rows_affected())
    });
    match inserted {
        Ok(_) => Ok(Some(id)),
        Err(error) if is_unique_violation(&error) => Ok(None),
        Err(error) => Err(error).context("cannot store payment"),
    }
}

/// CREATED → REDIRECTED with the gateway's authority and the link the browser follows.
pub async fn mark_redirected(tx: &mut Tx, payment_id: i64, authority: &str, link: &str) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE payment SET state = 'REDIRECTED', authority = $1, payment_link = $2, updated_at = $3 \
         WHERE payment_id = $4 AND state IN {}",
        sources(PaymentState::Redirected)
    );
    let done = on_tx!(tx, conn => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(authority).bind(link).bind(now_ms()).bind(payment_id)
            .execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot update payment")?;
    Ok(done == 1)
}

/// REDIRECTED → CALLBACK_RECEIVED, keeping the bank reference the callback brought (PayPing needs
/// it to verify): the newest, or with `keep_first` the first (a Gumroad sale: a second one is a second sale, not a
/// better proof of the first); false when the payment had moved on.
pub async fn record_callback(db: &Db, payment_id: i64, ref_id: Option<&str>, keep_first: bool) -> anyhow::Result<bool> {
    let keep = if keep_first { "COALESCE(ref_id, $1)" } else { "COALESCE($1, ref_id)" };
    let sql = format!(
        "UPDATE payment SET state = 'CALLBACK_RECEIVED', ref_id = {keep}, updated_at = $2 \
         WHERE payment_id = $3 AND state IN {}",
        sources(PaymentState::CallbackReceived)
    );
    let done = on_pool!(db, pool => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(ref_id).bind(now_ms()).bind(payment_id)
            .execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot record the callback")?;
    Ok(done == 1)
}

/// Takes a payment the shop had given up on (FAILED, EXPIRED; not one whose verify went unanswered) up again:
/// CALLBACK_RECEIVED, with the reference a late callback brought. Outside the state machine's own steps: only a
/// late callback does this, in the order's transaction, once nothing else may pay the order.
pub async fn revive(tx: &mut Tx, payment_id: i64, ref_id: Option<&str>) -> anyhow::Result<bool> {
    let done = on_tx!(tx, conn => {
        sqlx::query(
            "UPDATE payment SET state = 'CALLBACK_RECEIVED', ref_id = COALESCE($1, ref_id), failure = NULL, \
             lease_until = 0, updated_at = $2 \
             WHERE payment_id = $3 AND state IN ('FAILED', 'EXPIRED') AND unanswered_at IS NULL",
        )
        .bind(ref_id).bind(now_ms()).bind(payment_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot take the payment up again")?;
    Ok(done == 1)
}

/// Stores, in the order's transaction, a second sale `sale_id` made under `payment` as a payment of its own whose
/// money goes back (REFUND_DUE, `taken` in the gateway's unit); `None` when a payment holds that sale already.
pub async fn insert_second_sale(
    tx: &mut Tx,
    payment: &Payment,
    sale_id: &str,
    taken: i64,
    reason: &str,
) -> anyhow::Result<Option<i64>> {
    let held: Option<i64> = on_tx!(tx, conn => {
        sqlx::query_scalar("SELECT payment_id FROM payment WHERE gateway = $1 AND ref_id = $2 LIMIT 1")
            .bind(payment.gateway.as_str()).bind(sale_id).fetch_optional(conn).await
    })
    .context("cannot look a sale up")?;
    if held.is_some() {
        return Ok(None);
    }
    let id = random_id();
    let now = now_ms();
    on_tx!(tx, conn => {
        sqlx::query(
            "INSERT INTO payment (payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, \
             gateway_unit, state, ref_id, result_url, refund_reason, taken_amount, sale_of, created_at, updated_at, \
             product_permalink) VALUES ($1, $2, $3, $4, $5, $6, $7, 'REFUND_DUE', $8, $9, $10, $11, $12, $13, $13, $14)",
        )
        .bind(id).bind(payment.order_id).bind(payment.customer_id).bind(payment.gateway.as_str())
        .bind(payment.amount).bind(payment.gateway_amount).bind(payment.gateway_unit.as_str()).bind(sale_id)
        .bind(&payment.result_url).bind(reason).bind(taken).bind(payment.id).bind(now)
        .bind(payment.product_permalink.as_deref())
        .execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot store the second sale")?;
    Ok(Some(id))
}

/// Takes the right to ask the gateway about an open payment until `until`; false when another caller
/// holds it, the payment is final, or another payment of the same order is being asked about: one
/// verify per order at a time, so a second payment is only ever verified once the first is settled.
pub async fn take_lease(db: &Db, payment: &Payment, now: i64, until: i64) -> anyhow::Result<bool> {
    let mut tx = db.begin().await?;
    super::orders::lock(&mut tx, payment.order_id).await?;
    let sql = format!(
        "UPDATE payment SET lease_until = $1, attempts = attempts + 1 \
         WHERE payment_id = $2 AND lease_until < $3 AND state IN {} AND NOT EXISTS \
         (SELECT 1 FROM payment other WHERE other.customer_order_id = $4 AND other.payment_id <> $2 \
          AND other.lease_until >= $3)",
        open_states()
    );
    let done = on_tx!(&mut tx, conn => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(until).bind(payment.id).bind(now).bind(payment.order_id)
            .execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot lease payment")?;
    tx.commit().await?;
    Ok(done == 1)
}

/// Takes the right to ask the gateway to give a REFUND_DUE payment's money back until `until`.
pub async fn take_refund_lease(db: &Db, payment_id: i64, now: i64, until: i64) -> anyhow::Result<bool> {
    let done = on_pool!(db, pool => {
        sqlx::query(
            "UPDATE payment SET lease_until = $1, attempts = attempts + 1 \
             WHERE payment_id = $2 AND lease_until < $3 AND state = 'REFUND_DUE'",
        )
        .bind(until).bind(payment_id).bind(now).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot lease the refund")?;
    Ok(done == 1)
}

/// Payments that expired after a day of unanswered verifies and that finance has not checked yet, oldest first:
/// their gateways may hold the money.
pub async fn unanswered_unchecked(db: &Db) -> anyhow::Result<Vec<Payment>> {
    let sql = format!("{PAYMENT} WHERE {UNCHECKED} ORDER BY updated_at");
    fetch(db, sql, Key::None).await
}

/// Records in a transaction who checked such a payment with its gateway; false when it is not one (any more).
pub async fn mark_checked(tx: &mut Tx, payment_id: i64, by: &str) -> anyhow::Result<bool> {
    let sql = format!("UPDATE payment SET checked_by = $1, checked_at = $2 WHERE payment_id = $3 AND {UNCHECKED}");
    let done = on_tx!(tx, conn => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(by).bind(now_ms()).bind(payment_id)
            .execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot record the check")?;
    Ok(done == 1)
}

/// An expired payment whose verify went unanswered, not checked by finance yet.
const UNCHECKED: &str = "state = 'EXPIRED' AND unanswered_at IS NOT NULL AND checked_at IS NULL";

/// An open, failed or expired payment whose money the gateway took → REFUND_DUE, keeping the bank
/// reference, what the gateway took (its unit, when known) and why; false when it had moved on (a concurrent caller
/// recorded it first).
pub async fn mark_refund_due(
    tx: &mut Tx,
    payment_id: i64,
    ref_id: Option<&str>,
    taken: Option<i64>,
    reason: &str,
) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE payment SET state = 'REFUND_DUE', ref_id = COALESCE($1, ref_id), refund_reason = $2, lease_until = 0, \
         updated_at = $3, taken_amount = $5 WHERE payment_id = $4 AND state IN {}",
        sources(PaymentState::RefundDue)
    );
    let done = on_tx!(tx, conn => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(ref_id).bind(reason).bind(now_ms()).bind(payment_id).bind(taken)
            .execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot record the refund due")?;
    Ok(done == 1)
}

/// REFUND_DUE → REVERSED (the gateway gave the money back; the caller holds the refund lease) or REFUNDED
/// (finance did, `by` whom: never while a caller holds the lease, when the gateway may be giving the same money
/// back); false when it was no longer due, or leased.
pub async fn settle_refund(db: &Db, payment_id: i64, to: PaymentState, by: Option<&str>) -> anyhow::Result<bool> {
    anyhow::ensure!(PaymentState::RefundDue.can_become(to), "a refund does not end in {}", to.as_str());
    let now = now_ms();
    let done = on_pool!(db, pool => {
        sqlx::query(
            "UPDATE payment SET state = $1, refunded_by = $2, refunded_at = $3, lease_until = 0, updated_at = $3 \
             WHERE payment_id = $4 AND state = 'REFUND_DUE' AND ($2 IS NULL OR lease_until < $3)",
        )
        .bind(to.as_str()).bind(by).bind(now).bind(payment_id).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot settle the refund")?;
    Ok(done == 1)
}

/// Gives the lease back (the gateway could not say yet) and marks the payment as looked at; `unanswered`, when a
/// verify just went unanswered, is kept as `unanswered_at` unless an earlier one was.
pub async fn end_lease(db: &Db, payment_id: i64, unanswered: Option<i64>) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "UPDATE payment SET lease_until = 0, updated_at = $1, unanswered_at = COALESCE(unanswered_at, $3) \
             WHERE payment_id = $2",
        )
        .bind(now_ms()).bind(payment_id).bind(unanswered).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot release payment lease")?;
    Ok(())
}

/// What moving a payment to a final state came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finished {
    Done,
    /// It was final already.
    Moved,
    /// Another payment was paid with the same gateway reference (the database allows one): the transaction is
    /// spoiled and must be dropped.
    RefTaken,
}

/// Moves an open payment to a final state. A failed payment keeps no reference: one a verify refused proves
/// nothing, and must not keep the payment it does prove from being completed.
pub async fn finish(
    tx: &mut Tx,
    payment_id: i64,
    to: PaymentState,
    ref_id: Option<&str>,
    failure: Option<&str>,
) -> anyhow::Result<Finished> {
    let keep_ref = if to == PaymentState::Failed { "$2" } else { "COALESCE($2, ref_id)" };
    let sql = format!(
        "UPDATE payment SET state = $1, ref_id = {keep_ref}, failure = $3, lease_until = 0, updated_at = $4 \
         WHERE payment_id = $5 AND state IN {}",
        sources(to)
    );
    let done = on_tx!(tx, conn => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(to.as_str()).bind(ref_id).bind(failure).bind(now_ms())
            .bind(payment_id).execute(conn).await.map(|done| done.rows_affected())
    });
    match done {
        Ok(1) => Ok(Finished::Done),
        Ok(_) => Ok(Finished::Moved),
        Err(error) if is_unique_violation(&error) => Ok(Finished::RefTaken),
        Err(error) => Err(error).context("cannot finish payment"),
    }
}
