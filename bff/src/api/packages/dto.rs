use poem_openapi::{Enum, Multipart, Object};

use crate::{
    api::shop::invoice::InvoiceDto,
    domain::{Toman, catalogue::ProductType, package_offers::Offer},
    shop::packages::{Flow, PackageInfo},
};

/// One programme length. Prices in toman.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct OfferDto {
    /// Months.
    pub product_count: i64,
    /// `DIET`, or `BUNDLE` when buying with hami buys a bundle.
    pub product_type: ProductType,
    pub diet_original_price: i64,
    /// The diet's share when bought with hami (through the bundle when there is one).
    pub diet_final_price_with_hami: i64,
    pub diet_final_price_without_hami: i64,
    /// 0 when the length has no hami.
    pub hami_original_price: i64,
    pub hami_final_price_with_hami: i64,
    /// The length has a hami add-on.
    pub has_hami: bool,
    /// At least 50 % off the diet's original price through a bundle [PR-39].
    pub is_bundle_offer: bool,
    /// What the order costs with hami, before points and codes: the bundle, or the diet and its hami side by side;
    /// the diet alone when the length has no hami.
    pub total_with_hami: i64,
    /// What the order costs without hami, before points and codes.
    pub total_without_hami: i64,
}

impl From<&Offer> for OfferDto {
    fn from(offer: &Offer) -> Self {
        OfferDto {
            product_count: offer.product_count,
            product_type: offer.product_type,
            diet_original_price: offer.diet_original_price.get(),
            diet_final_price_with_hami: offer.diet_final_price_with_hami.get(),
            diet_final_price_without_hami: offer.diet_final_price_without_hami.get(),
            hami_original_price: offer.hami_original_price.get(),
            hami_final_price_with_hami: offer.hami_final_price_with_hami.get(),
            has_hami: offer.hami_product_id.is_some(),
            is_bundle_offer: offer.is_bundle_offer(),
            total_with_hami: offer.total(true).get(),
            total_without_hami: offer.total(false).get(),
        }
    }
}

/// Which selection the packages info is for.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PackageFlow {
    /// `POST /diet/select-package`.
    New,
    /// `POST /diets/extend/select-package`.
    Extend,
}

/// Packages info (spec 3 §3). The top-level prices are those of the first (shortest) offer, the page's default.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PackagesInfoDto {
    /// `NEW` for a new package, `EXTEND` for the next one of a running diet: the select call to make.
    pub flow: PackageFlow,
    /// Shortest programme first; bundle offers only when cheaper with hami [PR-40].
    pub all_offers: Vec<OfferDto>,
    /// The customer never had a diet.
    pub is_new_user: bool,
    /// The running diet's number (extend flow only); absent when there is none.
    #[oai(rename = "dietID", skip_serializing_if_is_none)]
    pub diet_id: Option<String>,
    /// False when a paid package still waits for its diet [ER-56].
    pub need_payment: bool,
    /// Always false: no Hoobar partner offer is sold.
    pub is_hoobar_offer: bool,
    /// Months of the default offer's hami, 0 without one.
    pub product_hami_count: i64,
    /// Points can be spent on package orders at all.
    pub enable_points: bool,
    /// The customer has free points.
    pub can_use_points: bool,
    /// Toman the customer's free points are worth.
    pub can_use_points_value: i64,
    pub diet_original_price: i64,
    pub diet_final_price: i64,
    pub hami_original_price: i64,
    pub hami_final_price: i64,
}

impl From<PackageInfo> for PackagesInfoDto {
    fn from(info: PackageInfo) -> Self {
        let first = info.offers.first();
        let price = |pick: fn(&Offer) -> Toman| first.map_or(0, |o| pick(o).get());
        PackagesInfoDto {
            flow: match info.flow {
                Flow::New => PackageFlow::New,
                Flow::Extend => PackageFlow::Extend,
            },
            all_offers: info.offers.iter().map(OfferDto::from).collect(),
            is_new_user: info.is_new_user,
            diet_id: info.diet_id,
            need_payment: info.need_payment,
            is_hoobar_offer: false,
            product_hami_count: first.filter(|o| o.hami_product_id.is_some()).map_or(0, |o| o.product_count),
            enable_points: info.point_value > Toman::ZERO,
            can_use_points: info.free_points > 0,
            can_use_points_value: info.free_points.saturating_mul(info.point_value.get()),
            diet_original_price: price(|o| o.diet_original_price),
            diet_final_price: price(|o| o.diet_final_price_without_hami),
            hami_original_price: price(|o| o.hami_original_price),
            hami_final_price: price(|o| o.hami_final_price_with_hami),
        }
    }
}

/// `{dietId, dietCount, hasHami, hasPoints, packageType}` [DS-32].
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SelectPackageRequest {
    /// The running diet's number (extend flow); informational, the server knows it.
    pub diet_id: Option<String>,
    /// Months of the chosen offer.
    pub diet_count: i64,
    #[oai(default)]
    pub has_hami: bool,
    /// Spend the customer's points on the order (default on) [PR-26].
    #[oai(default = "yes")]
    pub has_points: bool,
    /// `NORMAL` (default) or `PREMIUM`; the extend variant ignores it.
    pub package_type: Option<String>,
}

fn yes() -> bool {
    true
}

/// The order the selection made (or the one an identical earlier selection made).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SelectedPackageReply {
    pub order_id: i64,
    /// Something is left to pay after points.
    pub need_payment: bool,
    pub invoice: InvoiceDto,
}

/// Multipart `code`, `orderId`.
#[derive(Multipart, Debug)]
pub struct PromotionUsageForm {
    pub code: String,
    #[oai(rename = "orderId")]
    pub order_id: i64,
}

/// Multipart `usedDiscountId`.
#[derive(Multipart, Debug)]
pub struct CancelPromotionForm {
    #[oai(rename = "usedDiscountId")]
    pub used_discount_id: i64,
}

/// What the older promotion calls did to the code.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PromotionChange {
    /// The code was applied to the order.
    Saved,
    /// The applied code was cancelled.
    Canceled,
}

/// `status` says how it went: `SAVED` for an applied code, `CANCELED` for a cancelled one.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PromotionStatusReply {
    pub status: PromotionChange,
    /// Keep it to cancel the code.
    pub used_discount_id: Option<i64>,
    pub invoice: InvoiceDto,
}

/// Whether the customer has a paid order holding any of the products.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SucceedOrdersReply {
    pub succeed: bool,
    /// Those paid orders, oldest first.
    pub order_ids: Vec<i64>,
}
