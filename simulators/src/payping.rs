//! PayPing v3 (gateways.md §1), under `/payping` in place of `https://api.payping.ir`.
//! Amounts in **toman**. Bearer token auth (any non-empty token but `sim-invalid`).
//!
//! `POST /v3/pay` → `paymentCode` + `url` (`/v3/pay/start/{code}`, the hosted page) → the
//! browser form-POSTs `status`, `errorCode` and `data` (a JSON string) to `returnUrl` →
//! `POST /v3/pay/verify` within 10 minutes → optional `POST /v3/pay/reverse` within 30 minutes
//! (payments created with `isReversible`; a second reverse is refused, 400 with code 126). `DELETE /v3/pay`
//! withdraws an unopened payment. Verify and reverse answer with the payment's own `clientRefId`
//! and `amount` as recorded at `POST /v3/pay`; a `paymentRefId` that is not the payment's is refused
//! (400, code 133) and changes nothing.
//! Errors are RFC 7807 problems with `metaData.code`.

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

const GATEWAY: Gateway = Gateway::PayPing;
/// Verify within 10 minutes [doc]; the page's own lifetime is not published (ours: 20 minutes).
const DEADLINES: Deadlines = Deadlines { page: Duration::from_secs(20 * 60), verify: Duration::from_secs(10 * 60) };
const REVERSE_WINDOW: Duration = Duration::from_secs(30 * 60);
/// v2 spec bounds, in toman.
const AMOUNTS: std::ops::RangeInclusive<i64> = 100..=50_000_000;

const PAGE: PageSpec =
    PageSpec {
        gateway: GATEWAY, lang: Lang::Fa, title: "درگاه پرداخت پی‌پینگ", unit: Unit::Toman, callback
    };

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/v3/pay", post(endpoint(GATEWAY, create)).delete(endpoint(GATEWAY, withdraw)))
        .at("/v3/pay/start/:code", get(endpoint(GATEWAY, start)))
        .at("/v3/pay/verify", post(endpoint(GATEWAY, verify)))
        .at("/v3/pay/reverse", post(endpoint(GATEWAY, reverse)))
        .at(PageSpec::ACTION_ROUTE, post(endpoint(GATEWAY, |call| hosted::act(call, &PAGE))))
}

fn create(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let (Some(amount), Some(return_url)) = (fields.integer("amount"), fields.text("returnUrl")) else {
        return problem(StatusCode::BAD_REQUEST, 101, "مقادیر amount و returnUrl الزامی است", INVALID_REQUEST);
    };
    if !AMOUNTS.contains(&amount) {
        return problem(StatusCode::BAD_REQUEST, 101, "مبلغ باید بین ۱۰۰ تا ۵۰٬۰۰۰٬۰۰۰ تومان باشد", INVALID_REQUEST);
    }
    if !wire::is_web_url(&return_url) {
        return problem(StatusCode::BAD_REQUEST, 105, "آدرس بازگشت نامعتبر است", INVALID_REQUEST);
    }
    let scenario = match payment::create_scenario(call, GATEWAY, amount, None) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    if scenario == PaymentScenario::Create5xx {
        return problem(StatusCode::INTERNAL_SERVER_ERROR, 106, "خطای داخلی سرور", scenario.name());
    }
    let mut payment = Payment::new(call, GATEWAY, scenario, DEADLINES);
    payment.amount = amount;
    payment.callback_url = return_url;
    payment.order_ref = fields.text("clientRefId").unwrap_or_default();
    payment.extra.insert("description".to_owned(), fields.text("description").unwrap_or_default());
    payment.mobile = fields.text("payerIdentity");
    if fields.flag("isReversible") {
        payment.extra.insert("reversible".to_owned(), "true".to_owned());
    }
    let body = json!({
        "paymentCode": payment.token,
        "url": format!("{}/payping/v3/pay/start/{}", call.origin(), payment.token),
        "amount": amount,
        "payerWage": 0,
        "businessWage": 0,
        "gatewayAmount": amount,
        "paypingVat": 0,
    });
    call.state.insert_payment(payment);
    Reply::json(StatusCode::OK, scenario.name(), &body)
}

/// An expired code never reaches the bank page: `start` answers 400 with code 131.
fn start(call: &Call<'_>) -> Reply {
    let code = call.path_param("code");
    let expired = call.state.with_payment(GATEWAY, |p| p.token == code, |p| p.token_expired().then_some(p.scenario));
    match expired {
        None => not_found(),
        Some(Some(scenario)) => {
            problem(StatusCode::BAD_REQUEST, 131, "مهلت پرداخت به پایان رسیده است", scenario.name())
        }
        Some(None) => hosted::show(call, &PAGE, code, |_| {}),
    }
}

/// v3 callback: `status` 1/0, `errorCode` (127 for a failed page step, 131 for an expired code),
/// `data` a JSON string; `paymentRefId` and the card only when paid.
fn callback(p: &Payment, outcome: PageOutcome) -> Callback {
    let mut data = json!({
        "clientRefId": p.order_ref,
        "paymentCode": p.token,
        "amount": p.charged(),
        "gatewayAmount": p.charged(),
    });
    let (status, error_code) = match outcome {
        PageOutcome::Paid => {
            data["paymentRefId"] = json!(p.reference);
            data["cardNumber"] = json!(wire::masked_card());
            data["cardHashPan"] = json!(wire::card_hash());
            ("1", "")
        }
        PageOutcome::TokenExpired => ("0", "131"),
        PageOutcome::Cancelled | PageOutcome::Declined | PageOutcome::TimedOut => ("0", "127"),
    };
    let fields = [("status", status.to_owned()), ("errorCode", error_code.to_owned()), ("data", data.to_string())];
    Callback::new(&p.callback_url, Via::FormPost, &fields)
}

fn verify(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let (Some(ref_id), Some(code), Some(amount)) =
        (fields.integer("paymentRefId"), fields.text("paymentCode"), fields.integer("amount"))
    else {
        return problem(
            StatusCode::BAD_REQUEST,
            101,
            "مقادیر paymentRefId، paymentCode و amount الزامی است",
            INVALID_REQUEST,
        );
    };
    let forced = match payment::verify_scenario(call, GATEWAY) {
        Ok(forced) => forced,
        Err(refused) => return refused,
    };
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == code,
        |p| {
            let paid_or_later = !matches!(p.stage, Stage::Created | Stage::Failed(_) | Stage::Cancelled);
            if paid_or_later && i64::try_from(p.reference).ok() != Some(ref_id) {
                return problem(StatusCode::BAD_REQUEST, 133, "اطلاعات پرداخت نامعتبر است", p.scenario.name());
            }
            if matches!(p.stage, Stage::Paid { .. }) && amount != p.charged() {
                return problem(
                    StatusCode::BAD_REQUEST,
                    137,
                    "مبلغ ارسالی با مبلغ پرداخت مغایرت دارد",
                    p.scenario.name(),
                );
            }
            let verification = p.verify(forced, true);
            let applied = p.scenario.name();
            let reply = match verification {
                Verification::Verified { .. } => Reply::json(StatusCode::OK, applied, &verified_body(p)),
                Verification::AlreadyVerified => already_verified(p),
                Verification::Processing => {
                    problem(StatusCode::ACCEPTED, 155, "تایید در حال انجام است، دوباره تلاش کنید", applied)
                }
                Verification::Refused => problem(StatusCode::BAD_REQUEST, 121, "پرداخت موفق نبوده است", applied),
                Verification::TooLate => problem(StatusCode::BAD_REQUEST, 131, "مهلت تایید پرداخت گذشته است", applied),
                Verification::NotPaid(Stage::Failed(_)) => {
                    problem(StatusCode::BAD_REQUEST, 127, "پرداخت توسط پرداخت‌کننده لغو شد یا مهلت آن تمام شد", applied)
                }
                Verification::NotPaid(Stage::Created) => {
                    problem(StatusCode::BAD_REQUEST, 121, "پرداخت موفق نبوده است", applied)
                }
                Verification::NotPaid(_) => {
                    problem(StatusCode::BAD_REQUEST, 126, "وضعیت پرداخت اجازه این کار را نمی‌دهد", applied)
                }
            };
            payment::shaped(call, reply, verification)
        },
    );
    answered.unwrap_or_else(not_found)
}

fn verified_body(p: &Payment) -> Value {
    json!({
        "amount": p.charged(),
        "cardNumber": wire::masked_card(),
        "cardHashPan": wire::card_hash(),
        "clientRefId": p.order_ref,
        "paymentRefId": p.reference,
        "code": p.token,
        "payedDate": wire::iso_utc(p.paid_ms),
        "payerWage": 0,
        "businessWage": 0,
        "gatewayAmount": p.charged(),
        "paypingVat": 0,
    })
}

/// 409 with code 110; `metaData.message` carries the original verify answer, PascalCase.
fn already_verified(p: &Payment) -> Reply {
    let original = verified_body(p);
    let pascal: serde_json::Map<String, Value> =
        original.as_object().into_iter().flatten().map(|(k, v)| (k[..1].to_uppercase() + &k[1..], v.clone())).collect();
    let mut reply = problem(StatusCode::CONFLICT, 110, "این پرداخت قبلا تایید شده است", p.scenario.name());
    if let Ok(mut body) = serde_json::from_str::<Value>(&reply.body) {
        body["metaData"]["message"] = json!(Value::Object(pascal).to_string());
        reply.body = body.to_string();
    }
    reply
}

fn reverse(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let (Some(ref_id), Some(code)) = (fields.integer("paymentRefId"), fields.text("paymentCode")) else {
        return problem(StatusCode::BAD_REQUEST, 101, "مقادیر paymentRefId و paymentCode الزامی است", INVALID_REQUEST);
    };
    let window = call.state.scaled(REVERSE_WINDOW);
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == code,
        |p| {
            let applied = p.scenario.name();
            if i64::try_from(p.reference).ok() != Some(ref_id) {
                return problem(StatusCode::BAD_REQUEST, 133, "اطلاعات پرداخت نامعتبر است", applied);
            }
            if p.extra("reversible") != "true" {
                return problem(StatusCode::BAD_REQUEST, 134, "این پرداخت قابل برگشت نیست", applied);
            }
            if p.stage == Stage::Reversed {
                return problem(StatusCode::BAD_REQUEST, 126, "این پرداخت قبلا برگشت خورده است", applied);
            }
            match p.since_verified() {
                None => problem(StatusCode::BAD_REQUEST, 121, "پرداخت تایید شده‌ای برای برگشت وجود ندارد", applied),
                Some(elapsed) if elapsed > window => {
                    problem(StatusCode::BAD_REQUEST, 135, "مهلت برگشت پرداخت گذشته است", applied)
                }
                Some(_) => {
                    p.stage = Stage::Reversed;
                    let body = json!({
                        "amount": p.charged(),
                        "clientRefId": p.order_ref,
                        "paymentRefId": p.reference,
                        "code": p.token,
                        "payerWage": 0,
                        "gatewayAmount": p.charged(),
                        "reversedDate": wire::iso_utc(p.seen_ms()),
                    });
                    Reply::json(StatusCode::OK, applied, &body)
                }
            }
        },
    );
    answered.unwrap_or_else(not_found)
}

/// `DELETE /v3/pay {paymentCode}`: 204 while the payer has not reached the bank, else 129.
fn withdraw(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let Some(code) = Fields::of(call).text("paymentCode") else {
        return problem(StatusCode::BAD_REQUEST, 101, "مقدار paymentCode الزامی است", INVALID_REQUEST);
    };
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == code,
        |p| {
            if p.page_opened || p.stage != Stage::Created {
                return problem(StatusCode::BAD_REQUEST, 129, "پرداخت قابل حذف نیست", p.scenario.name());
            }
            p.stage = Stage::Cancelled;
            Reply::text(StatusCode::NO_CONTENT, p.scenario.name(), "")
        },
    );
    answered.unwrap_or_else(not_found)
}

fn authorise(call: &Call<'_>) -> Result<(), Reply> {
    if wire::accepted(wire::bearer(call).as_deref()) {
        Ok(())
    } else {
        Err(problem(StatusCode::UNAUTHORIZED, 103, "توکن پذیرنده معتبر نیست", INVALID_REQUEST))
    }
}

fn not_found() -> Reply {
    problem(StatusCode::NOT_FOUND, 122, "پرداخت یافت نشد", INVALID_REQUEST)
}

/// RFC 7807 body with PayPing's `paypingTraceId` and `metaData`.
fn problem(status: StatusCode, code: u16, detail: &str, applied: &'static str) -> Reply {
    let body = json!({
        "type": format!("https://httpstatuses.io/{}", status.as_u16()),
        "title": status.canonical_reason().unwrap_or_default(),
        "status": status.as_u16(),
        "detail": detail,
        "instance": null,
        "paypingTraceId": wire::new_token(),
        "metaData": {"code": code, "errors": [{"message": detail}]},
    });
    Reply::json(status, applied, &body)
}
