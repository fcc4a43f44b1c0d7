//! The team's franchise calls' failures.
use crate::{
    api::{
        auth::error::describe,
        error::{AreaFailure, area_failure},
    },
    franchise::{FranchiseError, TeamInputError},
    messages,
};

/// The code of the failure when the customer is no member, as the panel's franchise calls answer it.
const NOT_FRANCHIZER: &str = crate::api::franchise::error::NOT_FRANCHIZER;

area_failure! {
    /// Failures of the team's franchise calls; `err.code` is the HTTP status as text, or `NOT_FRANCHIZER`.
    pub enum StaffFranchiseFailure(handler = "StaffFranchiseFailure::malformed") {
        /// The mobile number or its country is not valid, `by` is empty or too long, or the body is malformed.
        400 => BadRequest,
        /// Missing or wrong staff token (`STAFF_API_TOKEN`), or the staff API not configured.
        401 => Unauthorized,
        /// No customer has this mobile number, or (`NOT_FRANCHIZER`) the customer is not an active member to
        /// revoke, or was never a member to read.
        404 => NotFound,
        500 => Internal,
    }
}

impl From<FranchiseError> for StaffFranchiseFailure {
    fn from(error: FranchiseError) -> Self {
        let detail = error.to_string();
        match error {
            FranchiseError::UnknownCustomer => Self::status(404, messages::STAFF_CUSTOMER_NOT_FOUND, detail),
            FranchiseError::NotFranchizer => {
                Self::named(404, NOT_FRANCHIZER, messages::STAFF_NOT_FRANCHIZER, vec![detail])
            }
            FranchiseError::Unexpected(error) => Self::unexpected(&error),
        }
    }
}

impl From<TeamInputError> for StaffFranchiseFailure {
    fn from(error: TeamInputError) -> Self {
        team_input(error)
    }
}

/// A team tool's 400 for who makes the change or the customer's number (franchise membership, points grants).
pub fn team_input<F: AreaFailure>(error: TeamInputError) -> F {
    match &error {
        TeamInputError::Actor => F::bad_request(messages::STAFF_ACTOR_MISSING, error),
        TeamInputError::Mobile(auth) => F::bad_request(&describe(auth).1, error),
    }
}
