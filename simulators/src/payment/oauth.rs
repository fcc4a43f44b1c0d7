//! Bearer tokens for the gateways that log merchants in first (SnappPay, Digipay, Tara): issued
//! by each one's token call, valid for that gateway only, expiring on the scaled clock.

use std::time::Duration;

use crate::exchange::Call;
use crate::payment::wire;
use crate::scenario::Gateway;

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
