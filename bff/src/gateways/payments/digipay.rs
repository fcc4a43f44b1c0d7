//! Digipay UPG (gateways.md §4): amounts in rial, a password-grant bearer token (cached, logged in
//! again once on a 401), a ticket of type 11 (every UPG feature, credit included) whose
//! `redirectUrl` the browser follows. Digipay POSTs `amount`, `providerId` (our payment),
//! `trackingCode`, `result` and `type` back; verify needs the tracking code and that type, so the
//! callback's pair is kept as the payment's bank reference ([`DigipayCallback::ref_id`]). Business
//! refusals are 422 with `result.status`. A verified credit purchase is delivered at once, since Digipay settles it
//! with the merchant only then.
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{
    GiveBack, GiveBackRequest, PaymentStart, StartError, Started, TokenCache, VerifyRequest, json_body, named_payment,
    password_grant,
};
use crate::{
    config::{PaymentSettings, Secret},
    domain::payment::{GatewayVerdict, paid_to},
};

/// The ticket type offering every UPG feature (wallet, IPG, credit, BNPL).
const ALL_FEATURES: i64 = 11;
/// `result.status` values that mean "ask again later": in progress, verify result unknown, PSP
/// connection error.
const NOT_YET: [i64; 3] = [9004, 9011, 9006];
/// "Wrong purchase state for this request": the likely answer to a verify that already happened.
const WRONG_STATE: i64 = 9012;
/// Ticket types of purchases paid on credit (CREDIT, BNPL): delivered, never reversed.
const CREDIT_TYPES: [&str; 2] = ["5", "13"];

#[derive(Debug)]
pub struct DigipayClient {
    http: reqwest::Client,
    base_url: String,
    client_id: String,
    client_secret: Secret,
    username: String,
    password: Secret,
    token: TokenCache,
}

/// What Digipay's callback form says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigipayCallback {
    pub provider_id: String,
    pub tracking_code: String,
    pub ticket_type: String,
    pub paid: bool,
}

impl DigipayCallback {
    /// The bank reference kept with the payment: `{type}:{trackingCode}`, all verify needs.
    pub fn ref_id(&self) -> String {
        format!("{}:{}", self.ticket_type.trim(), self.tracking_code.trim())
    }
}

impl DigipayClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        DigipayClient {
            http,
            base_url: settings.digipay_base_url.trim_end_matches('/').to_owned(),
            client_id: settings.digipay_client_id.clone(),
            client_secret: settings.digipay_client_secret.clone(),
            username: settings.digipay_username.clone(),
            password: settings.digipay_password.clone(),
            token: TokenCache::default(),
        }
    }

    async fn login(&self) -> Result<(String, u64), StartError> {
        let form =
            [("username", self.username.as_str()), ("password", self.password.expose()), ("grant_type", "password")];
        let url = format!("{}/oauth/token", self.base_url);
        password_grant(&self.http, url, (&self.client_id, self.client_secret.expose()), &form, 3599).await
    }

    /// One authorised POST with Digipay's headers; a refused token is replaced once.
    async fn call(&self, path: &str, ticket_type: &str, body: &Value) -> Result<(u16, Option<Value>), StartError> {
        for _ in 0..2 {
            let token = self.token.get(|| self.login()).await?;
            let response = self
                .http
                .post(format!("{}{path}", self.base_url))
                .query(&[("type", ticket_type)])
                .bearer_auth(token)
                .header("Agent", "WEB")
                .header("Digipay-Version", "2022-02-02")
                .json(body)
                .send()
                .await?;
            let (status, body) = json_body(response).await;
            if status == StatusCode::UNAUTHORIZED.as_u16() {
                self.token.forget().await;
                continue;
            }
            return Ok((status, body));
        }
        Err(StartError::Refused(vec!["digipay refused a fresh token".to_owned()]))
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        // Credit and BNPL need a basket: the whole order as one item.
        let body = json!({
            "amount": start.amount,
            "cellNumber": start.mobile,
            "providerId": start.reference,
            "callbackUrl": start.callback_url,
            "basketDetailsDto": {
                // The basket is the order: the number the app, the SMS and the receipt show.
                "basketId": start.order_id.to_string(),
                "items": [{
                    "sellerId": "1",
                    "supplierId": "1",
                    "productCode": start.reference,
                    "brand": "Limoo",
                    "productType": 1,
                    "count": 1,
                    "categoryId": 1,
                }],
            },
        });
        let (status, body) = self.call("/tickets/business", &ALL_FEATURES.to_string(), &body).await?;
        if status >= 500 {
            return Err(StartError::ServerError(status));
        }
        let body = body.ok_or(StartError::Malformed(status))?;
        match (status, body["ticket"].as_str(), body["redirectUrl"].as_str()) {
            (200, Some(ticket), Some(url)) => Ok(Started { authority: ticket.to_owned(), link: url.to_owned() }),
            (200, _, _) => Err(StartError::Malformed(status)),
            _ => Err(StartError::Refused(result_messages(&body))),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        // Nothing to verify with until the callback brings the tracking code.
        let Some((ticket_type, tracking_code)) = request.ref_id.and_then(|r| r.split_once(':')) else {
            return GatewayVerdict::Unknown;
        };
        let body = json!({ "trackingCode": tracking_code, "providerId": request.payment_id.to_string() });
        let Ok((status, Some(answer))) = self.call("/purchases/verify", ticket_type, &body).await else {
            return GatewayVerdict::Unanswered;
        };
        let code = answer["result"]["status"].as_i64();
        match (status, code) {
            (200, Some(0)) => match answer["amount"].as_i64() {
                Some(amount) => {
                    let ref_id = format!("{ticket_type}:{tracking_code}");
                    let verdict = paid_to(request.payment_id, named_payment(&answer["providerId"]), amount, ref_id);
                    // Digipay settles a credit purchase with the merchant only once it is delivered, and a diet
                    // programme is delivered when paid. A refused delivery does not undo the customer's payment:
                    // it is logged for the merchant to deliver by hand. Another payment's purchase is not ours to
                    // deliver under this one's invoice.
                    let ours = matches!(verdict, GatewayVerdict::Paid { .. });
                    if ours
                        && CREDIT_TYPES.contains(&ticket_type)
                        && !self.deliver(ticket_type, tracking_code, request).await
                    {
                        tracing::warn!(tracking_code, "digipay: a verified credit purchase was not delivered");
                    }
                    verdict
                }
                None => GatewayVerdict::Unanswered,
            },
            // Another payment of ours holding the same tracking code most likely verified the purchase: nothing is
            // settled under this one on that guess (a delivery or reverse would not say whose purchase it is); it is
            // asked about again, and a reference that proved the other payment fails it.
            (_, Some(WRONG_STATE)) if request.ref_held_elsewhere => GatewayVerdict::Unknown,
            (_, Some(WRONG_STATE)) => self.settle_unanswered(ticket_type, tracking_code, request).await,
            (_, Some(code)) if NOT_YET.contains(&code) => GatewayVerdict::Unknown,
            (422, Some(_)) => {
                GatewayVerdict::NotPaid { reason: format!("digipay refused verify: {:?}", result_messages(&answer)) }
            }
            _ => GatewayVerdict::Unanswered,
        }
    }
}

impl DigipayClient {
    /// A verify answered 9012 follows, most likely, one whose answer never came (a timeout, a crash), and
    /// Digipay has no inquiry call. What the purchase still allows settles it: a credit purchase can be
    /// delivered only once verified, so a delivery counts as paid; any other is reversed (within Digipay's
    /// 25 minutes), the money going back, and counts as not paid. Neither accepted: ask again later, and the
    /// sweeper expires it in the end.
    async fn settle_unanswered(
        &self,
        ticket_type: &str,
        tracking_code: &str,
        request: &VerifyRequest<'_>,
    ) -> GatewayVerdict {
        if CREDIT_TYPES.contains(&ticket_type) {
            return if self.deliver(ticket_type, tracking_code, request).await {
                GatewayVerdict::Paid { amount: request.amount, ref_id: format!("{ticket_type}:{tracking_code}") }
            } else {
                GatewayVerdict::Unanswered
            };
        }
        let body = json!({ "trackingCode": tracking_code, "providerId": request.payment_id.to_string() });
        if accepted(self.call("/reverse", ticket_type, &body).await) {
            let reason = "digipay: a verify went unanswered; the purchase was reversed, the money returned";
            GatewayVerdict::GivenBack { ref_id: format!("{ticket_type}:{tracking_code}"), reason: reason.to_owned() }
        } else {
            GatewayVerdict::Unanswered
        }
    }

    /// Money back (gateways.md §4 step 7): `POST reverse?type=T` for IPG and wallet purchases (within 25
    /// minutes of the verify), `POST refunds?type=T` for credit ones, which cannot be reversed.
    pub async fn reverse(&self, request: &GiveBackRequest<'_>) -> GiveBack {
        let Some((ticket_type, tracking_code)) = request.ref_id.and_then(|r| r.split_once(':')) else {
            return GiveBack::Failed("digipay: no tracking code to give back with".to_owned());
        };
        let (path, body) = if CREDIT_TYPES.contains(&ticket_type) {
            // A refund is a transaction of its own, with a provider id of its own.
            let provider_id = format!("{}-refund", request.payment_id);
            let body =
                json!({ "providerId": provider_id, "amount": request.amount, "saleTrackingCode": tracking_code });
            ("/refunds", body)
        } else {
            ("/reverse", json!({ "trackingCode": tracking_code, "providerId": request.payment_id.to_string() }))
        };
        match self.call(path, ticket_type, &body).await {
            Ok((200, Some(answer))) if answer["result"]["status"].as_i64() == Some(0) => GiveBack::Returned,
            Ok((status, answer)) => {
                let messages = answer.as_ref().map(result_messages).unwrap_or_default();
                GiveBack::refused(status, format!("digipay refused {path} (HTTP {status}): {messages:?}"))
            }
            Err(error) => GiveBack::Failed(format!("digipay: {error}")),
        }
    }

    /// `POST purchases/deliver` for a verified credit purchase; whether Digipay accepted it.
    async fn deliver(&self, ticket_type: &str, tracking_code: &str, request: &VerifyRequest<'_>) -> bool {
        let body = json!({
            "deliveryDate": crate::store::now_ms(),
            "invoiceNumber": request.payment_id.to_string(),
            "trackingCode": tracking_code,
            "products": [],
        });
        accepted(self.call("/purchases/deliver", ticket_type, &body).await)
    }
}

/// A 200 whose `result.status` is 0.
fn accepted(answer: Result<(u16, Option<Value>), StartError>) -> bool {
    matches!(answer, Ok((200, Some(body))) if body["result"]["status"].as_i64() == Some(0))
}

/// `result.message` and `result.status` as texts.
fn result_messages(body: &Value) -> Vec<String> {
    let message = body["result"]["message"].as_str().map(str::to_owned);
    let code = body["result"]["status"].as_i64().map(|c| format!("digipay status {c}"));
    message.into_iter().chain(code).collect()
}
