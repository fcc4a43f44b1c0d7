//! PayPing v3 (gateways.md §1): amounts in toman, a bearer token, the browser form-POSTs `status`,
//! `errorCode` and `data` (a JSON string with `paymentCode` and, once paid, `paymentRefId`) back.
//! Verify needs `paymentRefId`, `paymentCode` and the order amount; 202/502 mean "still processing",
//! 409 with code 110 "already verified" (the original answer in `metaData.message`).
use serde_json::{Value, json};

use super::{GiveBack, GiveBackRequest, PaymentStart, StartError, Started, VerifyRequest, json_body, named_payment};
use crate::{
    config::{PaymentSettings, Secret},
    domain::payment::{GatewayVerdict, paid_to},
};

/// `metaData.code` of a verify that already happened.
const ALREADY_VERIFIED: i64 = 110;

#[derive(Debug)]
pub struct PayPingClient {
    http: reqwest::Client,
    base_url: String,
    token: Secret,
}

/// What PayPing's callback form says, read from its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPingCallback {
    pub payment_code: String,
    pub payment_ref_id: Option<String>,
    pub paid: bool,
}

impl PayPingCallback {
    /// From the form's `status` and `data`; `None` when `data` names no payment.
    pub fn parse(status: &str, data: &str) -> Option<Self> {
        let data: Value = serde_json::from_str(data).ok()?;
        let payment_code = data["paymentCode"].as_str()?.to_owned();
        let payment_ref_id = match &data["paymentRefId"] {
            Value::Number(n) => Some(n.to_string()),
            Value::String(s) if !s.is_empty() => Some(s.clone()),
            _ => None,
        };
        Some(PayPingCallback { payment_code, payment_ref_id, paid: status.trim() == "1" })
    }
}

impl PayPingClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        PayPingClient {
            http,
            base_url: settings.payping_base_url.trim_end_matches('/').to_owned(),
            token: settings.payping_token.clone(),
        }
    }

    async fn call(&self, path: &str, body: &Value) -> reqwest::Result<(u16, Option<Value>)> {
        let url = format!("{}{path}", self.base_url);
        let response = self.http.post(url).bearer_auth(self.token.expose()).json(body).send().await?;
        Ok(json_body(response).await)
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        let body = json!({
            "amount": start.amount,
            "returnUrl": start.callback_url,
            "payerIdentity": start.mobile,
            "description": start.description,
            "clientRefId": start.reference,
            // Without it PayPing refuses to reverse, and a payment taken by mistake could not go back.
            "isReversible": true,
        });
        let (status, body) = self.call("/v3/pay", &body).await?;
        if status >= 500 {
            return Err(StartError::ServerError(status));
        }
        let body = body.ok_or(StartError::Malformed(status))?;
        match (status, body["paymentCode"].as_str(), body["url"].as_str()) {
            (200, Some(code), Some(url)) => Ok(Started { authority: code.to_owned(), link: url.to_owned() }),
            (200, _, _) => Err(StartError::Malformed(status)),
            _ => Err(StartError::Refused(problem_messages(&body))),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        let Some(ref_id) = request.ref_id.and_then(|r| r.parse::<i64>().ok()) else {
            // Nothing to verify with until the callback brings the bank reference.
            return GatewayVerdict::Unknown;
        };
        let body = json!({ "paymentRefId": ref_id, "paymentCode": request.authority, "amount": request.amount });
        let Ok((status, Some(answer))) = self.call("/v3/pay/verify", &body).await else {
            return GatewayVerdict::Unanswered;
        };
        match status {
            200 => paid(request.payment_id, &answer["clientRefId"], &answer["amount"], ref_id),
            409 if answer["metaData"]["code"].as_i64() == Some(ALREADY_VERIFIED) => {
                let original: Value = answer["metaData"]["message"]
                    .as_str()
                    .and_then(|m| serde_json::from_str(m).ok())
                    .unwrap_or_default();
                paid(request.payment_id, &original["ClientRefId"], &original["Amount"], ref_id)
            }
            400..=499 => {
                GatewayVerdict::NotPaid { reason: format!("payping refused verify: {:?}", problem_messages(&answer)) }
            }
            _ => GatewayVerdict::Unanswered,
        }
    }
}

impl PayPingClient {
    /// `POST /v3/pay/reverse` (within 30 minutes of the verify).
    pub async fn reverse(&self, request: &GiveBackRequest<'_>) -> GiveBack {
        let Some(ref_id) = request.ref_id.and_then(|r| r.parse::<i64>().ok()) else {
            return GiveBack::Failed("payping: no paymentRefId to reverse with".to_owned());
        };
        let body = json!({ "paymentRefId": ref_id, "paymentCode": request.authority });
        match self.call("/v3/pay/reverse", &body).await {
            Ok((200, _)) => GiveBack::Returned,
            Ok((status, answer)) => {
                let messages = answer.as_ref().map(problem_messages).unwrap_or_default();
                GiveBack::refused(status, format!("payping refused reverse (HTTP {status}): {messages:?}"))
            }
            Err(error) => GiveBack::Failed(format!("payping unreachable: {error}")),
        }
    }

    /// `DELETE /v3/pay`: 2xx while the payer has not reached the bank.
    pub async fn withdraw(&self, payment_code: &str) -> bool {
        let url = format!("{}/v3/pay", self.base_url);
        let sent = self.http.delete(url).bearer_auth(self.token.expose()).json(&json!({ "paymentCode": payment_code }));
        sent.send().await.is_ok_and(|response| response.status().is_success())
    }
}

/// A verify's answer: the payment its `clientRefId` names was paid `amount`.
fn paid(payment_id: i64, client_ref_id: &Value, amount: &Value, ref_id: i64) -> GatewayVerdict {
    match amount.as_i64() {
        Some(amount) => paid_to(payment_id, named_payment(client_ref_id), amount, ref_id.to_string()),
        // Verified, so taken even when the amount cannot be read.
        None => GatewayVerdict::Unanswered,
    }
}

/// `metaData.errors[].message`, else `detail`.
fn problem_messages(body: &Value) -> Vec<String> {
    let listed =
        body["metaData"]["errors"].as_array().map(|errors| errors.iter().filter_map(|e| e["message"].as_str()));
    let mut messages: Vec<String> = listed.into_iter().flatten().map(str::to_owned).collect();
    if messages.is_empty() {
        messages.extend(body["detail"].as_str().map(str::to_owned));
    }
    messages
}
