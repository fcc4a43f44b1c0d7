use std::collections::BTreeMap;

use poem_openapi::Object;
use serde_json::Value;

use crate::domain::{
    catalogue::{Product, ProductMeta, ProductType},
    wizard::WizardPage,
};

/// A catalogue product. Prices are integer toman.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ProductDto {
    pub id: i64,
    pub title: String,
    pub subtitle: Option<String>,
    pub subtitle2: Option<String>,
    pub description: Option<String>,
    /// Original price in toman.
    pub price: i64,
    /// Price after the catalogue discount, in toman.
    pub final_price: i64,
    /// Currency label, `تومان`.
    pub currency: String,
    pub product_type: ProductType,
    /// `{PRODUCT_CODE}_SHOP`.
    pub service: String,
    pub is_enabled: bool,
    pub meta: ProductMeta,
}

impl From<Product> for ProductDto {
    fn from(p: Product) -> Self {
        ProductDto {
            id: p.id,
            title: p.title,
            subtitle: p.subtitle,
            subtitle2: p.subtitle2,
            description: p.description,
            price: p.price.get(),
            final_price: p.final_price.get(),
            currency: p.currency,
            product_type: p.product_type,
            service: p.service,
            is_enabled: p.is_enabled,
            meta: p.meta,
        }
    }
}

/// A select-package-f wizard.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "camelCase")]
pub struct WizardConfigDto {
    pub id: String,
    /// The catalogue tag of the wizard's products, e.g. `DIET`.
    pub products_tag: String,
    /// Every enabled product the options offer, keyed by id; an option whose product is missing here
    /// is not shown.
    pub products: BTreeMap<String, ProductDto>,
    pub pages: Vec<WizardPage>,
    /// Free-form page settings, e.g. `currency`.
    pub config: BTreeMap<String, Value>,
}
