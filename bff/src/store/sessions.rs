//! Visit sessions (`visit_session`): utm data, meta and the user, changed only by whoever created the session
//! (its edit token) or the customer it is linked to.
use anyhow::Context;

use super::{Db, customers::random_hex, form_answers::edit_token_hash, now_ms, on_pool};

/// What a create or a change writes.
#[derive(Debug, Clone, Copy)]
pub struct SessionWrite<'a> {
    pub utm: &'a str,
    pub meta: &'a str,
    /// The body's userId; kept once set.
    pub user_id: Option<&'a str>,
    /// From a valid bearer token: links the session to that customer, once.
    pub customer_id: Option<i64>,
}

/// The sessions a call may change, with `$1` the id, `$2` the call's customer and `$3` its edit token's hash: the
/// creator (the edit token) or the linked customer. NULL matches nothing, so a session made before owners were
/// kept matches no call.
const CHANGEABLE: &str = "visit_session_id = $1 AND (customer_id = $2 OR edit_token_hash = $3)";

/// Creates a session; answers its edit token, which only this answer holds (the row keeps its hash).
pub async fn insert(db: &Db, id: &str, write: SessionWrite<'_>) -> anyhow::Result<String> {
    let edit_token = random_hex();
    let now = now_ms();
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO visit_session (visit_session_id, utm, meta, user_id, customer_id, edit_token_hash, \
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
        )
        .bind(id).bind(write.utm).bind(write.meta).bind(write.user_id).bind(write.customer_id)
        .bind(edit_token_hash(&edit_token)).bind(now)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store session")?;
    Ok(edit_token)
}

/// Replaces a session's utm data and meta when the call may (`CHANGEABLE`); a session without a customer takes
/// the call's. Answers whether a session changed: one statement, so a refused call changes nothing.
pub async fn update(db: &Db, id: &str, edit_token: Option<&str>, write: SessionWrite<'_>) -> anyhow::Result<bool> {
    let sql = format!(
        "UPDATE visit_session SET utm = $4, meta = $5, user_id = COALESCE($6, user_id), \
         customer_id = COALESCE(customer_id, $2), updated_at = $7 WHERE {CHANGEABLE}"
    );
    let changed = on_pool!(db, pool => {
        sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id).bind(write.customer_id).bind(edit_token.map(edit_token_hash))
        .bind(write.utm).bind(write.meta).bind(write.user_id).bind(now_ms())
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot update session")?;
    Ok(changed == 1)
}

#[derive(Debug, sqlx::FromRow)]
pub struct SessionRow {
    pub utm: String,
    pub meta: String,
    pub user_id: Option<String>,
    pub customer_id: Option<i64>,
}

pub async fn find(db: &Db, id: &str) -> anyhow::Result<Option<SessionRow>> {
    let row = on_pool!(db, pool => {
        sqlx::query_as("SELECT utm, meta, user_id, customer_id FROM visit_session WHERE visit_session_id = $1")
            .bind(id).fetch_optional(pool).await
    })?;
    Ok(row)
}
