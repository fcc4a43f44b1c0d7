//! The payment-result calls' failures.
use crate::api::error::{AreaFailure, area_failure};

area_failure! {
    /// Failures of the mentor-link call; `err.code` names the case the success page acts on.
    pub enum MentorLinkFailure(handler = "MentorLinkFailure::malformed") {
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// `PROFILE_NUMBER_NOT_FOUND`: the customer has no profile number (the page hides the support
        /// button); `MOBILE_NUMBER_NOT_FOUND` or `USER_NOT_FOUND`: the page offers to sign in again.
        404 => NotFound,
        500 => Internal,
    }
}
