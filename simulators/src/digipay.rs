//! Digipay UPG (gateways.md §4), under `/digipay` with the API at `/digipay/api` in place of
//! `https://api.mydigipay.com/digipay/api`. Amounts in **rial**.
//!
//! `POST oauth/token` (Basic client credentials, multipart or urlencoded password grant) →
//! `POST tickets/business?type=11` (headers `Agent`, `Digipay-Version`) → `ticket` and
//! `redirectUrl` (`/digipay/web-pay/tgs/{ticket}`) → the browser form-POSTs `amount`,
//! `providerId`, `trackingCode`, `rrn`, `psp`, `isCredit`, `result` (SUCCESS | FAILURE) and
//! `type` to `callbackUrl` → `POST purchases/verify?type=<type>` (body `trackingCode` +
//! `providerId`, or the older `purchases/verify/{trackingCode}` without body) → for credit,
//! `POST purchases/deliver`; IPG purchases may be reversed within 25 minutes, and any verified
//! purchase refunded (`POST refunds?type=T` with a new `providerId`, `amount`, `saleTrackingCode`;
//! one or more refunds up to what was paid, or one reverse, per purchase; the purchase reads
//! `reversed` once all its money is back). Business errors are 422 with `result.status`; bad input
//! 400 with 1054. On a ticket of type 11 (all features) the simulated customer pays on credit, so the
//! callback says type 5.
//!
//! Verify finds the purchase by its `trackingCode` alone and answers with the purchase's own
//! `providerId` and `amount`, whatever `providerId` the request carries (older clients send none at
//! all). Digipay documents no refusal for a verify whose `providerId` is not the purchase's, and its
//! document has the merchant compare the callback's `providerId` and `amount` itself; so a tracking
//! code presented with another payment's `providerId` verifies the purchase it belongs to, and the
//! answer names that purchase, for the merchant to notice. Refusals that end the matter are 4xx:
//! 422 with 9012 for a reverse or refund the purchase's state does not allow (not verified, reversed,
//! refunded beyond what was paid), 9008 for a refund id reused with other data.

use std::time::Duration;

use poem::http::StatusCode;
use poem::{Route, get, post};
use serde_json::{Value, json};

use crate::exchange::{Call, Reply, endpoint};
use crate::mobile;
use crate::payment::callback::{Callback, Via};
use crate::payment::hosted::{self, PageSpec};
use crate::payment::page::Lang;
use crate::payment::wire::{self, Fields};
use crate::payment::{
    self, Deadlines, INVALID_REQUEST, PageOutcome, Payment, Refund, Stage, Unit, Verification, oauth,
};
use crate::scenario::{Gateway, PaymentScenario};

const GATEWAY: Gateway = Gateway::Digipay;
const TOKEN_LIFETIME: Duration = Duration::from_secs(3599);
const REVERSE_WINDOW: Duration = Duration::from_secs(25 * 60);
/// Ticket and callback types: IPG, CREDIT, WALLET (all features), BNPL, CREDIT-CARD.
const TYPES: [i64; 5] = [0, 5, 11, 13, 24];
const CREDIT_TYPES: [i64; 2] = [5, 13];

const WRONG_INPUT: u32 = 1054;
const NOT_FOUND: u32 = 9000;
const EXPIRED: u32 = 9003;
const IN_PROGRESS: u32 = 9004;
const NOT_SUCCESSFUL: u32 = 9007;
const PROVIDER_ID_REUSED: u32 = 9008;
const VERIFY_WINDOW_PASSED: u32 = 9009;
const VERIFY_FAILED: u32 = 9010;
const VERIFY_UNKNOWN: u32 = 9011;
const WRONG_STATE: u32 = 9012;
const MOBILE_REQUIRED: u32 = 9030;
const NOT_ISSUABLE: u32 = 9031;

const PAGE: PageSpec =
    PageSpec {
        gateway: GATEWAY, lang: Lang::Fa, title: "دیجی‌پی — خرید اعتباری", unit: Unit::Rial, callback
    };

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/api/oauth/token", post(endpoint(GATEWAY, token)))
        .at("/api/tickets/business", post(endpoint(GATEWAY, ticket)))
        .at("/api/purchases/verify", post(endpoint(GATEWAY, verify)))
        .at("/api/purchases/verify/:tracking", post(endpoint(GATEWAY, verify)))
        .at("/api/purchases/deliver", post(endpoint(GATEWAY, deliver)))
        .at("/api/reverse", post(endpoint(GATEWAY, reverse)))
        .at("/api/refunds", post(endpoint(GATEWAY, refund)))
        .at(
            "/web-pay/tgs/:ticket",
            get(endpoint(GATEWAY, |call| hosted::show(call, &PAGE, call.path_param("ticket"), |_| {}))),
        )
        .at(PageSpec::ACTION_ROUTE, post(endpoint(GATEWAY, |call| hosted::act(call, &PAGE))))
}

fn token(call: &Call<'_>) -> Reply {
    let fields = Fields::of(call);
    if let Err(refused) = oauth::password_grant(call, &fields) {
        return refused;
    }
    let body = json!({
        "access_token": oauth::issue(call, GATEWAY, TOKEN_LIFETIME),
        "refresh_token": wire::new_token(),
        "token_type": "bearer",
        "expires_in": TOKEN_LIFETIME.as_secs(),
        "scope": "read write",
        "jti": wire::new_token(),
    });
    Reply::json(StatusCode::OK, "success", &body)
}

fn ticket(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let Some(ticket_type) = ticket_type(call) else {
        return failure(StatusCode::BAD_REQUEST, WRONG_INPUT, "نوع تیکت نامعتبر است", INVALID_REQUEST);
    };
    if call.header("Digipay-Version").is_none_or(str::is_empty) || call.header("Agent").is_none_or(str::is_empty) {
        return failure(
            StatusCode::BAD_REQUEST,
            WRONG_INPUT,
            "هدرهای Agent و Digipay-Version الزامی است",
            INVALID_REQUEST,
        );
    }
    let fields = Fields::of(call);
    let Some(cell) = fields.text("cellNumber") else {
        return failure(StatusCode::UNPROCESSABLE_ENTITY, MOBILE_REQUIRED, "شماره موبایل الزامی است", INVALID_REQUEST);
    };
    let (Some(amount), Some(provider_id), Some(callback_url)) =
        (fields.integer("amount").filter(|a| *a > 0), fields.text("providerId"), fields.text("callbackUrl"))
    else {
        return failure(
            StatusCode::BAD_REQUEST,
            WRONG_INPUT,
            "amount، providerId و callbackUrl الزامی است",
            INVALID_REQUEST,
        );
    };
    let basket_missing = fields.value("basketDetailsDto").is_none_or(Value::is_null);
    if !wire::is_web_url(&callback_url)
        || mobile::normalise(&cell).is_none()
        || (CREDIT_TYPES.contains(&ticket_type) && basket_missing)
    {
        return failure(StatusCode::BAD_REQUEST, WRONG_INPUT, "ورودی نامعتبر است", INVALID_REQUEST);
    }
    // The same providerId again: the same ticket when nothing changed, else 9008.
    let earlier = call.state.with_payment(
        GATEWAY,
        |p| p.order_ref == provider_id,
        |p| (p.amount == amount && p.mobile.as_deref() == Some(cell.as_str())).then(|| (p.token.clone(), p.scenario)),
    );
    match earlier {
        Some(Some((ticket, scenario))) => return issued(call, &ticket, scenario),
        Some(None) => {
            let message = "این شناسه با اطلاعات دیگری استفاده شده است";
            return failure(StatusCode::UNPROCESSABLE_ENTITY, PROVIDER_ID_REUSED, message, INVALID_REQUEST);
        }
        None => {}
    }
    let scenario = match payment::create_scenario(call, GATEWAY, amount, Some(&cell)) {
        Ok(scenario) => scenario,
        Err(refused) => return refused,
    };
    match scenario {
        PaymentScenario::Create5xx => {
            let body = json!({"timestamp": wire::iso_utc(crate::exchange::now_ms()), "status": 500, "error": "Internal Server Error"});
            return Reply::json(StatusCode::INTERNAL_SERVER_ERROR, scenario.name(), &body);
        }
        PaymentScenario::Ineligible => {
            let message = "امکان صدور تیکت برای این کاربر وجود ندارد";
            return failure(StatusCode::UNPROCESSABLE_ENTITY, NOT_ISSUABLE, message, scenario.name());
        }
        PaymentScenario::InvalidMobile => {
            return failure(StatusCode::UNPROCESSABLE_ENTITY, WRONG_INPUT, "شماره موبایل نامعتبر است", scenario.name());
        }
        _ => {}
    }
    let mut payment = Payment::new(
        call,
        GATEWAY,
        scenario,
        Deadlines { page: call.state.payment_window, verify: call.state.payment_window },
    );
    payment.token = format!("v2:{}", payment.token);
    payment.amount = amount;
    payment.callback_url = callback_url;
    payment.order_ref = provider_id;
    payment.mobile = Some(cell);
    let paid_type = if ticket_type == 11 { 5 } else { ticket_type };
    payment.extra.insert("type".to_owned(), paid_type.to_string());
    // The merchant's basket (the shop's order) is what its customer knows the purchase by.
    if let Some(basket) = fields.value("basketDetailsDto").and_then(|b| b.get("basketId")).and_then(basket_id) {
        payment.extra.insert("basketId".to_owned(), basket);
    }
    let ticket = payment.token.clone();
    call.state.insert_payment(payment);
    issued(call, &ticket, scenario)
}

/// A basket id as text, whether the merchant sent it as a string or a number.
fn basket_id(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

fn issued(call: &Call<'_>, ticket: &str, scenario: PaymentScenario) -> Reply {
    let redirect_url = format!("{}/digipay/web-pay/tgs/{ticket}", call.origin());
    let body = json!({"result": ok_result(), "ticket": ticket, "redirectUrl": redirect_url});
    Reply::json(StatusCode::OK, scenario.name(), &body)
}

/// Form POST to `callbackUrl`; `type` is what verify must be called with.
fn callback(p: &Payment, outcome: PageOutcome) -> Callback {
    let paid = outcome == PageOutcome::Paid;
    let paid_type = p.extra("type").to_owned();
    let credit = on_credit(p);
    let fields = [
        ("amount", p.charged().to_string()),
        ("providerId", p.order_ref.clone()),
        ("trackingCode", p.reference.to_string()),
        ("rrn", if paid { rrn(p) } else { String::new() }),
        ("psp", if paid { "001".to_owned() } else { String::new() }),
        ("isCredit", credit.to_string()),
        ("result", if paid { "SUCCESS" } else { "FAILURE" }.to_owned()),
        ("type", paid_type),
    ];
    Callback::new(&p.callback_url, Via::FormPost, &fields)
}

fn verify(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let from_path = Some(call.path_param("tracking").to_owned()).filter(|t| !t.is_empty());
    let (Some(tracking), Some(verify_type)) = (from_path.or_else(|| fields.text("trackingCode")), ticket_type(call))
    else {
        return failure(StatusCode::BAD_REQUEST, WRONG_INPUT, "trackingCode و type الزامی است", INVALID_REQUEST);
    };
    let forced = match payment::verify_scenario(call, GATEWAY) {
        Ok(forced) => forced,
        Err(refused) => return refused,
    };
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.reference.to_string() == tracking,
        |p| {
            let applied = p.scenario.name();
            if p.extra("type") != verify_type.to_string() {
                return failure(StatusCode::BAD_REQUEST, WRONG_INPUT, "نوع تراکنش با خرید مطابقت ندارد", applied);
            }
            let verification = p.verify(forced, true);
            let business = |code: u32, message: &str| failure(StatusCode::UNPROCESSABLE_ENTITY, code, message, applied);
            let reply = match verification {
                Verification::Verified { .. } => Reply::json(StatusCode::OK, applied, &purchase(p)),
                Verification::AlreadyVerified => business(WRONG_STATE, "وضعیت خرید برای این درخواست مناسب نیست"),
                Verification::Processing => business(VERIFY_UNKNOWN, "نتیجه تایید نامشخص است"),
                Verification::Refused => business(VERIFY_FAILED, "تایید خرید ناموفق بود"),
                Verification::TooLate => business(VERIFY_WINDOW_PASSED, "مهلت تایید خرید گذشته است"),
                Verification::NotPaid(Stage::Failed(PageOutcome::TimedOut | PageOutcome::TokenExpired)) => {
                    business(EXPIRED, "خرید منقضی شده است")
                }
                Verification::NotPaid(Stage::Failed(_)) => business(NOT_SUCCESSFUL, "خرید موفق نبوده است"),
                Verification::NotPaid(Stage::Created) => business(IN_PROGRESS, "خرید در حال انجام است"),
                Verification::NotPaid(_) => business(WRONG_STATE, "وضعیت خرید برای این درخواست مناسب نیست"),
            };
            payment::shaped(call, reply, verification)
        },
    );
    answered.unwrap_or_else(not_found)
}

fn purchase(p: &Payment) -> Value {
    let credit = on_credit(p);
    json!({
        "result": ok_result(),
        "trackingCode": p.reference.to_string(),
        "providerId": p.order_ref,
        "terminalId": "98765432",
        "rrn": rrn(p),
        "maskedPan": wire::masked_card(),
        "pspCode": "001",
        "pspName": "سامان",
        "amount": p.charged(),
        "paymentGateway": if credit { 4 } else { 0 },
        "additionalInfo": {
            "prepaymentAmount": 0,
            "cashAmount": if credit { 0 } else { p.charged() },
            "creditAmount": if credit { p.charged() } else { 0 },
            "instantFinalization": false,
            "generateInvoice": false,
        },
    })
}

/// Credit purchases only, after verify.
fn deliver(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let tracking = Fields::of(call).text("trackingCode").unwrap_or_default();
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.reference.to_string() == tracking,
        |p| {
            let credit = on_credit(p);
            if credit && matches!(p.stage, Stage::Verified { .. }) {
                p.extra.insert("delivered".to_owned(), "true".to_owned());
                Reply::json(StatusCode::OK, p.scenario.name(), &json!({"result": ok_result()}))
            } else {
                failure(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    WRONG_STATE,
                    "وضعیت خرید برای این درخواست مناسب نیست",
                    p.scenario.name(),
                )
            }
        },
    );
    answered.unwrap_or_else(not_found)
}

/// IPG and wallet purchases, within 25 minutes of verify.
fn reverse(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let tracking = fields.text("trackingCode").or_else(|| fields.text("purchaseTrackingCode")).unwrap_or_default();
    let window = call.state.scaled(REVERSE_WINDOW);
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.reference.to_string() == tracking,
        |p| {
            let credit = on_credit(p);
            let in_time = p.since_verified().is_some_and(|elapsed| elapsed <= window);
            // One of reverse and refund per purchase: a purchase partly refunded is not reversed as well.
            if credit || !in_time || !p.refunds.is_empty() {
                let message = "وضعیت خرید برای این درخواست مناسب نیست";
                return failure(StatusCode::UNPROCESSABLE_ENTITY, WRONG_STATE, message, p.scenario.name());
            }
            p.stage = Stage::Reversed;
            let body = json!({
                "result": ok_result(),
                "providerId": p.order_ref,
                "trackingCode": p.reference.to_string(),
                "rrn": rrn(p),
                "maskedPan": wire::masked_card(),
                "amount": p.charged(),
                "paymentGateway": 0,
            });
            Reply::json(StatusCode::OK, p.scenario.name(), &body)
        },
    );
    answered.unwrap_or_else(not_found)
}

/// Money back for a verified purchase, credit ones included: one refund or several, never more in all than was
/// paid. Each refund names a new `providerId` of the merchant's; the same one again with the same sale and amount
/// is a retry and answers the first refund's `trackingCode` without paying twice, with other data 9008 (as a
/// ticket's does). A reversed purchase, or one not (yet) verified, is refused with 9012.
fn refund(call: &Call<'_>) -> Reply {
    if let Err(refused) = authorise(call) {
        return refused;
    }
    let fields = Fields::of(call);
    let (Some(sale), Some(amount), Some(refund_id)) =
        (fields.text("saleTrackingCode"), fields.integer("amount"), fields.text("providerId"))
    else {
        return failure(StatusCode::BAD_REQUEST, WRONG_INPUT, "ورودی نامعتبر است", INVALID_REQUEST);
    };
    if amount <= 0 {
        return failure(StatusCode::BAD_REQUEST, WRONG_INPUT, "مبلغ استرداد نامعتبر است", INVALID_REQUEST);
    }
    let retried = call.state.with_payment(
        GATEWAY,
        |p| p.refunds.iter().any(|r| r.request_id == refund_id),
        |p| {
            let earlier = p.refunds.iter().find(|r| r.request_id == refund_id);
            let same = earlier.filter(|r| r.amount == amount && p.reference.to_string() == sale);
            (same.map(|r| r.tracking.clone()), p.scenario.name())
        },
    );
    match retried {
        Some((Some(tracking), applied)) => return refunded(applied, &tracking),
        Some((None, applied)) => {
            let message = "این شناسه با اطلاعات دیگری استفاده شده است";
            return failure(StatusCode::UNPROCESSABLE_ENTITY, PROVIDER_ID_REUSED, message, applied);
        }
        None => {}
    }
    let answered = call.state.with_payment(
        GATEWAY,
        |p| p.reference.to_string() == sale,
        |p| {
            let applied = p.scenario.name();
            if !matches!(p.stage, Stage::Verified { .. }) {
                let message = "وضعیت خرید برای این درخواست مناسب نیست";
                return failure(StatusCode::UNPROCESSABLE_ENTITY, WRONG_STATE, message, applied);
            }
            if amount > p.refundable() {
                let message = "مبلغ استرداد از مبلغ قابل استرداد خرید بیشتر است";
                return failure(StatusCode::UNPROCESSABLE_ENTITY, WRONG_STATE, message, applied);
            }
            let tracking = call.state.next_number().to_string();
            p.refunds.push(Refund { request_id: refund_id.clone(), amount, tracking: tracking.clone() });
            if p.refundable() == 0 {
                p.stage = Stage::Reversed;
            }
            refunded(applied, &tracking)
        },
    );
    answered.unwrap_or_else(not_found)
}

fn refunded(applied: &'static str, tracking: &str) -> Reply {
    Reply::json(StatusCode::OK, applied, &json!({ "result": ok_result(), "trackingCode": tracking }))
}

/// Paid on credit (CREDIT or BNPL): delivered, never reversed.
fn on_credit(p: &Payment) -> bool {
    CREDIT_TYPES.iter().any(|t| t.to_string() == p.extra("type"))
}

fn not_found() -> Reply {
    failure(StatusCode::UNPROCESSABLE_ENTITY, NOT_FOUND, "خرید یافت نشد", INVALID_REQUEST)
}

fn ticket_type(call: &Call<'_>) -> Option<i64> {
    Fields::query(call.received).integer("type").filter(|t| TYPES.contains(t))
}

fn rrn(p: &Payment) -> String {
    format!("{:012}", p.reference)
}

fn authorise(call: &Call<'_>) -> Result<(), Reply> {
    if oauth::authorised(call, GATEWAY) {
        return Ok(());
    }
    let body = json!({"error": "invalid_token", "error_description": "Invalid access token"});
    Err(Reply::json(StatusCode::UNAUTHORIZED, INVALID_REQUEST, &body))
}

fn ok_result() -> Value {
    json!({"title": "SUCCESS", "status": 0, "message": "عملیات با موفقیت انجام شد", "level": "INFO"})
}

fn failure(status: StatusCode, code: u32, message: &str, applied: &'static str) -> Reply {
    let body = json!({"result": {"title": "FAILURE", "status": code, "message": message, "level": "WARN"}});
    Reply::json(status, applied, &body)
}
