//! The invoice body shared by the order, promotion and points calls.
use anyhow::Context;
use poem_openapi::Object;
use serde_json::Value;

use crate::{
    domain::{
        Toman,
        catalogue::ProductType,
        invoice::{LineAmounts, discount_percent},
        order::OrderStatus,
        points::HoldStatus,
    },
    shop::invoice::Invoice,
    store::orders::BasketItemRow,
};

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct BasketItemDto {
    pub id: i64,
    pub order_id: i64,
    pub product_id: i64,
    pub title: String,
    pub subtitle: Option<String>,
    pub subtitle2: Option<String>,
    /// Price before discounts, toman.
    pub original_price: i64,
    /// Price after the catalogue and promotion discounts, before points; toman.
    pub final_price: i64,
    /// Same as `finalPrice`.
    pub price: i64,
    pub currency: String,
    pub product_type: ProductType,
    /// The product meta as it was when the order was made.
    pub meta: Value,
    /// Toman of points this line takes off.
    pub user_point_deduction: i64,
    /// The red note: 100 − ceil(final ÷ original × 100); absent when the prices are equal.
    pub discount_percent: Option<i64>,
}

/// The promotion code on an order.
#[derive(Object, Debug)]
pub struct UsedDiscountRef {
    /// The used-discount id (`lemonadeUsedDiscountId`), for cancelling.
    pub id: i64,
    pub code: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct InvoiceDto {
    pub id: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub status: OrderStatus,
    pub basket_items: Vec<BasketItemDto>,
    pub total_original_price: i64,
    /// Σ `finalPrice`.
    pub total_final_price: i64,
    /// `totalOriginalPrice − totalFinalPrice`.
    pub total_discount: i64,
    /// Payable: `totalFinalPrice − userPointDeduction`, never below 0.
    pub total_price: i64,
    /// Σ of the lines' point deductions, toman.
    pub user_point_deduction: i64,
    /// `ADDED_TO_ORDER` or `RESERVED` while the order holds points; absent otherwise.
    pub user_point_status: Option<HoldStatus>,
    /// The promotion code on the order, if any.
    pub used_discount: Option<UsedDiscountRef>,
}

/// A stored line whose product type, amounts or meta this build cannot read fails the call (500) instead of showing the
/// customer a line of another kind: the store writes only what [`ProductType::as_str`] and the meta's JSON give.
impl TryFrom<Invoice> for InvoiceDto {
    type Error = anyhow::Error;

    fn try_from(invoice: Invoice) -> anyhow::Result<Self> {
        let order_id = invoice.order.id;
        let toman = Toman::get;
        Ok(InvoiceDto {
            id: order_id,
            created_at: invoice.order.created_at,
            status: invoice.order.status,
            basket_items: invoice
                .order
                .items
                .into_iter()
                .map(|item| basket_item(order_id, item))
                .collect::<anyhow::Result<_>>()?,
            total_original_price: toman(invoice.totals.total_original),
            total_final_price: toman(invoice.totals.total_final),
            total_discount: toman(invoice.totals.total_discount),
            total_price: toman(invoice.totals.payable),
            user_point_deduction: toman(invoice.totals.points),
            user_point_status: invoice.point_status,
            used_discount: invoice.used_discount.map(|u| UsedDiscountRef { id: u.used_discount_id, code: u.code }),
        })
    }
}

fn basket_item(order_id: i64, item: BasketItemRow) -> anyhow::Result<BasketItemDto> {
    let LineAmounts { original, final_price, .. } = item.amounts()?;
    let product_type = ProductType::parse(&item.product_type).with_context(|| {
        format!(
            "basket item {} has the product type {:?}, which this build does not know",
            item.basket_item_id, item.product_type
        )
    })?;
    let meta = serde_json::from_str(&item.meta)
        .with_context(|| format!("basket item {}'s stored meta is not JSON", item.basket_item_id))?;
    Ok(BasketItemDto {
        id: item.basket_item_id,
        order_id,
        product_id: item.product_id,
        product_type,
        meta,
        discount_percent: discount_percent(original, final_price),
        original_price: item.original_price,
        final_price: item.final_price,
        price: item.final_price,
        user_point_deduction: item.user_point_deduction,
        title: item.title,
        subtitle: item.subtitle,
        subtitle2: item.subtitle2,
        currency: item.currency,
    })
}
