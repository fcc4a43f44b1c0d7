//! The team's points tool's failures.
use crate::{
    api::error::{AreaFailure, area_failure},
    domain::points::{GrantReasonError, GrantedPointsError},
    franchise::TeamInputError,
    messages,
    shop::points::GiveError,
};

area_failure! {
    /// Failures of the team's points grant; `err.code` is the HTTP status as text.
    pub enum StaffPointsFailure(handler = "StaffPointsFailure::malformed") {
        /// The mobile number or its country is not valid, `by` or the reason is empty or too long, the points are
        /// not 1 to 1,000,000, or the body is malformed.
        400 => BadRequest,
        /// Missing or wrong staff token (`STAFF_API_TOKEN`), or the staff API not configured.
        401 => Unauthorized,
        /// No customer has this mobile number.
        404 => NotFound,
        500 => Internal,
    }
}

impl From<TeamInputError> for StaffPointsFailure {
    fn from(error: TeamInputError) -> Self {
        crate::api::staff_franchise::error::team_input(error)
    }
}

impl From<GrantedPointsError> for StaffPointsFailure {
    fn from(error: GrantedPointsError) -> Self {
        Self::bad_request(messages::STAFF_POINTS_OUT_OF_RANGE, error)
    }
}

impl From<GrantReasonError> for StaffPointsFailure {
    fn from(error: GrantReasonError) -> Self {
        Self::bad_request(messages::STAFF_POINTS_REASON, error)
    }
}

impl From<GiveError> for StaffPointsFailure {
    fn from(error: GiveError) -> Self {
        let detail = error.to_string();
        match error {
            GiveError::UnknownCustomer => Self::status(404, messages::STAFF_CUSTOMER_NOT_FOUND, detail),
            GiveError::Unexpected(error) => Self::unexpected(&error),
        }
    }
}
