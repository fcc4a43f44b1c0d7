//! The tracking calls' failures.
use crate::{
    api::error::{AreaFailure, area_failure},
    limits::TooLarge,
    messages,
};

area_failure! {
    /// Failures of the session and analytics calls; `err.code` is the HTTP status as text.
    pub enum TrackingFailure(handler = "TrackingFailure::malformed") {
        /// A required field is empty, `meta` is larger than 8 KiB or a text larger than 1 KiB.
        400 => BadRequest,
        /// No session with this id that the caller may change.
        404 => NotFound,
        /// Calls from this address, or from everyone, came too often (`details` says when to try again).
        429 => TooManyRequests,
        500 => Internal,
    }
}

impl From<TooLarge> for TrackingFailure {
    fn from(refused: TooLarge) -> Self {
        TrackingFailure::bad_request(messages::FIELD_TOO_LARGE, refused)
    }
}
