use poem_openapi::{ApiResponse, payload::Json};

use crate::{
    api::error::{AreaFailure, ErrorEnvelope},
    messages,
    shop::points::PointsError,
};

/// Failures of the points calls; `err.code` is the HTTP status as text.
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "PointsFailure::malformed")]
pub enum PointsFailure {
    /// Points held on another order, reserved for a payment, nothing usable on this order, no points
    /// on the order, or the order is paid.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// Missing or invalid bearer token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    /// No such order for this customer.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl AreaFailure for PointsFailure {
    fn with_status(status: u16, body: Json<ErrorEnvelope>) -> Self {
        match status {
            404 => PointsFailure::NotFound(body),
            500 => PointsFailure::Internal(body),
            _ => PointsFailure::BadRequest(body),
        }
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

impl From<anyhow::Error> for PointsFailure {
    fn from(error: anyhow::Error) -> Self {
        PointsFailure::unexpected(&error)
    }
}
