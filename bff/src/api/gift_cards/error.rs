//! The gift-card calls' failures.
use crate::{
    api::error::{AreaFailure, area_failure},
    domain::gift_card::RedeemError,
    messages,
    shop::gift_cards::GiftCardError,
};

area_failure! {
    /// Failures of the gift-card calls; `err.code` names the refusal.
    pub enum GiftCardFailure(handler = "GiftCardFailure::malformed") {
        /// `INVALID_CODE` (no such card, or not a code) or `INVALID_SELECTED_PRODUCT_ID` (the choice is not one of
        /// the card's products, or is no longer for sale).
        400 => BadRequest,
        /// Missing or invalid bearer token: the gift flow needs a signed-in customer.
        401 => Unauthorized,
        /// `USED_CODE` (the card already paid for an order) or `user-has-active-diet` (a diet is running; support
        /// can reserve the gift).
        409 => Conflict,
        /// The customer tried codes too often (20 at once, then one every 3 s): `details` says when to try again.
        429 => TooManyRequests,
        500 => Internal,
    }
}

impl From<RedeemError> for GiftCardFailure {
    fn from(error: RedeemError) -> Self {
        let (status, message) = match error {
            RedeemError::InvalidCode => (400, messages::GIFT_INVALID_CODE),
            RedeemError::InvalidSelectedProductId => (400, messages::GIFT_INVALID_PRODUCT),
            RedeemError::UsedCode => (409, messages::GIFT_USED_CODE),
            RedeemError::UserHasActiveDiet => (409, messages::GIFT_ACTIVE_DIET),
        };
        GiftCardFailure::named(status, error.code(), message, vec![message.to_owned()])
    }
}

impl From<GiftCardError> for GiftCardFailure {
    fn from(error: GiftCardError) -> Self {
        match error {
            GiftCardError::Refused(refused) => refused.into(),
            GiftCardError::Unexpected(e) => GiftCardFailure::unexpected(&e),
        }
    }
}
