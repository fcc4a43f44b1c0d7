//! Questionnaire answer records (`form_answer`).
use anyhow::Context;

use super::{Db, customers::random_id, now_ms, on_pool};

/// A stored answer record.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct FormAnswerRecord {
    pub form_answer_id: i64,
    pub form_type: String,
    pub form_id: String,
    pub customer_id: Option<i64>,
    pub claimed_user_id: Option<String>,
    /// JSON list of one-entry objects, question id → value.
    pub answers: String,
    pub step: Option<String>,
    pub utm_campaign: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What a create or an update writes.
#[derive(Debug, Clone)]
pub struct AnswerWrite<'a> {
    pub form_type: &'a str,
    pub form_id: &'a str,
    /// From a valid bearer token.
    pub customer_id: Option<i64>,
    /// The body's userId, kept only when no customer signed the call.
    pub claimed_user_id: Option<&'a str>,
    pub answers: &'a str,
    pub step: Option<&'a str>,
    pub utm_campaign: Option<&'a str>,
}

const COLUMNS: &str = "form_answer_id, form_type, form_id, customer_id, claimed_user_id, answers, step, utm_campaign, \
                       created_at, updated_at";

/// Creates a record; answers its id.
pub async fn insert(db: &Db, write: &AnswerWrite<'_>) -> anyhow::Result<i64> {
    let id = random_id();
    let now = now_ms();
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO form_answer (form_answer_id, form_type, form_id, customer_id, claimed_user_id, answers, step, \
             utm_campaign, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(id).bind(write.form_type).bind(write.form_id).bind(write.customer_id)
        .bind(write.customer_id.is_none().then_some(write.claimed_user_id).flatten())
        .bind(write.answers).bind(write.step).bind(write.utm_campaign).bind(now)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store form answers")?;
    Ok(id)
}

/// Replaces a record's answers when the write may: same form type, and the record has no customer yet, or this
/// one, or the call carries none. A record without a customer takes the write's (linked after sign-in). Answers
/// whether a record changed; one statement, so concurrent calls cannot link a record to two customers.
pub async fn update(db: &Db, id: i64, write: &AnswerWrite<'_>) -> anyhow::Result<bool> {
    let changed = on_pool!(db, pool => {
        sqlx::query(
            "UPDATE form_answer SET form_id = $2, customer_id = COALESCE(customer_id, $3), \
             claimed_user_id = COALESCE($4, claimed_user_id), answers = $5, step = $6, utm_campaign = $7, \
             updated_at = $8 WHERE form_answer_id = $1 AND form_type = $9 \
             AND (customer_id IS NULL OR $3 IS NULL OR customer_id = $3)",
        )
        .bind(id).bind(write.form_id).bind(write.customer_id)
        .bind(write.customer_id.is_none().then_some(write.claimed_user_id).flatten())
        .bind(write.answers).bind(write.step).bind(write.utm_campaign).bind(now_ms()).bind(write.form_type)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot update form answers")?;
    Ok(changed == 1)
}

/// One record (support, tests).
pub async fn find(db: &Db, id: i64) -> anyhow::Result<Option<FormAnswerRecord>> {
    let sql = format!("SELECT {COLUMNS} FROM form_answer WHERE form_answer_id = $1");
    on_pool!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await)
        .context("cannot read form answers")
}

/// Every record, of any form: for tests that check a refusal stored nothing.
pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_pool!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM form_answer").fetch_one(pool).await)?;
    Ok(n)
}
