use poem_openapi::{ApiResponse, payload::Json};

use crate::{api::error::ErrorEnvelope, messages, shop::points::PointsError};

/// Failures of the points calls; `err.code` is the HTTP status as text.
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "points_bad_request")]
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

impl From<PointsError> for PointsFailure {
    fn from(error: PointsError) -> Self {
        use PointsError::*;
        let message = match &error {
            OrderNotFound => {
                let body = ErrorEnvelope::new("404", messages::ORDER_NOT_FOUND, vec![error.to_string()]);
                return PointsFailure::NotFound(Json(body));
            }
            Unexpected(e) => return PointsFailure::Internal(Json(ErrorEnvelope::internal(e))),
            OrderPaid => messages::ORDER_ALREADY_PAID,
            HeldElsewhere => messages::POINTS_HELD_ELSEWHERE,
            Reserved => messages::POINTS_RESERVED,
            NothingUsable => messages::POINTS_MAX_USAGE,
            NoPointsOnOrder => messages::POINTS_NOT_ON_ORDER,
        };
        PointsFailure::BadRequest(Json(ErrorEnvelope::new("400", message, vec![error.to_string()])))
    }
}

impl From<anyhow::Error> for PointsFailure {
    fn from(error: anyhow::Error) -> Self {
        PointsFailure::Internal(Json(ErrorEnvelope::internal(&error)))
    }
}

fn points_bad_request(error: poem::Error) -> PointsFailure {
    PointsFailure::BadRequest(Json(ErrorEnvelope::new("400", messages::BAD_REQUEST, vec![error.to_string()])))
}
