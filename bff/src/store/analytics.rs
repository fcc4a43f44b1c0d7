use anyhow::Context;

use super::{Db, now_ms, on_pool};

pub struct NewEvent<'a> {
    pub id: &'a str,
    pub action: &'a str,
    pub category: &'a str,
    pub label: Option<&'a str>,
    pub user_id: Option<&'a str>,
    pub service: Option<&'a str>,
    pub meta: &'a str,
    pub session_id: Option<&'a str>,
}

pub async fn insert(db: &Db, e: NewEvent<'_>) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO analytics_event (analytics_event_id, action, category, label, user_id, service, meta, \
             visit_session_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(e.id).bind(e.action).bind(e.category).bind(e.label).bind(e.user_id).bind(e.service).bind(e.meta)
        .bind(e.session_id).bind(now_ms())
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store analytics event")?;
    Ok(())
}

/// Actions recorded for a session, oldest first (for tests and support).
pub async fn actions_for_session(db: &Db, session_id: &str) -> anyhow::Result<Vec<String>> {
    let rows: Vec<(String,)> = on_pool!(db, pool => {
        sqlx::query_as("SELECT action FROM analytics_event WHERE visit_session_id = $1 ORDER BY created_at, analytics_event_id")
            .bind(session_id).fetch_all(pool).await
    })?;
    Ok(rows.into_iter().map(|(a,)| a).collect())
}
