use poem_openapi::{ApiResponse, payload::Json};

use crate::{
    api::error::{AreaFailure, ErrorEnvelope},
    domain::medical_profile::ProfileProblem,
    messages,
};

/// Failures of the profile and diet-request calls; `err.code` names the refusal, `err.message` is Persian.
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "DietRequestFailure::malformed")]
pub enum DietRequestFailure {
    /// `INVALID_PROFILE` (`details.messages`: one line per field, `{field}: {why}`, the form rule's Persian
    /// message), `PROFILE_NOT_FOUND` (no profile sent for this conversation) or `NO_DIET_AWAITING_ANSWERS` (no
    /// paid diet waits for answers).
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// Missing or invalid bearer token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    /// `CONVERSATION_TAKEN`: the conversation holds another customer's profile.
    #[oai(status = 409)]
    Conflict(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl AreaFailure for DietRequestFailure {
    fn with_status(status: u16, body: Json<ErrorEnvelope>) -> Self {
        match status {
            401 => DietRequestFailure::Unauthorized(body),
            409 => DietRequestFailure::Conflict(body),
            500 => DietRequestFailure::Internal(body),
            _ => DietRequestFailure::BadRequest(body),
        }
    }
}

impl From<anyhow::Error> for DietRequestFailure {
    fn from(error: anyhow::Error) -> Self {
        Self::unexpected(&error)
    }
}

impl DietRequestFailure {
    fn named(status: u16, code: &str, message: &str, details: Vec<String>) -> Self {
        Self::with_status(status, Json(ErrorEnvelope::new(code, message, details)))
    }

    pub fn invalid(problems: &[ProfileProblem]) -> Self {
        Self::named(
            400,
            "INVALID_PROFILE",
            messages::PROFILE_INVALID,
            problems.iter().map(ToString::to_string).collect(),
        )
    }

    pub fn no_profile() -> Self {
        Self::named(400, "PROFILE_NOT_FOUND", messages::PROFILE_NOT_FOUND, vec![messages::PROFILE_NOT_FOUND.to_owned()])
    }

    pub fn nothing_to_request() -> Self {
        let message = messages::NO_DIET_AWAITING_ANSWERS;
        Self::named(400, "NO_DIET_AWAITING_ANSWERS", message, vec![message.to_owned()])
    }

    pub fn conversation_taken() -> Self {
        let message = messages::CONVERSATION_TAKEN;
        Self::named(409, "CONVERSATION_TAKEN", message, vec![message.to_owned()])
    }
}
