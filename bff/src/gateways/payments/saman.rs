//! Saman Electronic Payment, token-based OnlinePG (gateways.md §6): amounts in rial, the merchant is
//! its `TerminalId` (no secret; the server's IP is whitelisted). `onlinepg` with `action: "token"`
//! → the browser GETs `SendToken?token=` (the callback then always comes as a POST) → SEP posts
//! `State`, `Status`, `RefNum` (empty unless paid), `Token` … back → `VerifyTransaction` with
//! `RefNum` and `TerminalNumber` within 30 minutes. A repeated verify answers `ResultCode` 2 with
//! the same detail, which counts as verified; a paid amount that is not the order's is reversed.
use serde_json::{Value, json};

use super::{PaymentStart, StartError, Started, VerifyRequest, json_body};
use crate::{config::PaymentSettings, domain::payment::GatewayVerdict};

/// `ResultCode`s of verify: ok, and "already verified".
const VERIFIED: [i64; 2] = [0, 2];
/// Definitive refusals: not found, over 30 minutes.
const NOT_PAID: [i64; 2] = [-2, -6];

#[derive(Debug)]
pub struct SamanClient {
    http: reqwest::Client,
    base_url: String,
    terminal_id: String,
}

impl SamanClient {
    pub fn new(http: reqwest::Client, settings: &PaymentSettings) -> Self {
        SamanClient {
            http,
            base_url: settings.saman_base_url.trim_end_matches('/').to_owned(),
            terminal_id: settings.saman_terminal_id.clone(),
        }
    }

    async fn call(&self, path: &str, body: &Value) -> reqwest::Result<(u16, Option<Value>)> {
        let response = self.http.post(format!("{}{path}", self.base_url)).json(body).send().await?;
        Ok(json_body(response).await)
    }

    pub async fn start(&self, start: &PaymentStart) -> Result<Started, StartError> {
        let body = json!({
            "action": "token",
            "TerminalId": self.terminal_id,
            "Amount": start.amount,
            "ResNum": start.reference,
            "RedirectUrl": start.callback_url,
            "CellNumber": start.mobile,
        });
        let (status, body) = self.call("/onlinepg/onlinepg", &body).await?;
        if status >= 500 {
            return Err(StartError::ServerError(status));
        }
        let body = body.ok_or(StartError::Malformed(status))?;
        match (body["status"].as_i64(), body["token"].as_str()) {
            (Some(1), Some(token)) => {
                let link = format!("{}/OnlinePG/SendToken?token={token}", self.base_url);
                Ok(Started { authority: token.to_owned(), link })
            }
            (Some(-1), _) => {
                let description = body["errorDesc"].as_str().map(str::to_owned);
                let code = body["errorCode"].as_i64().map(|c| format!("sep errorCode {c}"));
                Err(StartError::Refused(description.into_iter().chain(code).collect()))
            }
            _ => Err(StartError::Malformed(status)),
        }
    }

    pub async fn verify(&self, request: &VerifyRequest<'_>) -> GatewayVerdict {
        // SEP knows a payment by `RefNum`, which only a paid callback brings.
        let Some(ref_num) = request.ref_id.filter(|r| !r.trim().is_empty()) else { return GatewayVerdict::Unknown };
        let body = json!({ "RefNum": ref_num, "TerminalNumber": self.terminal_id });
        let Ok((200, Some(answer))) = self.call("/verifyTxnRandomSessionkey/ipg/VerifyTransaction", &body).await else {
            return GatewayVerdict::Unknown;
        };
        let code = answer["ResultCode"].as_i64();
        match code {
            Some(code) if VERIFIED.contains(&code) => {
                let Some(amount) = answer["TransactionDetail"]["OrginalAmount"].as_i64() else {
                    return GatewayVerdict::Unknown;
                };
                if amount != request.amount {
                    self.reverse(ref_num).await;
                }
                GatewayVerdict::Paid { amount, ref_id: ref_num.to_owned() }
            }
            Some(code) if NOT_PAID.contains(&code) => {
                let description = answer["ResultDescription"].as_str().unwrap_or_default();
                GatewayVerdict::NotPaid { reason: format!("sep refused verify ({code}): {description}") }
            }
            _ => GatewayVerdict::Unknown,
        }
    }

    /// Gives a wrongly paid amount back; SEP reverses by itself what is never verified, and a
    /// failed reverse leaves the payment failed all the same, so its answer is only logged.
    async fn reverse(&self, ref_num: &str) {
        let body = json!({ "RefNum": ref_num, "TerminalNumber": self.terminal_id });
        let answer = self.call("/verifyTxnRandomSessionkey/ipg/ReverseTransaction", &body).await;
        let code = answer.as_ref().ok().and_then(|(_, body)| body.as_ref()?["ResultCode"].as_i64());
        tracing::warn!(ref_num, ?code, "saman: reversed a payment whose amount is not the order's");
    }
}
