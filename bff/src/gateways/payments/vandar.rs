//! Vandar IPG v3 (gateways.md §2): amounts in rial, `api_key` in the JSON body, the browser comes
//! back with `token` and `payment_status`. Whether a payment went through is read from
//! `transaction` first (code 1 awaiting verify, 2 verified, 3 expired, 4 failed), so a verify whose
//! answer was lost is recognised on the next try instead of being refused as a double verify.
use serde_json::{Value, json};

use super::{PaymentStart, StartError, Started, VerifyRequest, json_body, named_payment};
use crate::{
    config::{PaymentSettings, Secret},
    domain::payment::{GatewayVerdict, paid_to},
};

#[derive(Debug)]
pub struct VandarClient {
    http: reqwest::Client,
    base_url: String,
    api_key: Secret,
}

impl VandarClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        VandarClient {
            http,
            base_url: settings.vandar_base_url.trim_end_matches('/').to_owned(),
            api_key: settings.vandar_api_key.clone(),
        }
    }

    async fn call(&self, path: &str, mut body: Value) -> reqwest::Result<(u16, Option<Value>)> {
        body["api_key"] = json!(self.api_key.expose());
        let response = self.http.post(format!("{}{path}", self.base_url)).json(&body).send().await?;
        Ok(json_body(response).await)
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        let body = json!({
            "amount": start.amount,
            "callback_url": start.callback_url,
            "mobile_number": start.mobile,
            "factorNumber": start.reference,
            "description": start.description,
        });
        let (status, body) = self.call("/api/v3/send", body).await?;
        if status >= 500 {
            return Err(StartError::ServerError(status));
        }
        let body = body.ok_or(StartError::Malformed(status))?;
        match (body["status"].as_i64(), body["token"].as_str()) {
            (Some(1), Some(token)) => {
                Ok(Started { authority: token.to_owned(), link: format!("{}/v3/{token}", self.base_url) })
            }
            _ => Err(StartError::Refused(errors(&body))),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        let token = json!({ "token": request.authority });
        let Ok((200, Some(info))) = self.call("/api/v3/transaction", token.clone()).await else {
            return GatewayVerdict::Unknown;
        };
        match info["code"].as_i64() {
            // Verify is what makes Vandar keep the money, and Vandar cannot give it back: a payment of
            // another amount is never verified, so Vandar returns it by itself.
            Some(1) if info["amount"].as_i64() != Some(request.amount) => {
                let reason = format!("vandar: paid {} instead of {}; not verified", info["amount"], request.amount);
                return GatewayVerdict::NotPaid { reason };
            }
            Some(1) => {}
            Some(2) => return paid(request.payment_id, &info),
            Some(3) => return GatewayVerdict::NotPaid { reason: "vandar: the payment expired".to_owned() },
            Some(4) => return GatewayVerdict::NotPaid { reason: "vandar: the payment failed".to_owned() },
            _ => return GatewayVerdict::Unknown,
        }
        match self.call("/api/v3/verify", token).await {
            Ok((_, Some(body))) if body["status"].as_i64() == Some(1) => paid(request.payment_id, &body),
            Ok((status, Some(body))) if status < 500 && body["status"].as_i64() == Some(0) => {
                GatewayVerdict::NotPaid { reason: format!("vandar refused verify: {:?}", errors(&body)) }
            }
            _ => GatewayVerdict::Unanswered,
        }
    }
}

/// Verified (now or before), so taken even when the amount cannot be read.
fn paid(payment_id: i64, body: &Value) -> GatewayVerdict {
    match body["amount"].as_i64() {
        Some(amount) => paid_to(payment_id, named_payment(&body["factorNumber"]), amount, body["transId"].to_string()),
        None => GatewayVerdict::Unanswered,
    }
}

/// `errors` (a list, sometimes a single `error`) as texts.
fn errors(body: &Value) -> Vec<String> {
    let list = body["errors"].as_array().map(|errors| errors.iter().filter_map(|e| e.as_str().map(str::to_owned)));
    let mut messages: Vec<String> = list.into_iter().flatten().collect();
    messages.extend(body["error"].as_str().map(str::to_owned));
    messages
}
