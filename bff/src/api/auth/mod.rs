//! Sign-in area: the auth calls of spec 1 §7, the country table, and the older aliases over the
//! same handlers with their own `{status, msg}` envelope.
use poem::{Request, web::Data};
use poem_openapi::{
    ApiResponse, OpenApi,
    param::{Cookie, Query},
    payload::{Form, Json},
};

pub mod dto;
pub mod error;

use self::{
    dto::*,
    error::{AuthFailure, LegacyFailure, LegacyMessage, LegacyReply, LegacyStatus},
};
use super::{
    ApiTags,
    error::ErrorEnvelope,
    security::{CustomerToken, MaybeCustomer, caller, client_ip},
};
use crate::{
    auth::{self, AuthError, SignedIn, otp::Sender},
    domain::{EmailAddress, OtpCode, country, country::Country, mobile_number::IRAN},
    franchise, limits, messages,
    state::AppState,
};

/// Name of the HttpOnly cookie that holds the rotating refresh credential.
pub const REFRESH_COOKIE: &str = "limoo_refresh";

type AuthResult<T> = Result<Json<T>, AuthFailure>;

#[derive(ApiResponse)]
pub enum SignedInResponse {
    /// Signed in: the bearer token in the body, the refresh credential in an HttpOnly cookie.
    #[oai(status = 200)]
    Ok(Json<SignedInReply>, #[oai(header = "Set-Cookie")] String),
}

#[derive(ApiResponse)]
pub enum TokenResponse {
    /// A new bearer token; the refresh cookie is rotated.
    #[oai(status = 200)]
    Ok(Json<TokenReply>, #[oai(header = "Set-Cookie")] String),
    /// No refresh cookie: an anonymous visitor, with nothing to renew. Not an error, so the start-up check of
    /// every anonymous page leaves no failed request in the browser's console.
    #[oai(status = 204)]
    NoSession,
}

#[derive(ApiResponse)]
pub enum LogoutResponse {
    /// Signed out; the refresh cookie is cleared and revoked.
    #[oai(status = 200)]
    Ok(Json<LegacyMessage>, #[oai(header = "Set-Cookie")] String),
}

#[derive(ApiResponse)]
pub enum LegacyLoginResponse {
    #[oai(status = 200)]
    Ok(Json<LegacyTokenReply>, #[oai(header = "Set-Cookie")] String),
}

fn refresh_cookie(state: &AppState, value: &str, max_age_seconds: i64) -> String {
    let secure = if state.auth.cookie_secure { "; Secure" } else { "" };
    format!("{REFRESH_COOKIE}={value}; Max-Age={max_age_seconds}; Path=/; HttpOnly; SameSite=Strict{secure}")
}

fn signed_in_cookie(state: &AppState, signed_in: &SignedIn) -> String {
    refresh_cookie(state, &signed_in.refresh, state.auth.refresh_ttl_days * 24 * 3600)
}

fn success(msg: &str) -> LegacyMessage {
    LegacyMessage { status: LegacyStatus::Success, msg: msg.into(), code: None }
}

pub struct AuthApi;

#[OpenApi(tag = "ApiTags::Auth")]
impl AuthApi {
    /// Whether a mobile number is registered, and whether its codes go by SMS or e-mail. A `referral` for a number
    /// not registered yet is kept for its registration within the hour (the number's latest check wins; junk and
    /// unknown codes are ignored, never answered with an error).
    #[oai(path = "/auth/check-mobile", method = "post", operation_id = "checkMobile")]
    async fn check_mobile(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<CheckMobileRequest>,
    ) -> AuthResult<CheckMobileReply> {
        let mobile = body.identity.mobile()?;
        let status = auth::check_mobile(&state.db, &state.auth, &mobile).await?;
        let referral = body.referral.as_deref();
        let ip = client_ip(req);
        franchise::remember_referral(
            &state.db,
            &mobile,
            status.registered,
            referral,
            &ip,
            state.auth.otp_hourly_per_ip,
        )
        .await;
        Ok(Json(CheckMobileReply {
            is_registered: status.registered,
            authentication_type: AuthenticationType::from(&status.channel),
        }))
    }

    /// Send a sign-in code to the number (or to a registered e-mail customer's address).
    #[oai(path = "/auth/otp", method = "post", operation_id = "sendCode")]
    async fn send_code(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<MobileIdentity>,
    ) -> AuthResult<CodeSentReply> {
        send_code_to(&state, req, &body).await
    }

    /// Send a code to verify the mobile number; same rules as `/auth/otp`.
    #[oai(path = "/auth/verify-mobile", method = "post", operation_id = "verifyMobile")]
    async fn verify_mobile(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<MobileIdentity>,
    ) -> AuthResult<CodeSentReply> {
        send_code_to(&state, req, &body).await
    }

    /// Send a registration code to an e-mail address (customers of countries served by e-mail).
    #[oai(path = "/auth/register/email", method = "post", operation_id = "sendEmailCode")]
    async fn send_email_code(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<EmailCodeRequest>,
    ) -> AuthResult<CodeSentReply> {
        let mobile = body.identity.mobile()?;
        let email = EmailAddress::parse(&body.email).map_err(AuthError::from)?;
        Ok(Json(auth::send_email_code(Sender::from(*state), &mobile, &email, &caller(req)).await?.into()))
    }

    /// Login with file number: the file number must belong to the mobile; a code is then sent.
    #[oai(path = "/auth/profile-number", method = "post", operation_id = "sendCodeByProfileNumber")]
    async fn profile_number(
        &self,
        state: Data<&AppState>,
        req: &Request,
        body: Json<ProfileNumberRequest>,
    ) -> AuthResult<CodeSentReply> {
        let mobile = body.identity.mobile()?;
        Ok(Json(
            auth::send_code_for_profile_number(Sender::from(*state), &mobile, &body.profile_number, &caller(req))
                .await?
                .into(),
        ))
    }

    /// Register with the code just sent (an existing customer is simply signed in).
    #[oai(path = "/auth/register", method = "post", operation_id = "register")]
    async fn register(
        &self,
        state: Data<&AppState>,
        body: Json<RegisterRequest>,
    ) -> Result<SignedInResponse, AuthFailure> {
        // The names are stored as sent.
        limits::short_texts([
            ("firstName", Some(body.first_name.as_str())),
            ("lastName", Some(body.last_name.as_str())),
        ])
        .map_err(|refused| {
            let envelope = ErrorEnvelope::new("400", messages::FIELD_TOO_LARGE, vec![refused.to_string()]);
            AuthFailure::BadRequest(Json(envelope))
        })?;
        let mobile = body.identity.mobile()?;
        let code = OtpCode::parse(&typed_code(&body.otp, &body.otp_code)).map_err(AuthError::from)?;
        let signed_in =
            auth::register(&state.db, &state.auth, &state.tokens, &mobile, &code, &body.first_name, &body.last_name)
                .await?;
        Ok(signed_in_response(&state, signed_in))
    }

    /// Sign a registered customer in with the code just sent.
    #[oai(path = "/auth/login", method = "post", operation_id = "login")]
    async fn login(&self, state: Data<&AppState>, body: Json<LoginRequest>) -> Result<SignedInResponse, AuthFailure> {
        let mobile = body.identity.mobile()?;
        let code = OtpCode::parse(&typed_code(&body.otp, &body.otp_code)).map_err(AuthError::from)?;
        let signed_in = auth::login(&state.db, &state.auth, &state.tokens, &mobile, &code).await?;
        Ok(signed_in_response(&state, signed_in))
    }

    /// Exchange the refresh cookie for a new bearer token (the cookie rotates; a reused one is revoked). Without a
    /// refresh cookie: 204; a refresh cookie that is unknown, expired or revoked: 401.
    #[oai(path = "/auth/verify-lemonade", method = "get", operation_id = "refreshToken")]
    async fn verify_lemonade(
        &self,
        state: Data<&AppState>,
        /// `{product}_shop`; case-insensitive.
        #[oai(name = "service")]
        _service: Query<Option<String>>,
        #[oai(name = "limoo_refresh")] refresh: Cookie<Option<String>>,
    ) -> Result<TokenResponse, AuthFailure> {
        let Some(raw) = refresh.0 else { return Ok(TokenResponse::NoSession) };
        let (token, next) = auth::refresh_token(&state.db, &state.auth, &state.tokens, &raw).await?;
        let cookie = refresh_cookie(&state, &next, state.auth.refresh_ttl_days * 24 * 3600);
        Ok(TokenResponse::Ok(Json(TokenReply { lemonade_token: token }), cookie))
    }

    /// Sign out: revokes the refresh credential and clears its cookie.
    ///
    /// When the refresh cookie was of a live sign-in of the bearer token's customer, the bearer token the call
    /// carries is refused from then on (401), on every replica; a bearer token alone is not recorded.
    #[oai(path = "/app/auth/logout", method = "post", operation_id = "logout")]
    async fn logout(
        &self,
        state: Data<&AppState>,
        token: MaybeCustomer,
        #[oai(name = "limoo_refresh")] refresh: Cookie<Option<String>>,
    ) -> Result<LogoutResponse, AuthFailure> {
        auth::logout(&state.db, &state.revocations, &state.tokens, refresh.0.as_deref(), token.claims()).await?;
        Ok(LogoutResponse::Ok(Json(success(messages::LOGGED_OUT)), refresh_cookie(&state, "", 0)))
    }

    /// The signed-in customer.
    #[oai(path = "/app/auth/currentUser", method = "get", operation_id = "currentUser")]
    async fn current_user(&self, state: Data<&AppState>, token: CustomerToken) -> AuthResult<CurrentUserReply> {
        let customer = auth::current_customer(&state.db, token.customer_id()).await?;
        Ok(Json(CurrentUserReply {
            status: LegacyStatus::Success,
            msg: CurrentUserMsg {
                mobile: customer.mobile.display(),
                first_name: customer.first_name,
                last_name: customer.last_name,
            },
        }))
    }

    /// Whether the request carries a valid bearer token (one signed out counts as none).
    #[oai(path = "/api/auth/isloggedin", method = "get", operation_id = "isLoggedIn")]
    async fn is_logged_in(&self, state: Data<&AppState>, req: &Request) -> Json<LoggedInReply> {
        let token = req.header("Authorization").and_then(|h| h.strip_prefix("Bearer "));
        let is_logged_in = match token {
            Some(token) => {
                auth::verify_access(&state.db, &state.revocations, &state.tokens, token.trim()).await.is_ok()
            }
            None => false,
        };
        Json(LoggedInReply { status: LegacyStatus::Success, msg: LoggedInMsg { is_logged_in } })
    }

    /// The country table of the sign-in form (about 240 entries; Iran is 1, Turkey 220).
    #[oai(path = "/lemonade/api/countries", method = "get", operation_id = "listCountries")]
    async fn countries(&self) -> Json<Vec<Country>> {
        Json(country::all().to_vec())
    }

    /// Older send-code call (form body). Use `/auth/otp`.
    #[oai(path = "/app/auth/sendotp", method = "post", deprecated, operation_id = "legacySendOtp")]
    async fn legacy_send_otp(
        &self,
        state: Data<&AppState>,
        req: &Request,
        form: Form<LegacySendCodeForm>,
    ) -> LegacyReply<Json<LegacyMessage>> {
        LegacyReply(legacy_send(&state, req, &form).await)
    }

    /// Older send-code call (form body). Use `/auth/otp`.
    #[oai(path = "/api/auth/login/otp", method = "post", deprecated, operation_id = "legacyLoginOtp")]
    async fn legacy_login_otp(
        &self,
        state: Data<&AppState>,
        req: &Request,
        form: Form<LegacySendCodeForm>,
    ) -> LegacyReply<Json<LegacyMessage>> {
        LegacyReply(legacy_send(&state, req, &form).await)
    }

    /// Older login-or-register call (form body). Use `/auth/register`.
    #[oai(path = "/app/auth/loginorregister", method = "post", deprecated, operation_id = "legacyLoginOrRegister")]
    async fn legacy_login_or_register(
        &self,
        state: Data<&AppState>,
        form: Form<LegacyLoginForm>,
    ) -> LegacyReply<LegacyLoginResponse> {
        LegacyReply(legacy_login(&state, &form).await)
    }
}

async fn legacy_login(state: &AppState, form: &LegacyLoginForm) -> Result<LegacyLoginResponse, LegacyFailure> {
    let mobile = auth::parse_mobile(&form.mobile_number, form.country.unwrap_or(IRAN))?;
    let code = OtpCode::parse(&form.otp).map_err(AuthError::from)?;
    let signed_in = auth::register(&state.db, &state.auth, &state.tokens, &mobile, &code, "unknown", "unknown").await?;
    let cookie = signed_in_cookie(state, &signed_in);
    let msg = LegacyTokenMsg { lemonade_token: signed_in.token };
    Ok(LegacyLoginResponse::Ok(Json(LegacyTokenReply { status: LegacyStatus::Success, msg }), cookie))
}

async fn send_code_to(state: &AppState, req: &Request, identity: &MobileIdentity) -> AuthResult<CodeSentReply> {
    let mobile = identity.mobile()?;
    Ok(Json(auth::send_code(Sender::from(state), &mobile, &caller(req)).await?.into()))
}

fn signed_in_response(state: &AppState, signed_in: SignedIn) -> SignedInResponse {
    let cookie = signed_in_cookie(state, &signed_in);
    SignedInResponse::Ok(
        Json(SignedInReply { lemonade_token: signed_in.token, user: signed_in.customer.into() }),
        cookie,
    )
}

async fn legacy_send(
    state: &AppState,
    req: &Request,
    form: &LegacySendCodeForm,
) -> Result<Json<LegacyMessage>, LegacyFailure> {
    let mobile = auth::parse_mobile(&form.mobile_number, form.country.unwrap_or(IRAN))?;
    auth::send_code(Sender::from(state), &mobile, &caller(req)).await?;
    Ok(Json(success(messages::CODE_SENT)))
}
