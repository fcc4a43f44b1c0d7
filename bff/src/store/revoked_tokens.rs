//! The logout deny-list of bearer tokens, keyed by their `jti`.
use anyhow::Context;

use super::{Db, on_pool};

/// Records a signed-out token until its expiry; signing the same token out twice is fine.
pub async fn insert(db: &Db, jti: &str, expires_at: i64, now: i64) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO revoked_access_token (revoked_access_token_id, expires_at, revoked_at) VALUES ($1, $2, $3) \
             ON CONFLICT (revoked_access_token_id) DO NOTHING",
        )
        .bind(jti).bind(expires_at).bind(now)
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot record the signed-out token")?;
    Ok(())
}

/// The tokens signed out at or after `since` (epoch ms) that have not expired by `now`: `(jti, expires_at)`.
pub async fn revoked_since(db: &Db, since: i64, now: i64) -> anyhow::Result<Vec<(String, i64)>> {
    on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT revoked_access_token_id, expires_at FROM revoked_access_token WHERE revoked_at >= $1 AND expires_at > $2",
        )
        .bind(since).bind(now)
        .fetch_all(pool).await
    })
    .context("cannot read the signed-out tokens")
}

/// Drops rows of tokens that have expired anyway; answers how many.
pub async fn purge_expired(db: &Db, now: i64) -> anyhow::Result<u64> {
    let purged = on_pool!(db, pool => {
        sqlx::query("DELETE FROM revoked_access_token WHERE expires_at <= $1")
            .bind(now).execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot purge expired signed-out tokens")?;
    Ok(purged)
}
