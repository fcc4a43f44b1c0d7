//! The product catalogue: product model, the `where` filter of the products call and the sort rule.
use std::collections::BTreeMap;

use poem_openapi::{Enum, Object};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Toman;

/// Sort value of a product without `meta.showOrder` [PR-41].
pub const DEFAULT_SHOW_ORDER: i64 = 1_000_000;
/// The tag a catalogue query filters on when it names none.
pub const DEFAULT_TAG: &str = "DIET";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum, Serialize, Deserialize)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ProductType {
    Diet,
    Bundle,
    Tag,
    PartnerDiscount,
    Mentor,
}

impl ProductType {
    pub fn as_str(self) -> &'static str {
        match self {
            ProductType::Diet => "DIET",
            ProductType::Bundle => "BUNDLE",
            ProductType::Tag => "TAG",
            ProductType::PartnerDiscount => "PARTNER_DISCOUNT",
            ProductType::Mentor => "MENTOR",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Self::Diet, Self::Bundle, Self::Tag, Self::PartnerDiscount, Self::Mentor]
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(s))
    }
}

/// Which programme a diet product is: a paid order holding one is a profile order, which sends the
/// customer to the matching wizard [RG-17, RG-18].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum DietType {
    /// A first programme: the packages send the customer to `SELECT_F_AFTER_PROF`.
    Prof,
    /// A later programme: the packages send the customer to `SELECT_F_RECOVER_AFTER_PROF`.
    AfterProf,
}

impl DietType {
    /// The catalogue spells it as the wire does.
    pub fn parse(text: &str) -> Option<DietType> {
        poem_openapi::types::ParseFromParameter::parse_from_parameter(text).ok()
    }
}

/// A sub-product listed inside a bundle card.
#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase")]
pub struct SubProduct {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle2: Option<String>,
    pub product_type: ProductType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub images: Option<ProductImages>,
}

#[derive(Debug, Clone, PartialEq, Object, Serialize, Deserialize)]
#[oai(skip_serializing_if_is_none)]
pub struct ProductImages {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
}

/// Product meta: what the cards, the cart and the points rules read. Stored as JSON text.
#[derive(Debug, Clone, Default, PartialEq, Object, Serialize, Deserialize)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
#[serde(rename_all = "camelCase")]
pub struct ProductMeta {
    /// `NORMAL` or `PREMIUM`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_code: Option<String>,
    #[oai(rename = "ui_component")]
    #[serde(default, rename = "ui_component", skip_serializing_if = "Option::is_none")]
    pub ui_component: Option<String>,
    /// `PLUS` or `CROWN`.
    #[oai(rename = "ui_component_badgeIcon")]
    #[serde(default, rename = "ui_component_badgeIcon", skip_serializing_if = "Option::is_none")]
    pub ui_component_badge_icon: Option<String>,
    /// Length of the programme in months.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_duration: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_allowed_mentor: Option<bool>,
    /// `d` marks the partner-gift TAG product.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select_package_type: Option<String>,
    /// For TAG products: the tag they lead to, e.g. `PARTNERS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// e.g. `LIMOO_PLUS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variation: Option<String>,
    /// e.g. `PARTNER_DISCOUNT`.
    #[oai(rename = "type")]
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Catalogue tags such as `DIET`, `KONKUR`, `MIND`, `MENTOR`, `PARTNER_DISCOUNT`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// Shown in the featured section of the flat list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub featured: Option<bool>,
    /// Ascending sort value; absent means 1000000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_order: Option<i64>,
    /// `PROF` (a first programme) or `AFTER_PROF` (a later one): a paid order holding such an item is a
    /// profile order, which sends the customer to the matching wizard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diet_type: Option<String>,
    /// Points may not bring this item's price below this many toman.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_allowed_price_after_points: Option<i64>,
    /// When set, the product is listed only for these utm campaigns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm_campaigns: Option<Vec<String>>,
    /// Sub-products of a bundle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub products: Option<Vec<SubProduct>>,
    /// Payment methods this product may be paid with, first = the default [PR-48].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_gateways: Option<Vec<String>>,
    /// Where the success page's 'track order' button leads [PM-67].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_tracking_url: Option<String>,
    /// Shown on the success page after this product is paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_success_message: Option<String>,
    /// The Gumroad product an international customer pays through.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gumroad_permalink: Option<String>,
    /// The product's texts for pages in another language, by language tag (`tr`); the product's own texts are
    /// the Persian ones. A basket line keeps them in its meta, so an invoice shows them too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translations: Option<BTreeMap<String, ProductTexts>>,
}

/// What a product shows of itself in one language; a text left out shows the Persian one.
#[derive(Debug, Clone, Default, PartialEq, Object, Serialize, Deserialize)]
#[oai(skip_serializing_if_is_none)]
pub struct ProductTexts {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle2: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Product {
    pub id: i64,
    pub service: String,
    pub product_type: ProductType,
    pub title: String,
    pub subtitle: Option<String>,
    pub subtitle2: Option<String>,
    pub description: Option<String>,
    pub price: Toman,
    pub final_price: Toman,
    pub currency: String,
    pub is_enabled: bool,
    pub meta: ProductMeta,
}

impl Product {
    pub fn is_premium(&self) -> bool {
        let premium = |v: &Option<String>| v.as_deref() == Some("PREMIUM");
        premium(&self.meta.product_code) || premium(&self.meta.ui_component)
    }

    pub fn has_tag(&self, tag: &str) -> bool {
        self.meta.tags.iter().flatten().any(|t| t.eq_ignore_ascii_case(tag))
    }

    /// Ascending sort key [PR-41, PR-42]: `showOrder`, then for diets count + 0.1 (normal) or + 0.2
    /// (premium), kept in tenths so the key stays an integer; other products follow the diets.
    pub fn sort_key(&self) -> (i64, i64) {
        let show_order = self.meta.show_order.unwrap_or(DEFAULT_SHOW_ORDER);
        let within = match (self.product_type, self.meta.count) {
            (ProductType::Diet, Some(count)) => {
                count.saturating_mul(10).saturating_add(if self.is_premium() { 2 } else { 1 })
            }
            _ => i64::MAX,
        };
        (show_order, within)
    }
}

/// Sorts in place by [`Product::sort_key`]; the sort is stable, so ties keep their stored order.
pub fn sort(products: &mut [Product]) {
    products.sort_by_key(Product::sort_key);
}

/// Feature flag `filterNormalDiet`: keep only premium diets, other product types untouched [PR-43].
pub fn keep_premium_diets(products: &mut Vec<Product>) {
    products.retain(|p| p.product_type != ProductType::Diet || p.is_premium());
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    #[error("`where` is not a JSON object")]
    NotAnObject,
    #[error("unknown filter field `{0}`")]
    UnknownField(String),
    #[error("filter field `{field}` expects {expected}")]
    BadValue { field: &'static str, expected: &'static str },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum TagFilter {
    Any,
    Tag(String),
}

/// The `where` filter of `GET /lemonade/api/products` (spec 2 §7, spec 3 §7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductFilter {
    service: String,
    product_types: Option<Vec<ProductType>>,
    is_enabled: Option<bool>,
    ids: Option<Vec<i64>>,
    tag: TagFilter,
    meta_type_like: Option<String>,
}

impl ProductFilter {
    /// Parses the JSON text of `where`; `service` defaults to `default_service`, `isEnabled` to true,
    /// `meta.tags` to DIET.
    pub fn parse(where_json: Option<&str>, default_service: &str) -> Result<Self, FilterError> {
        let mut filter = ProductFilter {
            service: default_service.to_owned(),
            product_types: None,
            is_enabled: Some(true),
            ids: None,
            tag: TagFilter::Tag(DEFAULT_TAG.into()),
            meta_type_like: None,
        };
        let Some(text) = where_json.filter(|t| !t.trim().is_empty()) else { return Ok(filter) };
        let value: Value = serde_json::from_str(text).map_err(|_| FilterError::NotAnObject)?;
        let Value::Object(fields) = value else { return Err(FilterError::NotAnObject) };
        for (key, value) in fields {
            match key.as_str() {
                "service" => filter.service = string(&value, "service")?,
                "productType" => {
                    let types = one_or_inq(&value, "productType", |v| v.as_str().and_then(ProductType::parse))?;
                    filter.product_types = Some(types);
                }
                "isEnabled" => {
                    let enabled =
                        value.as_bool().ok_or(FilterError::BadValue { field: "isEnabled", expected: "a boolean" })?;
                    filter.is_enabled = Some(enabled);
                }
                "id" => filter.ids = Some(one_or_inq(&value, "id", id_value)?),
                "meta.tags" => {
                    filter.tag = match value {
                        Value::Null => TagFilter::Any,
                        other => TagFilter::Tag(string(&other, "meta.tags")?),
                    }
                }
                "meta.type" => {
                    let like = value.get("like").unwrap_or(&value);
                    filter.meta_type_like = Some(string(like, "meta.type")?);
                }
                _ => return Err(FilterError::UnknownField(key)),
            }
        }
        Ok(filter)
    }

    pub fn service(&self) -> &str {
        &self.service
    }

    /// Whether a product of this filter's service passes the other conditions and the campaign rule.
    pub fn matches(&self, product: &Product, utm_campaign: Option<&str>) -> bool {
        let campaign_ok = match &product.meta.utm_campaigns {
            Some(campaigns) => utm_campaign.is_some_and(|c| campaigns.iter().any(|x| x == c)),
            None => true,
        };
        product.service.eq_ignore_ascii_case(&self.service)
            && campaign_ok
            && self.product_types.as_ref().is_none_or(|types| types.contains(&product.product_type))
            && self.is_enabled.is_none_or(|enabled| product.is_enabled == enabled)
            && self.ids.as_ref().is_none_or(|ids| ids.contains(&product.id))
            && match &self.tag {
                TagFilter::Any => true,
                TagFilter::Tag(tag) => product.has_tag(tag),
            }
            && self
                .meta_type_like
                .as_ref()
                .is_none_or(|like| product.meta.kind.as_deref().is_some_and(|k| k.contains(like.as_str())))
    }
}

fn string(value: &Value, field: &'static str) -> Result<String, FilterError> {
    value.as_str().map(str::to_owned).ok_or(FilterError::BadValue { field, expected: "a string" })
}

fn id_value(value: &Value) -> Option<i64> {
    value.as_i64().or_else(|| value.as_str().and_then(|s| s.parse().ok()))
}

/// `x` or `{"inq": [x, …]}`.
fn one_or_inq<T>(
    value: &Value,
    field: &'static str,
    item: impl Fn(&Value) -> Option<T>,
) -> Result<Vec<T>, FilterError> {
    let bad = FilterError::BadValue { field, expected: "a value or {\"inq\": [values]}" };
    match value.get("inq") {
        Some(Value::Array(items)) => items.iter().map(|v| item(v).ok_or(bad.clone())).collect(),
        Some(_) => Err(bad),
        None => item(value).map(|v| vec![v]).ok_or(bad),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diet(id: i64, count: i64, premium: bool) -> Product {
        Product {
            id,
            service: "LIMOO_SHOP".into(),
            product_type: ProductType::Diet,
            title: format!("diet {id}"),
            subtitle: None,
            subtitle2: None,
            description: None,
            price: Toman::ZERO,
            final_price: Toman::ZERO,
            currency: "تومان".into(),
            is_enabled: true,
            meta: ProductMeta {
                count: Some(count),
                product_code: Some(if premium { "PREMIUM" } else { "NORMAL" }.into()),
                tags: Some(vec!["DIET".into()]),
                ..Default::default()
            },
        }
    }

    #[test]
    fn diets_sort_by_count_then_normal_before_premium() {
        let mut list = vec![diet(1, 3, false), diet(2, 1, true), diet(3, 1, false)];
        sort(&mut list);
        assert_eq!(list.iter().map(|p| p.id).collect::<Vec<_>>(), vec![3, 2, 1]);
    }

    #[test]
    fn show_order_wins_over_the_diet_key() {
        let mut first = diet(1, 6, true);
        first.meta.show_order = Some(5);
        let mut list = vec![diet(2, 1, false), first];
        sort(&mut list);
        assert_eq!(list[0].id, 1);
    }

    #[test]
    fn filter_defaults_to_the_diet_tag_and_service() {
        let filter = ProductFilter::parse(None, "LIMOO_SHOP").unwrap();
        assert!(filter.matches(&diet(1, 1, false), None));
        let mut konkur = diet(2, 1, false);
        konkur.meta.tags = Some(vec!["KONKUR".into()]);
        assert!(!filter.matches(&konkur, None));
    }

    #[test]
    fn filter_rejects_unknown_fields() {
        assert_eq!(
            ProductFilter::parse(Some(r#"{"colour":"red"}"#), "LIMOO_SHOP"),
            Err(FilterError::UnknownField("colour".into()))
        );
        assert_eq!(ProductFilter::parse(Some("[1]"), "LIMOO_SHOP"), Err(FilterError::NotAnObject));
    }
}
