//! Manual transfers (spec 2 §4): the customer reports a card-to-card or PayPal payment, the order's
//! points stay RESERVED while finance reviews it, and the review completes the order through the same
//! settlement as online payments ([`super::settling::settle_order`]) or gives the points back. The
//! customer learns the result by SMS. The API and the `finance` CLI both call these functions.
use super::{
    invoice,
    orders::{self as shop_orders, OrderError},
    partner_discounts,
    payments::{self as online, Report},
    settling::{Settling, settle_order},
};
use crate::{
    config::FinanceSettings,
    domain::{
        Toman,
        payment::PaymentState,
        points::HoldStatus,
        transfer::{MomentProblem, TransferDetails, TransferState},
    },
    gateways::sms::KavenegarClient,
    messages,
    store::{
        Db, customers, now_ms, orders, payments,
        points::{self, expire_stale},
        transfers::{self, NewTransfer, Transfer},
    },
};

#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error("no such order for this customer")]
    OrderNotFound,
    #[error("the order is already paid")]
    OrderPaid,
    #[error("the order has nothing to pay")]
    NothingToPay,
    #[error("the points the order held went to another order or ran out")]
    PointsGone,
    #[error("the order has a transfer under review")]
    AlreadySubmitted,
    #[error("an online payment of the order is being started or verified")]
    PaymentInProgress,
    #[error("an online payment of the order the gateway was asked about is not settled yet")]
    OnlinePaymentUnsettled,
    #[error("the transfer is dated in the future")]
    DatedInFuture,
    #[error("the transfer is dated before the order was created")]
    DatedBeforeOrder,
    #[error("no transfer {0}")]
    NotFound(i64),
    #[error("transfer {0} was reviewed already")]
    AlreadyReviewed(i64),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// What a transfer must pay for an order: the order and the payable total its invoice shows now (after
/// code, points and gift cards).
#[derive(Debug, Clone, Copy)]
pub struct TransferDue {
    pub order_id: i64,
    /// Epoch milliseconds; a transfer dated earlier is refused.
    pub created_at: i64,
    pub amount: Toman,
}

/// The amount the customer's unpaid order waits for, read as its invoice is.
pub async fn due(db: &Db, customer_id: i64, order_id: i64) -> Result<TransferDue, TransferError> {
    let invoice = shop_orders::invoice(db, customer_id, order_id).await.map_err(|error| match error {
        OrderError::NotFound => TransferError::OrderNotFound,
        OrderError::PointsGone => TransferError::PointsGone,
        OrderError::NotFree => TransferError::NothingToPay,
        OrderError::Unexpected(e) => TransferError::Unexpected(e),
    })?;
    if invoice.order.is_paid() {
        return Err(TransferError::OrderPaid);
    }
    if invoice.totals.payable == Toman::ZERO {
        return Err(TransferError::NothingToPay);
    }
    Ok(TransferDue { order_id: invoice.order.id, created_at: invoice.order.created_at, amount: invoice.totals.payable })
}

/// Records the customer's transfer report for the order and reserves the order's points until the
/// review (at most `TRANSFER_REVIEW_HOURS`). Answers the transfer's id (`paymentId`); the same report
/// again answers the same id, another one is refused while the first waits.
///
/// The transfer replaces the order's live online payment, which is then never verified, as a newer online
/// payment does. One the gateway was asked about before may have been paid by a verify whose answer was lost,
/// so it is completed first (paid: the order is paid by it and the transfer refused as for a paid order); if
/// the gateway still cannot say, the transfer is refused until the payment settles rather than burying money
/// the gateway may have taken.
#[tracing::instrument(skip_all, fields(customer_id, order_id))]
pub async fn submit(
    settling: Settling<'_>,
    finance: &FinanceSettings,
    customer_id: i64,
    order_id: i64,
    details: &TransferDetails,
) -> Result<i64, TransferError> {
    complete_asked_payments(settling, customer_id, order_id).await?;
    let db = settling.db;
    let now = now_ms();
    let mut tx = db.begin().await?;
    if !orders::lock_for_customer(&mut tx, order_id, customer_id).await? {
        return Err(TransferError::OrderNotFound);
    }
    expire_stale(&mut tx, customer_id, now).await?;
    let invoice = invoice::load(&mut tx, order_id, customer_id, now).await?.ok_or(TransferError::OrderNotFound)?;
    if invoice.order.is_paid() {
        return Err(TransferError::OrderPaid);
    }
    details.check_moment(invoice.order.created_at, now).map_err(|problem| match problem {
        MomentProblem::InFuture => TransferError::DatedInFuture,
        MomentProblem::BeforeOrder => TransferError::DatedBeforeOrder,
    })?;
    // The invoice the customer saw took points off that the order no longer holds [ER-21].
    if invoice.hold.as_ref().is_some_and(|h| h.lapsed_at(now)) {
        return Err(TransferError::PointsGone);
    }
    if invoice.totals.payable == Toman::ZERO {
        return Err(TransferError::NothingToPay);
    }
    if let Some(waiting) = transfers::pending_of_order(&mut tx, order_id).await? {
        // The same report again (a double tap, a retry after a lost answer) gets the same answer.
        return if waiting.customer_id == customer_id && waiting.details == *details {
            Ok(waiting.id)
        } else {
            Err(TransferError::AlreadySubmitted)
        };
    }
    // The transfer replaces a live online payment, which then is never verified: one payment per order.
    let open = payments::open_for_order(&mut tx, order_id).await?;
    if open.iter().any(|p| p.state != PaymentState::Redirected) {
        return Err(TransferError::PaymentInProgress);
    }
    // Checked (above, or by another caller since) and still open after a verify went unanswered: it may have taken
    // the money, which failing it here would bury.
    if open.iter().any(|p| p.unanswered_at.is_some()) {
        return Err(TransferError::OnlinePaymentUnsettled);
    }
    for payment in &open {
        payments::finish(&mut tx, payment.id, PaymentState::Failed, None, Some("replaced by a card transfer")).await?;
    }
    let new = NewTransfer { order_id, customer_id, amount: invoice.totals.payable.get(), details };
    let transfer_id = transfers::insert(&mut tx, &new).await?.ok_or(TransferError::AlreadySubmitted)?;
    if let Some(hold) = invoice.hold.as_ref().filter(|h| h.status == HoldStatus::AddedToOrder) {
        points::reserve(&mut tx, hold.id, now + finance.review_ms()).await?;
    }
    tx.commit().await?;
    tracing::info!(transfer_id, order_id, gateway = details.gateway.as_str(), "manual transfer submitted");
    Ok(transfer_id)
}

/// Completes the customer's open online payments of the order that the gateway was asked about before (by a
/// callback or the sweeper), as a new online payment does before it replaces them.
async fn complete_asked_payments(settling: Settling<'_>, customer_id: i64, order_id: i64) -> anyhow::Result<()> {
    let open = {
        let mut tx = settling.db.read().await?;
        payments::open_for_order(&mut tx, order_id).await?
    };
    for payment in open.iter().filter(|p| p.customer_id == customer_id && p.attempts > 0) {
        let state = online::complete(settling, payment.id, Report::None).await?;
        tracing::info!(
            payment_id = payment.id,
            state = state.as_str(),
            "an asked-about payment checked before a transfer"
        );
    }
    Ok(())
}

/// The transfers in `state`, oldest first.
pub async fn list(db: &Db, in_state: TransferState) -> anyhow::Result<Vec<Transfer>> {
    transfers::in_state(db, in_state).await
}

/// What a review decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Approve,
    Reject,
}

/// A reviewed transfer and whether the customer's SMS went out.
#[derive(Debug, Clone)]
pub struct Reviewed {
    pub transfer: Transfer,
    pub sms_sent: bool,
}

/// Approves or rejects a PENDING transfer, recording who and when, in the order's transaction:
/// approval completes the order (PAYMENT_SUCCESS, points USED, code CAPTURED), rejection gives the
/// points back. Only the first review of a transfer counts. Then the customer gets the result by SMS;
/// an SMS failure is logged and reported, never undoes the review.
#[tracing::instrument(skip_all, fields(transfer_id, reviewer))]
pub async fn review(
    db: &Db,
    sms: &KavenegarClient,
    transfer_id: i64,
    verdict: Verdict,
    reviewer: &str,
    reason: Option<&str>,
) -> Result<Reviewed, TransferError> {
    let transfer = transfers::find(db, transfer_id).await?.ok_or(TransferError::NotFound(transfer_id))?;
    let now = now_ms();
    let to = match verdict {
        Verdict::Approve => TransferState::Approved,
        Verdict::Reject => TransferState::Rejected,
    };
    let mut tx = db.begin().await?;
    orders::lock_for_customer(&mut tx, transfer.order_id, transfer.customer_id).await?;
    // Paid online meanwhile: approving would keep the customer's money twice. Finance rejects it instead
    // (and pays the transfer back).
    if verdict == Verdict::Approve && orders::is_paid(&mut tx, transfer.order_id).await? {
        // Paid by this very transfer (a second approval) is a review done already.
        let now_reviewed = transfers::find(db, transfer_id).await?.is_some_and(|t| t.state != TransferState::Pending);
        return Err(if now_reviewed { TransferError::AlreadyReviewed(transfer_id) } else { TransferError::OrderPaid });
    }
    if !transfers::review(&mut tx, transfer_id, to, reviewer, reason, now).await? {
        return Err(TransferError::AlreadyReviewed(transfer_id));
    }
    settle_order(&mut tx, transfer.order_id, verdict == Verdict::Approve, now).await?;
    tx.commit().await?;
    tracing::info!(
        transfer_id,
        order_id = transfer.order_id,
        state = to.as_str(),
        reviewer,
        "manual transfer reviewed"
    );
    if verdict == Verdict::Approve {
        partner_discounts::after_paid(db, sms, transfer.order_id, transfer.customer_id).await;
    }
    let sms_sent = match notify(db, sms, &transfer, verdict, reason).await {
        Ok(()) => true,
        Err(error) => {
            tracing::error!(transfer_id, error = ?error, "the transfer review SMS was not sent");
            false
        }
    };
    let transfer = transfers::find(db, transfer_id).await?.ok_or(TransferError::NotFound(transfer_id))?;
    Ok(Reviewed { transfer, sms_sent })
}

async fn notify(
    db: &Db,
    sms: &KavenegarClient,
    transfer: &Transfer,
    verdict: Verdict,
    reason: Option<&str>,
) -> anyhow::Result<()> {
    let customer = customers::find_by_id(db, transfer.customer_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("customer {} is gone", transfer.customer_id))?;
    sms.send_text(&customer.mobile, &review_sms(transfer.order_id, verdict, reason)).await?;
    Ok(())
}

/// The review-result SMS, in Persian.
pub fn review_sms(order_id: i64, verdict: Verdict, reason: Option<&str>) -> String {
    let order_id = messages::persian_number(order_id);
    match (verdict, reason.map(str::trim).filter(|r| !r.is_empty())) {
        (Verdict::Approve, _) => {
            format!("لیمو: پرداخت شما برای سفارش {order_id} تایید شد و سفارش شما ثبت شد. از خرید شما سپاسگزاریم.")
        }
        (Verdict::Reject, Some(reason)) => format!(
            "لیمو: پرداخت شما برای سفارش {order_id} تایید نشد. دلیل: {reason}. لطفا دوباره پرداخت کنید یا با پشتیبانی تماس بگیرید."
        ),
        (Verdict::Reject, None) => format!(
            "لیمو: پرداخت شما برای سفارش {order_id} تایید نشد. لطفا دوباره پرداخت کنید یا با پشتیبانی تماس بگیرید."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sms_says_the_result_and_the_reason() {
        assert!(review_sms(7, Verdict::Approve, Some("x")).contains("سفارش ۷ تایید شد"));
        assert!(review_sms(7, Verdict::Reject, Some(" مبلغ کم بود ")).contains("دلیل: مبلغ کم بود."));
        assert!(!review_sms(7, Verdict::Reject, Some(" ")).contains("دلیل"));
    }
}
