use crate::{
    api::error::{AreaFailure, area_failure},
    messages,
    shop::points::{PaymentUnderWay, PointsError},
};

area_failure! {
    /// Failures of the points calls; `err.code` is the HTTP status as text.
    pub enum PointsFailure(handler = "PointsFailure::malformed") {
        /// Points held on another order, reserved for a payment, nothing usable on this order, no points
        /// on the order, or the order is paid.
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// No such order for this customer.
        404 => NotFound,
        /// A payment of the order is under way, so its points cannot be switched on or off now: an online payment is
        /// open (`err.message` says how to go back to it or how long an abandoned one lasts), or a card transfer
        /// waits for review.
        409 => Conflict,
        500 => Internal,
    }
}

impl From<PointsError> for PointsFailure {
    fn from(error: PointsError) -> Self {
        use PointsError::*;
        let (status, message) = match &error {
            OrderNotFound => (404, messages::ORDER_NOT_FOUND),
            Unexpected(e) => return PointsFailure::unexpected(e),
            OrderPaid => (400, messages::ORDER_ALREADY_PAID),
            HeldElsewhere => (400, messages::POINTS_HELD_ELSEWHERE),
            Reserved => (400, messages::POINTS_RESERVED),
            NothingUsable => (400, messages::POINTS_MAX_USAGE),
            NoPointsOnOrder => (400, messages::POINTS_NOT_ON_ORDER),
            UnderWay(PaymentUnderWay::Online) => (409, messages::ORDER_PAYMENT_OPEN),
            UnderWay(PaymentUnderWay::Transfer) => (409, messages::TRANSFER_PENDING),
        };
        PointsFailure::status(status, message, &error)
    }
}
