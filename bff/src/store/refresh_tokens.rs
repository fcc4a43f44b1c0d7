use anyhow::Context;

use super::{Db, on_pool};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefreshRow {
    pub customer_id: i64,
    pub family_id: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

pub async fn insert(
    db: &Db,
    hash: &str,
    customer_id: i64,
    family: &str,
    now: i64,
    expires_at: i64,
) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO refresh_token (refresh_token_id, customer_id, family_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(hash).bind(customer_id).bind(family).bind(now).bind(expires_at)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store refresh credential")?;
    Ok(())
}

pub async fn find(db: &Db, hash: &str) -> anyhow::Result<Option<RefreshRow>> {
    let row = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT customer_id, family_id, expires_at, used_at, revoked_at FROM refresh_token WHERE refresh_token_id = $1",
        )
        .bind(hash).fetch_optional(pool).await
    })?;
    Ok(row)
}

/// Marks a credential used; false when someone used it first.
pub async fn mark_used(db: &Db, hash: &str, now: i64) -> anyhow::Result<bool> {
    let updated = on_pool!(db, pool => {
        sqlx::query("UPDATE refresh_token SET used_at = $2 WHERE refresh_token_id = $1 AND used_at IS NULL AND revoked_at IS NULL")
            .bind(hash).bind(now).execute(pool).await.map(|d| d.rows_affected())
    })?;
    Ok(updated == 1)
}

pub async fn revoke_family(db: &Db, family: &str, now: i64) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query("UPDATE refresh_token SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL")
            .bind(family).bind(now).execute(pool).await.map(|d| d.rows_affected())
    })?;
    Ok(())
}
