use anyhow::Context;

use super::{Db, Tx, now_ms, on_pool, on_tx};
use crate::domain::{EmailAddress, MobileNumber};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthType {
    Sms,
    Email,
}

impl AuthType {
    pub fn as_str(&self) -> &'static str {
        match self {
            AuthType::Sms => "sms",
            AuthType::Email => "email",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Customer {
    pub id: i64,
    pub mobile: MobileNumber,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub auth_type: AuthType,
    pub profile_number: String,
}

#[derive(sqlx::FromRow)]
struct CustomerRow {
    customer_id: i64,
    mobile: String,
    country_id: i64,
    email: Option<String>,
    first_name: String,
    last_name: String,
    auth_type: String,
    profile_number: String,
}

impl From<CustomerRow> for Customer {
    fn from(row: CustomerRow) -> Self {
        Customer {
            id: row.customer_id,
            mobile: MobileNumber::from_canonical(row.mobile, row.country_id),
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            auth_type: if row.auth_type == "email" { AuthType::Email } else { AuthType::Sms },
            profile_number: row.profile_number,
        }
    }
}

const COLUMNS: &str = "customer_id, mobile, country_id, email, first_name, last_name, auth_type, profile_number";

pub async fn find_by_mobile(db: &Db, mobile: &MobileNumber) -> anyhow::Result<Option<Customer>> {
    let sql = format!("SELECT {COLUMNS} FROM customer WHERE mobile = $1");
    let row: Option<CustomerRow> = on_pool!(db, pool => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(mobile.canonical()).fetch_optional(pool).await
    })
    .context("cannot read customer")?;
    Ok(row.map(Customer::from))
}

pub async fn find_by_id(db: &Db, id: i64) -> anyhow::Result<Option<Customer>> {
    let sql = format!("SELECT {COLUMNS} FROM customer WHERE customer_id = $1");
    let row: Option<CustomerRow> = on_pool!(db, pool => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await
    })
    .context("cannot read customer")?;
    Ok(row.map(Customer::from))
}

pub struct NewCustomer<'a> {
    pub mobile: &'a MobileNumber,
    pub email: Option<&'a EmailAddress>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub auth_type: AuthType,
}

/// Creates the customer unless one with this mobile exists (a concurrent registration may have won);
/// either way returns the stored customer.
pub async fn insert_or_get(db: &Db, new: NewCustomer<'_>) -> anyhow::Result<Customer> {
    let mobile = new.mobile;
    match insert(db, new).await? {
        Some(customer) => Ok(customer),
        None => find_by_mobile(db, mobile).await?.context("the customer holding this mobile vanished"),
    }
}

/// Creates the customer; `None` when one with this mobile exists, so that only the registration that stored the
/// row goes on as its owner.
pub async fn insert(db: &Db, new: NewCustomer<'_>) -> anyhow::Result<Option<Customer>> {
    // Ids and file numbers are random: no sequence to coordinate between replicas or backends.
    for _ in 0..3 {
        let id = random_id();
        let profile_number = format!("{:08}", id % 100_000_000);
        let inserted = on_pool!(db, pool => {
            sqlx::query(
                "INSERT INTO customer (customer_id, mobile, country_id, email, first_name, last_name, auth_type, \
                 profile_number, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
            )
            .bind(id)
            .bind(new.mobile.canonical())
            .bind(new.mobile.country_id())
            .bind(new.email.map(EmailAddress::as_str))
            .bind(new.first_name)
            .bind(new.last_name)
            .bind(new.auth_type.as_str())
            .bind(&profile_number)
            .bind(now_ms())
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })
        .context("cannot store customer")?;
        let stored = find_by_mobile(db, new.mobile).await?;
        match stored {
            Some(customer) if inserted == 1 && customer.id == id => return Ok(Some(customer)),
            Some(_) => return Ok(None),
            // Nothing stored and no customer with this mobile: the random id or file number collided.
            None => tracing::warn!(inserted, "customer id collision, retrying"),
        }
    }
    anyhow::bail!("could not allocate a customer id")
}

/// Largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE_ID: i64 = (1 << 53) - 1;

/// A positive random id that survives JSON in a browser: larger numbers lose digits there, and the
/// web app would then ask for an order that does not exist.
pub fn random_id() -> i64 {
    use rand::{Rng, TryRngCore};
    rand::rngs::OsRng.unwrap_err().random_range(1..=MAX_SAFE_ID)
}

/// 32 random bytes, hex: the answer records' and visit sessions' edit tokens, refresh credentials and the random
/// fallback secret.
pub fn random_hex() -> String {
    use rand::TryRngCore;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.try_fill_bytes(&mut bytes).expect("the operating system's random source works");
    hex::encode(bytes)
}

/// Locks the customer's row until the transaction ends: a no-op write, which both databases serialize, so two
/// transactions that decide on the customer's whole state (their running diet, say) run one after the other.
pub async fn lock(tx: &mut Tx, customer_id: i64) -> anyhow::Result<()> {
    on_tx!(&mut *tx, conn => {
        sqlx::query("UPDATE customer SET customer_id = customer_id WHERE customer_id = $1")
            .bind(customer_id).execute(conn).await.map(|_| ())
    })
    .context("cannot lock the customer")
}
