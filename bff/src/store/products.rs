use anyhow::Context;

use super::{Db, now_ms, on_pool};
use crate::domain::{
    Toman,
    catalogue::{Product, ProductType},
};

#[derive(sqlx::FromRow)]
struct ProductRow {
    product_id: i64,
    service: String,
    product_type: String,
    title: String,
    subtitle: Option<String>,
    subtitle2: Option<String>,
    description: Option<String>,
    price: i64,
    final_price: i64,
    currency: String,
    is_enabled: i16,
    meta: String,
}

impl TryFrom<ProductRow> for Product {
    type Error = anyhow::Error;
    fn try_from(row: ProductRow) -> anyhow::Result<Product> {
        let context = || format!("product {} in the database is malformed", row.product_id);
        Ok(Product {
            id: row.product_id,
            product_type: ProductType::parse(&row.product_type).with_context(context)?,
            meta: serde_json::from_str(&row.meta).with_context(context)?,
            price: Toman::new(row.price).with_context(context)?,
            final_price: Toman::new(row.final_price).with_context(context)?,
            service: row.service,
            title: row.title,
            subtitle: row.subtitle,
            subtitle2: row.subtitle2,
            description: row.description,
            currency: row.currency,
            is_enabled: row.is_enabled != 0,
        })
    }
}

const COLUMNS: &str = "product_id, service, product_type, title, subtitle, subtitle2, description, \
                       price, final_price, currency, is_enabled, meta";

/// Every product of a service (case-insensitive), in id order.
pub async fn list_by_service(db: &Db, service: &str) -> anyhow::Result<Vec<Product>> {
    let sql = format!("SELECT {COLUMNS} FROM product WHERE UPPER(service) = UPPER($1) ORDER BY product_id");
    let rows: Vec<ProductRow> = on_pool!(db, pool => {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(service).fetch_all(pool).await
    })
    .context("cannot read the catalogue")?;
    rows.into_iter().map(Product::try_from).collect()
}

/// The catalogue's change counter (see the `catalogue_version` migration).
pub async fn version(db: &Db) -> anyhow::Result<i64> {
    let (version,): (i64,) = on_pool!(db, pool => {
        sqlx::query_as("SELECT version FROM catalogue_version WHERE catalogue_version_id = 1").fetch_one(pool).await
    })
    .context("cannot read the catalogue version")?;
    Ok(version)
}

/// Tells every replica's catalogue cache that products or wizard configs changed.
pub async fn catalogue_changed(db: &Db) -> anyhow::Result<()> {
    on_pool!(db, pool => {
        sqlx::query("UPDATE catalogue_version SET version = version + 1 WHERE catalogue_version_id = 1")
            .execute(pool)
            .await
            .map(|_| ())
    })
    .context("cannot move the catalogue version")?;
    Ok(())
}

pub async fn count(db: &Db) -> anyhow::Result<i64> {
    let (n,): (i64,) = on_pool!(db, pool => {
        sqlx::query_as("SELECT COUNT(*) FROM product").fetch_one(pool).await
    })?;
    Ok(n)
}

/// Inserts a product, leaving an existing one with the same id untouched; a new one moves the catalogue version.
pub async fn insert(db: &Db, product: &Product) -> anyhow::Result<()> {
    let sql = format!(
        "INSERT INTO product ({COLUMNS}, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
         ON CONFLICT (product_id) DO NOTHING"
    );
    let meta = serde_json::to_string(&product.meta)?;
    let inserted = on_pool!(db, pool => {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(product.id)
            .bind(&product.service)
            .bind(product.product_type.as_str())
            .bind(&product.title)
            .bind(&product.subtitle)
            .bind(&product.subtitle2)
            .bind(&product.description)
            .bind(product.price.get())
            .bind(product.final_price.get())
            .bind(&product.currency)
            .bind(i16::from(product.is_enabled))
            .bind(&meta)
            .bind(now_ms())
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
    })
    .with_context(|| format!("cannot store product {}", product.id))?;
    if inserted > 0 {
        catalogue_changed(db).await?;
    }
    Ok(())
}
