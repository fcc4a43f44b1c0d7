use poem_openapi::Object;

use crate::{
    domain::{
        payment::{Gateway, RefundState},
        transfer::{TransferDetails, TransferGateway, TransferState},
    },
    shop::{
        refunds::{Dispute, DisputeSide},
        transfers::Reviewed,
    },
    store::{payments::Payment, transfers::Transfer},
};

/// The form's fields as the customer submitted them (date in the calendar of the method: Jalali for
/// card to card, Gregorian for PayPal; time in Tehran).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TransferDetailsView {
    pub year: i64,
    /// Calendar month, 1–12.
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    /// Last four card digits (card to card).
    pub last_digits: Option<String>,
    /// The payer's PayPal account e-mail (foreign transfer).
    pub account: Option<String>,
}

/// A manual transfer as finance reviews it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TransferView {
    pub payment_id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: TransferGateway,
    /// The order's payable toman when the transfer was reported.
    pub amount: i64,
    pub status: TransferState,
    pub details: TransferDetailsView,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub reviewer: Option<String>,
    pub reason: Option<String>,
    /// Epoch milliseconds.
    pub reviewed_at: Option<i64>,
}

impl From<Transfer> for TransferView {
    fn from(transfer: Transfer) -> Self {
        let TransferDetails { year, month, day, hour, minute, last_digits, account, .. } = transfer.details;
        TransferView {
            payment_id: transfer.id,
            order_id: transfer.order_id,
            customer_id: transfer.customer_id,
            gateway: transfer.gateway,
            amount: transfer.amount,
            status: transfer.state,
            details: TransferDetailsView { year, month, day, hour, minute, last_digits, account },
            created_at: transfer.created_at,
            reviewer: transfer.reviewer,
            reason: transfer.reason,
            reviewed_at: transfer.reviewed_at,
        }
    }
}

#[derive(Object, Debug)]
pub struct TransferList {
    pub transfers: Vec<TransferView>,
}

/// Who reviews, and why a transfer is rejected.
#[derive(Object, Debug)]
pub struct ReviewRequest {
    /// The reviewer's name, recorded with the review.
    pub reviewer: String,
    /// Shown to the customer in the rejection SMS.
    pub reason: Option<String>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ReviewReply {
    pub transfer: TransferView,
    /// Whether the SMS telling the customer the result was accepted by the SMS provider.
    pub sms_sent: bool,
}

impl From<Reviewed> for ReviewReply {
    fn from(reviewed: Reviewed) -> Self {
        ReviewReply { transfer: reviewed.transfer.into(), sms_sent: reviewed.sms_sent }
    }
}

/// An online payment whose money goes or went back to the customer.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct RefundView {
    pub payment_id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: Gateway,
    /// Toman.
    pub amount: i64,
    pub status: RefundState,
    /// Why the money goes back (the order was paid already, another amount, a replaced payment).
    pub reason: Option<String>,
    /// The gateway's reference of the payment (card statement, gateway panel).
    pub ref_id: Option<String>,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// Epoch milliseconds of the last change.
    pub updated_at: i64,
    /// Who in finance refunded it by hand (`REFUNDED`).
    pub refunded_by: Option<String>,
    /// Epoch milliseconds: when it went back (`REVERSED`, `REFUNDED`).
    pub refunded_at: Option<i64>,
    /// The gateway's definitive refusal to give it back: it is not asked again, and finance refunds it by hand.
    pub gateway_refusal: Option<String>,
}

impl TryFrom<Payment> for RefundView {
    type Error = anyhow::Error;
    fn try_from(payment: Payment) -> anyhow::Result<Self> {
        Ok(RefundView {
            payment_id: payment.id,
            order_id: payment.order_id,
            customer_id: payment.customer_id,
            gateway: payment.gateway,
            amount: payment.refund_toman(),
            status: payment.state.try_into()?,
            reason: payment.refund_reason,
            ref_id: payment.ref_id,
            created_at: payment.created_at,
            updated_at: payment.updated_at,
            refunded_by: payment.refunded_by,
            refunded_at: payment.refunded_at,
            gateway_refusal: payment.refund_refusal,
        })
    }
}

#[derive(Object, Debug)]
pub struct RefundList {
    pub refunds: Vec<RefundView>,
}

/// Who in finance paid the money back.
#[derive(Object, Debug)]
pub struct RefundSettleRequest {
    /// The name recorded with the refund.
    pub reviewer: String,
}

/// An online payment that expired after a day in which no verify of it was answered: its gateway may hold the
/// money, and finance asks the gateway (its panel, its support) by hand.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct UnansweredView {
    pub payment_id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    pub gateway: Gateway,
    /// Toman.
    pub amount: i64,
    /// `EXPIRED` while unchecked or checked as not taken; `REFUND_DUE` and on once checked as taken.
    pub status: String,
    /// The gateway's token of the payment, to look it up in its panel.
    pub authority: Option<String>,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// Epoch milliseconds: when a verify of it first went unanswered.
    pub unanswered_at: Option<i64>,
    /// Who in finance checked it with the gateway, and when (epoch milliseconds).
    pub checked_by: Option<String>,
    pub checked_at: Option<i64>,
}

impl From<Payment> for UnansweredView {
    fn from(payment: Payment) -> Self {
        UnansweredView {
            payment_id: payment.id,
            order_id: payment.order_id,
            customer_id: payment.customer_id,
            gateway: payment.gateway,
            amount: payment.amount,
            status: payment.state.as_str().to_owned(),
            authority: payment.authority,
            created_at: payment.created_at,
            unanswered_at: payment.unanswered_at,
            checked_by: payment.checked_by,
            checked_at: payment.checked_at,
        }
    }
}

#[derive(Object, Debug)]
pub struct UnansweredList {
    pub payments: Vec<UnansweredView>,
}

/// What finance learnt from the gateway about a payment that expired unanswered.
#[derive(Object, Debug)]
pub struct UnansweredCheckRequest {
    /// Who checked, recorded with the payment.
    pub reviewer: String,
    /// Whether the gateway took the money: it then goes back to the customer (the refund queue).
    pub taken: bool,
}

/// One side of a dispute: a payment and the customer who made it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DisputedPayment {
    pub payment_id: i64,
    pub order_id: i64,
    pub customer_id: i64,
    /// The customer's mobile, to reach them.
    pub mobile: Option<String>,
    /// Toman.
    pub amount: i64,
    pub status: String,
}

/// A gateway reference presented by a payment after another payment had been paid with it, where the gateway's
/// verify cannot say whose it is (SEP, Gumroad): one of the two customers paid and the other borrowed the proof.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct DisputeView {
    pub gateway: Gateway,
    /// The gateway's reference both presented (RefNum, sale id): look it up in the gateway's panel.
    pub ref_id: String,
    /// The payment that presented it second.
    pub presented_by: DisputedPayment,
    /// The payment already paid with it.
    pub paid: DisputedPayment,
    /// Epoch milliseconds.
    pub disputed_at: i64,
}

impl From<DisputeSide> for DisputedPayment {
    fn from(side: DisputeSide) -> Self {
        let payment = side.payment;
        DisputedPayment {
            payment_id: payment.id,
            order_id: payment.order_id,
            customer_id: payment.customer_id,
            mobile: side.mobile,
            amount: payment.amount,
            status: payment.state.as_str().to_owned(),
        }
    }
}

impl From<Dispute> for DisputeView {
    fn from(dispute: Dispute) -> Self {
        DisputeView {
            gateway: dispute.presented_by.payment.gateway,
            ref_id: dispute.ref_id,
            presented_by: dispute.presented_by.into(),
            paid: dispute.paid.into(),
            disputed_at: dispute.disputed_at,
        }
    }
}

#[derive(Object, Debug)]
pub struct DisputeList {
    pub disputes: Vec<DisputeView>,
}
