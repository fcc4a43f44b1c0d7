//! Limoo gift cards (spec 2 §2, §7, §8): redeeming a code and the products a code offers. Refusals carry the
//! spec's code in `err.code` and the Persian message in `err.message` and `err.details.messages`.
pub mod dto;
pub mod error;

use poem::web::Data;
use poem_openapi::{OpenApi, param::Query, payload::Json};

use self::{
    dto::{RedeemReply, RedeemRequest, RedeemedGiftDto},
    error::GiftCardFailure,
};
use super::{ApiTags, error::AreaFailure, security::CustomerToken, shop::dto::ProductDto};
use crate::{
    domain::gift_card::{GiftCode, RedeemError},
    limits, messages,
    shop::gift_cards::{self, Redemption},
    state::AppState,
    store,
};

/// A malformed code is an unknown one.
fn parse_code(raw: &str) -> Result<GiftCode, GiftCardFailure> {
    GiftCode::parse(raw).map_err(|_| RedeemError::InvalidCode.into())
}

pub struct GiftCardsApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::GiftCards")]
impl GiftCardsApi {
    /// Redeem a gift card for the signed-in customer.
    ///
    /// A card with one product option, or with `selectedProductId` among its options, becomes a paid order of
    /// that product at no charge (answered as `orderId`); the card is then used. A card with several options
    /// and no choice answers its `productOptions` and stays unused.
    #[oai(path = "/limoo-cards", method = "post", operation_id = "redeemLimooCard")]
    async fn redeem(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<RedeemRequest>,
    ) -> Result<Json<RedeemReply>, GiftCardFailure> {
        state.throttle.code_try(token.customer_id()).map_err(GiftCardFailure::throttled)?;
        // Kept with the order the card pays for, as `POST /orders` keeps it: within the same cap.
        limits::short_texts([("sessionId", body.session_id.as_deref())])
            .map_err(|refused| GiftCardFailure::bad_request(messages::FIELD_TOO_LARGE, refused))?;
        let code = parse_code(&body.gift_code)?;
        let redeemed = gift_cards::redeem(
            &state.db,
            &state.service_name,
            token.customer_id(),
            &code,
            body.selected_product_id,
            body.session_id.as_deref(),
        )
        .await?;
        Ok(Json(match redeemed {
            Redemption::Choose { options } => RedeemReply { product_options: options, order_id: None },
            Redemption::Paid { options, order_id } => {
                RedeemReply { product_options: options, order_id: Some(order_id) }
            }
        }))
    }

    /// The products an unused gift card offers, in its order, for the gift product page.
    #[oai(path = "/limoo-cards/products", method = "get", operation_id = "limooCardProducts")]
    async fn products(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// The card's code.
        #[oai(name = "giftCode")]
        gift_code: Query<String>,
    ) -> Result<Json<Vec<ProductDto>>, GiftCardFailure> {
        state.throttle.code_try(token.customer_id()).map_err(GiftCardFailure::throttled)?;
        let code = parse_code(&gift_code.0)?;
        let offered = gift_cards::options(&state.db, &state.service_name, &code).await?;
        Ok(Json(offered.into_iter().map(ProductDto::from).collect()))
    }

    /// The gifts the signed-in customer activated with a card, newest first; empty when none. The result page
    /// shows a gift as active only when it is here, not because its address says `status=success`.
    #[oai(path = "/limoo-cards/redeemed", method = "get", operation_id = "redeemedLimooCards")]
    async fn redeemed(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<Vec<RedeemedGiftDto>>, GiftCardFailure> {
        let redeemed = store::gift_cards::redeemed_by(&state.db, token.customer_id())
            .await
            .map_err(|e| GiftCardFailure::unexpected(&e))?;
        Ok(Json(
            redeemed
                .into_iter()
                .map(|r| RedeemedGiftDto {
                    order_id: r.customer_order_id,
                    product_id: r.product_id,
                    title: r.title,
                    redeemed_at: r.used_at,
                })
                .collect(),
        ))
    }
}
