//! Tara / tara360 credit purchase (gateways.md §5, reconstructed from plugins), under `/tara` in
//! place of `https://pay.tara360.ir/pay`. Amounts in **rial** (getToken sends it as a string).
//!
//! `POST /api/v2/authenticate` → `accessToken` → `POST /api/getToken` (Bearer) → `token` → the
//! browser form-POSTs `username` and `token` to `/api/ipgPurchase` (fields in the query string
//! work too) → Tara form-POSTs `result` ("0" = paid), `token`, `channelRefNumber`, `orderId`,
//! `additionalData`, `desc` to `callBackUrl` → `POST /api/purchaseVerify` (Bearer) → `result` 0
//! with `rrn`. Business answers are HTTP 200 with a non-zero `result` (the plugins read only
//! `result`); an unknown or expired bearer is 401, which the plugins answer by logging in again.
//!
//! purchaseVerify finds the payment by its `token` and answers with that `token` and its own `amount`.
//! The plugins read no `orderId` from verify, so none is invented here: what binds the answer to the
//! merchant's order is the token the merchant recorded at getToken.

use std::time::Duration;

use poem::http::StatusCode;
use poem::{Route, post};
use serde_json::{Value, json};

use crate::exchange::{Call, Reply, endpoint};
use crate::mobile;
use crate::payment::callback::{Callback, Via};
use crate::payment::hosted::{self, PageSpec};
use crate::payment::page::Lang;
use crate::payment::wire::{self, Fields};
use crate::payment::{self, Deadlines, INVALID_REQUEST, PageOutcome, Payment, Unit, Verification, oauth};
use crate::scenario::{Gateway, PaymentScenario};

const GATEWAY: Gateway = Gateway::Tara;
const TOKEN_LIFETIME: Duration = Duration::from_secs(3600);
/// Dena IranPayment's local bounds, in rial.
const AMOUNTS: std::ops::RangeInclusive<i64> = 1_200..=1_000_000_000;

const BAD_CREDENTIALS: u32 = 2;
const NOT_FOUND: u32 = 6;
const TOKEN_NOT_FOUND: u32 = 7;
const DUPLICATE_TOKEN: u32 = 10;
const AMOUNTS_DIFFER: u32 = 11;
const ABOVE_LIMIT: u32 = 13;
const BELOW_LIMIT: u32 = 14;
const GENERAL_ERROR: u32 = 15;
const AMOUNT_EMPTY: u32 = 87;
const IP_EMPTY: u32 = 88;
const INVALID_AMOUNT: u32 = 89;
const SERVICES_EMPTY: u32 = 90;
const INVALID_SERVICE: u32 = 91;
const BAD_CALLBACK: u32 = 92;
const ORIGINAL_FAILED: u32 = 102;

const PAGE: PageSpec = PageSpec {
    gateway: GATEWAY,
    lang: Lang::Fa,
    title: "تارا — خرید اعتباری بدون پیش‌پرداخت",
    unit: Unit::Rial,
    callback,
};

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/api/v2/authenticate", post(endpoint(GATEWAY, authenticate)))
        .at("/api/getToken", post(endpoint(GATEWAY, get_token)))
        .at("/api/ipgPurchase", post(endpoint(GATEWAY, purchase_page)))
        .at("/api/purchaseVerify", post(endpoint(GATEWAY, verify)))
        .at("/api/clubGroups", post(endpoint(GATEWAY, club_groups)))
        .at(PageSpec::ACTION_ROUTE, post(endpoint(GATEWAY, |call| hosted::act(call, &PAGE))))
}

fn authenticate(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if !wire::accepted(fields.text("username").as_deref()) || !wire::accepted(fields.text("password").as_deref()) {
        let message = "نام کاربری یا کلمه عبور اشتباه است";
        let body = json!({"result": BAD_CREDENTIALS, "description": message, "message": message});
        return Reply::json(StatusCode::UNAUTHORIZED, INVALID_REQUEST, &body);
    }
    let body = json!({"result": 0, "description": "عملیات با موفقیت انجام شد", "accessToken": oauth::issue(call, GATEWAY, TOKEN_LIFETIME)});
    Reply::json(StatusCode::OK, "success", &body)
}

fn get_token(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let request = match TokenRequest::read(&fields) {
        Ok(request) => request,
        Err(code) => return result(code, INVALID_REQUEST),
    };
    let scenario = match payment::create_scenario(call, GATEWAY, request.amount, Some(&request.mobile)) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    match scenario {
        PaymentScenario::Create5xx => {
            return Reply::text(StatusCode::INTERNAL_SERVER_ERROR, scenario.name(), "Internal Server Error");
        }
        PaymentScenario::Ineligible => return result(ABOVE_LIMIT, scenario.name()),
        PaymentScenario::InvalidMobile => return result(INVALID_AMOUNT, scenario.name()),
        _ => {}
    }
    let window = call.state.payment_window;
    let mut payment = Payment::new(call, GATEWAY, scenario, Deadlines { page: window, verify: window });
    payment.amount = request.amount;
    payment.callback_url = request.callback_url;
    payment.order_ref = fields.text("orderId").unwrap_or_default();
    payment.mobile = Some(request.mobile);
    payment.extra.insert("additionalData".to_owned(), fields.text("additionalData").unwrap_or_default());
    payment.extra.insert("serviceAmountList".to_owned(), request.services.to_string());
    let body = json!({"result": 0, "description": "عملیات با موفقیت انجام شد", "token": payment.token});
    call.state.insert_payment(payment);
    Reply::json(StatusCode::OK, scenario.name(), &body)
}

struct TokenRequest {
    amount: i64,
    callback_url: String,
    mobile: String,
    services: Value,
}

impl TokenRequest {
    /// Checks in the order the result codes suggest; the error is Tara's `result`.
    fn read(fields: &Fields) -> Result<Self, u32> {
        let raw_amount = fields.text("amount").ok_or(AMOUNT_EMPTY)?;
        let amount: i64 = raw_amount.parse().map_err(|_| INVALID_AMOUNT)?;
        if amount < *AMOUNTS.start() {
            return Err(BELOW_LIMIT);
        }
        if amount > *AMOUNTS.end() {
            return Err(ABOVE_LIMIT);
        }
        fields.text("ip").ok_or(IP_EMPTY)?;
        let callback_url = fields.text("callBackUrl").filter(|u| wire::is_web_url(u)).ok_or(BAD_CALLBACK)?;
        let mobile = fields.text("mobile").filter(|m| mobile::normalise(m).is_some()).ok_or(INVALID_AMOUNT)?;
        let services = fields.value("serviceAmountList").filter(|v| v.as_array().is_some_and(|a| !a.is_empty()));
        let services = services.cloned().ok_or(SERVICES_EMPTY)?;
        let mut total = 0_i64;
        for service in services.as_array().into_iter().flatten() {
            let id = service.get("serviceId").filter(|id| !id.is_null() && id.as_str() != Some(""));
            id.ok_or(INVALID_SERVICE)?;
            let part = service.get("amount").and_then(|a| a.as_i64().or_else(|| a.as_str()?.parse().ok()));
            total += part.ok_or(INVALID_AMOUNT)?;
        }
        if total != amount {
            return Err(AMOUNTS_DIFFER);
        }
        Ok(TokenRequest { amount, callback_url, mobile, services })
    }
}

/// The browser arrives by form POST with `username` and `token`.
fn purchase_page(call: &Call<'_>) -> Reply {
    let token = Fields::of(call).text("token").unwrap_or_default();
    hosted::show(call, &PAGE, &token, |_| {})
}

/// Form POST to `callBackUrl`. Failures: 15 cancelled or timed out, 14 credit refused,
/// 7 token no longer valid.
fn callback(p: &Payment, outcome: PageOutcome) -> Callback {
    let (code, desc) = match outcome {
        PageOutcome::Paid => (0, "خرید با موفقیت انجام شد"),
        PageOutcome::Cancelled => (GENERAL_ERROR, "خرید توسط کاربر لغو شد"),
        PageOutcome::TimedOut => (GENERAL_ERROR, "مهلت انجام خرید به پایان رسید"),
        PageOutcome::Declined => (BELOW_LIMIT, "اعتبار کافی نیست"),
        PageOutcome::TokenExpired => (TOKEN_NOT_FOUND, "توکن یافت نشد"),
    };
    let channel = if outcome == PageOutcome::Paid { p.reference.to_string() } else { String::new() };
    let fields = [
        ("result", code.to_string()),
        ("token", p.token.clone()),
        ("channelRefNumber", channel),
        ("orderId", p.order_ref.clone()),
        ("additionalData", p.extra("additionalData").to_owned()),
        ("desc", desc.to_owned()),
    ];
    Callback::new(&p.callback_url, Via::FormPost, &fields)
}

fn verify(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let token = Fields::of(call).text("token").unwrap_or_default();
    let forced = match payment::verify_scenario(call, GATEWAY) {
        Ok(forced) => forced,
        Err(refused) => return refused,
    };
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == token,
        |p| {
            // Tara has no "processing" answer: that scenario verifies slowly instead.
            let verification = p.verify(forced, false);
            let applied = p.scenario.name();
            let reply = match verification {
                Verification::Verified { .. } => {
                    let services: Value = serde_json::from_str(p.extra("serviceAmountList")).unwrap_or(Value::Null);
                    let body = json!({
                        "result": 0,
                        "description": "عملیات با موفقیت انجام شد",
                        "token": p.token,
                        "rrn": format!("{:012}", p.reference),
                        "amount": p.charged().to_string(),
                        "type": "PURCHASE",
                        "serviceAmountList": services,
                    });
                    Reply::json(StatusCode::OK, applied, &body)
                }
                Verification::AlreadyVerified => result(DUPLICATE_TOKEN, applied),
                Verification::Refused | Verification::Processing => result(NOT_FOUND, applied),
                Verification::TooLate | Verification::NotPaid(_) => result(ORIGINAL_FAILED, applied),
            };
            payment::shaped(call, reply, verification)
        },
    );
    answered.unwrap_or_else(|| result(TOKEN_NOT_FOUND, INVALID_REQUEST))
}

fn club_groups(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let groups = json!([
        {"id": 1, "title": "مواد غذایی"},
        {"id": 2, "title": "سلامت و تندرستی"},
        {"id": 3, "title": "خدمات آموزشی"},
    ]);
    let body =
        json!({"ipgClubMerchandiseGroupReportList": groups, "result": 0, "description": "عملیات با موفقیت انجام شد"});
    Reply::json(StatusCode::OK, "success", &body)
}

fn authorise(call: &Call<'_>) -> Result<(), Reply> {
    if oauth::authorised(call, GATEWAY) {
        return Ok(());
    }
    let body = json!({"result": BAD_CREDENTIALS, "description": "Unauthorized", "message": "Unauthorized"});
    Err(Reply::json(StatusCode::UNAUTHORIZED, INVALID_REQUEST, &body))
}

fn result(code: u32, applied: &'static str) -> Reply {
    Reply::json(StatusCode::OK, applied, &json!({"result": code, "description": description(code)}))
}

fn description(code: u32) -> &'static str {
    match code {
        NOT_FOUND => "تراکنش یافت نشد",
        TOKEN_NOT_FOUND => "توکن یافت نشد",
        DUPLICATE_TOKEN => "توکن تکراری است",
        AMOUNTS_DIFFER => "مبالغ با هم برابر نیستند",
        ABOVE_LIMIT => "مبلغ بیش از سقف مجاز است",
        BELOW_LIMIT => "مبلغ کمتر از حد مجاز است",
        AMOUNT_EMPTY => "مبلغ خالی است",
        IP_EMPTY => "آی‌پی خالی است",
        INVALID_AMOUNT => "مقدار نامعتبر است",
        SERVICES_EMPTY => "لیست مبالغ خدمات خالی است",
        INVALID_SERVICE => "شناسه خدمت نامعتبر است",
        BAD_CALLBACK => "آدرس بازگشت نامعتبر است",
        ORIGINAL_FAILED => "تراکنش اصلی ناموفق بوده است",
        _ => "خطای عمومی",
    }
}
