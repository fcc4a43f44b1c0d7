//! Online payment gateways, each client written from gateways.md. Amounts cross this boundary in the
//! gateway's own unit; callers convert with [`crate::domain::payment::Unit`].
use std::time::Duration;

use crate::{
    config::PaymentSettings,
    domain::payment::{Gateway, GatewayVerdict},
};

pub mod payping;
pub mod vandar;

/// What a payment is started with.
#[derive(Debug, Clone)]
pub struct PaymentStart {
    /// In the gateway's unit.
    pub amount: i64,
    pub callback_url: String,
    /// `09…` [PR-36]; none for foreign numbers.
    pub mobile: Option<String>,
    /// Our payment id, echoed back by the gateway.
    pub reference: String,
    pub description: String,
}

/// A started payment: the gateway's handle on it and where the browser goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Started {
    pub authority: String,
    pub link: String,
}

/// What the BFF knows when it asks whether a payment went through.
#[derive(Debug, Clone)]
pub struct VerifyRequest<'a> {
    pub authority: &'a str,
    /// The bank reference a callback brought (PayPing verifies with it).
    pub ref_id: Option<&'a str>,
    /// The amount from our database, in the gateway's unit.
    pub amount: i64,
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

/// The clients of every online gateway.
#[derive(Debug)]
pub struct PaymentGateways {
    vandar: vandar::VandarClient,
    payping: payping::PayPingClient,
}

impl PaymentGateways {
    pub fn new(settings: &PaymentSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.payment_gateway_timeout_seconds))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(PaymentGateways {
            vandar: vandar::VandarClient::new(http.clone(), settings),
            payping: payping::PayPingClient::new(http, settings),
        })
    }

    pub async fn start(&self, gateway: Gateway, start: &PaymentStart) -> Result<Started, StartError> {
        match gateway {
            Gateway::Vandar => self.vandar.start(start).await,
            Gateway::PayPing => self.payping.start(start).await,
        }
    }

    /// Asks the gateway, server to server, whether the payment went through; never fails: what
    /// cannot be told now is [`GatewayVerdict::Unknown`].
    pub async fn verify(&self, gateway: Gateway, request: &VerifyRequest<'_>) -> GatewayVerdict {
        match gateway {
            Gateway::Vandar => self.vandar.verify(request).await,
            Gateway::PayPing => self.payping.verify(request).await,
        }
    }
}

/// The body of an answer as JSON, `None` when it is not.
async fn json_body(response: reqwest::Response) -> (u16, Option<serde_json::Value>) {
    let status = response.status().as_u16();
    let body = response.bytes().await.ok().and_then(|bytes| serde_json::from_slice(&bytes).ok());
    (status, body)
}
