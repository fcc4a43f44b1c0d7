use crate::{
    api::error::{AreaFailure, area_failure},
    messages,
    shop::points::PointsError,
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
        };
        PointsFailure::status(status, message, &error)
    }
}
