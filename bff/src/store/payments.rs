//! Online payments. Every state change is a conditional UPDATE on the current state, so two callers
//! racing on one payment change it once.
use anyhow::Context;

use super::{Db, Tx, customers::random_id, is_unique_violation, now_ms, on_pool, on_tx};
use crate::domain::payment::{Gateway, PaymentState, Unit};

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
    pub created_at: i64,
    pub updated_at: i64,
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
    created_at: i64,
    updated_at: i64,
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
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

const PAYMENT: &str = "SELECT payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, gateway_unit, \
                       state, authority, ref_id, payment_link, result_url, idempotency_key, failure, attempts, \
                       created_at, updated_at FROM payment";

/// `IN (…)` of the states that may become `to`.
fn sources(to: PaymentState) -> String {
    let names: Vec<String> = PaymentState::sources_of(to).iter().map(|s| format!("'{}'", s.as_str())).collect();
    format!("({})", names.join(", "))
}

/// `IN (…)` of the states a payment is still under way in.
fn open_states() -> String {
    let names: Vec<String> =
        PaymentState::ALL.iter().filter(|s| !s.is_final()).map(|s| format!("'{}'", s.as_str())).collect();
    format!("({})", names.join(", "))
}

/// The parameters of a payment query.
enum Key<'a> {
    Id(i64),
    IdText(i64, &'a str),
    Texts(&'a str, &'a str),
}

async fn fetch(db: &Db, sql: String, key: Key<'_>) -> anyhow::Result<Vec<Payment>> {
    let rows: Vec<PaymentRow> = on_pool!(db, pool => {
        let query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
        let query = match key {
            Key::Id(id) => query.bind(id),
            Key::IdText(id, text) => query.bind(id).bind(text),
            Key::Texts(a, b) => query.bind(a).bind(b),
        };
        query.fetch_all(pool).await
    })
    .context("cannot read payments")?;
    rows.into_iter().map(Payment::try_from).collect()
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

/// Payments still under way and untouched since `before`.
pub async fn stale(db: &Db, before: i64) -> anyhow::Result<Vec<Payment>> {
    let sql = format!("{PAYMENT} WHERE state IN {} AND updated_at < $1 ORDER BY updated_at", open_states());
    fetch(db, sql, Key::Id(before)).await
}

pub struct NewPayment<'a> {
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: Gateway,
    pub amount: i64,
    pub gateway_amount: i64,
    pub result_url: &'a str,
    pub idempotency_key: Option<&'a str>,
}

/// Stores a CREATED payment; `None` when the customer already used the idempotency key (a
/// concurrent request won the race).
pub async fn insert(db: &Db, new: &NewPayment<'_>) -> anyhow::Result<Option<i64>> {
    let id = random_id();
    let now = now_ms();
    let inserted = on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO payment (payment_id, customer_order_id, customer_id, gateway, amount, gateway_amount, \
             gateway_unit, state, result_url, idempotency_key, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)",
        )
        .bind(id).bind(new.order_id).bind(new.customer_id).bind(new.gateway.as_str()).bind(new.amount)
        .bind(new.gateway_amount).bind(new.gateway.unit().as_str()).bind(PaymentState::Created.as_str())
        .bind(new.result_url).bind(new.idempotency_key).bind(now)
        .execute(pool).await.map(|done| done.rows_affected())
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
/// it to verify); false when the payment had moved on.
pub async fn record_callback(db: &Db, payment_id: i64, ref_id: Option<&str>) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE payment SET state = 'CALLBACK_RECEIVED', ref_id = COALESCE($1, ref_id), updated_at = $2 \
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

/// Takes the right to ask the gateway about an open payment until `until`; false when another
/// caller holds it or the payment is final.
pub async fn take_lease(db: &Db, payment_id: i64, now: i64, until: i64) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE payment SET lease_until = $1, attempts = attempts + 1 \
         WHERE payment_id = $2 AND lease_until < $3 AND state IN {}",
        open_states()
    );
    let done = on_pool!(db, pool => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(until).bind(payment_id).bind(now)
            .execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot lease payment")?;
    Ok(done == 1)
}

/// Gives the lease back (the gateway could not say yet) and marks the payment as looked at.
pub async fn end_lease(db: &Db, payment_id: i64) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query("UPDATE payment SET lease_until = 0, updated_at = $1 WHERE payment_id = $2")
            .bind(now_ms()).bind(payment_id).execute(pool).await.map(|done| done.rows_affected())
    })
    .context("cannot release payment lease")?;
    Ok(())
}

/// Moves an open payment to a final state; false when it was final already.
pub async fn finish(
    tx: &mut Tx,
    payment_id: i64,
    to: PaymentState,
    ref_id: Option<&str>,
    failure: Option<&str>,
) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE payment SET state = $1, ref_id = COALESCE($2, ref_id), failure = $3, lease_until = 0, updated_at = $4 \
         WHERE payment_id = $5 AND state IN {}",
        sources(to)
    );
    let done = on_tx!(tx, conn => {
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(to.as_str()).bind(ref_id).bind(failure).bind(now_ms())
            .bind(payment_id).execute(conn).await.map(|done| done.rows_affected())
    })
    .context("cannot finish payment")?;
    Ok(done == 1)
}
