use anyhow::Context;

use super::{Db, now_ms, on_pool};

/// Creates or replaces a visit session's utm data, meta and user.
pub async fn upsert(db: &Db, id: &str, utm: &str, meta: &str, user_id: Option<&str>) -> anyhow::Result<()> {
    let now = now_ms();
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO visit_session (visit_session_id, utm, meta, user_id, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (visit_session_id) DO UPDATE \
             SET utm = excluded.utm, meta = excluded.meta, user_id = COALESCE(excluded.user_id, visit_session.user_id), \
             updated_at = excluded.updated_at",
        )
        .bind(id).bind(utm).bind(meta).bind(user_id).bind(now)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store session")?;
    Ok(())
}

pub async fn exists(db: &Db, id: &str) -> anyhow::Result<bool> {
    let found: Option<(String,)> = on_pool!(db, pool => {
        sqlx::query_as("SELECT visit_session_id FROM visit_session WHERE visit_session_id = $1").bind(id).fetch_optional(pool).await
    })?;
    Ok(found.is_some())
}

#[derive(Debug, sqlx::FromRow)]
pub struct SessionRow {
    pub utm: String,
    pub meta: String,
    pub user_id: Option<String>,
}

pub async fn find(db: &Db, id: &str) -> anyhow::Result<Option<SessionRow>> {
    let row = on_pool!(db, pool => {
        sqlx::query_as("SELECT utm, meta, user_id FROM visit_session WHERE visit_session_id = $1").bind(id).fetch_optional(pool).await
    })?;
    Ok(row)
}
