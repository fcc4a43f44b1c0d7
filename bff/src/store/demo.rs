//! Demo data: the catalogue (every product type of spec 2 §3, Persian titles, toman prices), the
//! select-package-f wizards, promotion codes, and customers with points.
use std::collections::BTreeSet;

use anyhow::Context;
use serde::Deserialize;

use super::{
    Db,
    customers::{self, AuthType, NewCustomer},
    gift_cards, points, products, promotions, wizard_configs,
};
use crate::domain::{
    EmailAddress, MobileNumber, Toman,
    catalogue::{Product, ProductMeta, ProductType},
    country,
    gift_card::GiftCode,
    mobile_number::IRAN,
    promotion::{DiscountMeta, Terms},
    wizard::WizardConfig,
};

const CATALOGUE: &str = include_str!("../../demo/catalogue.json");
const WIZARD_CONFIGS: &str = include_str!("../../demo/wizard-configs.json");
const PROMOTIONS: &str = include_str!("../../demo/promotions.json");
const CUSTOMERS: &str = include_str!("../../demo/customers.json");
pub const CURRENCY: &str = "تومان";

/// Demo gift cards (single use): one that pays for the one-month diet at once, one that offers three
/// products to choose from.
pub const GIFT_CARDS: &[(&str, &[i64])] = &[("GIFT1M", &[101]), ("GIFTPICK", &[101, 111, 121])];

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

/// The demo wizards, as stored (not yet checked against a catalogue).
pub fn wizard_configs() -> anyhow::Result<Vec<WizardConfig>> {
    serde_json::from_str(WIZARD_CONFIGS).context("demo/wizard-configs.json is malformed")
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoPromotion {
    id: i64,
    code: String,
    meta: DiscountMeta,
    valid_from: Option<i64>,
    valid_until: Option<i64>,
    max_uses: Option<i64>,
    #[serde(default)]
    used_count: i64,
}

/// The demo promotion codes.
pub fn promotions() -> anyhow::Result<Vec<promotions::Promotion>> {
    let demo: Vec<DemoPromotion> = serde_json::from_str(PROMOTIONS).context("demo/promotions.json is malformed")?;
    Ok(demo
        .into_iter()
        .map(|d| promotions::Promotion {
            id: d.id,
            code: d.code,
            meta: d.meta,
            terms: Terms {
                valid_from: d.valid_from,
                valid_until: d.valid_until,
                max_uses: d.max_uses,
                used_count: d.used_count,
            },
        })
        .collect())
}

/// Loads the shop's demo data into a database that lacks it: the catalogue when there are no products,
/// the wizards (checked against the stored catalogue) when there are none, the promotion codes when
/// there are none, the gift cards when there are none. Returns how many products were added.
pub async fn load_if_empty(db: &Db, service: &str) -> anyhow::Result<usize> {
    let mut added = 0;
    if products::count(db).await? == 0 {
        let catalogue = catalogue(service)?;
        for product in &catalogue {
            products::insert(db, product).await?;
        }
        added = catalogue.len();
    }
    if wizard_configs::count(db).await? == 0 {
        let known: BTreeSet<i64> = products::list_by_service(db, service).await?.iter().map(|p| p.id).collect();
        for config in wizard_configs()? {
            config.validate(&known).context(
                "a demo wizard names a product the stored catalogue lacks (a database from before the demo \
                 catalogue grew: start from a new one)",
            )?;
            wizard_configs::upsert(db, service, &config).await?;
        }
    }
    if promotions::count(db).await? == 0 {
        for promotion in promotions()? {
            promotions::insert(db, &promotion).await?;
        }
    }
    if gift_cards::count(db).await? == 0 {
        for (code, products) in GIFT_CARDS {
            gift_cards::insert(db, &GiftCode::parse(code)?, products).await?;
        }
    }
    Ok(added)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoCustomer {
    mobile: String,
    country_id: i64,
    email: Option<String>,
    first_name: String,
    last_name: String,
    points: i64,
}

/// The demo customers: a returning Iranian customer with 250 points, one without points, and a
/// customer in Turkey (codes by e-mail) with 100. Points are granted once; returns how many
/// customers there are.
pub async fn load_customers(db: &Db) -> anyhow::Result<usize> {
    let demo: Vec<DemoCustomer> = serde_json::from_str(CUSTOMERS).context("demo/customers.json is malformed")?;
    for d in &demo {
        let dial = country::find(d.country_id).with_context(|| format!("unknown country {}", d.country_id))?;
        let dial = if d.country_id == IRAN { "98" } else { dial.code.as_str() };
        let mobile = MobileNumber::parse(&d.mobile, d.country_id, dial)?;
        let email = d.email.as_deref().map(EmailAddress::parse).transpose()?;
        let new = NewCustomer {
            mobile: &mobile,
            email: email.as_ref(),
            first_name: &d.first_name,
            last_name: &d.last_name,
            auth_type: if email.is_some() { AuthType::Email } else { AuthType::Sms },
        };
        let customer = customers::insert_or_get(db, new).await?;
        if d.points > 0 && !points::has_grants(db, customer.id).await? {
            points::grant(db, customer.id, d.points, "demo").await?;
        }
    }
    Ok(demo.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_wizards_and_codes_parse_and_the_wizards_fit_the_catalogue() {
        let known: BTreeSet<i64> = catalogue("LIMOO_SHOP").unwrap().iter().map(|p| p.id).collect();
        let wizards = wizard_configs().unwrap();
        assert_eq!(wizards.len(), 5);
        for wizard in &wizards {
            wizard.validate(&known).unwrap();
        }
        assert_eq!(promotions().unwrap().len(), 7);
        for (code, products) in GIFT_CARDS {
            GiftCode::parse(code).unwrap();
            assert!(products.iter().all(|id| known.contains(id)), "gift card {code} names an unknown product");
        }
    }

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
