//! Online payment gateways, each client written from gateways.md. Amounts cross this boundary in the
//! gateway's own unit; callers convert with [`crate::domain::payment::Unit`].
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::{
    config::PaymentSettings,
    domain::payment::{Gateway, GatewayVerdict},
};

pub mod digipay;
pub mod gumroad;
pub mod payping;
pub mod saman;
pub mod snapppay;
pub mod tara;
pub mod vandar;

/// What a payment is started with.
#[derive(Debug, Clone)]
pub struct PaymentStart {
    /// In the gateway's unit.
    pub amount: i64,
    pub callback_url: String,
    /// As this gateway takes it ([`Gateway::mobile_for`]): `09…` or `+98…` [PR-36].
    pub mobile: Option<String>,
    /// Our payment id, echoed back by the gateway.
    pub reference: String,
    /// The order the customer knows the purchase by (Digipay's basket).
    pub order_id: i64,
    pub description: String,
    /// The customer's IP address, which Tara asks for.
    pub payer_ip: Option<String>,
    /// The Gumroad product the customer buys; the other gateways ignore it.
    pub product_permalink: Option<String>,
}

/// A started payment: the gateway's handle on it and where the browser goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    pub authority: String,
    pub link: String,
}

/// A form the browser must POST to enter the gateway's page (Tara), instead of following a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrowserForm {
    pub action: String,
    pub fields: Vec<(String, String)>,
}

/// What the BFF knows when it asks whether a payment went through.
#[derive(Debug, Clone)]
pub struct VerifyRequest<'a> {
    /// Our payment id, the reference it was started with.
    pub payment_id: i64,
    pub authority: &'a str,
    /// The bank reference a callback brought (PayPing verifies with it).
    pub ref_id: Option<&'a str>,
    /// The amount from our database, in the gateway's unit.
    pub amount: i64,
    /// The Gumroad product the payment was opened for: a sale of another product does not pay it.
    pub product_permalink: Option<&'a str>,
    /// Another payment of ours holds the same reference (a callback brought another customer's proof, or raced
    /// it): a gateway's "already verified" then says that payment's verify went first, never that this one's answer
    /// was lost.
    pub ref_held_elsewhere: bool,
}

/// A payment whose money goes back: what the gateway knows it by.
#[derive(Debug, Clone)]
pub struct GiveBackRequest<'a> {
    pub payment_id: i64,
    pub authority: &'a str,
    /// The bank reference the verify settled on.
    pub ref_id: Option<&'a str>,
    /// What the payment asked for, in the gateway's unit (Digipay's refund names the amount).
    pub amount: i64,
}

/// What asking a gateway to give a payment's money back came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GiveBack {
    /// The gateway returned the money (reversed, refunded, cancelled), or had already.
    Returned,
    /// The gateway has no such call: finance refunds by hand.
    Unsupported,
    /// Unanswered, or refused for now; asked again later, and finance can refund by hand meanwhile.
    Failed(String),
    /// Refused for good (a 4xx that says no: more than the sale, not refundable): never asked again; finance
    /// refunds it by hand, with the gateway's answer.
    Refused(String),
}

impl GiveBack {
    /// A gateway's refusal (HTTP `status`): definitive when it is a 4xx that says no, rather than one about our
    /// credentials, a conflict of the moment or a rate limit.
    pub fn refused(status: u16, answer: String) -> GiveBack {
        match status {
            401 | 403 | 408 | 423 | 425 | 429 => GiveBack::Failed(answer),
            400..=499 => GiveBack::Refused(answer),
            _ => GiveBack::Failed(answer),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("the gateway is unreachable: {0}")]
    Unavailable(#[from] reqwest::Error),
    #[error("the gateway failed (HTTP {0})")]
    ServerError(u16),
    #[error("the gateway refused the payment: {0:?}")]
    Refused(Vec<String>),
    #[error("the gateway answered something unreadable (HTTP {0})")]
    Malformed(u16),
}

/// SnappPay's instalment offer for an amount [PM-37].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eligibility {
    pub eligible: bool,
    pub title: Option<String>,
    pub description: String,
}

/// The clients of every online gateway.
#[derive(Debug)]
pub struct PaymentGateways {
    vandar: vandar::VandarClient,
    payping: payping::PayPingClient,
    snapppay: snapppay::SnappPayClient,
    digipay: digipay::DigipayClient,
    tara: tara::TaraClient,
    saman: saman::SamanClient,
    gumroad: gumroad::GumroadClient,
}

impl PaymentGateways {
    pub fn new(settings: &PaymentSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.payment_gateway_timeout_seconds))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(PaymentGateways {
            vandar: vandar::VandarClient::new(http.clone(), settings),
            payping: payping::PayPingClient::new(http.clone(), settings),
            snapppay: snapppay::SnappPayClient::new(http.clone(), settings),
            digipay: digipay::DigipayClient::new(http.clone(), settings),
            tara: tara::TaraClient::new(http.clone(), settings),
            saman: saman::SamanClient::new(http.clone(), settings),
            gumroad: gumroad::GumroadClient::new(http, settings),
        })
    }

    #[tracing::instrument(skip_all, fields(gateway = gateway.as_str(), payment = %start.reference, amount = start.amount), err(level = "warn", Display))]
    pub async fn start(&self, gateway: Gateway, start: &PaymentStart) -> Result<Started, StartError> {
        match gateway {
            Gateway::Vandar => self.vandar.start(start).await,
            Gateway::PayPing => self.payping.start(start).await,
            Gateway::SnappPay => self.snapppay.start(start).await,
            Gateway::Digipay => self.digipay.start(start).await,
            Gateway::Tara => self.tara.start(start).await,
            Gateway::Saman => self.saman.start(start).await,
            Gateway::Gumroad => self.gumroad.start(start).await,
        }
    }

    /// The form the browser posts to enter a started payment's page, for gateways entered that way.
    pub fn browser_form(&self, gateway: Gateway, authority: &str) -> Option<BrowserForm> {
        (gateway == Gateway::Tara).then(|| self.tara.browser_form(authority))
    }

    /// What Gumroad charges for the product `permalink`.
    #[tracing::instrument(skip_all, fields(permalink), err(level = "warn", Display))]
    pub async fn gumroad_price(&self, permalink: &str) -> Result<gumroad::GumroadPrice, StartError> {
        self.gumroad.price(permalink).await
    }

    /// SnappPay's offer for `amount` rial to this payer (`+98…`).
    #[tracing::instrument(skip_all, fields(amount), err(level = "warn", Display))]
    pub async fn snapp_pay_eligibility(&self, amount: i64, mobile: Option<&str>) -> Result<Eligibility, StartError> {
        self.snapppay.eligibility(amount, mobile).await
    }

    /// Asks the gateway, server to server, whether the payment went through; never fails: what
    /// cannot be told now is [`GatewayVerdict::Unknown`], or [`GatewayVerdict::Unanswered`] when a call that
    /// keeps the money went out unanswered.
    #[tracing::instrument(skip_all, fields(gateway = gateway.as_str(), payment_id = request.payment_id, amount = request.amount), ret(Debug))]
    pub async fn verify(&self, gateway: Gateway, request: &VerifyRequest<'_>) -> GatewayVerdict {
        match gateway {
            Gateway::Vandar => self.vandar.verify(request).await,
            Gateway::PayPing => self.payping.verify(request).await,
            Gateway::SnappPay => self.snapppay.verify(request).await,
            Gateway::Digipay => self.digipay.verify(request).await,
            Gateway::Tara => self.tara.verify(request).await,
            Gateway::Saman => self.saman.verify(request).await,
            Gateway::Gumroad => self.gumroad.verify(request).await,
        }
    }

    /// Asks the gateway to give back the money of a payment it took (gateways.md: PayPing and Saman
    /// reverse, Digipay reverse or refund, SnappPay cancel after settle, Gumroad refund). Vandar has no such call,
    /// and Tara's refund lives in its club API with credentials of its own: those are refunded by finance.
    #[tracing::instrument(skip_all, fields(gateway = gateway.as_str(), payment_id = request.payment_id), ret(Debug))]
    pub async fn give_back(&self, gateway: Gateway, request: &GiveBackRequest<'_>) -> GiveBack {
        if !gateway.can_give_back() {
            return GiveBack::Unsupported;
        }
        match gateway {
            Gateway::PayPing => self.payping.reverse(request).await,
            Gateway::Saman => self.saman.reverse(request).await,
            Gateway::Digipay => self.digipay.reverse(request).await,
            Gateway::SnappPay => self.snapppay.cancel(request).await,
            Gateway::Gumroad => self.gumroad.refund(request).await,
            Gateway::Vandar | Gateway::Tara => GiveBack::Unsupported,
        }
    }

    /// Withdraws a payment nobody has paid yet, where the gateway allows it (PayPing `DELETE /v3/pay`
    /// before the payer reaches the bank); whether it was withdrawn. Elsewhere an unpaid payment simply
    /// runs out, and one paid after all is never verified, so the gateway returns its money by itself.
    #[tracing::instrument(skip_all, fields(gateway = gateway.as_str()), ret)]
    pub async fn withdraw(&self, gateway: Gateway, authority: &str) -> bool {
        match gateway {
            Gateway::PayPing => self.payping.withdraw(authority).await,
            _ => false,
        }
    }
}

/// A bearer token a gateway issued at login, kept until shortly before it expires.
#[derive(Debug, Default)]
struct TokenCache(tokio::sync::Mutex<Option<(String, Instant)>>);

impl TokenCache {
    /// The cached token, or a fresh one from `login` (which answers the token and its lifetime in seconds).
    async fn get<F, Fut>(&self, login: F) -> Result<String, StartError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(String, u64), StartError>>,
    {
        let mut cached = self.0.lock().await;
        if let Some((token, until)) = cached.as_ref()
            && Instant::now() < *until
        {
            return Ok(token.clone());
        }
        let (token, lifetime) = login().await?;
        // A minute's margin, so a token is never sent in its last seconds.
        let until = Instant::now() + Duration::from_secs(lifetime.saturating_sub(60));
        *cached = Some((token.clone(), until));
        Ok(token)
    }

    /// Drops the token after the gateway refused it (401), so the next call logs in again.
    async fn forget(&self) {
        *self.0.lock().await = None;
    }
}

/// An OAuth2 password grant with the client credentials in Basic auth (SnappPay, Digipay): the
/// access token and its lifetime in seconds (`default_lifetime` when the answer does not say).
async fn password_grant(
    http: &reqwest::Client,
    url: String,
    client: (&str, &str),
    form: &[(&str, &str)],
    default_lifetime: u64,
) -> Result<(String, u64), StartError> {
    let response = http.post(url).basic_auth(client.0, Some(client.1)).form(form).send().await?;
    let (status, body) = json_body(response).await;
    if status >= 500 {
        return Err(StartError::ServerError(status));
    }
    let body = body.ok_or(StartError::Malformed(status))?;
    match body["access_token"].as_str() {
        Some(token) => Ok((token.to_owned(), body["expires_in"].as_u64().unwrap_or(default_lifetime))),
        None => Err(StartError::Refused(vec![format!("login refused (HTTP {status})")])),
    }
}

/// Our payment id back from the reference the gateway echoes (Digipay's `providerId`).
pub fn payment_id_of(reference: &str) -> Option<i64> {
    reference.trim().parse().ok()
}

/// The payment of ours an answer's reference field names (a string or a number), `None` when it names none.
fn named_payment(reference: &Value) -> Option<i64> {
    match reference {
        Value::Number(number) => number.as_i64(),
        Value::String(text) => payment_id_of(text),
        _ => None,
    }
}

/// The body of an answer as JSON, `None` when it is not.
async fn json_body(response: reqwest::Response) -> (u16, Option<Value>) {
    let status = response.status().as_u16();
    let body = response.bytes().await.ok().and_then(|bytes| serde_json::from_slice(&bytes).ok());
    (status, body)
}
