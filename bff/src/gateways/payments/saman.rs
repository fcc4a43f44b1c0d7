//! Saman Electronic Payment, token-based OnlinePG (gateways.md §6): amounts in rial, the merchant is
//! its `TerminalId` (no secret; the server's IP is whitelisted). `onlinepg` with `action: "token"`
//! → the browser GETs `SendToken?token=` (the callback then always comes as a POST) → SEP posts
//! `State`, `Status`, `RefNum` (empty unless paid), `Token` … back → `VerifyTransaction` with
//! `RefNum` and `TerminalNumber` within 30 minutes. A repeated verify answers `ResultCode` 2 with
//! the same detail, which counts as verified. Money to give back is reversed (`ReverseTransaction`).
use serde_json::{Value, json};

use super::{GiveBack, GiveBackRequest, PaymentStart, StartError, Started, VerifyRequest, json_body};
use crate::{config::PaymentSettings, domain::payment::GatewayVerdict};

/// `ResultCode`s of verify: ok, and "already verified".
const VERIFIED: [i64; 2] = [0, 2];
/// Definitive refusals: not found, over 30 minutes.
const NOT_PAID: [i64; 2] = [-2, -6];
/// `ResultCode`s of reverse: ok, and "already reversed" (2 duplicate, 5 reversed before).
const REVERSED: [i64; 3] = [0, 2, 5];
/// Reverse `ResultCode`s that stay so: no such transaction, or SEP's reverse window is over.
const NEVER_REVERSED: [i64; 2] = [-2, -6];

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
            // ResNum1…4 are the merchant's own (50 characters each): the order as the app shows it.
            "ResNum1": start.description.chars().take(50).collect::<String>(),
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
            return GatewayVerdict::Unanswered;
        };
        let code = answer["ResultCode"].as_i64();
        match code {
            Some(code) if VERIFIED.contains(&code) => {
                let detail = &answer["TransactionDetail"];
                // A repeat verify (code 2) counts only with the detail of this RefNum, as SEP's clients check.
                if detail["RefNum"].as_str().is_some_and(|named| named.trim() != ref_num.trim()) {
                    return GatewayVerdict::NotPaid { reason: "sep answered about another RefNum".to_owned() };
                }
                let Some(amount) = detail["OrginalAmount"].as_i64() else {
                    return GatewayVerdict::Unanswered;
                };
                GatewayVerdict::Paid { amount, ref_id: ref_num.to_owned() }
            }
            Some(code) if NOT_PAID.contains(&code) => {
                let description = answer["ResultDescription"].as_str().unwrap_or_default();
                GatewayVerdict::NotPaid { reason: format!("sep refused verify ({code}): {description}") }
            }
            _ => GatewayVerdict::Unanswered,
        }
    }

    /// `ReverseTransaction` by `RefNum` (SEP allows it up to 50 minutes after the payment).
    pub async fn reverse(&self, request: &GiveBackRequest<'_>) -> GiveBack {
        let Some(ref_num) = request.ref_id.filter(|r| !r.trim().is_empty()) else {
            return GiveBack::Failed("saman: no RefNum to reverse with".to_owned());
        };
        let body = json!({ "RefNum": ref_num, "TerminalNumber": self.terminal_id });
        match self.call("/verifyTxnRandomSessionkey/ipg/ReverseTransaction", &body).await {
            Ok((200, Some(answer))) if answer["ResultCode"].as_i64().is_some_and(|c| REVERSED.contains(&c)) => {
                GiveBack::Returned
            }
            Ok((status, answer)) => {
                let code = answer.as_ref().and_then(|a| a["ResultCode"].as_i64());
                let why = format!("sep refused reverse (HTTP {status}, ResultCode {code:?})");
                // Not found, or past SEP's reverse window: asking again is refused again.
                match code {
                    Some(code) if status == 200 && NEVER_REVERSED.contains(&code) => GiveBack::Refused(why),
                    _ => GiveBack::refused(status, why),
                }
            }
            Err(error) => GiveBack::Failed(format!("sep unreachable: {error}")),
        }
    }
}
