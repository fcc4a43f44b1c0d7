use crate::{
    api::error::{AreaFailure, area_failure},
    domain::medical_profile::ProfileProblem,
    limits::TooLarge,
    messages,
};

area_failure! {
    /// Failures of the profile and diet-request calls; `err.code` names the refusal, `err.message` is Persian.
    pub enum DietRequestFailure(handler = "DietRequestFailure::malformed") {
        /// `INVALID_PROFILE` (`details.messages`: one line per field, `{field}: {why}`, the form rule's Persian
        /// message), `PROFILE_TOO_LARGE` (over 64 KiB as JSON), `PROFILE_NOT_FOUND` (no profile sent for this
        /// conversation) or `NO_DIET_AWAITING_ANSWERS` (no paid diet waits for answers).
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// `CONVERSATION_TAKEN`: the conversation holds another customer's profile.
        409 => Conflict,
        500 => Internal,
    }
}

impl DietRequestFailure {
    pub fn invalid(problems: &[ProfileProblem]) -> Self {
        Self::named(
            400,
            "INVALID_PROFILE",
            messages::PROFILE_INVALID,
            problems.iter().map(ToString::to_string).collect(),
        )
    }

    /// `PROFILE_TOO_LARGE`: the profile is over its cap (`limits`); nothing of it is checked or stored.
    pub fn too_large(refused: TooLarge) -> Self {
        Self::named(400, "PROFILE_TOO_LARGE", messages::FIELD_TOO_LARGE, vec![refused.to_string()])
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
