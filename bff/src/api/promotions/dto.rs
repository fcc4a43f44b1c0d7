use std::collections::BTreeMap;

use poem_openapi::{Enum, Object};

use crate::{
    api::shop::invoice::InvoiceDto,
    domain::promotion::{DiscountMeta, DiscountRule},
};

/// `{code, orderId}`: a code typed by the customer (trimmed, any case) for one of their orders.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ApplyCodeRequest {
    pub code: String,
    pub order_id: i64,
}

/// What a code takes off one product: exactly one of the two.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
#[oai(skip_serializing_if_is_none)]
pub struct DiscountRuleDto {
    /// Percent of the final price, 0–100.
    pub percent: Option<i64>,
    /// Toman off the final price.
    pub amount: Option<i64>,
}

impl From<DiscountRule> for DiscountRuleDto {
    fn from(rule: DiscountRule) -> Self {
        match rule {
            DiscountRule::Percent(p) => DiscountRuleDto { percent: Some(i64::from(p.get())), amount: None },
            DiscountRule::Amount(a) => DiscountRuleDto { percent: None, amount: Some(a.get()) },
        }
    }
}

#[derive(Object, Debug)]
pub struct DiscountDto {
    /// The stored (upper-case) code.
    pub code: String,
    /// Product id → rule; the products of the basket the code applies to are among the keys.
    pub meta: BTreeMap<String, DiscountRuleDto>,
}

impl DiscountDto {
    pub fn new(code: String, meta: &DiscountMeta) -> Self {
        DiscountDto { code, meta: meta.iter().map(|(id, rule)| (id.to_string(), (*rule).into())).collect() }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct AppliedCodeReply {
    /// Keep it (`lemonadeUsedDiscountId`) to cancel the code.
    pub used_discount_id: i64,
    pub discount: DiscountDto,
    pub invoice: InvoiceDto,
}

/// The only status change a customer may ask for.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UsedDiscountChange {
    Canceled,
}

#[derive(Object, Debug)]
pub struct ChangeUsedDiscountRequest {
    pub status: UsedDiscountChange,
}

#[derive(Object, Debug)]
pub struct InvoiceReply {
    pub invoice: InvoiceDto,
}
