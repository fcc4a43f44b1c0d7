//! SnappPay, buy now pay later in 4 instalments (gateways.md §3), under `/snapppay` in place
//! of the base URL Snapp issues per merchant. Amounts in **rial**.
//!
//! `POST /api/online/v1/oauth/token` (Basic client credentials + password grant) → bearer →
//! `GET /api/online/offer/v1/eligible?amount=` → `POST /api/online/payment/v1/token` →
//! `paymentPageUrl` → the browser form-POSTs `transactionId`, `state` (OK | FAILED) and
//! `amount` to `returnURL` → `verify` once → `settle` (mandatory). Later `revert` (before
//! settle), `cancel` (after), `update` (lower the amount after settle), `status` any time.
//! Envelope: `{"successful": true, "response": …}` or `{"successful": false, "errorData": …}`.
//! Every call finds the payment by its `paymentToken` and answers with its own `transactionId` (and,
//! for status, its `amount`) as recorded at `token`.
//!
//! Ours, not Snapp's: `eligible` also takes an optional `mobile`, so the credit-decision test
//! numbers work before checkout; the digest names no error code for malformed input, so such
//! requests answer 400 with errorCode 1002.

use std::time::Duration;

use poem::http::StatusCode;
use poem::{Route, get, post};
use serde_json::{Value, json};

use crate::exchange::{Call, Reply, endpoint};
use crate::payment::callback::{Callback, Via};
use crate::payment::hosted::{self, PageSpec};
use crate::payment::page::Lang;
use crate::payment::wire::{self, Fields};
use crate::payment::{
    self, Deadlines, INVALID_REQUEST, PageOutcome, Payment, Refund, Stage, Unit, Verification, oauth,
};
use crate::scenario::{Gateway, PaymentScenario, Scenario};
use crate::test_values;

const GATEWAY: Gateway = Gateway::SnappPay;
const TOKEN_LIFETIME: Duration = Duration::from_secs(3600);

const BAD_PAYMENT_TOKEN: u32 = 1007;
const UNAVAILABLE: u32 = 1000;
const MALFORMED: u32 = 1002;
const INVALID_MOBILE: u32 = 1005;
const DUPLICATE_TRANSACTION: u32 = 1009;
const WRONG_STATE: u32 = 1011;
const UPDATE_TOO_HIGH: u32 = 1042;
const NOT_ALLOWED_CREDIT: u32 = 1048;
const UNAUTHORISED: u32 = 1051;
const IN_TRANSITION: u32 = 1053;

const ELIGIBLE_TITLE: &str = "پرداخت در ۴ قسط با اسنپ‌پی";
const ELIGIBLE_TEXT: &str = "۲۵٪ مبلغ اکنون و باقی در ۳ قسط ماهانه، بدون سود و کارمزد";
const INELIGIBLE_TITLE: &str = "امکان پرداخت اقساطی وجود ندارد";
const INELIGIBLE_TEXT: &str = "این خرید شرایط پرداخت اقساطی با اسنپ‌پی را ندارد.";

const PAGE: PageSpec =
    PageSpec {
        gateway: GATEWAY, lang: Lang::Fa, title: "پرداخت اقساطی اسنپ‌پی", unit: Unit::Rial, callback
    };

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/api/online/v1/oauth/token", post(endpoint(GATEWAY, token)))
        .at("/api/online/offer/v1/eligible", get(endpoint(GATEWAY, eligible)))
        .at("/api/online/payment/v1/token", post(endpoint(GATEWAY, create)))
        .at("/api/online/payment/v1/verify", post(endpoint(GATEWAY, verify)))
        .at("/api/online/payment/v1/settle", post(endpoint(GATEWAY, settle)))
        .at("/api/online/payment/v1/revert", post(endpoint(GATEWAY, revert)))
        .at("/api/online/payment/v1/cancel", post(endpoint(GATEWAY, cancel)))
        .at("/api/online/payment/v1/update", post(endpoint(GATEWAY, update)))
        .at("/api/online/payment/v1/status", get(endpoint(GATEWAY, status)))
        .at("/web/payment", get(endpoint(GATEWAY, page)))
        .at(PageSpec::ACTION_ROUTE, post(endpoint(GATEWAY, |call| hosted::act(call, &PAGE))))
}

fn deadlines(call: &Call<'_>) -> Deadlines {
    Deadlines { page: call.state.payment_window, verify: call.state.payment_window }
}

/// OAuth2 password grant with the client credentials in Basic auth; no envelope.
fn token(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if let Err(refused) = oauth::password_grant(call, &fields) {
        return refused;
    }
    let access_token = oauth::issue(call, GATEWAY, TOKEN_LIFETIME);
    let body = json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": TOKEN_LIFETIME.as_secs(),
        "scope": fields.text("scope").unwrap_or_else(|| "online-merchant".to_owned()),
    });
    Reply::json(StatusCode::OK, "success", &body)
}

fn eligible(call: &Call<'_>) -> Reply {
    if !oauth::authorised(call, GATEWAY) {
        return unauthorised();
    }
    let fields = Fields::query(call.received);
    let Some(amount) = fields.integer("amount") else {
        return error(StatusCode::BAD_REQUEST, MALFORMED, "amount is required", INVALID_REQUEST);
    };
    let header =
        match payment::header_scenario(call, GATEWAY, |s| s.is_credit_decision() || s == PaymentScenario::Success) {
            Ok(header) => header,
            Err(refused) => return refused,
        };
    let forced = || match call.state.take_forced(
        GATEWAY,
        &call.received.request_text(),
        |s| matches!(s, Scenario::Payment(p) if p.is_credit_decision()),
    ) {
        Some(Scenario::Payment(p)) => Some(p),
        _ => None,
    };
    let by_mobile = || {
        fields.text("mobile").as_deref().and_then(test_values::scenario_for_mobile).filter(|s| s.is_credit_decision())
    };
    let in_range = test_values::SNAPPPAY_ELIGIBLE_RIAL.contains(&amount);
    let scenario = header.or_else(forced).or_else(by_mobile).unwrap_or(if in_range {
        PaymentScenario::Success
    } else {
        PaymentScenario::Ineligible
    });
    let (eligible, title, text) = match scenario {
        PaymentScenario::InvalidMobile => {
            return error(StatusCode::BAD_REQUEST, INVALID_MOBILE, "شماره موبایل نامعتبر است", scenario.name());
        }
        PaymentScenario::Ineligible => (false, INELIGIBLE_TITLE, INELIGIBLE_TEXT),
        _ => (true, ELIGIBLE_TITLE, ELIGIBLE_TEXT),
    };
    ok(scenario.name(), json!({"eligible": eligible, "title_message": title, "description": text}))
}

fn create(call: &Call<'_>) -> Reply {
    if !oauth::authorised(call, GATEWAY) {
        return unauthorised();
    }
    let fields = Fields::of(call);
    let mobile = fields.text("mobile").unwrap_or_default();
    if !is_plus98(&mobile) {
        return error(
            StatusCode::BAD_REQUEST,
            INVALID_MOBILE,
            "شماره موبایل باید با +98 و ۱۰ رقم باشد",
            INVALID_REQUEST,
        );
    }
    let (Some(amount), Some(return_url), Some(transaction_id)) =
        (fields.integer("amount"), fields.text("returnURL"), fields.text("transactionId"))
    else {
        return error(
            StatusCode::BAD_REQUEST,
            MALFORMED,
            "amount, returnURL و transactionId الزامی است",
            INVALID_REQUEST,
        );
    };
    if !wire::is_web_url(&return_url) || !(5..=10).contains(&transaction_id.chars().count()) {
        return error(StatusCode::BAD_REQUEST, MALFORMED, "returnURL یا transactionId نامعتبر است", INVALID_REQUEST);
    }
    if let Err(why) = check_cart(&fields, amount) {
        return error(StatusCode::BAD_REQUEST, MALFORMED, &why, INVALID_REQUEST);
    }
    let duplicate = call.state.with_payment(GATEWAY, |p| p.order_ref == transaction_id, |_| ()).is_some();
    if duplicate {
        return error(StatusCode::CONFLICT, DUPLICATE_TRANSACTION, "شناسه تراکنش تکراری است", INVALID_REQUEST);
    }
    let scenario = match payment::create_scenario(call, GATEWAY, amount, Some(&mobile)) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    let eligible = test_values::SNAPPPAY_ELIGIBLE_RIAL.contains(&amount);
    match scenario {
        PaymentScenario::Create5xx => {
            return error(StatusCode::INTERNAL_SERVER_ERROR, UNAVAILABLE, "سرویس موقتا در دسترس نیست", scenario.name());
        }
        PaymentScenario::InvalidMobile => {
            return error(StatusCode::BAD_REQUEST, INVALID_MOBILE, "شماره موبایل نامعتبر است", scenario.name());
        }
        PaymentScenario::Ineligible => {
            return error(
                StatusCode::BAD_REQUEST,
                NOT_ALLOWED_CREDIT,
                "امکان استفاده از اعتبار وجود ندارد",
                scenario.name(),
            );
        }
        _ if !eligible => {
            return error(
                StatusCode::BAD_REQUEST,
                NOT_ALLOWED_CREDIT,
                "امکان استفاده از اعتبار وجود ندارد",
                INVALID_REQUEST,
            );
        }
        _ => {}
    }
    let mut payment = Payment::new(call, GATEWAY, scenario, deadlines(call));
    payment.amount = amount;
    payment.callback_url = return_url;
    payment.order_ref = transaction_id;
    payment.mobile = Some(mobile);
    let page_url = format!("{}/snapppay/web/payment?token={}", call.origin(), payment.token);
    let body = json!({"paymentToken": payment.token, "paymentPageUrl": page_url});
    call.state.insert_payment(payment);
    ok(scenario.name(), body)
}

fn is_plus98(raw: &str) -> bool {
    raw.strip_prefix("+98")
        .is_some_and(|rest| rest.len() == 10 && rest.starts_with('9') && rest.bytes().all(|b| b.is_ascii_digit()))
}

/// Per cart: Σ count × amount, plus shipping and tax when not included, is `totalAmount`;
/// Σ totalAmount − discountAmount − externalSourceAmount is `amount`.
fn check_cart(fields: &Fields, amount: i64) -> Result<(), String> {
    let carts = fields.value("cartList").and_then(Value::as_array).filter(|c| !c.is_empty());
    let carts = carts.ok_or("cartList الزامی است")?;
    let number = |v: &Value, name: &str| v.get(name).and_then(Value::as_i64).unwrap_or(0);
    let mut total = 0_i64;
    for cart in carts {
        let items = cart.get("cartItems").and_then(Value::as_array).ok_or("cartItems الزامی است")?;
        let mut sum: i64 = items.iter().map(|i| number(i, "count").saturating_mul(number(i, "amount"))).sum();
        if !cart.get("isShipmentIncluded").and_then(Value::as_bool).unwrap_or(false) {
            sum += number(cart, "shippingAmount");
        }
        if !cart.get("isTaxIncluded").and_then(Value::as_bool).unwrap_or(false) {
            sum += number(cart, "taxAmount");
        }
        if sum != number(cart, "totalAmount") {
            return Err(format!("جمع اقلام سبد {} با totalAmount برابر نیست", number(cart, "cartId")));
        }
        total += sum;
    }
    let discounts = fields.integer("discountAmount").unwrap_or(0) + fields.integer("externalSourceAmount").unwrap_or(0);
    if total - discounts != amount {
        return Err("مبلغ با جمع سبدها منهای تخفیف برابر نیست".to_owned());
    }
    Ok(())
}

fn page(call: &Call<'_>) -> Reply {
    let token = Fields::query(call.received).text("token").unwrap_or_default();
    hosted::show(call, &PAGE, &token, |_| {})
}

/// Form POST to `returnURL`: `transactionId`, `state`, `amount`.
fn callback(p: &Payment, outcome: PageOutcome) -> Callback {
    let state = if outcome == PageOutcome::Paid { "OK" } else { "FAILED" };
    let fields =
        [("transactionId", p.order_ref.clone()), ("state", state.to_owned()), ("amount", p.charged().to_string())];
    Callback::new(&p.callback_url, Via::FormPost, &fields)
}

fn verify(call: &Call<'_>) -> Reply {
    let forced = match payment::verify_scenario(call, GATEWAY) {
        Ok(forced) => forced,
        Err(refused) => return refused,
    };
    on_payment(call, |p| {
        let verification = p.verify(forced, true);
        let applied = p.scenario.name();
        let reply = match verification {
            Verification::Verified { .. } => ok(applied, json!({"transactionId": p.order_ref})),
            Verification::Processing => {
                let message = "ONGOING_PAYMENT_TRANSITION_PROCESS";
                error(StatusCode::TOO_MANY_REQUESTS, IN_TRANSITION, message, applied)
            }
            _ => wrong_state(applied),
        };
        payment::shaped(call, reply, verification)
    })
}

fn settle(call: &Call<'_>) -> Reply {
    on_payment(call, |p| step(p, matches!(p.stage, Stage::Verified { .. }), Stage::Settled))
}

fn revert(call: &Call<'_>) -> Reply {
    on_payment(call, |p| step(p, matches!(p.stage, Stage::Verified { .. }), Stage::Reversed))
}

fn cancel(call: &Call<'_>) -> Reply {
    on_payment(call, |p| step(p, p.stage == Stage::Settled, Stage::Cancelled))
}

/// After settle, the amount may only go down.
fn update(call: &Call<'_>) -> Reply {
    let amount = Fields::of(call).integer("amount");
    on_payment(call, |p| {
        let applied = p.scenario.name();
        match amount {
            _ if p.stage != Stage::Settled => wrong_state(applied),
            Some(new) if new <= p.amount && new > 0 => {
                // The difference goes back to the customer's instalments: money returned, not less taken.
                let back = p.amount - new;
                if back > 0 {
                    p.refunds.push(Refund { request_id: String::new(), amount: back, tracking: String::new() });
                }
                p.amount = new;
                ok(applied, json!({"transactionId": p.order_ref}))
            }
            Some(_) => error(StatusCode::BAD_REQUEST, UPDATE_TOO_HIGH, "مبلغ جدید بیش از حد مجاز است", applied),
            None => error(StatusCode::BAD_REQUEST, MALFORMED, "amount الزامی است", INVALID_REQUEST),
        }
    })
}

fn step(p: &mut Payment, allowed: bool, next: Stage) -> Reply {
    if !allowed {
        return wrong_state(p.scenario.name());
    }
    p.stage = next;
    ok(p.scenario.name(), json!({"transactionId": p.order_ref}))
}

fn status(call: &Call<'_>) -> Reply {
    if !oauth::authorised(call, GATEWAY) {
        return unauthorised();
    }
    let token = Fields::query(call.received).text("paymentToken").unwrap_or_default();
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.token == token,
        |p| {
            let status = match p.stage {
                Stage::Created | Stage::Paid { .. } => "PENDING",
                Stage::Verified { .. } => "VERIFY",
                Stage::Settled => "SETTLE",
                Stage::Reversed | Stage::Expired | Stage::Refused => "REVERT",
                Stage::Cancelled => "CANCEL",
                Stage::Failed(_) => "FAILED",
            };
            ok(p.scenario.name(), json!({"transactionId": p.order_ref, "status": status, "amount": p.charged()}))
        },
    );
    answered.unwrap_or_else(bad_token)
}

/// Runs `act` on the payment named by the body's `paymentToken`, after the bearer check.
fn on_payment(call: &Call<'_>, act: impl FnOnce(&mut Payment) -> Reply) -> Reply {
    if !oauth::authorised(call, GATEWAY) {
        return unauthorised();
    }
    let token = Fields::of(call).text("paymentToken").unwrap_or_default();
    call.state.with_payment(GATEWAY, |p| p.token == token, act).unwrap_or_else(bad_token)
}

fn ok(applied: &'static str, response: Value) -> Reply {
    Reply::json(StatusCode::OK, applied, &json!({"successful": true, "response": response}))
}

fn error(status: StatusCode, code: u32, message: &str, applied: &'static str) -> Reply {
    let body = json!({"successful": false, "errorData": {"errorCode": code, "message": message, "data": null}});
    Reply::json(status, applied, &body)
}

fn wrong_state(applied: &'static str) -> Reply {
    error(StatusCode::BAD_REQUEST, WRONG_STATE, "وضعیت تراکنش برای این عملیات مناسب نیست", applied)
}

fn bad_token() -> Reply {
    error(StatusCode::BAD_REQUEST, BAD_PAYMENT_TOKEN, "توکن پرداخت نامعتبر است", INVALID_REQUEST)
}

fn unauthorised() -> Reply {
    error(StatusCode::UNAUTHORIZED, UNAUTHORISED, "احراز هویت ناموفق بود", INVALID_REQUEST)
}
