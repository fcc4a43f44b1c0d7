//! An online payment's life (issue 6): its states, the gateways that take it, amounts in each
//! gateway's unit, the mobile format gateways expect, and what a verification answer settles.
use super::{MobileNumber, Toman};

/// CREATED → REDIRECTED → CALLBACK_RECEIVED → VERIFIED | FAILED | EXPIRED. A payment may also fail or
/// expire straight from CREATED or REDIRECTED (the gateway refused it, nobody came back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PaymentState {
    Created,
    Redirected,
    CallbackReceived,
    Verified,
    Failed,
    Expired,
}

impl PaymentState {
    pub const ALL: [PaymentState; 6] = [
        PaymentState::Created,
        PaymentState::Redirected,
        PaymentState::CallbackReceived,
        PaymentState::Verified,
        PaymentState::Failed,
        PaymentState::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentState::Created => "CREATED",
            PaymentState::Redirected => "REDIRECTED",
            PaymentState::CallbackReceived => "CALLBACK_RECEIVED",
            PaymentState::Verified => "VERIFIED",
            PaymentState::Failed => "FAILED",
            PaymentState::Expired => "EXPIRED",
        }
    }

    pub fn parse(text: &str) -> Option<PaymentState> {
        PaymentState::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Nothing moves a final payment any more.
    pub fn is_final(self) -> bool {
        matches!(self, PaymentState::Verified | PaymentState::Failed | PaymentState::Expired)
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gateway {
    Vandar,
    PayPing,
    SnappPay,
    Digipay,
    Tara,
    Saman,
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
    /// `+98…` for SnappPay, Saman, Tara and Gumroad [spec 2 §5, PR-36]; foreign numbers only to the latter.
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

/// The mobile as SnappPay, Saman, Tara and Gumroad take it: `+98…` [PR-36].
pub fn plus_prefixed_mobile(mobile: &MobileNumber) -> String {
    mobile.canonical().to_owned()
}

/// What a gateway said when asked whether the payment went through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatewayVerdict {
    /// Paid, `amount` in the gateway's unit as the gateway reports it.
    Paid { amount: i64, ref_id: String },
    /// Definitely not paid (cancelled, declined, verify refused, expired at the gateway).
    NotPaid { reason: String },
    /// The gateway cannot say yet (processing, unreachable): ask again later.
    Unknown,
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
    /// Nothing decided; the sweeper tries again.
    Pending,
}

/// Judges a verdict against the amount the database asked for: a paid amount that differs never
/// completes the order.
pub fn settle(expected_gateway_amount: i64, verdict: GatewayVerdict) -> Settlement {
    match verdict {
        GatewayVerdict::Paid { amount, ref_id } if amount == expected_gateway_amount => Settlement::Verified { ref_id },
        GatewayVerdict::Paid { amount, .. } => Settlement::Failed {
            reason: format!("amount mismatch: the gateway reports {amount}, the payment is {expected_gateway_amount}"),
        },
        GatewayVerdict::NotPaid { reason } => Settlement::Failed { reason },
        GatewayVerdict::Unknown => Settlement::Pending,
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
        for end in [Verified, Failed, Expired] {
            assert!(PaymentState::ALL.iter().all(|to| !end.can_become(*to)));
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
    fn a_different_amount_never_verifies() {
        let paid = GatewayVerdict::Paid { amount: 1_010, ref_id: "r".into() };
        assert!(matches!(settle(1_000, paid), Settlement::Failed { .. }));
    }
}
