//! Medical profiles and diet requests (spec 3 §4 "Diet actions", §7): a profile is stored under the form run's
//! conversation id; the request then issues the customer's paid diet, once per conversation.
use anyhow::Context;

use super::{
    Db, Tx,
    customers::random_id,
    diets::{self, NewDiet},
    now_ms, on_pool, on_tx, orders,
};
use crate::domain::{
    catalogue::ProductType,
    diet_package::{self, PackageStatus},
    medical_profile::{CITY, COUNTRY_CODE, ConversationId, MedicalProfile, STATE},
};

/// Days of one diet of a package: a month each.
const DIET_DAYS: i64 = 30;

/// Profiles a customer keeps that no diet request used: a form opened again and again starts new conversations,
/// and each profile may hold 64 KiB, so the oldest of them go.
pub const MAX_UNUSED_PROFILES: i64 = 20;

/// Stores the customer's profile for the conversation, replacing an earlier one of the same conversation unless a
/// diet request used it (the specialists write from that one; a retry after a lost answer sends it again), and lets
/// the customer's oldest unused profiles beyond [`MAX_UNUSED_PROFILES`] go. None when the conversation is another
/// customer's.
pub async fn save_profile(
    db: &Db,
    customer_id: i64,
    conversation: &ConversationId,
    profile: &MedicalProfile,
) -> anyhow::Result<Option<i64>> {
    let now = now_ms();
    let json = profile.json.to_string();
    let mut tx = db.begin().await?;
    let saved: Option<(i64,)> = on_tx!(&mut tx, conn => {
        sqlx::query_as(
            "INSERT INTO medical_profile (medical_profile_id, customer_id, conversation_id, country_code, state, city, \
             profile, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) \
             ON CONFLICT (conversation_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at \
             WHERE medical_profile.customer_id = excluded.customer_id AND NOT EXISTS \
             (SELECT 1 FROM diet_request r WHERE r.conversation_id = excluded.conversation_id) \
             RETURNING medical_profile_id",
        )
        .bind(random_id()).bind(customer_id).bind(conversation.as_str()).bind(COUNTRY_CODE).bind(STATE).bind(CITY)
        .bind(&json).bind(now).fetch_optional(conn).await
    })
    .context("cannot store the medical profile")?;
    let saved = match saved {
        Some(saved) => Some(saved),
        // Not replaced: the customer's profile a request used stays as it was, or the conversation is another's.
        None => on_tx!(&mut tx, conn => {
            sqlx::query_as("SELECT medical_profile_id FROM medical_profile WHERE conversation_id = $1 AND customer_id = $2")
                .bind(conversation.as_str()).bind(customer_id).fetch_optional(conn).await
        })
        .context("cannot read the medical profile")?,
    };
    on_tx!(&mut tx, conn => {
        sqlx::query(
            "DELETE FROM medical_profile WHERE customer_id = $1 \
             AND NOT EXISTS (SELECT 1 FROM diet_request r WHERE r.conversation_id = medical_profile.conversation_id) \
             AND medical_profile_id NOT IN (SELECT p.medical_profile_id FROM medical_profile p \
             WHERE p.customer_id = $1 AND NOT EXISTS \
             (SELECT 1 FROM diet_request r WHERE r.conversation_id = p.conversation_id) \
             ORDER BY p.updated_at DESC, p.medical_profile_id LIMIT $2)",
        )
        .bind(customer_id).bind(MAX_UNUSED_PROFILES).execute(conn).await.map(|_| ())
    })
    .context("cannot let old medical profiles go")?;
    tx.commit().await?;
    Ok(saved.map(|(id,)| id))
}

/// A stored profile as read back.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredProfile {
    pub customer_id: i64,
    pub country_code: String,
    pub state: i64,
    pub city: i64,
    pub profile: serde_json::Value,
}

pub async fn find_profile(db: &Db, conversation: &ConversationId) -> anyhow::Result<Option<StoredProfile>> {
    let row: Option<(i64, String, i64, i64, String)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT customer_id, country_code, state, city, profile FROM medical_profile WHERE conversation_id = $1",
        )
        .bind(conversation.as_str()).fetch_optional(pool).await
    })
    .context("cannot read the medical profile")?;
    row.map(|(customer_id, country_code, state, city, profile)| {
        Ok(StoredProfile {
            customer_id,
            country_code,
            state,
            city,
            profile: serde_json::from_str(&profile).context("stored medical profile")?,
        })
    })
    .transpose()
}

/// The customer's most recent medical profile, if they ever sent one.
pub async fn latest_profile(db: &Db, customer_id: i64) -> anyhow::Result<Option<serde_json::Value>> {
    let row: Option<(String,)> = on_pool!(db, pool => {
        sqlx::query_as(
            "SELECT profile FROM medical_profile WHERE customer_id = $1 \
             ORDER BY updated_at DESC, medical_profile_id DESC LIMIT 1",
        )
        .bind(customer_id).fetch_optional(pool).await
    })
    .context("cannot read the medical profile")?;
    row.map(|(profile,)| serde_json::from_str(&profile).context("stored medical profile")).transpose()
}

/// What a diet request did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requested {
    /// The diet was issued now, or by an earlier request of the same conversation; it is being written.
    Issued { diet_number: String, status: PackageStatus },
    /// The customer has no profile under this conversation.
    NoProfile,
    /// The customer has no paid diet waiting for answers.
    NothingToRequest,
}

/// Issues the customer's paid diet that waits for answers: a numbered diet, not ready yet (ISSUING). The
/// customer's row is locked first, so two requests of one conversation issue one diet.
pub async fn request_diet(db: &Db, customer_id: i64, conversation: &ConversationId) -> anyhow::Result<Requested> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    super::customers::lock(&mut tx, customer_id).await?;
    if let Some(diet_number) = earlier_request(&mut tx, customer_id, conversation).await? {
        let package = diets::package_in(&mut tx, customer_id, now).await?;
        return Ok(Requested::Issued { diet_number, status: diet_package::status(&package.facts) });
    }
    let (profiles,): (i64,) = on_tx!(&mut tx, conn => {
        sqlx::query_as("SELECT COUNT(*) FROM medical_profile WHERE conversation_id = $1 AND customer_id = $2")
            .bind(conversation.as_str()).bind(customer_id).fetch_one(conn).await
    })
    .context("cannot read the medical profile")?;
    if profiles == 0 {
        return Ok(Requested::NoProfile);
    }
    let package = diets::package_in(&mut tx, customer_id, now).await?;
    let Some(order_id) = package.order_id.filter(|_| diet_package::awaits_diet_request(&package.facts)) else {
        return Ok(Requested::NothingToRequest);
    };
    let order = orders::find_for_customer(&mut tx, order_id, customer_id).await?.context("the package's order")?;
    let is_diet = |t: &str| matches!(ProductType::parse(t), Some(ProductType::Diet | ProductType::Bundle));
    let count = order.items.iter().find(|item| is_diet(&item.product_type)).and_then(|d| d.product_meta().count);
    let diet_number = format!("D-{order_id}");
    let diet = NewDiet {
        order_id,
        customer_id,
        diet_number: &diet_number,
        is_ready: false,
        starts_at: None,
        days: DIET_DAYS,
        package_count: count.filter(|c| *c > 1),
        current_diet_count: 1,
    };
    let diet_id = diets::insert_in(&mut tx, &diet).await?;
    on_tx!(&mut tx, conn => {
        sqlx::query(
            "INSERT INTO diet_request (diet_request_id, conversation_id, customer_id, customer_order_id, diet_id, \
             created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(random_id()).bind(conversation.as_str()).bind(customer_id).bind(order_id).bind(diet_id).bind(now)
        .execute(conn).await.map(|_| ())
    })
    .context("cannot store the diet request")?;
    let package = diets::package_in(&mut tx, customer_id, now).await?;
    tx.commit().await?;
    Ok(Requested::Issued { diet_number, status: diet_package::status(&package.facts) })
}

/// The diet number an earlier request of this customer's conversation issued.
async fn earlier_request(
    tx: &mut Tx,
    customer_id: i64,
    conversation: &ConversationId,
) -> anyhow::Result<Option<String>> {
    let row: Option<(String,)> = on_tx!(tx, conn => {
        sqlx::query_as(
            "SELECT d.diet_number FROM diet_request r JOIN diet d ON d.diet_id = r.diet_id \
             WHERE r.conversation_id = $1 AND r.customer_id = $2",
        )
        .bind(conversation.as_str()).bind(customer_id).fetch_optional(conn).await
    })
    .context("cannot read the diet request")?;
    Ok(row.map(|(number,)| number))
}
