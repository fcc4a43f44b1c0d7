//! The medical team's diet calls' failures.
use crate::{
    api::error::{AreaFailure, area_failure},
    diet_team::TeamInputError,
    domain::diet_start::StartDateError,
    messages,
    store::diet_team::DietTeamError,
};

area_failure! {
    /// Failures of the medical team's calls; `err.code` is the HTTP status as text.
    pub enum StaffDietsFailure(handler = "StaffDietsFailure::malformed") {
        /// A field is missing, empty or out of range (days, slot, start date), or the body is malformed.
        400 => BadRequest,
        /// Missing or wrong staff token (`STAFF_API_TOKEN`), or the staff API not configured.
        401 => Unauthorized,
        /// No order or no diet with this id.
        404 => NotFound,
        /// The order is unpaid or holds no diet, or the slot's diet is written already under another number.
        409 => Conflict,
        500 => Internal,
    }
}

impl From<DietTeamError> for StaffDietsFailure {
    fn from(error: DietTeamError) -> Self {
        let detail = error.to_string();
        match error {
            DietTeamError::OrderNotFound(_) => Self::status(404, messages::ORDER_NOT_FOUND, detail),
            DietTeamError::DietNotFound(_) => Self::status(404, messages::DIET_NOT_FOUND, detail),
            DietTeamError::OrderNotPaid(_) => Self::status(409, messages::DIET_ORDER_NOT_PAID, detail),
            DietTeamError::SlotTaken { .. } => Self::status(409, messages::DIET_SLOT_TAKEN, detail),
            // The customer's own start move's refusals: the team is never refused these.
            DietTeamError::DietClosed(_) | DietTeamError::DietUnderway(_) | DietTeamError::StartMovesUsed(_) => {
                Self::unexpected(&anyhow::anyhow!(detail))
            }
            DietTeamError::Unexpected(error) => Self::unexpected(&error),
        }
    }
}

impl From<TeamInputError> for StaffDietsFailure {
    fn from(error: TeamInputError) -> Self {
        let message = match error {
            TeamInputError::StartDate(StartDateError::Unreadable) => messages::START_DATE_INVALID,
            TeamInputError::StartDate(StartDateError::InThePast) => messages::START_DATE_PAST,
            TeamInputError::StartDate(StartDateError::TooFar) => messages::START_DATE_TOO_FAR,
            _ => messages::DIET_TEAM_INVALID,
        };
        Self::bad_request(message, error)
    }
}
