//! Questionnaire answer records (`form_answer`).
use anyhow::Context;
use sha2::{Digest, Sha256};

use super::{
    Db,
    customers::{random_hex, random_id},
    now_ms, on_pool,
};

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

/// A created record: its id, and the edit token that lets its creator change it while it has no customer. Only the
/// token's hash is stored, so the token is answered once, here.
#[derive(Debug, Clone)]
pub struct CreatedRecord {
    pub id: i64,
    pub edit_token: String,
}

/// SHA-256 of an edit token, hex. The token is 256 random bits, so an unkeyed hash is enough and survives a change
/// of the service secret; comparing hashes by SQL equality may time out a prefix of the hash, never of the token.
pub(crate) fn edit_token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The records a call may change, with `$1` the id, `$2` the call's customer and `$3` its edit token's hash:
/// a linked record only by its customer; an anonymous one only by whoever holds its edit token. Both the update and
/// the read that explains a refused update use it, so they cannot disagree.
const EDITABLE: &str = "form_answer_id = $1 AND (customer_id = $2 OR (customer_id IS NULL AND edit_token_hash = $3))";

const COLUMNS: &str = "form_answer_id, form_type, form_id, customer_id, claimed_user_id, answers, step, utm_campaign, \
                       created_at, updated_at";

/// Creates a record with a fresh edit token; answers both.
pub async fn insert(db: &Db, write: &AnswerWrite<'_>) -> anyhow::Result<CreatedRecord> {
    let created = CreatedRecord { id: random_id(), edit_token: random_hex() };
    let now = now_ms();
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO form_answer (form_answer_id, form_type, form_id, customer_id, claimed_user_id, answers, step, \
             utm_campaign, edit_token_hash, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        )
        .bind(created.id).bind(write.form_type).bind(write.form_id).bind(write.customer_id)
        .bind(write.customer_id.is_none().then_some(write.claimed_user_id).flatten())
        .bind(write.answers).bind(write.step).bind(write.utm_campaign).bind(edit_token_hash(&created.edit_token))
        .bind(now)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store form answers")?;
    Ok(created)
}

/// Replaces a record's answers when the call may (`EDITABLE`, the write's customer with `edit_token`) and the form
/// type is the record's. An anonymous record takes the write's customer: holding its edit token and signing in links
/// it. Answers whether a record changed; one statement, so concurrent calls cannot link a record to two customers.
pub async fn update(db: &Db, id: i64, edit_token: Option<&str>, write: &AnswerWrite<'_>) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE form_answer SET form_id = $4, customer_id = COALESCE(customer_id, $2), \
         claimed_user_id = COALESCE($5, claimed_user_id), answers = $6, step = $7, utm_campaign = $8, \
         updated_at = $9 WHERE {EDITABLE} AND form_type = $10"
    );
    let changed = on_pool!(db, pool => {
        sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id).bind(write.customer_id).bind(edit_token.map(edit_token_hash)).bind(write.form_id)
        .bind(write.customer_id.is_none().then_some(write.claimed_user_id).flatten())
        .bind(write.answers).bind(write.step).bind(write.utm_campaign).bind(now_ms()).bind(write.form_type)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot update form answers")?;
    Ok(changed == 1)
}

/// The record when a call with this customer and edit token may change it; none when it does not exist or is not
/// theirs (a refusal must not tell the two apart).
pub async fn find_editable(
    db: &Db,
    id: i64,
    customer_id: Option<i64>,
    edit_token: Option<&str>,
) -> anyhow::Result<Option<FormAnswerRecord>> {
    let sql = format!("SELECT {COLUMNS} FROM form_answer WHERE {EDITABLE}");
    on_pool!(db, pool => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id).bind(customer_id).bind(edit_token.map(edit_token_hash))
            .fetch_optional(pool).await
    })
    .context("cannot read form answers")
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

/// Where a questionnaire asks the customer's goal weight: betterme's bm2_13 and good-looking's bm_f16 (spec 3 §3).
const GOAL_WEIGHT_QUESTIONS: [(&str, &str); 2] = [("betterme2", "bm2_13"), ("good-looking", "bm_f16")];

/// Records looked through for a goal weight: the latest runs, which may stop before the question.
const GOAL_WEIGHT_RECORDS: i64 = 5;

/// The goal weight (kg) the customer gave in their most recent questionnaire that asked it.
pub async fn latest_goal_weight(db: &Db, customer_id: i64) -> anyhow::Result<Option<f64>> {
    let rows: Vec<(String, String)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT form_type, answers FROM form_answer WHERE customer_id = $1 AND form_type IN ($2, $3) \
             ORDER BY updated_at DESC, form_answer_id DESC LIMIT $4",
        )
        .bind(customer_id).bind(GOAL_WEIGHT_QUESTIONS[0].0).bind(GOAL_WEIGHT_QUESTIONS[1].0).bind(GOAL_WEIGHT_RECORDS)
        .fetch_all(pool).await
    })
    .context("cannot read form answers")?;
    for (form_type, answers) in &rows {
        let Some((_, question)) = GOAL_WEIGHT_QUESTIONS.iter().find(|(t, _)| t == form_type) else { continue };
        let list: Vec<serde_json::Map<String, serde_json::Value>> =
            serde_json::from_str(answers).context("stored form answers")?;
        if let Some(kg) = list.iter().find_map(|entry| entry.get(*question)).and_then(crate::domain::forms::number_like)
        {
            return Ok(Some(kg));
        }
    }
    Ok(None)
}
