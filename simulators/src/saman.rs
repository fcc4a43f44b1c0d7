//! Saman Electronic Payment, token-based OnlinePG (gateways.md §6), under `/saman` in place of
//! `https://sep.shaparak.ir`. Amounts in **rial** (minimum 2,000). The merchant is its
//! `TerminalId` (any but `sim-invalid`).
//!
//! `POST /onlinepg/onlinepg` (JSON, `action: "token"`) → `token` → the browser form-POSTs `Token`
//! (and `GetMethod`) to `/OnlinePG/OnlinePG`, or GETs `/OnlinePG/SendToken?token=` → it returns
//! to `RedirectUrl` with `State`, `Status`, `RefNum` (empty unless paid), `Amount` … by POST,
//! or by GET when `GetMethod` was true → `POST /verifyTxnRandomSessionkey/ipg/VerifyTransaction`
//! within 30 minutes (`ResultCode` 0; 2 on a repeat; -6 too late) → optional
//! `ReverseTransaction` within 50 minutes (a second one answers `ResultCode` 5, already reversed).
//! The token lives `TokenExpiryInMin` (default 20).
//!
//! A repeated verify of a verified `RefNum` answers `Success: true`, `ResultCode` 2 and the same
//! `TransactionDetail` as the first: that is what SEP's own terminals answer (a client library tested
//! on a live terminal accepts exactly that, and gateways.md §6 has clients accept code 2 when the detail
//! matches). So a merchant that lost the first answer can still read the payment, and a merchant that
//! takes `Success` alone as "this verify was mine" is shown that it cannot: SEP names no `ResNum` in its
//! answer, and any caller holding a `RefNum` gets the same detail, so only the merchant can stop one
//! `RefNum` from completing two orders. Every answer, refusals included, is HTTP 200 with a
//! `ResultCode`, as SEP's are: the definitive refusals are the negative codes (-2 not found, -6 too
//! late) and 5 (already reversed).
//! The token call and the browser's form POST share one path (SEP's IIS ignores case); the
//! JSON `action` tells them apart.

use std::time::Duration;

use poem::http::StatusCode;
use poem::{Route, get, post};
use serde_json::{Value, json};

use crate::exchange::{Call, Reply, endpoint};
use crate::payment::callback::{Callback, Via};
use crate::payment::hosted::{self, PageSpec};
use crate::payment::page::Lang;
use crate::payment::wire::{self, Fields};
use crate::payment::{self, Deadlines, INVALID_REQUEST, PageOutcome, Payment, Stage, Unit, Verification};
use crate::scenario::{Gateway, PaymentScenario};

const GATEWAY: Gateway = Gateway::Saman;
const VERIFY_WINDOW: Duration = Duration::from_secs(30 * 60);
const REVERSE_WINDOW: Duration = Duration::from_secs(50 * 60);
const MIN_AMOUNT: i64 = 2_000;
const TOKEN_MINUTES: std::ops::RangeInclusive<u64> = 20..=3600;
const DEFAULT_TOKEN_MINUTES: u64 = 20;
const MAX_REDIRECT_URL: usize = 2083;
/// SEP's limit on each of the merchant's own fields `ResNum1`…`ResNum4`.
const MAX_RES_NUM_EXTRA: usize = 50;

/// Token-call `errorCode`s, which reuse the Status numbers.
const INVALID_PARAMETERS: u32 = 5;
const TERMINAL_NOT_FOUND: u32 = 12;
/// Verify's `ResultCode` for a `RefNum` verified before.
const DUPLICATE: i32 = 2;

const PAGE: PageSpec =
    PageSpec {
        gateway: GATEWAY, lang: Lang::Fa, title: "درگاه پرداخت الکترونیک سامان", unit: Unit::Rial, callback
    };

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/onlinepg/onlinepg", post(endpoint(GATEWAY, entry)))
        .at("/OnlinePG/OnlinePG", post(endpoint(GATEWAY, entry)))
        .at("/OnlinePG/SendToken", get(endpoint(GATEWAY, send_token)))
        .at("/verifyTxnRandomSessionkey/ipg/VerifyTransaction", post(endpoint(GATEWAY, verify)))
        .at("/verifyTxnRandomSessionkey/ipg/ReverseTransaction", post(endpoint(GATEWAY, reverse)))
        .at(PageSpec::ACTION_ROUTE, post(endpoint(GATEWAY, |call| hosted::act(call, &PAGE))))
}

/// JSON with `action: "token"` asks for a token; a form with `Token` is the customer arriving.
fn entry(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if fields.is_json() {
        return token(call, &fields);
    }
    let token = fields.text("Token").unwrap_or_default();
    let get_method = fields.flag("GetMethod");
    hosted::show(call, &PAGE, &token, |p| {
        p.extra.insert("GetMethod".to_owned(), get_method.to_string());
    })
}

fn send_token(call: &Call<'_>) -> Reply {
    let token = Fields::query(call.received).text("token").unwrap_or_default();
    hosted::show(call, &PAGE, &token, |p| {
        p.extra.insert("GetMethod".to_owned(), "false".to_owned());
    })
}

fn token(call: &Call<'_>, fields: &Fields) -> Reply {
    if !fields.text("action").is_some_and(|a| a.eq_ignore_ascii_case("token")) {
        return token_error(INVALID_PARAMETERS, "InvalidParameters", INVALID_REQUEST);
    }
    let terminal = fields.text("TerminalId");
    if !wire::accepted(terminal.as_deref()) {
        return token_error(TERMINAL_NOT_FOUND, "TerminalNotFound", INVALID_REQUEST);
    }
    let minutes = fields.integer("TokenExpiryInMin").map_or(Some(DEFAULT_TOKEN_MINUTES), |m| u64::try_from(m).ok());
    let minutes = minutes.filter(|m| TOKEN_MINUTES.contains(m));
    let amount = fields.integer("Amount").filter(|a| *a >= MIN_AMOUNT);
    let redirect = fields.text("RedirectUrl").filter(|u| wire::is_web_url(u) && u.len() <= MAX_REDIRECT_URL);
    let (Some(minutes), Some(amount), Some(redirect), Some(res_num)) =
        (minutes, amount, redirect, fields.text("ResNum"))
    else {
        return token_error(INVALID_PARAMETERS, "InvalidParameters", INVALID_REQUEST);
    };
    let scenario = match payment::create_scenario(call, GATEWAY, amount, None) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    if scenario == PaymentScenario::Create5xx {
        return Reply::proxy_error(StatusCode::INTERNAL_SERVER_ERROR, scenario.name());
    }
    let deadlines = Deadlines { page: Duration::from_secs(minutes * 60), verify: VERIFY_WINDOW };
    let mut payment = Payment::new(call, GATEWAY, scenario, deadlines);
    payment.amount = amount;
    payment.callback_url = redirect;
    payment.order_ref = res_num;
    payment.mobile = fields.text("CellNumber");
    payment.extra.insert("TerminalId".to_owned(), terminal.unwrap_or_default());
    payment.extra.insert("Wage".to_owned(), fields.text("Wage").unwrap_or_else(|| "0".to_owned()));
    // SEP keeps ResNum1…4 for the merchant's own use (50 characters each); the shop names its order in ResNum1.
    if let Some(named) = fields.text("ResNum1") {
        payment.extra.insert("ResNum1".to_owned(), named.chars().take(MAX_RES_NUM_EXTRA).collect());
    }
    let body = json!({"status": 1, "token": payment.token});
    call.state.insert_payment(payment);
    Reply::json(StatusCode::OK, scenario.name(), &body)
}

/// Back to `RedirectUrl`, by POST, or by GET when the page was entered with GetMethod=true.
fn callback(p: &Payment, outcome: PageOutcome) -> Callback {
    let (state, status) = match outcome {
        PageOutcome::Paid => ("OK", 2),
        PageOutcome::Cancelled => ("CanceledByUser", 1),
        PageOutcome::Declined => ("Failed", 3),
        PageOutcome::TimedOut => ("SessionIsNull", 4),
        PageOutcome::TokenExpired => ("TokenNotFound", 10),
    };
    let paid = outcome == PageOutcome::Paid;
    let when_paid = |value: String| if paid { value } else { String::new() };
    let terminal = p.extra("TerminalId").to_owned();
    let fields = [
        ("MID", terminal.clone()),
        ("TerminalId", terminal),
        ("State", state.to_owned()),
        ("Status", status.to_string()),
        ("ResNum", p.order_ref.clone()),
        ("RefNum", when_paid(ref_num(p))),
        ("RRN", when_paid(rrn(p))),
        ("TraceNo", when_paid(trace_no(p))),
        ("Amount", p.charged().to_string()),
        ("Wage", p.extra("Wage").to_owned()),
        ("AffectiveAmount", p.charged().to_string()),
        ("SecurePan", when_paid(wire::masked_card())),
        ("HashedCardNumber", when_paid(wire::card_hash())),
        ("Token", p.token.clone()),
    ];
    let via = if p.extra("GetMethod") == "true" { Via::Redirect } else { Via::FormPost };
    Callback::new(&p.callback_url, via, &fields)
}

fn verify(call: &Call<'_>) -> Reply {
    let Some((ref_num, terminal)) = verify_fields(call) else {
        return result(-111, None, INVALID_REQUEST);
    };
    let forced = match payment::verify_scenario(call, GATEWAY) {
        Ok(forced) => forced,
        Err(refused) => return refused,
    };
    let answered = on_ref_num(call, &ref_num, &terminal, |p| {
        // SEP has no "processing" answer: that scenario verifies slowly instead.
        let verification = p.verify(forced, false);
        let applied = p.scenario.name();
        let reply = match verification {
            Verification::Verified { .. } => result(0, Some(detail(p)), applied),
            Verification::AlreadyVerified => result(DUPLICATE, Some(detail(p)), applied),
            Verification::TooLate => result(-6, None, applied),
            Verification::Refused | Verification::Processing | Verification::NotPaid(_) => result(-2, None, applied),
        };
        payment::shaped(call, reply, verification)
    });
    answered.unwrap_or_else(|| result(-2, None, INVALID_REQUEST))
}

fn reverse(call: &Call<'_>) -> Reply {
    let Some((ref_num, terminal)) = verify_fields(call) else {
        return result(-111, None, INVALID_REQUEST);
    };
    let window = call.state.scaled(REVERSE_WINDOW);
    let answered = on_ref_num(call, &ref_num, &terminal, |p| {
        let applied = p.scenario.name();
        match (p.stage, p.since_verified()) {
            (Stage::Reversed, _) => result(5, Some(detail(p)), applied),
            (_, Some(elapsed)) if elapsed <= window => {
                p.stage = Stage::Reversed;
                result(0, Some(detail(p)), applied)
            }
            (_, Some(_)) => result(-6, None, applied),
            (_, None) => result(-2, None, applied),
        }
    });
    answered.unwrap_or_else(|| result(-2, None, INVALID_REQUEST))
}

fn verify_fields(call: &Call<'_>) -> Option<(String, String)> {
    let fields = Fields::of(call);
    Some((fields.text("RefNum")?, fields.text("TerminalNumber")?))
}

/// The payment behind a RefNum, at the terminal that asks; `None` when there is none (-2).
fn on_ref_num(call: &Call<'_>, wanted: &str, terminal: &str, act: impl FnOnce(&mut Payment) -> Reply) -> Option<Reply> {
    let paid = |p: &Payment| !matches!(p.stage, Stage::Created | Stage::Failed(_) | Stage::Cancelled);
    let matches = |p: &Payment| paid(p) && ref_num(p) == wanted && p.extra("TerminalId") == terminal;
    call.state.with_payment(GATEWAY, matches, act)
}

/// The misspellings (`OrginalAmount`, `StraceDate`) are SEP's own.
fn detail(p: &Payment) -> Value {
    json!({
        "RRN": rrn(p),
        "RefNum": ref_num(p),
        "MaskedPan": wire::masked_card(),
        "HashedPan": wire::card_hash(),
        "TerminalNumber": p.extra("TerminalId").parse::<i64>().map_or_else(|_| json!(p.extra("TerminalId")), |n| json!(n)),
        "OrginalAmount": p.charged(),
        "AffectiveAmount": p.charged(),
        "StraceDate": wire::tehran_datetime(p.paid_ms),
        "StraceNo": trace_no(p),
    })
}

fn result(code: i32, detail: Option<Value>, applied: &'static str) -> Reply {
    let description = match code {
        0 => "عملیات با موفقیت انجام شد",
        DUPLICATE => "درخواست تکراری می باشد",
        5 => "تراکنش برگشت خورده است",
        -2 => "تراکنش یافت نشد",
        -6 => "بیش از نیم ساعت از زمان اجرای تراکنش گذشته است",
        _ => "ساختار درخواست نامعتبر است",
    };
    // A duplicate verify (2) still succeeds: the detail is the payment's, as on the first verify.
    let success = code == 0 || code == DUPLICATE;
    let body =
        json!({"Success": success, "ResultCode": code, "ResultDescription": description, "TransactionDetail": detail});
    Reply::json(StatusCode::OK, applied, &body)
}

fn token_error(code: u32, description: &str, applied: &'static str) -> Reply {
    Reply::json(StatusCode::OK, applied, &json!({"status": -1, "errorCode": code, "errorDesc": description}))
}

pub(crate) fn ref_num(p: &Payment) -> String {
    format!("GmshtyjwKS{}", p.reference)
}

fn rrn(p: &Payment) -> String {
    format!("{:012}", p.reference)
}

fn trace_no(p: &Payment) -> String {
    format!("{:06}", p.reference % 1_000_000)
}
