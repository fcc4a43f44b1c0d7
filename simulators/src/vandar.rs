//! Vandar IPG v3 (gateways.md §2), under `/vandar` in place of `https://ipg.vandar.io`.
//! Amounts in **rial** (minimum 1,000). `api_key` in the JSON body (any but `sim-invalid`).
//!
//! `POST /api/v3/send` → `token` → the browser opens `/v3/{token}` → it is redirected (GET) to
//! `callback_url?token=…&payment_status=OK|FAILED` → `POST /api/v3/verify` within 20 minutes of
//! that redirect; `POST /api/v3/transaction` tells the state (`code` 1 awaiting verify, 2
//! verified, 3 expired, 4 failed; 0 here also while nobody has paid yet). Failures answer 422
//! with `status` 0 and `errors` (Vandar does not document its HTTP statuses; clients read the body).
//! Verify and transaction find the payment by its `token` and answer with its own `factorNumber` and
//! `amount` as recorded at `send`.

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

const GATEWAY: Gateway = Gateway::Vandar;
/// Verify within 20 minutes of the redirect [lib]; the page lifetime is ours.
const DEADLINES: Deadlines = Deadlines { page: Duration::from_secs(20 * 60), verify: Duration::from_secs(20 * 60) };
const MIN_AMOUNT: i64 = 1_000;
const MAX_DESCRIPTION: usize = 255;

const PAGE: PageSpec =
    PageSpec {
        gateway: GATEWAY, lang: Lang::Fa, title: "درگاه پرداخت وندار", unit: Unit::Rial, callback
    };

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/api/v3/send", post(endpoint(GATEWAY, send)))
        .at("/api/v3/transaction", post(endpoint(GATEWAY, transaction)))
        .at("/api/v3/verify", post(endpoint(GATEWAY, verify)))
        .at("/v3/:token", get(endpoint(GATEWAY, |call| hosted::show(call, &PAGE, call.path_param("token"), |_| {}))))
        .at(PageSpec::ACTION_ROUTE, post(endpoint(GATEWAY, |call| hosted::act(call, &PAGE))))
}

fn send(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if let Err(refused) = authorise(&fields) {
        return refused;
    }
    let mut errors = Vec::new();
    let amount = fields.integer("amount");
    if amount.is_none_or(|a| a < MIN_AMOUNT) {
        errors.push("مبلغ باید عددی و حداقل ۱۰۰۰ ریال باشد");
    }
    let callback_url = fields.text("callback_url").filter(|u| wire::is_web_url(u));
    if callback_url.is_none() {
        errors.push("آدرس بازگشت نامعتبر است");
    }
    let description = fields.text("description").unwrap_or_default();
    if description.chars().count() > MAX_DESCRIPTION {
        errors.push("توضیحات حداکثر ۲۵۵ کاراکتر است");
    }
    let (Some(amount), Some(callback_url), true) = (amount, callback_url, errors.is_empty()) else {
        return failure(StatusCode::UNPROCESSABLE_ENTITY, &errors, INVALID_REQUEST);
    };
    let scenario = match payment::create_scenario(call, GATEWAY, amount, None) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    if scenario == PaymentScenario::Create5xx {
        return Reply::json(StatusCode::INTERNAL_SERVER_ERROR, scenario.name(), &json!({"message": "Server Error"}));
    }
    let mut payment = Payment::new(call, GATEWAY, scenario, DEADLINES);
    payment.amount = amount;
    payment.callback_url = callback_url;
    payment.order_ref = fields.text("factorNumber").unwrap_or_default();
    payment.mobile = fields.text("mobile_number");
    payment.extra.insert("description".to_owned(), description);
    let body = json!({"status": 1, "token": payment.token});
    call.state.insert_payment(payment);
    Reply::json(StatusCode::OK, scenario.name(), &body)
}

/// GET back to `callback_url` with `token` and `payment_status`.
fn callback(p: &Payment, outcome: PageOutcome) -> Callback {
    let status = if outcome == PageOutcome::Paid { "OK" } else { "FAILED" };
    Callback::new(&p.callback_url, Via::Redirect, &[("token", p.token.clone()), ("payment_status", status.to_owned())])
}

fn transaction(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if let Err(refused) = authorise(&fields) {
        return refused;
    }
    let token = fields.text("token").unwrap_or_default();
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == token,
        |p| {
            let (code, message) = match p.stage {
                Stage::Created => (0, "تراکنش هنوز پرداخت نشده است"),
                Stage::Paid { .. } => (1, "تراکنش پرداخت شده و در انتظار تایید است"),
                Stage::Verified { .. } | Stage::Settled => (2, "تراکنش قبلا تایید شده است"),
                Stage::Expired | Stage::Failed(PageOutcome::TimedOut) => (3, "مهلت تراکنش به پایان رسیده است"),
                _ => (4, "تراکنش ناموفق بوده است"),
            };
            let paid = matches!(p.stage, Stage::Paid { .. } | Stage::Verified { .. } | Stage::Settled);
            let mut body = details(p, paid);
            body["status"] = json!(1);
            body["code"] = json!(code);
            body["message"] = json!(message);
            body["refnumber"] = json!(paid.then(|| format!("GmshtyjwKS{}", p.reference)));
            body["trackingCode"] = json!(paid.then(|| p.reference.to_string()));
            body["createdAt"] = json!(wire::tehran_datetime(p.created_ms));
            Reply::json(StatusCode::OK, p.scenario.name(), &body)
        },
    );
    answered.unwrap_or_else(not_found)
}

fn verify(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if let Err(refused) = authorise(&fields) {
        return refused;
    }
    let token = fields.text("token").unwrap_or_default();
    let forced = match payment::verify_scenario(call, GATEWAY) {
        Ok(forced) => forced,
        Err(refused) => return refused,
    };
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == token,
        |p| {
            // Vandar has no "processing" answer: that scenario verifies slowly instead.
            let verification = p.verify(forced, false);
            let applied = p.scenario.name();
            let refuse = |why: &str| failure(StatusCode::UNPROCESSABLE_ENTITY, &[why], applied);
            let reply = match verification {
                Verification::Verified { .. } => {
                    let mut body = details(p, true);
                    body["status"] = json!(1);
                    body["message"] = json!("عملیات با موفقیت انجام شد");
                    Reply::json(StatusCode::OK, applied, &body)
                }
                Verification::AlreadyVerified => refuse("تراکنش قبلا تایید شده است"),
                Verification::Refused | Verification::Processing => refuse("تراکنش ناموفق است"),
                Verification::TooLate => refuse("مهلت تایید تراکنش به پایان رسیده است"),
                Verification::NotPaid(_) => refuse("تراکنش پرداخت نشده است"),
            };
            payment::shaped(call, reply, verification)
        },
    );
    answered.unwrap_or_else(not_found)
}

/// The fields verify and transaction share; card and date only once paid.
fn details(p: &Payment, paid: bool) -> Value {
    json!({
        "amount": p.charged(),
        "realAmount": p.charged(),
        "wage": 0,
        "transId": p.reference,
        "factorNumber": p.order_ref,
        "mobile": p.mobile,
        "description": p.extra("description"),
        "cardNumber": paid.then(wire::masked_card),
        "cid": paid.then(wire::card_hash),
        "paymentDate": paid.then(|| wire::tehran_datetime(p.paid_ms)),
    })
}

fn authorise(fields: &Fields) -> Result<(), Reply> {
    if wire::accepted(fields.text("api_key").as_deref()) {
        Ok(())
    } else {
        Err(failure(StatusCode::FORBIDDEN, &["کلید API نامعتبر است"], INVALID_REQUEST))
    }
}

fn not_found() -> Reply {
    failure(StatusCode::NOT_FOUND, &["تراکنش یافت نشد"], INVALID_REQUEST)
}

fn failure(status: StatusCode, errors: &[&str], applied: &'static str) -> Reply {
    Reply::json(status, applied, &json!({"status": 0, "errors": errors}))
}
