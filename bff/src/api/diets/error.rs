//! The diet panel's failures: moving a diet's start, and the reserve list.
use crate::{
    api::error::{AreaFailure, area_failure},
    domain::diet_start::StartDateError,
    messages,
    store::diet_team::DietTeamError,
};

area_failure! {
    /// Failures of moving a diet's start; `err.code` is the HTTP status as text.
    pub enum StartDateFailure(handler = "StartDateFailure::malformed") {
        /// The start date is not a date, is before today or more than 60 days ahead.
        400 => BadRequest,
        /// Missing, expired or invalid bearer token.
        401 => Unauthorized,
        /// The customer has no diet with this id.
        404 => NotFound,
        /// The medical team closed the diet.
        409 => Conflict,
        500 => Internal,
    }
}

impl From<StartDateError> for StartDateFailure {
    fn from(error: StartDateError) -> Self {
        let message = match error {
            StartDateError::Unreadable => messages::START_DATE_INVALID,
            StartDateError::InThePast => messages::START_DATE_PAST,
            StartDateError::TooFar => messages::START_DATE_TOO_FAR,
        };
        Self::bad_request(message, error)
    }
}

impl From<DietTeamError> for StartDateFailure {
    fn from(error: DietTeamError) -> Self {
        match error {
            DietTeamError::DietNotFound(_) => Self::status(404, messages::DIET_NOT_FOUND, "no such diet"),
            DietTeamError::DietClosed(_) => Self::status(409, messages::DIET_CLOSED, "the diet was closed"),
            DietTeamError::DietUnderway(_) => Self::status(409, messages::DIET_UNDERWAY, "the diet has run too long"),
            DietTeamError::StartMovesUsed(_) => Self::status(409, messages::START_MOVES_USED, "no moves left"),
            DietTeamError::Unexpected(error) => Self::unexpected(&error),
            other => Self::unexpected(&anyhow::anyhow!(other)),
        }
    }
}

area_failure! {
    /// Failures of the reserve calls.
    pub enum ReserveFailure(handler = "ReserveFailure::malformed") {
        /// `dietStatus` is neither `RESERVED` nor `ENABLED`, or a parameter is malformed.
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// No such reserved diet for this customer, or another product's integration.
        404 => NotFound,
        500 => Internal,
    }
}
