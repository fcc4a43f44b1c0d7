use poem_openapi::{
    ApiResponse, Enum, Object,
    payload::Json,
    registry::{MetaResponses, Registry},
};

use crate::{
    api::error::{AreaFailure, ErrorEnvelope, area_failure},
    auth::AuthError,
    domain::{email::EmailError, mobile_number::MobileNumberError, otp_code::OtpCodeError},
    messages,
};

/// Status, code and Persian message of each sign-in failure: the one mapping both envelopes use.
pub fn describe(error: &AuthError) -> (u16, String) {
    use AuthError::*;
    let (status, message): (u16, String) = match error {
        UnknownCountry(_) => (400, messages::UNKNOWN_COUNTRY.into()),
        Mobile(MobileNumberError::Empty) => (400, messages::MOBILE_EMPTY.into()),
        Mobile(_) => (400, messages::MOBILE_INVALID.into()),
        Email(EmailError::Empty) => (400, messages::EMAIL_EMPTY.into()),
        Email(_) => (400, messages::EMAIL_INVALID.into()),
        Code(OtpCodeError::Empty) => (400, messages::CODE_EMPTY.into()),
        Code(_) => (400, messages::CODE_MALFORMED.into()),
        WrongCode => (400, messages::WRONG_CODE.into()),
        CodeExpired => (400, messages::CODE_EXPIRED.into()),
        CodeUsed => (400, messages::CODE_USED.into()),
        CodeLocked => (400, messages::CODE_LOCKED.into()),
        NoCode => (400, messages::NO_CODE.into()),
        EmailRequired => (400, messages::EMAIL_REQUIRED.into()),
        ProfileNumberMismatch => (400, messages::PROFILE_NUMBER_MISMATCH.into()),
        NotRegistered => (401, messages::NOT_REGISTERED.into()),
        AlreadyRegistered => (400, messages::ALREADY_REGISTERED.into()),
        SmsNumber => (400, messages::SMS_NUMBER.into()),
        InvalidToken => (401, messages::UNAUTHORIZED.into()),
        ResendTooSoon { seconds } => (429, messages::resend_too_soon(*seconds)),
        HourlyLimit => (429, messages::HOURLY_LIMIT.into()),
        ProviderFailed => (502, messages::PROVIDER_FAILED.into()),
        AddCustomerFailed(e) => {
            tracing::error!(error = %crate::telemetry::Bounded(e), "storing a new customer failed");
            (500, messages::SERVER_ACCESS.into())
        }
        Unexpected(e) => {
            tracing::error!(error = %crate::telemetry::Bounded(e), "sign-in failed unexpectedly");
            (500, messages::SERVER_ACCESS.into())
        }
    };
    (status, message)
}

/// Which code failure it was, for the popup's specific message under the catalogue's one: `err.code` stays the
/// status the catalogue maps (a 429 or 502 would otherwise only say "server access error", and the customer would
/// not know that waiting a minute is the cure).
fn code_reason(error: &AuthError) -> Option<&'static str> {
    use AuthError::*;
    match error {
        WrongCode => Some("WRONG_CODE"),
        CodeExpired => Some("CODE_EXPIRED"),
        CodeUsed => Some("CODE_USED"),
        CodeLocked => Some("CODE_LOCKED"),
        NoCode => Some("NO_CODE"),
        ResendTooSoon { .. } => Some("RESEND_TOO_SOON"),
        HourlyLimit => Some("HOURLY_LIMIT"),
        ProviderFailed => Some("PROVIDER_FAILED"),
        _ => None,
    }
}

area_failure! {
    /// Sign-in failures; `err.code` is the HTTP status as text, `err.reason` names a code failure.
    pub enum AuthFailure(handler = "auth_bad_request") {
        /// Invalid input, or a wrong, expired, used or locked code.
        400 => BadRequest,
        /// Not registered, or a missing, expired or revoked credential.
        401 => Unauthorized,
        /// A code was sent less than a minute ago, or the hourly limit is reached.
        429 => TooManyRequests,
        500 => Internal,
        /// The SMS or e-mail provider failed; nothing was stored, retrying is safe.
        502 => BadGateway,
    }
}

impl From<AuthError> for AuthFailure {
    fn from(error: AuthError) -> Self {
        let (status, message) = describe(&error);
        let details = if status == 500 { Vec::new() } else { vec![error.to_string()] };
        let envelope = ErrorEnvelope::new(status.to_string(), message, details);
        let envelope = match code_reason(&error) {
            Some(reason) => envelope.with_reason(reason),
            None => envelope,
        };
        let body = Json(match error {
            AuthError::ResendTooSoon { seconds } => envelope.with_retry_after(seconds),
            _ => envelope,
        });
        AuthFailure::with_status(status, body)
    }
}

fn auth_bad_request(error: poem::Error) -> AuthFailure {
    AuthFailure::BadRequest(Json(ErrorEnvelope::new("400", messages::SIGN_IN_BAD_INPUT, vec![error.to_string()])))
}

/// How an older call went, the `status` of its envelope.
#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum LegacyStatus {
    /// Done; `msg` holds the answer.
    Success,
    /// Refused or failed; `msg` says why.
    Error,
}

/// The older calls' envelope: `{status: "success" | "error", msg}`; errors add the older signup
/// store's `code` (`INVALID_MOBILE`, `OTP_FAIL`, `INVALID_OTP`, `UNSECCESFULL_ADD_PERSONAL_INFO`).
#[derive(Object, Debug)]
#[oai(skip_serializing_if_is_none)]
pub struct LegacyMessage {
    pub status: LegacyStatus,
    pub msg: String,
    pub code: Option<String>,
}

/// The older signup store's name for a failure, where it had one [ER-07…ER-10].
fn legacy_code(error: &AuthError) -> Option<&'static str> {
    use AuthError::*;
    match error {
        Mobile(_) | UnknownCountry(_) => Some("INVALID_MOBILE"),
        ProviderFailed => Some("OTP_FAIL"),
        Code(_) | WrongCode | CodeExpired | CodeUsed | CodeLocked | NoCode => Some("INVALID_OTP"),
        // The older store's own spelling, kept for the clients that compare it.
        AddCustomerFailed(_) => Some("UNSECCESFULL_ADD_PERSONAL_INFO"),
        _ => None,
    }
}

/// Failures of the older calls: the HTTP status with `{status: "error", msg}` (their own body, not the
/// envelope, hence not `area_failure!`).
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "legacy_bad_request")]
pub enum LegacyFailure {
    #[oai(status = 400)]
    BadRequest(Json<LegacyMessage>),
    #[oai(status = 401)]
    Unauthorized(Json<LegacyMessage>),
    #[oai(status = 429)]
    TooManyRequests(Json<LegacyMessage>),
    #[oai(status = 500)]
    Internal(Json<LegacyMessage>),
    #[oai(status = 502)]
    BadGateway(Json<LegacyMessage>),
}

impl From<AuthError> for LegacyFailure {
    fn from(error: AuthError) -> Self {
        let (status, msg) = describe(&error);
        let code = legacy_code(&error).map(str::to_owned);
        let body = Json(LegacyMessage { status: LegacyStatus::Error, msg, code });
        match status {
            400 => LegacyFailure::BadRequest(body),
            401 => LegacyFailure::Unauthorized(body),
            429 => LegacyFailure::TooManyRequests(body),
            502 => LegacyFailure::BadGateway(body),
            _ => LegacyFailure::Internal(body),
        }
    }
}

/// An older call's answer: its reply, or its failure in its own `{status: "error", msg}` body. poem-openapi hands a
/// `Result`'s bad-request handler to the success type only, so with a bare `Result` a form it could not read was
/// answered in the newer envelope, which these operations do not declare; this answers it as `BadRequest`.
pub struct LegacyReply<T>(pub Result<T, LegacyFailure>);

impl<T: ApiResponse> ApiResponse for LegacyReply<T> {
    const BAD_REQUEST_HANDLER: bool = true;

    fn meta() -> MetaResponses {
        <Result<T, LegacyFailure> as ApiResponse>::meta()
    }

    fn register(registry: &mut Registry) {
        <Result<T, LegacyFailure> as ApiResponse>::register(registry);
    }

    fn from_parse_request_error(error: poem::Error) -> Self {
        LegacyReply(Err(legacy_bad_request(error)))
    }
}

// Fully qualified: with `IntoResponse` imported, `AuthFailure::with_status` would be ambiguous.
impl<T: poem::IntoResponse> poem::IntoResponse for LegacyReply<T> {
    fn into_response(self) -> poem::Response {
        match self.0 {
            Ok(reply) => reply.into_response(),
            Err(failure) => poem::IntoResponse::into_response(failure),
        }
    }
}

fn legacy_bad_request(_: poem::Error) -> LegacyFailure {
    LegacyFailure::BadRequest(Json(LegacyMessage {
        status: LegacyStatus::Error,
        msg: messages::SIGN_IN_BAD_INPUT.into(),
        code: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_customer_insert_is_the_older_stores_add_personal_info_failure() {
        let error = AuthError::AddCustomerFailed(anyhow::anyhow!("insert refused"));
        assert_eq!(legacy_code(&error), Some("UNSECCESFULL_ADD_PERSONAL_INFO"));
        assert_eq!(describe(&error).0, 500);
    }

    #[test]
    fn a_wrong_code_is_the_older_stores_invalid_otp() {
        assert_eq!(legacy_code(&AuthError::WrongCode), Some("INVALID_OTP"));
    }
}
