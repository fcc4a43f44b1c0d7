//! Kavenegar's wire format (gateways.md §7): endpoints, parameters, return codes, envelope.

use poem::http::StatusCode;
use serde_json::{Value, json};

use crate::exchange::{Received, Reply};
use crate::scenario::SmsScenario;

/// Sender line reported when the request names none (Kavenegar's shared public line).
pub const DEFAULT_SENDER: &str = "10008663";
pub const MAX_SEND_RECEPTORS: usize = 200;
pub const MAX_STATUS_IDS: usize = 500;

#[derive(Clone, Copy, Debug)]
pub enum Endpoint {
    Lookup,
    Send,
    Status,
}

impl Endpoint {
    /// `{scope}/{method}.json` from the URL; `None` is Kavenegar's 404 "unknown method".
    pub fn parse(scope: &str, file: &str) -> Option<Self> {
        match (scope, file.strip_suffix(".json")?) {
            ("verify", "lookup") => Some(Endpoint::Lookup),
            ("sms", "send") => Some(Endpoint::Send),
            ("sms", "status") => Some(Endpoint::Status),
            _ => None,
        }
    }
}

/// Why a call gets no entries: a malformed request, or a scenario that fails it.
#[derive(Debug)]
pub enum Refusal {
    /// Protocol rejection with this return code (400, 404, 405, 406, 411, 414, 417, 428).
    Invalid(u16),
    Scenario(SmsScenario),
}

/// Return code for a scenario; 200 for the ones that send.
pub fn return_code(scenario: SmsScenario) -> u16 {
    match scenario {
        SmsScenario::Normal | SmsScenario::Undelivered => 200,
        SmsScenario::InsufficientCredit => 418,
        SmsScenario::InvalidReceptor => 411,
        SmsScenario::RateLimited => 451,
        SmsScenario::ProviderDown => 502,
        SmsScenario::NoAnswer => 504,
        SmsScenario::TemplateNotFound => 424,
        SmsScenario::InvalidToken => 431,
        SmsScenario::AccountDisabled => 401,
        SmsScenario::InvalidApiKey => 403,
    }
}

/// `return.message` texts, in Persian as Kavenegar sends them.
fn return_message(code: u16) -> &'static str {
    match code {
        200 => "تایید شد",
        400 => "پارامترها ناقص هستند",
        401 => "حساب کاربری غیرفعال شده است",
        403 => "کد شناسائی API-Key معتبر نمی‌باشد",
        404 => "متد نامشخص است",
        405 => "متد Get/Post اشتباه است",
        406 => "پارامترهای اجباری خالی ارسال شده اند",
        411 => "دریافت کننده نامعتبر است",
        414 => "حجم درخواست بیشتر از حد مجاز است",
        417 => "تاریخ معتبر نمی‌باشد",
        418 => "اعتبار حساب شما کافی نیست",
        424 => "الگوی مورد نظر پیدا نشد یا هنوز تائید نشده است",
        428 => "ارسال کد از طریق تماس تلفنی امکان پذیر نیست، درصورتی که توکن فقط عددی باشد",
        431 => "ساختار کد صحیح نمی‌باشد",
        451 => "فراخوانی بیش از حد در یک بازه زمانی مشخص",
        _ => "خطای ناشناخته",
    }
}

/// Message delivery states reported in entries.
pub const STATUS_SENT: u16 = 5;
pub const STATUS_DELIVERED: u16 = 10;
pub const STATUS_UNDELIVERED: u16 = 11;
pub const STATUS_UNKNOWN_ID: u16 = 100;

pub fn status_text(status: u16) -> &'static str {
    match status {
        STATUS_SENT => "ارسال به مخابرات",
        STATUS_DELIVERED => "رسیده به گیرنده",
        STATUS_UNDELIVERED => "نرسیده به گیرنده",
        _ => "شناسه پیامک نامعتبر است",
    }
}

pub fn success(applied: &'static str, entries: Vec<Value>) -> Reply {
    let body = json!({"return": {"status": 200, "message": return_message(200)}, "entries": entries});
    Reply::json(StatusCode::OK, applied, &body)
}

/// On error the HTTP status equals `return.status` and `entries` is null.
pub fn failure(code: u16, applied: &'static str) -> Reply {
    let body = json!({"return": {"status": code, "message": return_message(code)}, "entries": null});
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    Reply::json(status, applied, &body)
}

/// Request parameters: query string, then form body (the body wins, as SDKs send it there).
pub struct Params(Vec<(String, String)>);

impl Params {
    pub fn from_request(received: &Received) -> Self {
        // Undecodable input yields no parameters and so the protocol's own 400.
        let mut pairs: Vec<(String, String)> = serde_urlencoded::from_str(&received.query).unwrap_or_default();
        pairs.extend(serde_urlencoded::from_str::<Vec<(String, String)>>(&received.body).unwrap_or_default());
        Params(pairs)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        let value = self.0.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.trim());
        value.filter(|v| !v.is_empty())
    }

    /// 400 when absent, 406 when sent empty.
    pub fn required(&self, name: &str) -> Result<&str, Refusal> {
        match self.0.iter().rev().find(|(k, _)| k == name) {
            None => Err(Refusal::Invalid(400)),
            Some((_, v)) if v.trim().is_empty() => Err(Refusal::Invalid(406)),
            Some((_, v)) => Ok(v.trim()),
        }
    }
}
