//! SnappPay, buy now pay later in 4 instalments (gateways.md §3): amounts in rial, a password-grant
//! bearer token (cached, logged in again once on a 401), every answer in the envelope
//! `{successful, response | errorData{errorCode, message}}`. The browser form-POSTs `transactionId`,
//! `state` and `amount` back; the purchase is final only after verify **and** settle. Verify does
//! not report the amount, so `status` is read first: its amount is what gets compared, and its state
//! says which of verify and settle is still due (a lost answer is resumed, never repeated).
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{
    Eligibility, GiveBack, GiveBackRequest, PaymentStart, StartError, Started, TokenCache, VerifyRequest, json_body,
    password_grant,
};
use crate::{
    config::{PaymentSettings, Secret},
    domain::payment::GatewayVerdict,
};

/// Digits of Snapp's transaction ids, which must be 5-10 characters: our payment ids (up to 2^53)
/// in base 62 take at most 9.
const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const MIN_LENGTH: usize = 5;

/// The payment id as Snapp's `transactionId`: base 62, left-padded with `0` to 5 characters.
pub fn transaction_id(payment_id: i64) -> String {
    let mut rest = payment_id.unsigned_abs();
    let mut digits = Vec::new();
    while rest > 0 {
        digits.push(DIGITS[(rest % 62) as usize]);
        rest /= 62;
    }
    digits.resize(digits.len().max(MIN_LENGTH), b'0');
    digits.iter().rev().map(|&d| char::from(d)).collect()
}

/// The payment id a `transactionId` names; `None` for anything [`transaction_id`] never makes.
pub fn payment_id_of(transaction_id: &str) -> Option<i64> {
    let text = transaction_id.trim();
    if !(MIN_LENGTH..=10).contains(&text.len()) {
        return None;
    }
    text.bytes().try_fold(0_i64, |id, byte| {
        let digit = DIGITS.iter().position(|&d| d == byte)?;
        id.checked_mul(62)?.checked_add(digit as i64)
    })
}

/// `errorData.errorCode` of "wrong state for this operation".
const WRONG_STATE: i64 = 1011;

#[derive(Debug)]
pub struct SnappPayClient {
    http: reqwest::Client,
    base_url: String,
    client_id: String,
    client_secret: Secret,
    username: String,
    password: Secret,
    token: TokenCache,
}

/// An answer: HTTP status and the JSON body, if any.
type Answer = (u16, Option<Value>);

impl SnappPayClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        SnappPayClient {
            http,
            base_url: settings.snapp_pay_base_url.trim_end_matches('/').to_owned(),
            client_id: settings.snapp_pay_client_id.clone(),
            client_secret: settings.snapp_pay_client_secret.clone(),
            username: settings.snapp_pay_username.clone(),
            password: settings.snapp_pay_password.clone(),
            token: TokenCache::default(),
        }
    }

    async fn login(&self) -> Result<(String, u64), StartError> {
        let form = [
            ("grant_type", "password"),
            ("scope", "online-merchant"),
            ("username", self.username.as_str()),
            ("password", self.password.expose()),
        ];
        let url = format!("{}/api/online/v1/oauth/token", self.base_url);
        password_grant(&self.http, url, (&self.client_id, self.client_secret.expose()), &form, 3600).await
    }

    /// One authorised call; a refused token is replaced once.
    async fn call(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<&Value>,
    ) -> Result<Answer, StartError> {
        for _ in 0..2 {
            let token = self.token.get(|| self.login()).await?;
            let mut request =
                self.http.request(method.clone(), format!("{}{path}", self.base_url)).bearer_auth(token).query(query);
            if let Some(body) = body {
                request = request.json(body);
            }
            let (status, body) = json_body(request.send().await?).await;
            if status == StatusCode::UNAUTHORIZED.as_u16() {
                self.token.forget().await;
                continue;
            }
            return Ok((status, body));
        }
        Err(StartError::Refused(vec!["snapppay refused a fresh token".to_owned()]))
    }

    /// `eligible` for `amount` rial; the mobile (`+98…`) lets the decision consider the payer.
    pub async fn eligibility(&self, amount: i64, mobile: Option<&str>) -> Result<Eligibility, StartError> {
        let mut query = vec![("amount", amount.to_string())];
        query.extend(mobile.map(|m| ("mobile", m.to_owned())));
        let (status, body) = self.call(Method::GET, "/api/online/offer/v1/eligible", &query, None).await?;
        let response = envelope(status, body)?;
        let eligible = response["eligible"].as_bool().ok_or(StartError::Malformed(status))?;
        Ok(Eligibility {
            eligible,
            title: response["title_message"].as_str().map(str::to_owned),
            description: response["description"].as_str().unwrap_or_default().to_owned(),
        })
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        let payment_id = super::payment_id_of(&start.reference)
            .ok_or_else(|| StartError::Refused(vec![format!("{} is not a payment id", start.reference)]))?;
        let mobile = start.mobile.as_deref();
        let offer = self.eligibility(start.amount, mobile).await?;
        if !offer.eligible {
            return Err(StartError::Refused(offer.title.into_iter().chain([offer.description]).collect()));
        }
        // One cart holding the whole order; its sums must add up to `amount` exactly.
        let body = json!({
            "amount": start.amount,
            "discountAmount": 0,
            "externalSourceAmount": 0,
            "mobile": mobile,
            "returnURL": start.callback_url,
            "transactionId": transaction_id(payment_id),
            "paymentMethodTypeDto": "INSTALLMENT",
            "cartList": [{
                "cartId": 1,
                "isShipmentIncluded": true,
                "isTaxIncluded": true,
                "shippingAmount": 0,
                "taxAmount": 0,
                "totalAmount": start.amount,
                "cartItems": [{
                    "id": 1,
                    "name": start.description,
                    "category": "diet",
                    "count": 1,
                    "amount": start.amount,
                    "commissionType": 100,
                }],
            }],
        });
        let (status, body) = self.call(Method::POST, "/api/online/payment/v1/token", &[], Some(&body)).await?;
        let response = envelope(status, body)?;
        match (response["paymentToken"].as_str(), response["paymentPageUrl"].as_str()) {
            (Some(token), Some(page)) => Ok(Started { authority: token.to_owned(), link: page.to_owned() }),
            _ => Err(StartError::Malformed(status)),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        let Some((state, amount)) = self.status(request.authority).await else { return GatewayVerdict::Unknown };
        if amount != request.amount {
            // Neither verified nor settled: Snapp refunds an unverified purchase by itself.
            let reason = format!("snapppay: {amount} instead of {}; not verified", request.amount);
            return GatewayVerdict::NotPaid { reason };
        }
        let paid = GatewayVerdict::Paid { amount, ref_id: request.authority.to_owned() };
        match state.as_str() {
            "SETTLE" => paid,
            "VERIFY" => self.settle(request.authority, paid).await,
            "PENDING" => match self.step("verify", request.authority).await {
                Step::Done => self.settle(request.authority, paid).await,
                Step::WrongState => self.after_refused_verify(request.authority).await,
                Step::Unknown => GatewayVerdict::Unanswered,
            },
            other => GatewayVerdict::NotPaid { reason: format!("snapppay: the payment is {other}") },
        }
    }

    /// A refused verify fails the payment only once `status` no longer says PENDING (the customer
    /// may still be on Snapp's page).
    async fn after_refused_verify(&self, token: &str) -> GatewayVerdict {
        match self.status(token).await {
            Some((state, _)) if state != "PENDING" && state != "VERIFY" => {
                GatewayVerdict::NotPaid { reason: format!("snapppay refused verify; the payment is {state}") }
            }
            Some((state, _)) if state == "PENDING" => GatewayVerdict::Unknown,
            // Verified by an earlier call whose answer was lost, or unreadable now.
            _ => GatewayVerdict::Unanswered,
        }
    }

    async fn settle(&self, token: &str, paid: GatewayVerdict) -> GatewayVerdict {
        match self.step("settle", token).await {
            Step::Done => paid,
            // Verified, and settled by an earlier call whose answer was lost, or not yet: `status` tells next time.
            Step::WrongState | Step::Unknown => GatewayVerdict::Unanswered,
        }
    }

    /// Gives a purchase back: `cancel` once settled, `revert` while only verified (gateways.md §3 step 7);
    /// `status` tells which, and a purchase already cancelled or reverted counts as given back.
    pub async fn cancel(&self, request: &GiveBackRequest<'_>) -> GiveBack {
        let step = match self.status(request.authority).await.map(|(state, _)| state) {
            Some(state) if state == "SETTLE" => "cancel",
            Some(state) if state == "VERIFY" => "revert",
            Some(state) if state == "CANCEL" || state == "REVERT" => return GiveBack::Returned,
            Some(state) => return GiveBack::Failed(format!("snapppay: the purchase is {state}, nothing to give back")),
            None => return GiveBack::Failed("snapppay: status unanswered".to_owned()),
        };
        match self.step(step, request.authority).await {
            Step::Done => GiveBack::Returned,
            Step::WrongState | Step::Unknown => GiveBack::Failed(format!("snapppay refused {step}")),
        }
    }

    async fn step(&self, name: &str, token: &str) -> Step {
        let body = json!({ "paymentToken": token });
        match self.call(Method::POST, &format!("/api/online/payment/v1/{name}"), &[], Some(&body)).await {
            Ok((200, Some(body))) if body["successful"].as_bool() == Some(true) => Step::Done,
            Ok((status, Some(body)))
                if status < 500 && body["errorData"]["errorCode"].as_i64() == Some(WRONG_STATE) =>
            {
                Step::WrongState
            }
            _ => Step::Unknown,
        }
    }

    /// `status` and `amount` of the payment, `None` when they cannot be read now.
    async fn status(&self, token: &str) -> Option<(String, i64)> {
        let query = [("paymentToken", token.to_owned())];
        let (status, body) = self.call(Method::GET, "/api/online/payment/v1/status", &query, None).await.ok()?;
        let response = envelope(status, body).ok()?;
        Some((response["status"].as_str()?.to_owned(), response["amount"].as_i64()?))
    }
}

enum Step {
    Done,
    WrongState,
    Unknown,
}

/// The `response` of a successful envelope; a refusal carries `errorData.message`.
fn envelope(status: u16, body: Option<Value>) -> Result<Value, StartError> {
    if status >= 500 {
        return Err(StartError::ServerError(status));
    }
    let mut body = body.ok_or(StartError::Malformed(status))?;
    match body["successful"].as_bool() {
        Some(true) if status == 200 => Ok(body["response"].take()),
        Some(false) => {
            let message = body["errorData"]["message"].as_str().map(str::to_owned);
            let code = body["errorData"]["errorCode"].as_i64().map(|c| format!("snapppay error {c}"));
            Err(StartError::Refused(message.into_iter().chain(code).collect()))
        }
        _ => Err(StartError::Malformed(status)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transaction_ids_are_5_to_10_characters_and_name_the_payment() {
        for id in [1, 61, 62, 916_132_831, 9_007_199_254_740_991] {
            let text = transaction_id(id);
            assert!((5..=10).contains(&text.len()), "{text}");
            assert_eq!(payment_id_of(&text), Some(id));
        }
        assert_eq!(transaction_id(1), "00001");
        assert_eq!(payment_id_of("12"), None);
        assert_eq!(payment_id_of("00-01"), None);
    }
}
