//! Rotating refresh credentials: each use returns a new one; reusing an old one revokes the family.
use super::{
    AuthError,
    tokens::{TokenKeys, random_hex},
};
use crate::{
    config::AuthSettings,
    store::{Db, now_ms, refresh_tokens},
};

/// How long after its use a credential may come back without ending the sign-in.
pub const REUSE_GRACE_MS: i64 = 60_000;

/// Issues a new credential in `family` (a new family when None) and returns it in the clear, once.
pub async fn issue(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    customer_id: i64,
    family: Option<&str>,
) -> Result<String, AuthError> {
    let raw = random_hex();
    let family = family.map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_owned);
    let now = now_ms();
    let expires_at = now + settings.refresh_ttl_days * 24 * 3600 * 1000;
    refresh_tokens::insert(db, &tokens.keyed_hash(&["refresh", &raw]), customer_id, &family, now, expires_at).await?;
    Ok(raw)
}

/// Exchanges a credential for the customer id and a fresh credential of the same family.
pub async fn rotate(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    raw: &str,
) -> Result<(i64, String), AuthError> {
    let hash = tokens.keyed_hash(&["refresh", raw]);
    let now = now_ms();
    let row = refresh_tokens::find(db, &hash).await?.ok_or(AuthError::InvalidToken)?;
    if row.revoked_at.is_some() || row.expires_at <= now {
        return Err(AuthError::InvalidToken);
    }
    if row.used_at.is_some() || !refresh_tokens::mark_used(db, &hash, now).await? {
        // Read again: a concurrent use or a logout may have changed it since.
        let row = refresh_tokens::find(db, &hash).await?.ok_or(AuthError::InvalidToken)?;
        if row.revoked_at.is_some() {
            return Err(AuthError::InvalidToken);
        }
        // The cookie is shared by the browser's tabs: two of them renewing at once, or a renewal whose answer was
        // lost on a slow network and is sent again, bring it back moments after its use. That is no theft, so it
        // gets a credential of the same family. Later, someone holds a copy: end the whole sign-in.
        if row.used_at.is_none_or(|used| now - used > REUSE_GRACE_MS) {
            tracing::warn!(family = %row.family_id, "refresh credential reused; family revoked");
            refresh_tokens::revoke_family(db, &row.family_id, now).await?;
            return Err(AuthError::InvalidToken);
        }
    }
    let next = issue(db, settings, tokens, row.customer_id, Some(&row.family_id)).await?;
    Ok((row.customer_id, next))
}

pub async fn revoke(db: &Db, tokens: &TokenKeys, raw: &str) -> Result<(), AuthError> {
    let hash = tokens.keyed_hash(&["refresh", raw]);
    if let Some(row) = refresh_tokens::find(db, &hash).await? {
        refresh_tokens::revoke_family(db, &row.family_id, now_ms()).await?;
    }
    Ok(())
}
