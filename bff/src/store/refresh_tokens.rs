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

/// Revokes the live credentials (unrevoked, unexpired) of the sign-in the credential `hash` belongs to; answers
/// that sign-in's customer when it had any, `None` when the credential is unknown or its sign-in had ended.
pub async fn end_sign_in(db: &Db, hash: &str, now: i64) -> anyhow::Result<Option<i64>> {
    let ended: Vec<(i64,)> = on_pool!(db, pool => {
        sqlx::query_as(
            "UPDATE refresh_token SET revoked_at = $2 WHERE revoked_at IS NULL AND expires_at > $2 AND family_id = \
             (SELECT family_id FROM refresh_token WHERE refresh_token_id = $1) RETURNING customer_id",
        )
        .bind(hash).bind(now).fetch_all(pool).await
    })
    .context("cannot end the sign-in")?;
    Ok(ended.first().map(|(customer_id,)| *customer_id))
}

pub async fn revoke_family(db: &Db, family: &str, now: i64) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query("UPDATE refresh_token SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL")
            .bind(family).bind(now).execute(pool).await.map(|d| d.rows_affected())
    })?;
    Ok(())
}

/// Keeps a sign-in's newest `keep` credentials. An older one is long used: brought back, it is refused as unknown
/// instead of ending the sign-in, which it could do only while it was among the newest. Without this, a script
/// renewing in a loop, or resending one cookie within the reuse grace, would add a row per call. Of two made in the
/// same millisecond, the unused one stays.
pub async fn keep_newest_of_family(db: &Db, family: &str, keep: i64) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "DELETE FROM refresh_token WHERE family_id = $1 AND refresh_token_id NOT IN \
             (SELECT refresh_token_id FROM refresh_token WHERE family_id = $1 \
              ORDER BY created_at DESC, used_at IS NULL DESC, refresh_token_id LIMIT $2)",
        )
        .bind(family).bind(keep).execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot trim a sign-in's refresh credentials")?;
    Ok(())
}

/// Drops the customer's credentials that sign no one in (expired or revoked: unknown ones are refused the same
/// way) and every sign-in but the newest `keep` (the oldest device signs in again).
pub async fn prune_customer(db: &Db, customer_id: i64, now: i64, keep: i64) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query(
            "DELETE FROM refresh_token WHERE customer_id = $1 AND (expires_at <= $2 OR revoked_at IS NOT NULL \
             OR family_id NOT IN (SELECT family_id FROM refresh_token WHERE customer_id = $1 \
              GROUP BY family_id ORDER BY MAX(created_at) DESC, family_id DESC LIMIT $3))",
        )
        .bind(customer_id).bind(now).bind(keep).execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot prune a customer's refresh credentials")?;
    Ok(())
}
