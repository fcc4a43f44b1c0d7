//! An online payment's life: its states, the gateways that take it, amounts in each
//! gateway's unit, the mobile format gateways expect, and what a verification answer settles.
use poem_openapi::Enum;

use super::{MobileNumber, Toman};

/// CREATED → REDIRECTED → CALLBACK_RECEIVED → VERIFIED | FAILED | EXPIRED. A payment may also fail or
/// expire straight from CREATED or REDIRECTED (the gateway refused it, nobody came back, a newer payment
/// of the order replaced it).
///
/// Money the gateway took that the order must not keep (the order was paid already, the amount is not
/// the order's, the payment had been replaced) goes back: REFUND_DUE, recorded before anything is asked
/// of the gateway, then REVERSED once the gateway's own reverse/refund/cancel call succeeds, or REFUNDED
/// when finance pays it back by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentState {
    Created,
    Redirected,
    CallbackReceived,
    Verified,
    Failed,
    Expired,
    RefundDue,
    Reversed,
    Refunded,
}

/// Where money a payment took, which its order must not keep, stands: the refund states of a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RefundState {
    /// Recorded as owed to the customer; finance pays it back by hand unless the gateway gives it back.
    RefundDue,
    /// The gateway gave it back (its reverse, refund or cancel call succeeded).
    Reversed,
    /// Finance paid it back by hand.
    Refunded,
}

impl TryFrom<PaymentState> for RefundState {
    type Error = anyhow::Error;
    /// Refunds are read by state, so any other state here is a broken query or row.
    fn try_from(state: PaymentState) -> anyhow::Result<RefundState> {
        match state {
            PaymentState::RefundDue => Ok(RefundState::RefundDue),
            PaymentState::Reversed => Ok(RefundState::Reversed),
            PaymentState::Refunded => Ok(RefundState::Refunded),
            other => anyhow::bail!("a payment in state {} is no refund", other.as_str()),
        }
    }
}

impl PaymentState {
    pub const ALL: [PaymentState; 9] = [
        PaymentState::Created,
        PaymentState::Redirected,
        PaymentState::CallbackReceived,
        PaymentState::Verified,
        PaymentState::Failed,
        PaymentState::Expired,
        PaymentState::RefundDue,
        PaymentState::Reversed,
        PaymentState::Refunded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentState::Created => "CREATED",
            PaymentState::Redirected => "REDIRECTED",
            PaymentState::CallbackReceived => "CALLBACK_RECEIVED",
            PaymentState::Verified => "VERIFIED",
            PaymentState::Failed => "FAILED",
            PaymentState::Expired => "EXPIRED",
            PaymentState::RefundDue => "REFUND_DUE",
            PaymentState::Reversed => "REVERSED",
            PaymentState::Refunded => "REFUNDED",
        }
    }

    pub fn parse(text: &str) -> Option<PaymentState> {
        PaymentState::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Still under way at the gateway: the customer may pay, and verify may be asked.
    pub fn is_open(self) -> bool {
        matches!(self, PaymentState::Created | PaymentState::Redirected | PaymentState::CallbackReceived)
    }

    /// Settled as far as the order goes: it paid the order (VERIFIED) or it did not; only money taken by
    /// mistake still moves, towards the customer (REFUND_DUE → REVERSED | REFUNDED).
    pub fn is_final(self) -> bool {
        !self.is_open()
    }

    /// Money the gateway took is coming back or came back.
    pub fn is_refund(self) -> bool {
        matches!(self, PaymentState::RefundDue | PaymentState::Reversed | PaymentState::Refunded)
    }

    /// Whether `self → to` is a step of the machine.
    pub fn can_become(self, to: PaymentState) -> bool {
        use PaymentState::*;
        matches!(
            (self, to),
            (Created, Redirected)
                | (Redirected, CallbackReceived)
                | (Created | Redirected | CallbackReceived, Failed | Expired)
                | (Redirected | CallbackReceived, Verified)
                // The gateway took money the order must not keep, even after we gave up on the payment.
                | (Redirected | CallbackReceived | Failed | Expired, RefundDue)
                | (RefundDue, Reversed | Refunded)
        )
    }

    /// The states from which `to` may be reached, for conditional UPDATEs.
    pub fn sources_of(to: PaymentState) -> Vec<PaymentState> {
        PaymentState::ALL.into_iter().filter(|from| from.can_become(to)).collect()
    }
}

/// The unit a gateway counts money in (gateways.md: PayPing toman, Vandar rial).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Toman,
    Rial,
}

impl Unit {
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Toman => "TOMAN",
            Unit::Rial => "RIAL",
        }
    }

    /// The amount as the gateway is asked for it; only gateway clients' callers use this.
    pub fn of(self, amount: Toman) -> Option<i64> {
        match self {
            Unit::Toman => Some(amount.get()),
            Unit::Rial => amount.to_rial().ok(),
        }
    }

    /// A gateway amount back in toman; `None` for rial amounts that are not whole toman.
    pub fn to_toman(self, amount: i64) -> Option<Toman> {
        match self {
            Unit::Toman => Toman::new(amount).ok(),
            Unit::Rial if amount % 10 == 0 => Toman::new(amount / 10).ok(),
            Unit::Rial => None,
        }
    }
}

/// The gateways the BFF speaks to: the online ones (`online` pays through one of them) and the
/// credit, bank and international ones the checkout names on their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Enum)]
pub enum Gateway {
    /// Vandar, an online gateway counting rial.
    #[oai(rename = "VANDAR")]
    Vandar,
    /// PayPing, an online gateway counting toman.
    #[oai(rename = "PAYPING")]
    PayPing,
    /// SnappPay, pay in instalments.
    #[oai(rename = "SNAPP_PAY")]
    SnappPay,
    /// Digipay, credit.
    #[oai(rename = "DIGIPAY")]
    Digipay,
    /// Tara, credit.
    #[oai(rename = "TARA")]
    Tara,
    /// Saman SEP, the bank gateway.
    #[oai(rename = "SAMAN")]
    Saman,
    /// Gumroad, for international customers.
    #[oai(rename = "GUMROAD")]
    Gumroad,
}

impl Gateway {
    pub const ALL: [Gateway; 7] = [
        Gateway::Vandar,
        Gateway::PayPing,
        Gateway::SnappPay,
        Gateway::Digipay,
        Gateway::Tara,
        Gateway::Saman,
        Gateway::Gumroad,
    ];

    /// The name stored with a payment.
    pub fn as_str(self) -> &'static str {
        match self {
            Gateway::Vandar => "VANDAR",
            Gateway::PayPing => "PAYPING",
            Gateway::SnappPay => "SNAPP_PAY",
            Gateway::Digipay => "DIGIPAY",
            Gateway::Tara => "TARA",
            Gateway::Saman => "SAMAN",
            Gateway::Gumroad => "GUMROAD",
        }
    }

    /// A stored name back, case-insensitively.
    pub fn parse(text: &str) -> Option<Gateway> {
        let text = text.trim();
        Gateway::ALL.into_iter().find(|g| g.as_str().eq_ignore_ascii_case(text))
    }

    /// The gateway a checkout names, case-insensitively: `VANDAR`, `PAYPING`, `SNAPP_PAY`, or
    /// `{PRODUCT}_DIGIPAY`, `{PRODUCT}_TARA`, `{PRODUCT}_SAMAN`, `{PRODUCT}_GUMROAD` with this
    /// shop's product code (`LIMOO` for `LIMOO_SHOP`) [spec 2 §4].
    pub fn from_method(text: &str, product: &str) -> Option<Gateway> {
        let text = text.trim();
        Gateway::ALL.into_iter().find(|g| {
            if g.product_scoped() {
                text.len() == product.len() + 1 + g.as_str().len()
                    && text.get(..product.len()).is_some_and(|p| p.eq_ignore_ascii_case(product))
                    && text
                        .get(product.len()..)
                        .is_some_and(|rest| rest.eq_ignore_ascii_case(&format!("_{}", g.as_str())))
            } else {
                g.as_str().eq_ignore_ascii_case(text)
            }
        })
    }

    /// Whether the checkout names it with the product prefix.
    fn product_scoped(self) -> bool {
        matches!(self, Gateway::Digipay | Gateway::Tara | Gateway::Saman | Gateway::Gumroad)
    }

    /// Whether `online` may pay through it [PM-39].
    pub fn is_online(self) -> bool {
        matches!(self, Gateway::Vandar | Gateway::PayPing)
    }

    /// Whether the customer's payment itself keeps the money (a Gumroad sale), with no verify to withhold.
    pub fn takes_at_payment(self) -> bool {
        self == Gateway::Gumroad
    }

    /// Whether the gateway's verify answer names the payment of ours it proves, or its proof is bound to our own
    /// token: a proof another payment was paid with is then simply not this one's. SEP's verify carries no ResNum
    /// and a Gumroad ping is unsigned, so there either customer may be the one who paid.
    pub fn verify_names_payment(self) -> bool {
        !matches!(self, Gateway::Saman | Gateway::Gumroad)
    }

    /// Whether the payment can be asked about with the token it was started with alone, no callback needed: money
    /// paid after the shop gave up on such a payment is found by the sweeper, not only by a returning browser.
    pub fn verifies_by_token(self) -> bool {
        matches!(self, Gateway::Vandar | Gateway::SnappPay | Gateway::Tara)
    }

    /// Whether the gateway has a call that gives a taken payment's money back (gateways.md): Vandar has none,
    /// and Tara's refund lives in its separate club API; finance refunds those by hand.
    pub fn can_give_back(self) -> bool {
        !matches!(self, Gateway::Vandar | Gateway::Tara)
    }

    /// Lower-case path segment of its callback: `/lemonade/api/payments/{slug}/callback`.
    pub fn slug(self) -> &'static str {
        match self {
            Gateway::Vandar => "vandar",
            Gateway::PayPing => "payping",
            Gateway::SnappPay => "snapp-pay",
            Gateway::Digipay => "digipay",
            Gateway::Tara => "tara",
            Gateway::Saman => "saman",
            Gateway::Gumroad => "gumroad",
        }
    }

    /// Gumroad charges its product's own price in US cents, which the BFF neither sets nor knows:
    /// its payments keep the order's toman total and complete on a confirmed sale of the product.
    pub fn unit(self) -> Unit {
        match self {
            Gateway::PayPing | Gateway::Gumroad => Unit::Toman,
            Gateway::Vandar | Gateway::SnappPay | Gateway::Digipay | Gateway::Tara | Gateway::Saman => Unit::Rial,
        }
    }

    /// The payer's mobile as this gateway takes it: `09…` for the online gateways and Digipay,
    /// `+98…` for SnappPay, Saman, Tara and Gumroad [spec 2 §5, PR-36, PR-37]; foreign numbers only to the latter.
    pub fn mobile_for(self, mobile: &MobileNumber) -> Option<String> {
        match self {
            Gateway::Vandar | Gateway::PayPing | Gateway::Digipay => zero_prefixed_mobile(mobile),
            Gateway::SnappPay | Gateway::Tara | Gateway::Saman | Gateway::Gumroad => Some(plus_prefixed_mobile(mobile)),
        }
    }
}

/// The mobile as online gateways take it: `09…` for Iranian numbers, none for foreign ones [PR-36].
pub fn zero_prefixed_mobile(mobile: &MobileNumber) -> Option<String> {
    (!mobile.is_foreign()).then(|| mobile.display())
}

/// The mobile as SnappPay, Saman, Tara and Gumroad take it: `+98…` [PR-37].
pub fn plus_prefixed_mobile(mobile: &MobileNumber) -> String {
    mobile.canonical().to_owned()
}

/// What a gateway said when asked whether the payment went through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatewayVerdict {
    /// Paid, `amount` in the gateway's unit as the gateway reports it.
    Paid { amount: i64, ref_id: String },
    /// The proof is of a payment, but the gateway's answer names another one of ours (Digipay's `providerId`,
    /// PayPing's `clientRefId`, Vandar's `factorNumber`): a borrowed proof, which pays that payment or nothing,
    /// never the one asked about.
    ProvesAnother { payment_id: Option<i64>, amount: i64, ref_id: String },
    /// Definitely not paid (cancelled, declined, verify refused, expired at the gateway).
    NotPaid { reason: String },
    /// Taken, then given back by the gateway during the check (Digipay reverses a purchase whose verify
    /// answer was lost).
    GivenBack { ref_id: String, reason: String },
    /// The gateway cannot say yet (processing, unreachable), and nothing was asked of it that keeps the money:
    /// ask again later.
    Unknown,
    /// A call that makes the gateway keep the money (verify, settle) went out and no usable answer came back:
    /// the money may be taken. Ask again later; until the gateway answers, nothing may replace the payment.
    Unanswered,
}

/// Where a verification leaves the payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settlement {
    Verified {
        ref_id: String,
    },
    Failed {
        reason: String,
    },
    /// The gateway took money (`taken`, in its unit) this payment must not keep: it goes back to the customer.
    GiveBack {
        ref_id: String,
        taken: i64,
        reason: String,
    },
    /// The gateway took money and gave it back already.
    GivenBack {
        ref_id: String,
        reason: String,
    },
    /// Nothing decided; the sweeper tries again.
    Pending,
}

/// Judges a verdict against the amount the database asked for and whether the order may still be paid
/// by it: a paid amount that differs never completes the order, and neither does a payment of an order
/// paid already; the money such a payment took goes back.
pub fn settle(expected_gateway_amount: i64, verdict: GatewayVerdict, order_payable: bool) -> Settlement {
    match verdict {
        GatewayVerdict::Paid { amount, ref_id } if amount == expected_gateway_amount && order_payable => {
            Settlement::Verified { ref_id }
        }
        GatewayVerdict::Paid { amount, ref_id } if amount == expected_gateway_amount => {
            Settlement::GiveBack { ref_id, taken: amount, reason: "the order was paid already".to_owned() }
        }
        GatewayVerdict::Paid { amount, ref_id } => Settlement::GiveBack {
            ref_id,
            taken: amount,
            reason: format!("amount mismatch: the gateway reports {amount}, the payment is {expected_gateway_amount}"),
        },
        GatewayVerdict::NotPaid { reason } => Settlement::Failed { reason },
        GatewayVerdict::GivenBack { ref_id, reason } => Settlement::GivenBack { ref_id, reason },
        GatewayVerdict::Unknown | GatewayVerdict::Unanswered | GatewayVerdict::ProvesAnother { .. } => {
            Settlement::Pending
        }
    }
}

/// A verify's answer that names the payment the money was for: paid when it names `payment_id` (or names none,
/// where the protocol does not say), else a proof of that other payment.
pub fn paid_to(payment_id: i64, named: Option<i64>, amount: i64, ref_id: String) -> GatewayVerdict {
    match named {
        Some(named) if named != payment_id => GatewayVerdict::ProvesAnother { payment_id: Some(named), amount, ref_id },
        _ => GatewayVerdict::Paid { amount, ref_id },
    }
}

/// The result page address with the outcome appended: `{paymentResultUrl}?status=OK|NOK&orderId=…`
/// (`&` when the address already has a query, which for hash routes sits after the `#`).
pub fn result_address(result_url: &str, paid: bool, order_id: i64) -> String {
    let status = if paid { "OK" } else { "NOK" };
    let joiner = if result_url.contains('?') { '&' } else { '?' };
    format!("{result_url}{joiner}status={status}&orderId={order_id}")
}

/// A result address the BFF will send browsers to: an absolute http(s) address.
///
/// Only addresses of the shop's own origins (scheme, host and port, from configuration) are accepted, so the
/// callback can never send a customer to someone else's site (an open redirect).
pub fn is_result_url(text: &str, shop_origins: &[reqwest::Url]) -> bool {
    // The parser drops tabs and line breaks, but the text is what goes into the `Location` header, which a line
    // break voids: the browser would be left on a redirect with no address.
    if text.chars().any(char::is_control) {
        return false;
    }
    let Ok(url) = reqwest::Url::parse(text) else { return false };
    matches!(url.scheme(), "http" | "https")
        && url.host().is_some()
        && shop_origins.iter().any(|shop| shop.origin() == url.origin())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_listed_steps_are_allowed() {
        use PaymentState::*;
        assert!(Created.can_become(Redirected));
        assert!(CallbackReceived.can_become(Verified));
        assert!(!Created.can_become(Verified));
        for end in [Verified, Reversed, Refunded] {
            assert!(PaymentState::ALL.iter().all(|to| !end.can_become(*to)));
        }
        // Money never comes back into an order once given back, and never becomes its payment.
        for end in [Failed, Expired, RefundDue] {
            assert!(!end.can_become(Verified));
        }
    }

    #[test]
    fn result_addresses_keep_the_hash_route() {
        assert_eq!(
            result_address("http://shop.test/#/payment-result", true, 7),
            "http://shop.test/#/payment-result?status=OK&orderId=7"
        );
        assert_eq!(result_address("http://shop.test/r?x=1", false, 7), "http://shop.test/r?x=1&status=NOK&orderId=7");
        let shop = ["http://shop.test", "http://localhost:5173"].map(|o| reqwest::Url::parse(o).unwrap());
        assert!(is_result_url("http://shop.test/#/payment-result", &shop));
        assert!(is_result_url("http://shop.test:80/#/payment-result", &shop), "the default port is the same origin");
        assert!(is_result_url("http://localhost:5173/#/payment-result", &shop), "any configured origin");
        assert!(!is_result_url("javascript:alert(1)", &shop));
        assert!(!is_result_url("http://shop.test/#/r\r\nSet-Cookie: a=b", &shop), "a header break");
        assert!(!is_result_url("http://shop.test/#/payment\t-result", &shop));
        assert!(!is_result_url("/#/payment-result", &shop));
        assert!(!is_result_url("http://evil.test/#/payment-result", &shop));
        assert!(!is_result_url("http://shop.test:8081/#/payment-result", &shop));
        assert!(!is_result_url("https://shop.test/#/payment-result", &shop), "another scheme is another origin");
    }

    #[test]
    fn checkout_methods_carry_the_product_prefix() {
        assert_eq!(Gateway::from_method("LIMOO_DIGIPAY", "LIMOO"), Some(Gateway::Digipay));
        assert_eq!(Gateway::from_method("limoo_gumroad", "LIMOO"), Some(Gateway::Gumroad));
        assert_eq!(Gateway::from_method("snapp_pay", "LIMOO"), Some(Gateway::SnappPay));
        assert_eq!(Gateway::from_method("OTHER_TARA", "LIMOO"), None);
        assert_eq!(Gateway::from_method("SAMAN", "LIMOO"), None);
        assert!(Gateway::ALL.iter().all(|g| Gateway::parse(g.as_str()) == Some(*g)));
    }

    #[test]
    fn wire_names_are_the_stored_names() {
        use poem_openapi::types::ToJSON;
        for gateway in Gateway::ALL {
            assert_eq!(gateway.to_json(), Some(gateway.as_str().into()));
        }
        for state in PaymentState::ALL {
            if let Ok(refund) = RefundState::try_from(state) {
                assert_eq!(refund.to_json(), Some(state.as_str().into()));
            }
        }
        let refunds = PaymentState::ALL.into_iter().filter(|s| RefundState::try_from(*s).is_ok());
        assert!(refunds.eq(PaymentState::ALL.into_iter().filter(|s| s.is_refund())));
    }

    #[test]
    fn a_different_amount_or_a_paid_order_gives_the_money_back() {
        let paid = |amount| GatewayVerdict::Paid { amount, ref_id: "r".into() };
        assert!(matches!(settle(1_000, paid(1_010), true), Settlement::GiveBack { .. }));
        assert!(matches!(settle(1_000, paid(1_000), false), Settlement::GiveBack { .. }));
        assert!(matches!(settle(1_000, paid(1_000), true), Settlement::Verified { .. }));
        let not_paid = GatewayVerdict::NotPaid { reason: "x".into() };
        assert!(matches!(settle(1_000, not_paid, false), Settlement::Failed { .. }));
    }
}
