//! Bearer tokens for the gateways that log merchants in first (SnappPay, Digipay, Tara): issued
//! by each one's token call, valid for that gateway only, expiring on the scaled clock.

use std::time::Duration;

use poem::http::StatusCode;
use serde_json::json;

use crate::exchange::{Call, Reply};
use crate::payment::INVALID_REQUEST;
use crate::payment::wire::{self, Fields};
use crate::scenario::Gateway;

/// Checks an OAuth2 password grant with the client credentials in Basic auth (SnappPay,
/// Digipay); a refusal is the Spring-style 401 both answer with.
pub(crate) fn password_grant(call: &Call<'_>, fields: &Fields) -> Result<(), Reply> {
    let accepted = |name: &str| wire::accepted(fields.text(name).as_deref());
    let client =
        wire::basic(call).is_some_and(|(id, secret)| wire::accepted(Some(&id)) && wire::accepted(Some(&secret)));
    if client
        && accepted("username")
        && accepted("password")
        && fields.text("grant_type").as_deref() == Some("password")
    {
        return Ok(());
    }
    let body = json!({"error": "unauthorized", "error_description": "Bad credentials"});
    Err(Reply::json(StatusCode::UNAUTHORIZED, INVALID_REQUEST, &body))
}

/// A fresh token for `gateway`, valid `lifetime` (real-world time, scaled here).
pub(crate) fn issue(call: &Call<'_>, gateway: Gateway, lifetime: Duration) -> String {
    let token = format!("{}{}", wire::new_token(), wire::new_token());
    call.state.issue_access_token(gateway, token.clone(), call.state.scaled(lifetime));
    token
}

/// Whether the call carries a bearer token `gateway` issued and that has not expired.
pub(crate) fn authorised(call: &Call<'_>, gateway: Gateway) -> bool {
    wire::bearer(call).is_some_and(|token| call.state.access_token_valid(gateway, &token))
}
