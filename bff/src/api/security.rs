//! The bearer schemes: a valid `lemonadeToken` that was not signed out yields the customer's claims, the team's
//! calls need `STAFF_API_TOKEN`; anything else is a 401. Also who the client is, for per-IP limits.
use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;
use poem::{Request, http::StatusCode};
use poem_openapi::{SecurityScheme, auth::Bearer, error::AuthorizationError};

use crate::{
    auth::{self, AuthError, otp::Caller, tokens::Claims},
    domain::Language,
    state::AppState,
    throttle::{self, Throttled},
};

/// `Authorization: Bearer {lemonadeToken}`.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "customer_claims")]
pub struct CustomerToken(pub Claims);

async fn customer_claims(req: &Request, bearer: Bearer) -> poem::Result<Claims> {
    let state = req.data::<AppState>().ok_or(AuthorizationError)?;
    match auth::verify_access(&state.db, &state.revocations, &state.tokens, &bearer.token).await {
        Ok(claims) => Ok(claims),
        // The deny-list could not be read: a 500, not a 401 that would sign the customer out.
        Err(AuthError::Unexpected(error)) => {
            super::error::note_unavailability(&error);
            Err(poem::Error::from_string(format!("{error:#}"), StatusCode::INTERNAL_SERVER_ERROR))
        }
        Err(_) => Err(AuthorizationError.into()),
    }
}

/// `Authorization: Bearer {STAFF_API_TOKEN}`: the team's calls (diets, franchise membership); every one is
/// refused when the token is unset.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", checker = "staff_token")]
pub struct StaffToken(());

async fn staff_token(req: &Request, bearer: Bearer) -> Option<()> {
    let expected = req.data::<AppState>()?.staff_api_token.as_ref()?;
    expected.matches(&bearer.token).then_some(())
}

impl CustomerToken {
    /// The customer id (`sub`); `TokenKeys::verify` refuses any other subject.
    pub fn customer_id(&self) -> i64 {
        self.0.customer_id().unwrap_or_default()
    }
}

/// The client used for per-IP limits: its address ([`client_addr`]), an IPv6 client by its /64, which one
/// subscriber holds whole (counting each address would let one rotate through 2^64 of them).
pub fn client_ip(req: &Request) -> String {
    client_addr(req).map_or_else(|| "unknown".to_owned(), |client| throttle::subscriber(client).to_string())
}

/// The language the client's page shows (`Accept-Language`, which the web app sets to it), for texts the BFF writes
/// itself such as the e-mail with a code.
pub fn client_language(req: &Request) -> Language {
    Language::from_accept_language(req.header(poem::http::header::ACCEPT_LANGUAGE))
}

/// Who asks for a code: the client's address for the hourly limit and its page's language for the message.
pub fn caller(req: &Request) -> Caller {
    Caller { ip: client_ip(req), language: client_language(req) }
}

/// The client's own address, as a gateway that asks for the payer's IP wants it.
pub fn payer_ip(req: &Request) -> String {
    client_addr(req).map_or_else(|| "unknown".to_owned(), |client| client.to_string())
}

/// Admits one call of `kind` from the request's client ([`throttle`]); a request without an address (not over
/// TCP) is not counted.
pub fn admit(req: &Request, state: &AppState, kind: throttle::Kind) -> Result<(), Throttled> {
    client_addr(req).map_or(Ok(()), |client| state.throttle.admit(kind, client))
}

/// [`client_ip`] as an address; `None` when the connection has none (not TCP).
pub fn client_addr(req: &Request) -> Option<IpAddr> {
    let peer = req.remote_addr().as_socket_addr().map(SocketAddr::ip)?;
    let trusted = req.data::<AppState>().map_or(&[][..], |state| &state.trusted_proxies);
    let forwarded = req.headers().get_all("x-forwarded-for").iter().filter_map(|value| value.to_str().ok());
    Some(forwarded_client(peer, forwarded, trusted))
}

/// The standard right-to-left walk of `X-Forwarded-For`: each trusted hop vouches for the address before it,
/// so the client is the right-most address that is not a trusted proxy. A peer that is not trusted is the
/// client whatever it sends (anyone can write the header). An entry that is not an address ends the walk at
/// the last trusted hop.
pub fn forwarded_client<'a>(peer: IpAddr, headers: impl Iterator<Item = &'a str>, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    // Several headers read as one list, in order.
    let hops: Vec<&str> = headers.flat_map(|value| value.split(',')).collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Some(ip) = hop_address(hop.trim()) else { break };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// An `X-Forwarded-For` entry: an address, possibly with a port (`1.2.3.4:5678`, `[2001:db8::1]:443`).
fn hop_address(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>().ok().or_else(|| hop.parse::<SocketAddr>().ok().map(|address| address.ip()))
}

/// A bearer token when the call carries a valid one, anonymous otherwise: an expired, signed-out or foreign token
/// counts as none, so a visitor's questionnaire answers are never refused for a stale token.
#[derive(SecurityScheme)]
pub enum MaybeCustomer {
    Customer(CustomerToken),
    #[oai(fallback)]
    Anonymous,
}

impl MaybeCustomer {
    pub fn customer_id(&self) -> Option<i64> {
        self.claims().and_then(Claims::customer_id)
    }

    pub fn claims(&self) -> Option<&Claims> {
        match self {
            MaybeCustomer::Customer(token) => Some(&token.0),
            MaybeCustomer::Anonymous => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|n| n.parse().unwrap()).collect()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let client = forwarded_client(ip("203.0.113.9"), ["198.51.100.1"].into_iter(), &nets(&["10.0.0.0/8"]));
        assert_eq!(client, ip("203.0.113.9"));
        let nobody_trusted = forwarded_client(ip("10.0.0.2"), ["198.51.100.1"].into_iter(), &[]);
        assert_eq!(nobody_trusted, ip("10.0.0.2"), "no proxies are trusted by default");
    }

    #[test]
    fn a_trusted_proxy_names_the_right_most_untrusted_address() {
        let trusted = nets(&["10.0.0.0/8", "192.0.2.7/32"]);
        // The client wrote a spoofed first entry; the proxies appended the real hops.
        let forwarded = ["1.1.1.1, 198.51.100.4", "192.0.2.7"];
        assert_eq!(forwarded_client(ip("10.0.0.2"), forwarded.into_iter(), &trusted), ip("198.51.100.4"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), ["198.51.100.4:5678"].into_iter(), &trusted), ip("198.51.100.4"));
        let v6 = nets(&["2001:db8::/32"]);
        assert_eq!(forwarded_client(ip("2001:db8::1"), ["[2001:db9::5]:443"].into_iter(), &v6), ip("2001:db9::5"));
    }

    #[test]
    fn a_trusted_proxy_without_usable_forwarding_is_the_client() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(forwarded_client(ip("10.0.0.2"), std::iter::empty(), &trusted), ip("10.0.0.2"));
        assert_eq!(forwarded_client(ip("10.0.0.2"), ["1.1.1.1, garbage"].into_iter(), &trusted), ip("10.0.0.2"));
        assert_eq!(
            forwarded_client(ip("10.0.0.2"), ["10.0.0.3, 10.0.0.4"].into_iter(), &trusted),
            ip("10.0.0.3"),
            "all hops trusted: the left-most"
        );
    }
}
