//! Wizard configs of select-package-f, one JSON document per service and id.
use anyhow::Context;

use super::{Db, now_ms, on_pool};
use crate::domain::wizard::WizardConfig;

/// Stores a config, replacing an earlier one with the same id.
pub async fn upsert(db: &Db, service: &str, config: &WizardConfig) -> anyhow::Result<()> {
    let body = serde_json::to_string(config)?;
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO wizard_config (service, wizard_config_id, body, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (service, wizard_config_id) DO UPDATE SET body = excluded.body",
        )
        .bind(service).bind(&config.id).bind(&body).bind(now_ms())
        .execute(pool).await.map(|done| done.rows_affected())
    })
    .with_context(|| format!("cannot store wizard config {}", config.id))?;
    super::products::catalogue_changed(db).await
}

/// The config with this id for the service (case-insensitive service name).
pub async fn find(db: &Db, service: &str, id: &str) -> anyhow::Result<Option<WizardConfig>> {
    let body: Option<(String,)> = on_pool!(db, pool => {
        sqlx::query_as("SELECT body FROM wizard_config WHERE UPPER(service) = UPPER($1) AND wizard_config_id = $2")
            .bind(service).bind(id).fetch_optional(pool).await
    })
    .context("cannot read wizard config")?;
    body.map(|(body,)| serde_json::from_str(&body).with_context(|| format!("wizard config {id} is malformed")))
        .transpose()
}

pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) =
        on_pool!(db, pool => sqlx::query_as("SELECT COUNT(*) FROM wizard_config").fetch_one(pool).await)?;
    Ok(n)
}
