//! The test clock's failures.
use crate::{
    api::error::{AreaFailure, area_failure},
    domain::test_clock::AdvanceError,
    messages,
};

area_failure! {
    /// Failures of the test clock's calls; `err.code` is the HTTP status as text.
    pub enum StaffClockFailure(handler = "StaffClockFailure::malformed") {
        /// A move of 0 s or less (the clock only goes forward), of more than 366 days, or a malformed body.
        400 => BadRequest,
        /// Missing or wrong staff token (`STAFF_API_TOKEN`), or the staff API not configured.
        401 => Unauthorized,
        /// The test clock is off on this deployment (`TEST_CLOCK`, never on in production), or no customer has the
        /// id a customer's clock was asked for.
        404 => NotFound,
        500 => Internal,
    }
}

impl StaffClockFailure {
    pub fn off() -> Self {
        Self::status(404, messages::TEST_CLOCK_OFF, "TEST_CLOCK is off")
    }

    pub fn no_customer(customer_id: i64) -> Self {
        Self::status(404, messages::TEST_CLOCK_NO_CUSTOMER, format!("no customer {customer_id}"))
    }
}

impl From<AdvanceError> for StaffClockFailure {
    fn from(error: AdvanceError) -> Self {
        match error {
            AdvanceError::NotForward(_) => Self::bad_request(messages::TEST_CLOCK_BACKWARDS, error),
            AdvanceError::TooFar(_) => Self::bad_request(messages::TEST_CLOCK_TOO_FAR, error),
        }
    }
}
