use poem_openapi::payload::Json;

use crate::{
    api::error::{AreaFailure, ErrorEnvelope, area_failure},
    domain::promotion::Refusal,
    messages,
    shop::{points::PaymentUnderWay, promotions::PromotionError},
};

area_failure! {
    /// Failures of the promotion-code calls; `err.code` is the HTTP status as text.
    pub enum PromotionFailure(handler = "PromotionFailure::malformed") {
        /// The code cannot be used now (expired, not yet valid, used up, the order has a code already, the order
        /// is paid: `err.reason` and `details.messages[0]` say which), names no product in the basket, or the used
        /// discount is no longer active.
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// Unknown code (`err.message` is `code not found`), or an order or used discount that is not the customer's.
        404 => NotFound,
        /// A payment of the order is under way, so its code cannot be applied or cancelled now: an online payment is
        /// open (`err.message` says how to go back to it or how long an abandoned one lasts), or a card transfer
        /// waits for review.
        409 => Conflict,
        /// The customer tried codes too often (20 at once, then one every 3 s): `details` says when to try again.
        429 => TooManyRequests,
        500 => Internal,
    }
}

impl From<PromotionError> for PromotionFailure {
    fn from(error: PromotionError) -> Self {
        use PromotionError::*;
        // ER-31's message for every code that cannot be used now; `err.reason` and the detail say why, so the
        // screen can add the specific sentence.
        let refused = |why: &str, reason: &str| {
            let body = ErrorEnvelope::new("400", messages::PROMOTION_FAILED, vec![why.to_owned()]).with_reason(reason);
            PromotionFailure::with_status(400, Json(body))
        };
        let (status, message, detail) = match &error {
            OrderNotFound => (404, messages::ORDER_NOT_FOUND, error.to_string()),
            CodeNotFound => (404, messages::PROMOTION_CODE_NOT_FOUND, error.to_string()),
            UsedDiscountNotFound => (404, messages::USED_DISCOUNT_NOT_FOUND, error.to_string()),
            Refused(Refusal::Expired) => return refused(messages::PROMOTION_EXPIRED, "CODE_EXPIRED"),
            Refused(Refusal::NotYetValid) => return refused(messages::PROMOTION_NOT_YET_VALID, "CODE_NOT_YET_VALID"),
            Refused(Refusal::UsedUp) => return refused(messages::PROMOTION_USED_UP, "CODE_USED_UP"),
            OrderHasCode => return refused(messages::PROMOTION_ORDER_HAS_CODE, "ORDER_HAS_CODE"),
            OrderPaid => return refused(messages::ORDER_ALREADY_PAID, "ORDER_PAID"),
            NotApplicable => (400, messages::PROMOTION_NOT_APPLICABLE, error.to_string()),
            NotActive => (400, messages::USED_DISCOUNT_NOT_ACTIVE, error.to_string()),
            UnderWay(PaymentUnderWay::Online) => (409, messages::ORDER_PAYMENT_OPEN, error.to_string()),
            UnderWay(PaymentUnderWay::Transfer) => (409, messages::TRANSFER_PENDING, error.to_string()),
            Unexpected(e) => return PromotionFailure::unexpected(e),
        };
        PromotionFailure::status(status, message, detail)
    }
}
