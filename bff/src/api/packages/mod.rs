//! The older diet-package flow (spec 3 §7): packages info, selecting a package, promotion codes as multipart forms
//! and whether products were bought. Every order goes through the shop's code (see `shop::packages`).
use poem::web::Data;
use poem_openapi::{OpenApi, param::Query, payload::Json};

pub mod dto;
pub mod error;

use self::{
    dto::{
        CancelPromotionForm, PackagesInfoDto, PromotionChange, PromotionStatusReply, PromotionUsageForm,
        SelectPackageRequest, SelectedPackageReply, SucceedOrdersReply,
    },
    error::PackageFailure,
};
use super::{
    ApiTags,
    promotions::error::PromotionFailure,
    security::{CustomerToken, MaybeCustomer},
};
use crate::{
    api::error::AreaFailure,
    domain::Toman,
    messages,
    shop::{
        packages::{self, Flow, Selection},
        promotions,
    },
    state::AppState,
};

/// Most product ids `orders/succeed` reads.
const MAX_PRODUCT_IDS: usize = 20;
const DEFAULT_PACKAGE_TYPE: &str = "NORMAL";

fn signed_in(customer: &MaybeCustomer) -> Result<i64, PackageFailure> {
    customer.customer_id().ok_or_else(PackageFailure::need_login_first)
}

/// `NORMAL` or `PREMIUM`, any case; anything else is refused.
fn package_type(asked: Option<&str>) -> Result<&'static str, PackageFailure> {
    match asked.map(str::trim) {
        None | Some("") => Ok(DEFAULT_PACKAGE_TYPE),
        Some(t) if t.eq_ignore_ascii_case("NORMAL") => Ok("NORMAL"),
        Some(t) if t.eq_ignore_ascii_case("PREMIUM") => Ok("PREMIUM"),
        Some(_) => Err(PackageFailure::bad_request(messages::PACKAGE_FAILED, "packagetype is NORMAL or PREMIUM")),
    }
}

pub struct PackagesApi;

#[OpenApi(tag = "ApiTags::Packages")]
impl PackagesApi {
    /// Packages info for a new package: the offers of the package type with their hami and bundle prices, and the
    /// customer's points. A customer whose diet runs gets `EXTEND_DIET_FOUND` and asks the extend variant [DS-31],
    /// unless `orExtend` is true: then the extend info answers at once, `flow` saying which it is.
    #[oai(path = "/diet/package-infos", method = "get", operation_id = "packageInfos")]
    async fn package_infos(
        &self,
        state: Data<&AppState>,
        customer: MaybeCustomer,
        /// `NORMAL` (default) or `PREMIUM`.
        packagetype: Query<Option<String>>,
        /// Answer the extend info for a customer whose diet runs instead of `EXTEND_DIET_FOUND`.
        #[oai(name = "orExtend")]
        or_extend: Query<Option<bool>>,
    ) -> Result<Json<PackagesInfoDto>, PackageFailure> {
        let customer_id = signed_in(&customer)?;
        let kind = package_type(packagetype.0.as_deref())?;
        let flow = Some(Flow::New).filter(|_| or_extend.0 != Some(true));
        Ok(Json(packages::info(&state.db, &state.service_name, &state.points, customer_id, flow, kind).await?.into()))
    }

    /// Packages info for extending the running diet (`dietID` is its number).
    #[oai(path = "/diets/extend/package-infos", method = "get", operation_id = "extendPackageInfos")]
    async fn extend_package_infos(
        &self,
        state: Data<&AppState>,
        customer: MaybeCustomer,
        /// `NORMAL` (default) or `PREMIUM`.
        packagetype: Query<Option<String>>,
    ) -> Result<Json<PackagesInfoDto>, PackageFailure> {
        let customer_id = signed_in(&customer)?;
        let kind = package_type(packagetype.0.as_deref())?;
        Ok(Json(
            packages::info(&state.db, &state.service_name, &state.points, customer_id, Some(Flow::Extend), kind)
                .await?
                .into(),
        ))
    }

    /// Select a package: creates the order for the offer (the bundle, or the diet and its hami), or answers the
    /// unpaid order an identical earlier selection made, and switches points on or off for it [DS-32].
    #[oai(path = "/diet/select-package", method = "post", operation_id = "selectPackage")]
    async fn select_package(
        &self,
        state: Data<&AppState>,
        customer: MaybeCustomer,
        body: Json<SelectPackageRequest>,
    ) -> Result<Json<SelectedPackageReply>, PackageFailure> {
        let customer_id = signed_in(&customer)?;
        let kind = package_type(body.package_type.as_deref())?;
        select(&state, customer_id, Flow::New, kind, &body).await
    }

    /// Select the next package of a running diet; `packageType` is not read (the running diet's type is NORMAL
    /// unless the customer asks the info for PREMIUM first, so the extend page sends NORMAL offers) [DS-32].
    #[oai(path = "/diets/extend/select-package", method = "post", operation_id = "extendSelectPackage")]
    async fn extend_select_package(
        &self,
        state: Data<&AppState>,
        customer: MaybeCustomer,
        body: Json<SelectPackageRequest>,
    ) -> Result<Json<SelectedPackageReply>, PackageFailure> {
        let customer_id = signed_in(&customer)?;
        select(&state, customer_id, Flow::Extend, DEFAULT_PACKAGE_TYPE, &body).await
    }

    /// Apply a promotion code to a package order (multipart `code`, `orderId`); `status` is `SAVED`.
    #[oai(path = "/promotionusage", method = "post", operation_id = "promotionUsage")]
    async fn promotion_usage(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        form: PromotionUsageForm,
    ) -> Result<Json<PromotionStatusReply>, PromotionFailure> {
        // The same code guessing as `/usedDiscounts`, so the same bound.
        state.throttle.code_try(token.customer_id()).map_err(PromotionFailure::throttled)?;
        let applied =
            promotions::apply(&state.db, &state.points, token.customer_id(), form.order_id, &form.code).await?;
        Ok(Json(PromotionStatusReply {
            status: PromotionChange::Saved,
            used_discount_id: Some(applied.used_discount_id),
            invoice: applied.invoice.try_into()?,
        }))
    }

    /// Cancel an applied code (multipart `usedDiscountId`); `status` is `CANCELED`.
    #[oai(path = "/cancelpromotion", method = "post", operation_id = "cancelPromotion")]
    async fn cancel_promotion(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        form: CancelPromotionForm,
    ) -> Result<Json<PromotionStatusReply>, PromotionFailure> {
        let invoice = promotions::cancel(&state.db, &state.points, token.customer_id(), form.used_discount_id).await?;
        Ok(Json(PromotionStatusReply {
            status: PromotionChange::Canceled,
            used_discount_id: None,
            invoice: invoice.try_into()?,
        }))
    }

    /// Whether the signed-in customer has a paid (`PAYMENT_SUCCESS`) order holding any of the products.
    #[oai(path = "/lemonade/api/orders/succeed", method = "get", operation_id = "succeedOrders")]
    async fn succeed_orders(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// Comma-separated product ids, at most 20.
        #[oai(name = "productId")]
        product_id: Query<String>,
    ) -> Result<Json<SucceedOrdersReply>, PackageFailure> {
        let ids: Result<Vec<i64>, _> =
            product_id.0.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::parse).collect();
        let ids = match ids {
            Ok(ids) if !ids.is_empty() && ids.len() <= MAX_PRODUCT_IDS => ids,
            _ => {
                return Err(PackageFailure::bad_request(
                    messages::BAD_REQUEST,
                    format!("productId is 1 to {MAX_PRODUCT_IDS} comma-separated ids"),
                ));
            }
        };
        let order_ids = packages::paid_orders_with(&state.db, token.customer_id(), &ids).await?;
        Ok(Json(SucceedOrdersReply { succeed: !order_ids.is_empty(), order_ids }))
    }
}

async fn select(
    state: &AppState,
    customer_id: i64,
    flow: Flow,
    package_type: &str,
    body: &SelectPackageRequest,
) -> Result<Json<SelectedPackageReply>, PackageFailure> {
    let selection =
        Selection { diet_count: body.diet_count, has_hami: body.has_hami, has_points: body.has_points, package_type };
    let invoice = packages::select(&state.db, &state.service_name, &state.points, customer_id, flow, selection).await?;
    Ok(Json(SelectedPackageReply {
        order_id: invoice.order.id,
        need_payment: invoice.totals.payable > Toman::ZERO,
        invoice: invoice.try_into()?,
    }))
}
