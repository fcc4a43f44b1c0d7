//! Promotion codes on orders: apply one, cancel it.
use poem::web::Data;
use poem_openapi::{OpenApi, param::Path, payload::Json};

pub mod dto;
pub mod error;

use self::{
    dto::{AppliedCodeReply, ApplyCodeRequest, ChangeUsedDiscountRequest, DiscountDto, InvoiceReply},
    error::PromotionFailure,
};
use super::{ApiTags, error::AreaFailure as _, security::CustomerToken};
use crate::{shop::promotions, state::AppState};

pub struct PromotionsApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Promotions")]
impl PromotionsApi {
    /// Apply a promotion code to one of the customer's orders.
    ///
    /// Lowers the final price of the basket lines whose product ids are keys of `discount.meta`
    /// (never below 0) and re-spreads the order's points, in one transaction. One code per order;
    /// a code's use limit holds under concurrent use.
    #[oai(path = "/usedDiscounts", method = "post", operation_id = "applyPromotionCode")]
    async fn apply(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<ApplyCodeRequest>,
    ) -> Result<Json<AppliedCodeReply>, PromotionFailure> {
        state.throttle.code_try(token.customer_id()).map_err(PromotionFailure::throttled)?;
        let applied =
            promotions::apply(&state.db, &state.points, token.customer_id(), body.order_id, &body.code).await?;
        Ok(Json(AppliedCodeReply {
            used_discount_id: applied.used_discount_id,
            discount: DiscountDto::new(applied.promotion.code, &applied.promotion.meta),
            invoice: applied.invoice.try_into()?,
        }))
    }

    /// Cancel an applied code (`{"status": "CANCELED"}`): restores the prices and gives the use back.
    #[oai(path = "/usedDiscounts/:id", method = "patch", operation_id = "cancelPromotionCode")]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// The `usedDiscountId`.
        id: Path<i64>,
        _body: Json<ChangeUsedDiscountRequest>,
    ) -> Result<Json<InvoiceReply>, PromotionFailure> {
        let invoice = promotions::cancel(&state.db, &state.points, token.customer_id(), id.0).await?;
        Ok(Json(InvoiceReply { invoice: invoice.try_into()? }))
    }
}
