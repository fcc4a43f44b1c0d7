//! The money ledger: for every payment a simulated gateway made, whose it is (the merchant's reference), the
//! gateway's own ids for it, and where the customer's money is now. Tests of the merchant's money safety read it
//! to check that each order's money is kept once and that nothing taken is left without an order or a refund.
//!
//! It is a view of the payments the simulators hold, so it is bounded as they are (`SIM_MAX_RECORDS`).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::payment::{Payment, Stage};
use crate::scenario::Gateway;

/// Where a payment's money is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Money {
    /// Nothing taken yet: the customer has not paid (or not yet reached the page).
    Pending,
    /// Nothing taken, and nothing will be: cancelled, declined, timed out before paying.
    None,
    /// Taken from the customer but not yet the merchant's: the gateway gives it back when its verify window
    /// ends unless the merchant verifies first.
    Taken,
    /// The merchant's: verified (settled, delivered), or a Gumroad sale. Partial refunds show in `returned`.
    Kept,
    /// Given back in full: reversed, refunded, reverted, cancelled after settle, refused at verify, or not
    /// verified in time.
    Returned,
}

/// One payment in the ledger (`GET /_sim/ledger`, [`crate::SimHandle::ledger`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    pub gateway: Gateway,
    /// The merchant's reference for the payment as it sent it: PayPing `clientRefId`, Vandar `factorNumber`,
    /// SnappPay `transactionId`, Digipay `providerId`, Tara `orderId`, SEP `ResNum`, Gumroad the product link's
    /// `reference` parameter.
    pub reference: String,
    /// The gateway's own ids, by their names on the wire: `paymentCode`/`paymentRefId`, `token`/`transId`,
    /// `paymentToken`, `ticket`/`trackingCode`, `token`/`channelRefNumber`, `Token`/`RefNum`, `sale_id`/`order_id`.
    /// Ids a gateway hands out only on payment appear once paid.
    pub ids: BTreeMap<&'static str, String>,
    /// The gateway's unit: `toman` (PayPing), `rial`, or `usd-cents` (Gumroad).
    pub unit: &'static str,
    /// What the merchant asked for (SnappPay: after any update).
    pub amount: i64,
    /// What the customer was charged; 0 until paid.
    pub taken: i64,
    /// What went back to the customer.
    pub returned: i64,
    /// What the merchant keeps: `taken − returned` once kept or returned, 0 while pending or only taken.
    pub kept: i64,
    /// Partial money back while the payment stays kept, oldest first (Digipay and Gumroad refunds, SnappPay's
    /// lowered amount).
    pub refunds: Vec<LedgerRefund>,
    pub money: Money,
    /// The payment's stage, as `/_sim/payments` names it.
    pub stage: &'static str,
}

/// One refund of part (or, one after another, all) of a payment's money.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LedgerRefund {
    pub amount: i64,
    /// The gateway's number for the refund (Digipay's refund `trackingCode`), where it gives one.
    pub tracking_code: Option<String>,
}

impl LedgerEntry {
    pub(crate) fn of(p: &Payment) -> Self {
        let money = money(p);
        let returned = match money {
            Money::Returned => p.taken,
            Money::Kept => p.refunded().min(p.taken),
            Money::Pending | Money::None | Money::Taken => 0,
        };
        let kept = if matches!(money, Money::Kept | Money::Returned) { p.taken - returned } else { 0 };
        LedgerEntry {
            gateway: p.gateway,
            reference: reference(p),
            ids: ids(p),
            unit: unit(p.gateway),
            amount: p.amount,
            taken: p.taken,
            returned,
            kept,
            refunds: p
                .refunds
                .iter()
                .map(|r| LedgerRefund {
                    amount: r.amount,
                    tracking_code: Some(r.tracking.clone()).filter(|t| !t.is_empty()),
                })
                .collect(),
            money,
            stage: p.stage.name(),
        }
    }

    /// Whether the entry answers a `reference` filter: the merchant's reference, or one of the gateway's ids.
    pub(crate) fn names(&self, wanted: &str) -> bool {
        self.reference == wanted || self.ids.values().any(|id| id == wanted)
    }
}

fn money(p: &Payment) -> Money {
    match p.stage {
        Stage::Created => Money::Pending,
        Stage::Failed(_) => Money::None,
        Stage::Paid { .. } if p.returned_unverified() => Money::Taken,
        Stage::Paid { .. } | Stage::Verified { .. } | Stage::Settled => Money::Kept,
        Stage::Refused | Stage::Expired | Stage::Reversed => Money::Returned,
        // PayPing's DELETE withdraws a payment nobody paid; SnappPay's cancel gives a settled one back.
        Stage::Cancelled if p.taken > 0 => Money::Returned,
        Stage::Cancelled => Money::None,
    }
}

/// Gumroad keeps the product link's whole query string; our reference is its `reference` parameter.
fn reference(p: &Payment) -> String {
    if p.gateway != Gateway::Gumroad {
        return p.order_ref.clone();
    }
    let params: Vec<(String, String)> = serde_urlencoded::from_str(&p.order_ref).unwrap_or_default();
    params.into_iter().find(|(k, _)| k == "reference").map_or_else(String::new, |(_, v)| v)
}

fn ids(p: &Payment) -> BTreeMap<&'static str, String> {
    let paid = p.paid_ms != 0;
    let number = p.reference.to_string();
    let (handle, own): (&'static str, Option<(&'static str, String)>) = match p.gateway {
        Gateway::PayPing => ("paymentCode", Some(("paymentRefId", number))),
        Gateway::Vandar => ("token", Some(("transId", number))),
        Gateway::SnappPay => ("paymentToken", None),
        Gateway::Digipay => ("ticket", Some(("trackingCode", number))),
        Gateway::Tara => ("token", Some(("channelRefNumber", number))),
        Gateway::Saman => ("Token", Some(("RefNum", crate::saman::ref_num(p)))),
        Gateway::Gumroad => ("sale_id", Some(("order_id", number))),
        Gateway::Kavenegar | Gateway::Email => ("token", None),
    };
    let mut ids = BTreeMap::from([(handle, p.token.clone())]);
    if let Some((name, value)) = own.filter(|_| paid) {
        ids.insert(name, value);
    }
    ids
}

fn unit(gateway: Gateway) -> &'static str {
    match gateway {
        Gateway::PayPing => "toman",
        Gateway::Gumroad => "usd-cents",
        _ => "rial",
    }
}
