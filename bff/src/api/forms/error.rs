use poem_openapi::{ApiResponse, payload::Json};

use crate::{
    api::error::{AreaFailure, ErrorEnvelope, area_failure},
    domain::perfect_body::RegistrationError,
    limits::TooLarge,
    messages,
    throttle::Throttled,
};

area_failure! {
    /// Failures of the answer-record calls; `err.code` is the HTTP status as text.
    pub enum FormAnswersFailure(handler = "FormAnswersFailure::malformed") {
        /// The answers do not fit the form: unknown form type, question, option or step, a rule broken (the
        /// rule's Persian message), or a record of another form type. `details.messages` has one line per problem,
        /// `{question}: {why}` (at most 20, sent values cut at 64 characters). Answers larger than 64 KiB as JSON,
        /// or a text (formType, formId, userId, step, utm_campaign) larger than 1 KiB, are refused with their own message.
        400 => BadRequest,
        /// No record with this id that the caller may change: unknown, another customer's, or anonymous and the edit
        /// token missing or wrong (the three look the same).
        404 => NotFound,
        /// New records came too often from this address, or from everyone (`details` says when to try again).
        429 => TooManyRequests,
        500 => Internal,
    }
}

impl FormAnswersFailure {
    pub fn invalid(details: Vec<String>) -> Self {
        FormAnswersFailure::BadRequest(Json(ErrorEnvelope::new("400", messages::FORM_ANSWERS_INVALID, details)))
    }

    /// A field over its cap (`limits`): nothing of it is checked or stored.
    pub fn too_large(refused: TooLarge) -> Self {
        FormAnswersFailure::bad_request(messages::FIELD_TOO_LARGE, refused)
    }

    pub fn not_found(id: i64) -> Self {
        FormAnswersFailure::NotFound(Json(ErrorEnvelope::new(
            "404",
            messages::FORM_ANSWERS_NOT_FOUND,
            vec![format!("no form answers {id}")],
        )))
    }
}

/// The code of every perfect-body failure [ER-57].
pub const JSP_ERROR: &str = "JSP_ERROR";

/// Failures of the perfect-body landing calls; `err.code` is always `JSP_ERROR` [ER-57].
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "perfect_body_bad_request")]
pub enum PerfectBodyFailure {
    /// A missing field, or one out of range: `err.message` is the field's Persian message, `details.messages[0]`
    /// names the field.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// No registration gave this referral.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    /// Registrations came too often from this address, or from everyone.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl From<RegistrationError> for PerfectBodyFailure {
    fn from(error: RegistrationError) -> Self {
        let message = match error {
            RegistrationError::Gender => messages::PERFECT_BODY_GENDER,
            RegistrationError::Day | RegistrationError::Month | RegistrationError::Year => {
                messages::PERFECT_BODY_BIRTH_DATE
            }
            RegistrationError::Weight => messages::PERFECT_BODY_WEIGHT,
            RegistrationError::Height => messages::PERFECT_BODY_HEIGHT,
        };
        PerfectBodyFailure::BadRequest(Json(ErrorEnvelope::new(JSP_ERROR, message, vec![error.to_string()])))
    }
}

impl From<Throttled> for PerfectBodyFailure {
    fn from(refused: Throttled) -> Self {
        let detail = vec![refused.to_string()];
        PerfectBodyFailure::TooManyRequests(Json(ErrorEnvelope::new(JSP_ERROR, messages::TOO_MANY_REQUESTS, detail)))
    }
}

impl From<anyhow::Error> for PerfectBodyFailure {
    fn from(error: anyhow::Error) -> Self {
        let mut envelope = ErrorEnvelope::internal(&error);
        envelope.err.code = JSP_ERROR.to_owned();
        PerfectBodyFailure::Internal(Json(envelope))
    }
}

impl PerfectBodyFailure {
    pub fn referral_not_found(referral: &str) -> Self {
        PerfectBodyFailure::NotFound(Json(ErrorEnvelope::new(
            JSP_ERROR,
            messages::PERFECT_BODY_REFERRAL_NOT_FOUND,
            vec![format!("no registration {referral}")],
        )))
    }
}

fn perfect_body_bad_request(error: poem::Error) -> PerfectBodyFailure {
    PerfectBodyFailure::BadRequest(Json(ErrorEnvelope::new(JSP_ERROR, messages::BAD_REQUEST, vec![error.to_string()])))
}
