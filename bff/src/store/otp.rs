//! One-time codes as stored: only keyed hashes, with attempts and single use enforced in SQL.
use anyhow::Context;

use super::{Db, on_pool};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OtpRow {
    pub otp_code_id: String,
    pub subject: String,
    pub channel: String,
    pub sent_to: String,
    pub pending_email: Option<String>,
    pub code_hash: String,
    pub attempts: i64,
    pub created_at: i64,
    pub expires_at: i64,
    pub consumed_at: Option<i64>,
}

pub struct NewOtp<'a> {
    pub id: &'a str,
    pub subject: &'a str,
    pub channel: &'a str,
    pub sent_to: &'a str,
    pub pending_email: Option<&'a str>,
    pub code_hash: &'a str,
    pub client_ip: &'a str,
    pub send_slot: i64,
    pub created_at: i64,
    pub expires_at: i64,
}

/// False when another code for the subject already holds this send slot (a concurrent send).
pub async fn insert(db: &Db, otp: NewOtp<'_>) -> anyhow::Result<bool> {
    let inserted = on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO otp_code (otp_code_id, subject, channel, sent_to, pending_email, code_hash, client_ip, \
             send_slot, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
             ON CONFLICT DO NOTHING",
        )
        .bind(otp.id)
        .bind(otp.subject)
        .bind(otp.channel)
        .bind(otp.sent_to)
        .bind(otp.pending_email)
        .bind(otp.code_hash)
        .bind(otp.client_ip)
        .bind(otp.send_slot)
        .bind(otp.created_at)
        .bind(otp.expires_at)
        .execute(pool)
        .await
        .map(|done| done.rows_affected())
    })
    .context("cannot store code")?;
    Ok(inserted == 1)
}

/// Forgets a code whose delivery failed, so the customer can ask again at once.
pub async fn delete(db: &Db, id: &str) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query("DELETE FROM otp_code WHERE otp_code_id = $1").bind(id).execute(pool).await.map(|d| d.rows_affected())
    })?;
    Ok(())
}

pub async fn latest(db: &Db, subject: &str) -> anyhow::Result<Option<OtpRow>> {
    let row = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT otp_code_id, subject, channel, sent_to, pending_email, code_hash, attempts, created_at, \
             expires_at, consumed_at FROM otp_code WHERE subject = $1 ORDER BY created_at DESC LIMIT 1",
        )
        .bind(subject)
        .fetch_optional(pool)
        .await
    })
    .context("cannot read code")?;
    Ok(row)
}

pub async fn count_for_subject_since(db: &Db, subject: &str, since: i64) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_pool!(db, pool => {
        sqlx::query_as("SELECT COUNT(*) FROM otp_code WHERE subject = $1 AND created_at > $2")
            .bind(subject).bind(since).fetch_one(pool).await
    })?;
    Ok(n)
}

pub async fn count_for_ip_since(db: &Db, ip: &str, since: i64) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_pool!(db, pool => {
        sqlx::query_as("SELECT COUNT(*) FROM otp_code WHERE client_ip = $1 AND created_at > $2")
            .bind(ip).bind(since).fetch_one(pool).await
    })?;
    Ok(n)
}

/// Counts a wrong try while tries remain; false once the code is locked.
pub async fn record_wrong_attempt(db: &Db, id: &str, max_attempts: i64) -> anyhow::Result<bool> {
    let updated = on_pool!(db, pool => {
        sqlx::query("UPDATE otp_code SET attempts = attempts + 1 WHERE otp_code_id = $1 AND attempts < $2")
            .bind(id).bind(max_attempts).execute(pool).await.map(|d| d.rows_affected())
    })?;
    Ok(updated == 1)
}

/// Marks the code used; false if it was used, locked or expired meanwhile (only one caller wins).
pub async fn consume(db: &Db, id: &str, now: i64, max_attempts: i64) -> anyhow::Result<bool> {
    let updated = on_pool!(db, pool => {
        sqlx::query(
            "UPDATE otp_code SET consumed_at = $2 WHERE otp_code_id = $1 AND consumed_at IS NULL \
             AND attempts < $3 AND expires_at > $2",
        )
        .bind(id).bind(now).bind(max_attempts).execute(pool).await.map(|d| d.rows_affected())
    })?;
    Ok(updated == 1)
}
