//! What every simulated payment gateway shares: the payment record and its life (created →
//! paid or failed on the hosted page → verified → settled / reversed), the scenario rules, the
//! deadlines, the hosted page and the callback to the merchant. Gateway modules only translate
//! this into their own wire format.

pub(crate) mod callback;
pub(crate) mod hosted;
pub(crate) mod oauth;
pub(crate) mod page;
pub(crate) mod wire;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use poem::http::StatusCode;

use crate::clock::Moment;
use crate::exchange::{Call, Reply};
use crate::scenario::{Gateway, PaymentScenario, Scenario};
use crate::test_values;

/// The currency unit a gateway counts in; amounts are never converted inside a simulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    Rial,
    Toman,
    UsCents,
}

/// What the customer's visit to the hosted page came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PageOutcome {
    Paid,
    Cancelled,
    Declined,
    TimedOut,
    TokenExpired,
}

/// A button on the hosted page; the form field `action` carries its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageAction {
    Pay,
    Cancel,
    Decline,
    LetExpire,
    /// "Back to the merchant" on a page that says the token has expired.
    Return,
}

impl PageAction {
    pub const ALL: [PageAction; 5] =
        [PageAction::Pay, PageAction::Cancel, PageAction::Decline, PageAction::LetExpire, PageAction::Return];

    pub fn name(self) -> &'static str {
        match self {
            PageAction::Pay => "pay",
            PageAction::Cancel => "cancel",
            PageAction::Decline => "decline",
            PageAction::LetExpire => "expire",
            PageAction::Return => "return",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        PageAction::ALL.into_iter().find(|a| a.name() == name.trim())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Waiting for the customer on the hosted page.
    Created,
    /// The page visit ended without payment.
    Failed(PageOutcome),
    /// Paid, waiting for the merchant's verify.
    Paid {
        at: Instant,
    },
    /// Verify refused the payment for good (verify-fails); the money went back.
    Refused,
    /// Not verified within the gateway's window; the money went back.
    Expired,
    Verified {
        at: Instant,
    },
    /// SnappPay's final step after verify.
    Settled,
    /// Money returned after verify (reverse, revert).
    Reversed,
    /// Withdrawn by the merchant: before payment (PayPing DELETE) or after settle (SnappPay cancel).
    Cancelled,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Created => "created",
            Stage::Failed(PageOutcome::Cancelled) => "cancelled-by-customer",
            Stage::Failed(PageOutcome::Declined) => "declined",
            Stage::Failed(PageOutcome::TimedOut) => "page-timed-out",
            Stage::Failed(PageOutcome::TokenExpired | PageOutcome::Paid) => "token-expired",
            Stage::Paid { .. } => "paid",
            Stage::Refused => "refused",
            Stage::Expired => "expired",
            Stage::Verified { .. } => "verified",
            Stage::Settled => "settled",
            Stage::Reversed => "reversed",
            Stage::Cancelled => "cancelled",
        }
    }
}

/// How long a gateway keeps things open, in real-world time (scaled when applied).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deadlines {
    /// From creation until the hosted page stops taking payments.
    pub page: Duration,
    /// From payment until verify comes too late.
    pub verify: Duration,
}

pub(crate) struct Payment {
    pub gateway: Gateway,
    /// The gateway's handle for the payment: paymentCode, token, paymentToken, ticket …
    pub token: String,
    /// The gateway's own number for it: paymentRefId, transId, trackingCode, RefNum …
    pub reference: u64,
    /// As the merchant asked, in the gateway's unit.
    pub amount: i64,
    /// The merchant's id for the order: clientRefId, factorNumber, transactionId, providerId, ResNum …
    pub order_ref: String,
    pub callback_url: String,
    pub mobile: Option<String>,
    pub scenario: PaymentScenario,
    pub created_at: Instant,
    pub created_ms: u64,
    /// The simulators' time when the payment was last looked at ([`Payment::refresh`]): what paying and verifying
    /// stamp, and what the windows are measured to.
    seen: Moment,
    pub paid_ms: u64,
    pub page_lifetime: Duration,
    pub verify_window: Duration,
    pub stage: Stage,
    /// The customer has reached the hosted page.
    pub page_opened: bool,
    pub verify_calls: u32,
    /// The scenario's once-only verify answer (slow, processing, malformed) has been given.
    pub quirk_spent: bool,
    /// Request fields a gateway echoes later (description, GetMethod, ticket type, URL params …).
    pub extra: BTreeMap<String, String>,
    /// What the customer was charged when paying, in the gateway's unit; 0 until then. Fixed once paid, so a
    /// later change of `amount` (SnappPay's update) shows as money returned, not as less taken.
    pub taken: i64,
    /// Money given back while the payment stays verified: partial refunds, SnappPay's lowered amount.
    pub refunds: Vec<Refund>,
    /// The callback the hosted page last sent the customer's browser back with, for QA to deliver again
    /// (`POST /_sim/payments/{token}/callback`).
    pub callback: Option<callback::Callback>,
}

/// Part of a payment's money given back by the merchant's request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refund {
    /// The merchant's id for the refund request (Digipay's new `providerId`), empty where the gateway has none.
    pub request_id: String,
    pub amount: i64,
    /// The gateway's number for the refund (Digipay's refund `trackingCode`).
    pub tracking: String,
}

/// What a verify call did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verification {
    /// Verified by this call. The effect is immediate; `slow` holds the answer back and
    /// `malformed` cuts it short.
    Verified {
        slow: bool,
        malformed: bool,
    },
    AlreadyVerified,
    /// "Still processing, ask again"; nothing changed.
    Processing,
    /// The verify-fails scenario: a definitive failure.
    Refused,
    /// Too late: the verify window passed and the money went back.
    TooLate,
    /// There is no payment to verify in this stage.
    NotPaid(Stage),
}

impl Payment {
    /// A new payment, waiting on its hosted page. Deadlines are scaled here.
    pub fn new(call: &Call<'_>, gateway: Gateway, scenario: PaymentScenario, deadlines: Deadlines) -> Self {
        let now = call.state.clock.now();
        Payment {
            gateway,
            token: wire::new_token(),
            reference: call.state.next_number(),
            amount: 0,
            order_ref: String::new(),
            callback_url: String::new(),
            mobile: None,
            scenario,
            created_at: now.at,
            created_ms: now.ms,
            seen: now,
            paid_ms: 0,
            page_lifetime: call.state.scaled(deadlines.page),
            verify_window: call.state.scaled(deadlines.verify),
            stage: Stage::Created,
            page_opened: false,
            verify_calls: 0,
            quirk_spent: false,
            extra: BTreeMap::new(),
            taken: 0,
            refunds: Vec::new(),
            callback: None,
        }
    }

    /// Money given back so far while the payment stays verified.
    pub fn refunded(&self) -> i64 {
        self.refunds.iter().map(|r| r.amount).sum()
    }

    /// What may still be given back of the money taken.
    pub fn refundable(&self) -> i64 {
        self.taken.saturating_sub(self.refunded()).max(0)
    }

    /// What the gateway charged: the amount mismatch scenario charges 10 units more.
    pub fn charged(&self) -> i64 {
        let extra = if self.scenario == PaymentScenario::AmountMismatch { 10 } else { 0 };
        self.amount.saturating_add(extra)
    }

    /// What the merchant wrote about the payment where the protocol carries it (Vandar's and PayPing's
    /// `description`, Tara's `additionalData`, SEP's `ResNum1`, Digipay's basket id): the shop names its order there,
    /// the page and the dashboard show it next to the merchant's payment number.
    pub fn merchant_description(&self) -> &str {
        let key = match self.gateway {
            Gateway::Tara => "additionalData",
            Gateway::Saman => "ResNum1",
            Gateway::Digipay => "basketId",
            _ => "description",
        };
        self.extra(key)
    }

    pub fn extra(&self, key: &str) -> &str {
        self.extra.get(key).map(String::as_str).unwrap_or_default()
    }

    /// Applies the deadlines that passed without anybody calling: an abandoned page times out,
    /// a payment nobody verified in time is given back.
    pub fn refresh(&mut self, moment: Moment) {
        self.seen = moment;
        let now = moment.at;
        match self.stage {
            Stage::Created if now.duration_since(self.created_at) > self.page_lifetime => {
                self.stage = Stage::Failed(PageOutcome::TimedOut);
            }
            Stage::Paid { at } if self.returned_unverified() && now.duration_since(at) > self.verify_window => {
                self.stage = Stage::Expired;
            }
            _ => {}
        }
    }

    /// Whether the gateway gives the money back when the merchant does not verify in time. Gumroad has no verify
    /// step: a sale is the seller's money until the seller refunds it, however long nobody looks it up.
    pub fn returned_unverified(&self) -> bool {
        self.gateway != Gateway::Gumroad
    }

    /// Whether the page should greet the customer with "this payment has expired".
    pub fn token_expired(&self) -> bool {
        self.scenario == PaymentScenario::TokenExpired
            || matches!(self.stage, Stage::Failed(PageOutcome::TimedOut | PageOutcome::TokenExpired))
    }

    /// A button pressed on the hosted page. Pay does what the scenario says; the other
    /// buttons force their outcome. A page already left replays how it ended (refresh, back).
    pub fn act(&mut self, action: PageAction) -> PageOutcome {
        match self.stage {
            Stage::Created => {}
            Stage::Failed(outcome) => return outcome,
            Stage::Cancelled => return PageOutcome::Cancelled,
            _ => return PageOutcome::Paid,
        }
        let outcome = match (self.scenario, action) {
            (PaymentScenario::TokenExpired, _) | (_, PageAction::Return) => PageOutcome::TokenExpired,
            (_, PageAction::Cancel) | (PaymentScenario::Cancel, PageAction::Pay) => PageOutcome::Cancelled,
            (_, PageAction::Decline) | (PaymentScenario::Declined, PageAction::Pay) => PageOutcome::Declined,
            (_, PageAction::LetExpire) | (PaymentScenario::PageTimeout, PageAction::Pay) => PageOutcome::TimedOut,
            (_, PageAction::Pay) => PageOutcome::Paid,
        };
        self.stage = match outcome {
            PageOutcome::Paid => {
                self.paid_ms = self.seen.ms;
                self.taken = self.charged();
                Stage::Paid { at: self.seen.at }
            }
            failed => Stage::Failed(failed),
        };
        outcome
    }

    /// The merchant's verify. `forced` is a scenario this call took (header or force); it
    /// replaces the payment's own. Gateways that never answer "processing" pass
    /// `says_processing: false` and get a slow verify instead.
    pub fn verify(&mut self, forced: Option<PaymentScenario>, says_processing: bool) -> Verification {
        self.verify_calls += 1;
        if let Some(scenario) = forced {
            self.scenario = scenario;
            self.quirk_spent = false;
        }
        match self.stage {
            Stage::Paid { .. } => {}
            Stage::Verified { .. } | Stage::Settled => return Verification::AlreadyVerified,
            Stage::Refused => return Verification::Refused,
            Stage::Expired => return Verification::TooLate,
            other => return Verification::NotPaid(other),
        }
        let first = !self.quirk_spent;
        let verification = match self.scenario {
            PaymentScenario::VerifyFails => {
                self.stage = Stage::Refused;
                return Verification::Refused;
            }
            PaymentScenario::Processing if first && says_processing => {
                self.quirk_spent = true;
                return Verification::Processing;
            }
            PaymentScenario::VerifySlow | PaymentScenario::Processing if first => {
                Verification::Verified { slow: true, malformed: false }
            }
            PaymentScenario::MalformedBody if first => Verification::Verified { slow: false, malformed: true },
            _ => Verification::Verified { slow: false, malformed: false },
        };
        self.quirk_spent = true;
        self.stage = Stage::Verified { at: self.seen.at };
        verification
    }

    /// The simulators' time of this look at the payment, epoch milliseconds.
    pub fn seen_ms(&self) -> u64 {
        self.seen.ms
    }

    /// Time since verify, or `None` when the payment is not (or no longer) verified.
    pub fn since_verified(&self) -> Option<Duration> {
        match self.stage {
            Stage::Verified { at } => Some(self.seen.at.duration_since(at)),
            _ => None,
        }
    }
}

/// How long the first verify of verify-slow (or processing, where a gateway has no such
/// answer) takes to answer, before SIM_TIME_SCALE: beyond a 30 s client timeout.
pub(crate) const SLOW_VERIFY: Duration = Duration::from_secs(40);

/// Shapes a verify answer for the once-only scenarios: held back, or cut short.
pub(crate) fn shaped(call: &Call<'_>, reply: Reply, verification: Verification) -> Reply {
    match verification {
        Verification::Verified { slow: true, .. } => reply.delayed(call.state.scaled(SLOW_VERIFY)),
        Verification::Verified { malformed: true, .. } => reply.cut_short(),
        _ => reply,
    }
}

/// Applied-scenario name for requests refused on their own merits.
pub(crate) const INVALID_REQUEST: &str = "invalid-request";

/// The scenario a create call runs under: `X-Sim-Scenario`, else a forced one, else the
/// customer's mobile (credit gateways), else the amount's last digits.
pub(crate) fn create_scenario(
    call: &Call<'_>,
    gateway: Gateway,
    amount: i64,
    mobile: Option<&str>,
) -> Result<PaymentScenario, Reply> {
    if let Some(header) = header_scenario(call, gateway, |_| true)? {
        return Ok(header);
    }
    if let Some(Scenario::Payment(forced)) =
        call.state.take_forced(gateway, &call.received.request_text(), |s| matches!(s, Scenario::Payment(_)))
    {
        return Ok(forced);
    }
    let by_mobile = if is_credit(gateway) { mobile.and_then(test_values::scenario_for_mobile) } else { None };
    Ok(by_mobile.unwrap_or_else(|| test_values::scenario_for_amount(amount)))
}

/// A scenario for a verify-like call about an existing payment, if one was asked for.
pub(crate) fn verify_scenario(call: &Call<'_>, gateway: Gateway) -> Result<Option<PaymentScenario>, Reply> {
    let fits = |s: PaymentScenario| s.acts_on_verify();
    if let Some(header) = header_scenario(call, gateway, |s| fits(s) || s == PaymentScenario::Success)? {
        return Ok(Some(header));
    }
    let forced = call.state.take_forced(
        gateway,
        &call.received.request_text(),
        |s| matches!(s, Scenario::Payment(p) if fits(p)),
    );
    Ok(forced.and_then(|s| match s {
        Scenario::Payment(p) => Some(p),
        Scenario::Sms(_) | Scenario::Email(_) => None,
    }))
}

/// `X-Sim-Scenario` on this call, when it names a payment scenario this gateway and this kind
/// of call accept; any other name is a 400 so a typo never passes silently.
pub(crate) fn header_scenario(
    call: &Call<'_>,
    gateway: Gateway,
    fits_call: impl Fn(PaymentScenario) -> bool,
) -> Result<Option<PaymentScenario>, Reply> {
    let Some(name) = &call.received.scenario_header else {
        return Ok(None);
    };
    let refuse = |why: String| Reply::text(StatusCode::BAD_REQUEST, "invalid-scenario", why);
    match name.parse::<Scenario>() {
        Ok(Scenario::Payment(p)) if gateway.accepts(p.into()) && fits_call(p) => Ok(Some(p)),
        Ok(other) => Err(refuse(format!("scenario '{other}' does not apply to this {gateway} call"))),
        Err(e) => Err(refuse(e.to_string())),
    }
}

/// SnappPay, Digipay and Tara decide credit by the customer's mobile number.
pub(crate) fn is_credit(gateway: Gateway) -> bool {
    matches!(gateway, Gateway::SnappPay | Gateway::Digipay | Gateway::Tara)
}

/// What tests and the control endpoint see of one payment.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SimPayment {
    pub gateway: Gateway,
    /// The gateway's handle: paymentCode, token, paymentToken, ticket, Gumroad sale id …
    pub token: String,
    /// The gateway's number for it (paymentRefId, transId, trackingCode, RefNum digits …).
    pub reference: u64,
    /// In the gateway's unit, as the merchant asked.
    pub amount: i64,
    /// The merchant's order id as sent (clientRefId, factorNumber, transactionId, providerId,
    /// orderId, ResNum; Gumroad: the URL parameters as a query string).
    pub order_ref: String,
    /// What the merchant wrote about it ([`Payment::merchant_description`]); empty when nothing.
    pub description: String,
    pub scenario: String,
    /// created, paid, verified, settled, reversed, cancelled, expired, refused, declined,
    /// cancelled-by-customer, page-timed-out, token-expired.
    pub stage: String,
    pub verify_calls: u32,
}

impl SimPayment {
    pub(crate) fn of(payment: &Payment) -> Self {
        SimPayment {
            gateway: payment.gateway,
            token: payment.token.clone(),
            reference: payment.reference,
            amount: payment.amount,
            order_ref: payment.order_ref.clone(),
            description: payment.merchant_description().to_owned(),
            scenario: payment.scenario.name().to_owned(),
            stage: payment.stage.name().to_owned(),
            verify_calls: payment.verify_calls,
        }
    }
}
