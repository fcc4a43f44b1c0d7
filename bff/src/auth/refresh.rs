//! Rotating refresh credentials: each use returns a new one; reusing an old one revokes the family.
use super::{AuthError, tokens::TokenKeys};
use crate::{
    config::AuthSettings,
    store::{Db, customers::random_hex, now_ms, refresh_tokens},
};

/// How long after its use a credential may come back without ending the sign-in.
pub const REUSE_GRACE_MS: i64 = 60_000;

/// Credentials kept per sign-in: a few tabs renewing at once need a handful; older ones only count as reuse.
pub const KEPT_PER_SIGN_IN: i64 = 8;

/// Sign-ins (devices) a customer keeps; a new one past these ends the oldest.
pub const SIGN_INS_KEPT: i64 = 20;

/// Issues a new credential in `family` (a new family when None) and returns it in the clear, once.
pub async fn issue(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    customer_id: i64,
    family: Option<&str>,
) -> Result<String, AuthError> {
    let raw = random_hex();
    let now = now_ms();
    let expires_at = now + settings.refresh_ttl_days * 24 * 3600 * 1000;
    let hash = tokens.keyed_hash(&["refresh", &raw]);
    // Every credential adds a row: each sign-in keeps a few, each customer a few sign-ins, so a client renewing
    // or signing in in a loop cannot grow the table.
    match family {
        Some(family) => {
            refresh_tokens::insert(db, &hash, customer_id, family, now, expires_at).await?;
            refresh_tokens::keep_newest_of_family(db, family, KEPT_PER_SIGN_IN).await?;
        }
        None => {
            let family = uuid::Uuid::new_v4().to_string();
            refresh_tokens::insert(db, &hash, customer_id, &family, now, expires_at).await?;
            refresh_tokens::prune_customer(db, customer_id, now, SIGN_INS_KEPT).await?;
        }
    }
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

/// Ends the sign-in the credential belongs to; answers its customer when it was live until now.
pub async fn end_sign_in(db: &Db, tokens: &TokenKeys, raw: &str, now: i64) -> Result<Option<i64>, AuthError> {
    Ok(refresh_tokens::end_sign_in(db, &tokens.keyed_hash(&["refresh", raw]), now).await?)
}
