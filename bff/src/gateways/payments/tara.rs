//! Tara / tara360 credit purchase (gateways.md §5, reconstructed from plugins): amounts in rial
//! (a string in getToken), a bearer from `authenticate` (cached, logged in again once on a 401),
//! `getToken` → the browser **form-POSTs** `token` and `username` to `{base}/api/ipgPurchase` →
//! Tara form-POSTs `result` ("0" paid), `token`, `channelRefNumber` … back → `purchaseVerify`.
//! Business answers are HTTP 200 with a non-zero `result`. The base URL decides between Tara's
//! production and staging hosts, for the API and the browser's form alike.
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{BrowserForm, PaymentStart, StartError, Started, TokenCache, VerifyRequest, json_body};
use crate::{
    config::{PaymentSettings, Secret},
    domain::payment::GatewayVerdict,
};

/// `result` of a verify that already happened (its answer lost): the amount is not told again.
const DUPLICATE_TOKEN: i64 = 10;
/// "Original transaction failed": also what Tara says while the customer is still on its page, so only
/// the callback's own result or the expiry decides.
const ORIGINAL_FAILED: i64 = 102;
/// Tara asks for an IP on every call; the verify happens server to server, without a customer.
const SERVER_IP: &str = "127.0.0.1";
/// Tara does not say how long a token lives: an hour, re-logged in on a 401 anyway.
const TOKEN_LIFETIME_SECONDS: u64 = 3600;

#[derive(Debug)]
pub struct TaraClient {
    http: reqwest::Client,
    base_url: String,
    username: String,
    password: Secret,
    service_id: String,
    token: TokenCache,
}

impl TaraClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        TaraClient {
            http,
            base_url: settings.tara_base_url.trim_end_matches('/').to_owned(),
            username: settings.tara_username.clone(),
            password: settings.tara_password.clone(),
            service_id: settings.tara_service_id.clone(),
            token: TokenCache::default(),
        }
    }

    /// Where the browser posts `token` and `username` to enter Tara's page.
    pub fn browser_form(&self, token: &str) -> BrowserForm {
        BrowserForm {
            action: format!("{}/api/ipgPurchase", self.base_url),
            fields: vec![("token".to_owned(), token.to_owned()), ("username".to_owned(), self.username.clone())],
        }
    }

    async fn login(&self) -> Result<(String, u64), StartError> {
        let body = json!({ "username": self.username, "password": self.password.expose() });
        let response = self.http.post(format!("{}/api/v2/authenticate", self.base_url)).json(&body).send().await?;
        let (status, body) = json_body(response).await;
        if status >= 500 {
            return Err(StartError::ServerError(status));
        }
        let body = body.ok_or(StartError::Malformed(status))?;
        match body["accessToken"].as_str() {
            Some(token) => Ok((token.to_owned(), TOKEN_LIFETIME_SECONDS)),
            None => Err(StartError::Refused(descriptions(&body))),
        }
    }

    /// One authorised POST; a refused token is replaced once.
    async fn call(&self, path: &str, body: &Value) -> Result<(u16, Option<Value>), StartError> {
        for _ in 0..2 {
            let token = self.token.get(|| self.login()).await?;
            let url = format!("{}{path}", self.base_url);
            let (status, body) = json_body(self.http.post(url).bearer_auth(token).json(body).send().await?).await;
            if status == StatusCode::UNAUTHORIZED.as_u16() {
                self.token.forget().await;
                continue;
            }
            return Ok((status, body));
        }
        Err(StartError::Refused(vec!["tara refused a fresh token".to_owned()]))
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        let amount = start.amount.to_string();
        let body = json!({
            "ip": start.payer_ip.as_deref().unwrap_or(SERVER_IP),
            "callBackUrl": start.callback_url,
            "amount": amount,
            "mobile": start.mobile,
            "orderId": start.reference,
            "vat": "0",
            "additionalData": start.description,
            "serviceAmountList": [{ "serviceId": self.service_id, "amount": amount }],
            "taraInvoiceItemList": [{
                "name": start.description,
                "code": start.reference,
                "count": 1,
                "unit": 5,
                "fee": amount,
                "group": "1",
                "groupTitle": "diet",
                "data": "",
            }],
        });
        let (status, body) = self.call("/api/getToken", &body).await?;
        if status >= 500 {
            return Err(StartError::ServerError(status));
        }
        let body = body.ok_or(StartError::Malformed(status))?;
        match (body["result"].as_i64(), body["token"].as_str()) {
            (Some(0), Some(token)) => {
                let action = self.browser_form(token).action;
                Ok(Started { authority: token.to_owned(), link: action })
            }
            (Some(_), _) => Err(StartError::Refused(descriptions(&body))),
            (None, _) => Err(StartError::Malformed(status)),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        let body = json!({ "ip": SERVER_IP, "token": request.authority });
        let Ok((200, Some(answer))) = self.call("/api/purchaseVerify", &body).await else {
            return GatewayVerdict::Unanswered;
        };
        let amount = answer["amount"].as_i64().or_else(|| answer["amount"].as_str()?.trim().parse().ok());
        match (answer["result"].as_i64(), answer["rrn"].as_str().filter(|r| !r.is_empty()), amount) {
            (Some(0), Some(rrn), Some(amount)) => GatewayVerdict::Paid { amount, ref_id: rrn.to_owned() },
            // Only this BFF verifies, and with the database's amount.
            (Some(DUPLICATE_TOKEN), rrn, _) => {
                GatewayVerdict::Paid { amount: request.amount, ref_id: rrn.unwrap_or(request.authority).to_owned() }
            }
            // An answer: nothing was verified, and the customer may still be on Tara's page.
            (Some(ORIGINAL_FAILED), _, _) => GatewayVerdict::Unknown,
            // Verified, or an answer that cannot be read: the money may be taken.
            (Some(0) | None, _, _) => GatewayVerdict::Unanswered,
            (Some(_), _, _) => {
                GatewayVerdict::NotPaid { reason: format!("tara refused verify: {:?}", descriptions(&answer)) }
            }
        }
    }
}

/// `description` (else `message`) and `result` as texts.
fn descriptions(body: &Value) -> Vec<String> {
    let text = body["description"].as_str().or_else(|| body["message"].as_str()).map(str::to_owned);
    let code = body["result"].as_i64().map(|c| format!("tara result {c}"));
    text.into_iter().chain(code).collect()
}
