//! The bearer scheme: a valid `lemonadeToken` yields the customer's claims; anything else is a 401.
use poem::Request;
use poem_openapi::{SecurityScheme, auth::Bearer};

use crate::{auth::tokens::Claims, startup::AppState};

/// `Authorization: Bearer {lemonadeToken}`.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "customer_claims")]
pub struct CustomerToken(pub Claims);

async fn customer_claims(req: &Request, bearer: Bearer) -> Option<Claims> {
    let state = req.data::<AppState>()?;
    state.tokens.verify(&bearer.token).ok()
}

impl CustomerToken {
    /// The customer id (`sub`); tokens are only issued with numeric subjects.
    pub fn customer_id(&self) -> i64 {
        self.0.customer_id().unwrap_or_default()
    }
}

/// The client address used for per-IP limits.
pub fn client_ip(req: &Request) -> String {
    req.remote_addr().as_socket_addr().map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
}

/// A bearer token when the call carries a valid one, anonymous otherwise: an expired or foreign token counts as
/// none, so a visitor's questionnaire answers are never refused for a stale token.
#[derive(SecurityScheme)]
pub enum MaybeCustomer {
    Customer(CustomerToken),
    #[oai(fallback)]
    Anonymous,
}

impl MaybeCustomer {
    pub fn customer_id(&self) -> Option<i64> {
        match self {
            MaybeCustomer::Customer(token) => token.0.customer_id(),
            MaybeCustomer::Anonymous => None,
        }
    }
}
