//! Sign-in: who gets codes how, registration, login, token refresh and logout.
pub mod otp;
pub mod refresh;
pub mod revocations;
pub mod tokens;

use crate::{
    config::AuthSettings,
    domain::{
        EmailAddress, MobileNumber, OtpCode, country,
        email::EmailError,
        mobile_number::{IRAN, MobileNumberError},
        otp_code::OtpCodeError,
    },
    store::{
        Db,
        customers::{self, AuthType, Customer, NewCustomer},
        now_ms, revoked_tokens,
    },
};
use otp::{Caller, Delivery, Sender, SentCode};
use revocations::Revocations;
use tokens::{Claims, TokenKeys};

/// Everything sign-in can refuse. The API maps each to a status, a code and a Persian message.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("unknown country id {0}")]
    UnknownCountry(i64),
    #[error(transparent)]
    Mobile(#[from] MobileNumberError),
    #[error(transparent)]
    Email(#[from] EmailError),
    #[error(transparent)]
    Code(#[from] OtpCodeError),
    #[error("this number is not registered")]
    NotRegistered,
    /// A registration code (e-mailed to an address the caller chose) for a number that has a customer: it must
    /// never sign anyone in to that customer.
    #[error("this number is already registered")]
    AlreadyRegistered,
    /// Numbers of SMS countries prove themselves by SMS, never by an e-mail address the caller chose.
    #[error("numbers of this country get their codes by SMS")]
    SmsNumber,
    #[error("customers of this country sign in by e-mail: register the address first")]
    EmailRequired,
    #[error("mobile number and file number do not match")]
    ProfileNumberMismatch,
    #[error("no code was sent to this number")]
    NoCode,
    #[error("the code is wrong")]
    WrongCode,
    #[error("the code has expired")]
    CodeExpired,
    #[error("the code was already used")]
    CodeUsed,
    #[error("too many wrong tries for this code")]
    CodeLocked,
    #[error("a code was sent recently; wait {seconds} s")]
    ResendTooSoon { seconds: i64 },
    #[error("too many codes requested this hour")]
    HourlyLimit,
    #[error("the code could not be delivered")]
    ProviderFailed,
    #[error("missing, expired or revoked credential")]
    InvalidToken,
    /// Storing the new customer failed: the older signup store's UNSECCESFULL_ADD_PERSONAL_INFO [ER-10].
    #[error("the customer could not be stored")]
    AddCustomerFailed(#[source] anyhow::Error),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// The sign-in channel for a number: a registered customer's own, else by country.
fn channel_for(settings: &AuthSettings, customer: Option<&Customer>, country_id: i64) -> AuthType {
    match customer {
        Some(c) => c.auth_type.clone(),
        None if settings.sms_country_ids.contains(&country_id) => AuthType::Sms,
        None => AuthType::Email,
    }
}

pub fn parse_mobile(raw: &str, country_id: i64) -> Result<MobileNumber, AuthError> {
    let country = country::find(country_id).ok_or(AuthError::UnknownCountry(country_id))?;
    let dial = if country_id == IRAN { "98" } else { country.code.as_str() };
    Ok(MobileNumber::parse(raw, country_id, dial)?)
}

pub struct MobileStatus {
    pub registered: bool,
    pub channel: AuthType,
}

pub async fn check_mobile(db: &Db, settings: &AuthSettings, mobile: &MobileNumber) -> Result<MobileStatus, AuthError> {
    let customer = customers::find_by_mobile(db, mobile).await?;
    Ok(MobileStatus {
        registered: customer.is_some(),
        channel: channel_for(settings, customer.as_ref(), mobile.country_id()),
    })
}

/// Sends a code by the number's channel: SMS, or the registered customer's e-mail.
#[tracing::instrument(skip_all)]
pub async fn send_code(state: Sender<'_>, mobile: &MobileNumber, caller: &Caller) -> Result<SentCode, AuthError> {
    let customer = customers::find_by_mobile(state.db, mobile).await?;
    deliver(state, mobile, customer.as_ref(), caller).await
}

async fn deliver(
    state: Sender<'_>,
    mobile: &MobileNumber,
    customer: Option<&Customer>,
    caller: &Caller,
) -> Result<SentCode, AuthError> {
    match channel_for(state.settings, customer, mobile.country_id()) {
        AuthType::Sms => otp::send(state, mobile, Delivery::Sms(mobile), None, caller).await,
        AuthType::Email => {
            let address = customer.and_then(|c| c.email.as_deref()).ok_or(AuthError::EmailRequired)?;
            let email = EmailAddress::parse(address)?;
            otp::send(state, mobile, Delivery::Email(&email), None, caller).await
        }
    }
}

/// Registration by e-mail, for a new number of a country served by e-mail: the code goes to `email`, which is kept
/// for the customer on success. The address is the caller's choice, so the code may only ever create a customer.
#[tracing::instrument(skip_all)]
pub async fn send_email_code(
    state: Sender<'_>,
    mobile: &MobileNumber,
    email: &EmailAddress,
    caller: &Caller,
) -> Result<SentCode, AuthError> {
    if customers::find_by_mobile(state.db, mobile).await?.is_some() {
        return Err(AuthError::AlreadyRegistered);
    }
    if channel_for(state.settings, None, mobile.country_id()) == AuthType::Sms {
        return Err(AuthError::SmsNumber);
    }
    otp::send(state, mobile, Delivery::Email(email), Some(email), caller).await
}

/// Login with file number: the number must belong to this mobile; then a code goes out as usual.
pub async fn send_code_for_profile_number(
    state: Sender<'_>,
    mobile: &MobileNumber,
    profile_number: &str,
    caller: &Caller,
) -> Result<SentCode, AuthError> {
    let customer = customers::find_by_mobile(state.db, mobile).await?;
    let wanted = crate::domain::mobile_number::latin_digits(profile_number);
    match customer {
        Some(c) if c.profile_number == wanted => deliver(state, mobile, Some(&c), caller).await,
        _ => Err(AuthError::ProfileNumberMismatch),
    }
}

/// A signed-in customer: the bearer token and the refresh credential for the cookie.
pub struct SignedIn {
    pub customer: Customer,
    pub token: String,
    pub refresh: String,
}

/// Confirms the code and registers the customer, or signs in one who already exists.
#[tracing::instrument(skip_all)]
pub async fn register(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    mobile: &MobileNumber,
    code: &OtpCode,
    first_name: &str,
    last_name: &str,
) -> Result<SignedIn, AuthError> {
    let verified = otp::verify(db, settings, tokens, mobile, code).await?;
    let email = verified.pending_email.as_deref().map(EmailAddress::parse).transpose()?;
    let auth_type = if verified.channel == "email" { AuthType::Email } else { AuthType::Sms };
    let new = NewCustomer { mobile, email: email.as_ref(), first_name, last_name, auth_type };
    let customer = if email.is_some() {
        // An e-mailed registration code proves the address, not the number: it signs in only the customer it
        // created, never one who registered meanwhile.
        customers::insert(db, new).await.map_err(AuthError::AddCustomerFailed)?.ok_or(AuthError::AlreadyRegistered)?
    } else {
        customers::insert_or_get(db, new).await.map_err(AuthError::AddCustomerFailed)?
    };
    crate::franchise::accept_referral(db, mobile, customer.id).await;
    sign_in(db, settings, tokens, customer).await
}

/// Signs in an existing customer with the code sent to them.
#[tracing::instrument(skip_all)]
pub async fn login(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    mobile: &MobileNumber,
    code: &OtpCode,
) -> Result<SignedIn, AuthError> {
    let customer = customers::find_by_mobile(db, mobile).await?.ok_or(AuthError::NotRegistered)?;
    if otp::verify(db, settings, tokens, mobile, code).await?.pending_email.is_some() {
        // A code e-mailed for registering the number while it was free: it proves nothing about this customer.
        return Err(AuthError::AlreadyRegistered);
    }
    sign_in(db, settings, tokens, customer).await
}

async fn sign_in(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    customer: Customer,
) -> Result<SignedIn, AuthError> {
    let token = tokens.issue(customer.id, now_ms() / 1000)?;
    let refresh = refresh::issue(db, settings, tokens, customer.id, None).await?;
    Ok(SignedIn { customer, token, refresh })
}

/// A new bearer token for the refresh credential, which is rotated.
#[tracing::instrument(skip_all)]
pub async fn refresh_token(
    db: &Db,
    settings: &AuthSettings,
    tokens: &TokenKeys,
    raw: &str,
) -> Result<(String, String), AuthError> {
    let (customer_id, next) = refresh::rotate(db, settings, tokens, raw).await?;
    Ok((tokens.issue(customer_id, now_ms() / 1000)?, next))
}

/// The claims of a bearer token that verifies and was not signed out.
pub async fn verify_access(
    db: &Db,
    revocations: &Revocations,
    tokens: &TokenKeys,
    token: &str,
) -> Result<Claims, AuthError> {
    let claims = tokens.verify(token).map_err(|_| AuthError::InvalidToken)?;
    if !claims.jti.is_empty() && revocations.is_revoked(db, &claims.jti).await? {
        return Err(AuthError::InvalidToken);
    }
    Ok(claims)
}

/// Signs out: the refresh credential's whole family is revoked and, when that ended a live sign-in of the bearer
/// token's customer, the token the call carried stops working on every replica (it is denied until it would have
/// expired anyway).
#[tracing::instrument(skip_all)]
pub async fn logout(
    db: &Db,
    revocations: &Revocations,
    tokens: &TokenKeys,
    refresh_credential: Option<&str>,
    access: Option<&Claims>,
) -> Result<(), AuthError> {
    let now = now_ms();
    let ended = match refresh_credential {
        Some(raw) => refresh::end_sign_in(db, tokens, raw, now).await?,
        None => None,
    };
    // A sign-in ends once, so the deny-list grows by at most one token per sign-in (each takes a code). Without
    // this, one cookie renewed again and again within its reuse grace would mint tokens to deny at request speed.
    let ends_its_sign_in =
        |claims: &&Claims| !claims.jti.is_empty() && ended.is_some() && claims.customer_id() == ended;
    if let Some(claims) = access.filter(ends_its_sign_in) {
        let expires_at = claims.exp.saturating_mul(1000);
        revoked_tokens::insert(db, &claims.jti, expires_at, now).await?;
        revocations.add(&claims.jti, expires_at);
        // Rows of expired tokens can never match one that still verifies; logouts are rare enough to tidy up here.
        revoked_tokens::purge_expired(db, now).await?;
    }
    Ok(())
}

pub async fn current_customer(db: &Db, customer_id: i64) -> Result<Customer, AuthError> {
    customers::find_by_id(db, customer_id).await?.ok_or(AuthError::InvalidToken)
}
