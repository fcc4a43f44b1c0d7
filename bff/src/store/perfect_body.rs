//! Perfect-body landing registrations, read back by their referral.
use anyhow::Context;

use super::{Db, now_ms, on_pool};

/// A stored perfect-body registration.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RegistrationRow {
    pub gender: String,
    pub birth_day: i64,
    pub birth_month: i64,
    pub birth_year: i64,
    pub weight_kg: f64,
    pub height_cm: f64,
}

/// Stores a registration under a new referral; answers the referral.
pub async fn insert(db: &Db, row: &RegistrationRow) -> anyhow::Result<String> {
    let referral = uuid::Uuid::new_v4().simple().to_string();
    on_pool!(db, pool => {
        sqlx::query(
            "INSERT INTO perfect_body_registration (referral, gender, birth_day, birth_month, birth_year, weight_kg, \
             height_cm, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&referral).bind(&row.gender).bind(row.birth_day).bind(row.birth_month).bind(row.birth_year)
        .bind(row.weight_kg).bind(row.height_cm).bind(now_ms())
        .execute(pool).await.map(|d| d.rows_affected())
    })
    .context("cannot store perfect-body registration")?;
    Ok(referral)
}

pub async fn find(db: &Db, referral: &str) -> anyhow::Result<Option<RegistrationRow>> {
    on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT gender, birth_day, birth_month, birth_year, weight_kg, height_cm FROM perfect_body_registration \
             WHERE referral = $1",
        )
        .bind(referral).fetch_optional(pool).await
    })
    .context("cannot read perfect-body registration")
}
