use poem_openapi::{Enum, Object};

use super::error::LegacyStatus;
use crate::{
    auth::{AuthError, otp::SentCode, parse_mobile},
    domain::{MobileNumber, mobile_number::IRAN},
    store::customers::{AuthType, Customer},
};

/// A mobile number as typed and its country. Accepts the auth service's `countryID` spelling too.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MobileIdentity {
    /// As typed: Persian or Arabic-Indic digits and 0 / 98 / +98 prefixes are accepted.
    pub mobile_number: String,
    /// Country id from `GET /lemonade/api/countries`; default 1 (Iran).
    pub country_id: Option<i64>,
    /// Same as `countryId`.
    #[oai(rename = "countryID")]
    pub country_id_upper: Option<i64>,
}

impl MobileIdentity {
    pub fn mobile(&self) -> Result<MobileNumber, AuthError> {
        parse_mobile(&self.mobile_number, self.country_id.or(self.country_id_upper).unwrap_or(IRAN))
    }
}

#[derive(Object, Debug)]
pub struct CheckMobileRequest {
    #[oai(flatten)]
    pub identity: MobileIdentity,
    /// A franchise member's referral code (6 letters and digits, e.g. `K7QM2D`): when the number is not registered
    /// yet, the customer who registers with it within the hour becomes the member's invitation. An unknown or
    /// malformed code is ignored; a check without one drops the code an earlier check kept for the number.
    pub referral: Option<String>,
}

#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum AuthenticationType {
    Sms,
    Email,
}

impl From<&AuthType> for AuthenticationType {
    fn from(t: &AuthType) -> Self {
        match t {
            AuthType::Sms => AuthenticationType::Sms,
            AuthType::Email => AuthenticationType::Email,
        }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CheckMobileReply {
    pub is_registered: bool,
    /// How this number gets its codes.
    pub authentication_type: AuthenticationType,
}

#[derive(Object, Debug)]
pub struct EmailCodeRequest {
    #[oai(flatten)]
    pub identity: MobileIdentity,
    pub email: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ProfileNumberRequest {
    #[oai(flatten)]
    pub identity: MobileIdentity,
    /// The customer's file number.
    pub profile_number: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CodeSentReply {
    pub channel: AuthenticationType,
    /// Another code can be requested after this many seconds.
    pub resend_after_seconds: i64,
    /// The code stops working after this many seconds.
    pub expires_in_seconds: i64,
}

impl From<SentCode> for CodeSentReply {
    fn from(sent: SentCode) -> Self {
        CodeSentReply {
            channel: if sent.channel == "email" { AuthenticationType::Email } else { AuthenticationType::Sms },
            resend_after_seconds: sent.resend_after_seconds,
            expires_in_seconds: sent.expires_in_seconds,
        }
    }
}

/// Registration (or confirmation of an existing customer) with the code just sent.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RegisterRequest {
    #[oai(flatten)]
    pub identity: MobileIdentity,
    /// The web app always sends `unknown`.
    #[oai(default = "unknown")]
    pub first_name: String,
    #[oai(default = "unknown")]
    pub last_name: String,
    pub otp: Option<String>,
    /// Same as `otp` (the auth service's spelling).
    #[oai(rename = "OTPCode")]
    pub otp_code: Option<String>,
    pub lemonade_auth: Option<bool>,
    pub service: Option<String>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct LoginRequest {
    #[oai(flatten)]
    pub identity: MobileIdentity,
    pub otp: Option<String>,
    #[oai(rename = "OTPCode")]
    pub otp_code: Option<String>,
    pub lemonade_auth: Option<bool>,
    pub service: Option<String>,
}

fn unknown() -> String {
    "unknown".into()
}

/// The code of a register or login request, whichever spelling carried it.
pub fn typed_code(otp: &Option<String>, otp_code: &Option<String>) -> String {
    otp.as_ref().or(otp_code.as_ref()).cloned().unwrap_or_default()
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct UserDto {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    /// `09…` for Iranian numbers, `+…` for foreign ones.
    pub mobile: String,
    pub email: Option<String>,
    pub country_id: i64,
    /// The customer's file number (login with file number).
    pub profile_number: String,
}

impl From<Customer> for UserDto {
    fn from(c: Customer) -> Self {
        UserDto {
            id: c.id,
            mobile: c.mobile.display(),
            country_id: c.mobile.country_id(),
            first_name: c.first_name,
            last_name: c.last_name,
            email: c.email,
            profile_number: c.profile_number,
        }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SignedInReply {
    /// Bearer token (JWT, `sub` = user id); refresh it with `GET /auth/verify-lemonade`.
    pub lemonade_token: String,
    pub user: UserDto,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TokenReply {
    pub lemonade_token: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CurrentUserMsg {
    pub first_name: String,
    pub last_name: String,
    pub mobile: String,
}

#[derive(Object, Debug)]
pub struct CurrentUserReply {
    pub status: LegacyStatus,
    pub msg: CurrentUserMsg,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct LoggedInMsg {
    pub is_logged_in: bool,
}

#[derive(Object, Debug)]
pub struct LoggedInReply {
    pub status: LegacyStatus,
    pub msg: LoggedInMsg,
}

/// Form body of the older send-code calls.
#[derive(Object, Debug, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LegacySendCodeForm {
    pub mobile_number: String,
    /// Country id; default 1.
    pub country: Option<i64>,
}

/// Form body of the older login-or-register call.
#[derive(Object, Debug, serde::Deserialize)]
#[oai(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct LegacyLoginForm {
    pub mobile_number: String,
    pub country: Option<i64>,
    pub otp: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct LegacyTokenMsg {
    pub lemonade_token: String,
}

#[derive(Object, Debug)]
pub struct LegacyTokenReply {
    pub status: LegacyStatus,
    pub msg: LegacyTokenMsg,
}
