use crate::{
    api::error::{AreaFailure, area_failure},
    domain::promotion::Refusal,
    messages,
    shop::promotions::PromotionError,
};

area_failure! {
    /// Failures of the promotion-code calls; `err.code` is the HTTP status as text.
    pub enum PromotionFailure(handler = "PromotionFailure::malformed") {
        /// The code cannot be used now (expired, not yet valid, used up, the order has a code already,
        /// the order is paid: `details.messages[0]` says which), names no product in the basket, or the
        /// used discount is no longer active.
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// Unknown code (`err.message` is `code not found`), or an order or used discount that is not the customer's.
        404 => NotFound,
        500 => Internal,
    }
}

impl From<PromotionError> for PromotionFailure {
    fn from(error: PromotionError) -> Self {
        use PromotionError::*;
        let refused = |why: &str| (400, messages::PROMOTION_FAILED, why.to_owned());
        let (status, message, detail) = match &error {
            OrderNotFound => (404, messages::ORDER_NOT_FOUND, error.to_string()),
            CodeNotFound => (404, messages::PROMOTION_CODE_NOT_FOUND, error.to_string()),
            UsedDiscountNotFound => (404, messages::USED_DISCOUNT_NOT_FOUND, error.to_string()),
            Refused(Refusal::Expired) => refused(messages::PROMOTION_EXPIRED),
            Refused(Refusal::NotYetValid) => refused(messages::PROMOTION_NOT_YET_VALID),
            Refused(Refusal::UsedUp) => refused(messages::PROMOTION_USED_UP),
            OrderHasCode => refused(messages::PROMOTION_ORDER_HAS_CODE),
            OrderPaid => refused(messages::ORDER_ALREADY_PAID),
            NotApplicable => (400, messages::PROMOTION_NOT_APPLICABLE, error.to_string()),
            NotActive => (400, messages::USED_DISCOUNT_NOT_ACTIVE, error.to_string()),
            Unexpected(e) => return PromotionFailure::unexpected(e),
        };
        PromotionFailure::status(status, message, detail)
    }
}
