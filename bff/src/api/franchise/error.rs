use crate::{
    api::error::{AreaFailure, area_failure},
    franchise::FranchiseError,
    messages,
};

/// The code a non-member gets from every franchise call; the panel then sets `isFranchizer` false [ER-54].
pub const NOT_FRANCHIZER: &str = "NOT_FRANCHIZER";

area_failure! {
    /// Failures of the franchise calls.
    pub enum FranchiseFailure(handler = "FranchiseFailure::malformed") {
        400 => BadRequest,
        /// Missing, expired or invalid bearer token: refresh it and retry once.
        401 => Unauthorized,
        /// `NOT_FRANCHIZER`: the customer is not (or no longer) a franchise member.
        403 => NotFranchizer,
        500 => Internal,
    }
}

impl From<FranchiseError> for FranchiseFailure {
    fn from(error: FranchiseError) -> Self {
        match error {
            FranchiseError::Unexpected(e) => FranchiseFailure::unexpected(&e),
            // A signed-in customer always exists; this only means they are no member.
            FranchiseError::NotFranchizer | FranchiseError::UnknownCustomer => {
                FranchiseFailure::named(403, NOT_FRANCHIZER, messages::NOT_FRANCHIZER, vec![error.to_string()])
            }
        }
    }
}
