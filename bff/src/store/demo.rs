//! The demo catalogue: every product type of spec 2 §3, with Persian titles and toman prices.
use serde::Deserialize;

use super::{Db, products};
use crate::domain::{
    Toman,
    catalogue::{Product, ProductMeta, ProductType},
};

const CATALOGUE: &str = include_str!("../../demo/catalogue.json");
pub const CURRENCY: &str = "تومان";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoProduct {
    id: i64,
    product_type: ProductType,
    title: String,
    subtitle: Option<String>,
    subtitle2: Option<String>,
    description: Option<String>,
    price: i64,
    final_price: i64,
    #[serde(default = "enabled")]
    is_enabled: bool,
    meta: ProductMeta,
}

fn enabled() -> bool {
    true
}

/// The demo products for a service name such as `LIMOO_SHOP`.
pub fn catalogue(service: &str) -> anyhow::Result<Vec<Product>> {
    let demo: Vec<DemoProduct> = serde_json::from_str(CATALOGUE)?;
    demo.into_iter()
        .map(|d| {
            Ok(Product {
                id: d.id,
                service: service.to_owned(),
                product_type: d.product_type,
                title: d.title,
                subtitle: d.subtitle,
                subtitle2: d.subtitle2,
                description: d.description,
                price: Toman::new(d.price)?,
                final_price: Toman::new(d.final_price)?,
                currency: CURRENCY.to_owned(),
                is_enabled: d.is_enabled,
                meta: d.meta,
            })
        })
        .collect()
}

/// Loads the demo catalogue when the database has no products yet; returns how many were added.
pub async fn load_if_empty(db: &Db, service: &str) -> anyhow::Result<usize> {
    if products::count(db).await? > 0 {
        return Ok(0);
    }
    let catalogue = catalogue(service)?;
    for product in &catalogue {
        products::insert(db, product).await?;
    }
    Ok(catalogue.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_catalogue_parses_and_covers_every_product_type() {
        let products = catalogue("LIMOO_SHOP").unwrap();
        for kind in [
            ProductType::Diet,
            ProductType::Bundle,
            ProductType::Tag,
            ProductType::PartnerDiscount,
            ProductType::Mentor,
        ] {
            assert!(products.iter().any(|p| p.product_type == kind), "{kind:?} missing");
        }
    }
}
