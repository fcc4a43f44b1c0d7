//! Money a gateway took that its order must not keep goes back to the customer: a payment of
//! an order already paid, of an amount that is not the order's, or paid after it was replaced. The
//! payment is first recorded REFUND_DUE in the order's transaction (so nothing is forgotten if the
//! process dies), then the gateway's own reverse/refund/cancel call is asked (REVERSED); gateways without
//! one (Vandar, Tara) and calls that keep failing stay in finance's queue, which settles them by hand
//! (REFUNDED, with who and when). The customer is told by SMS and sees the refund in the orders history.

use super::settling::{Settling, settle_order};
use crate::{
    config::PaymentSettings,
    domain::payment::{GatewayVerdict, PaymentState},
    gateways::{
        payments::{GiveBack, GiveBackRequest, PaymentGateways},
        sms::KavenegarClient,
    },
    messages,
    shutdown::Stopping,
    store::{
        Db, customers, now_ms, orders,
        payments::{self, Payment},
    },
};

#[derive(Debug, thiserror::Error)]
pub enum RefundError {
    #[error("no payment {0}")]
    NotFound(i64),
    #[error("payment {0} is not waiting for a refund")]
    NotDue(i64),
    #[error("payment {0} is not an unchecked payment that expired unanswered")]
    NotUnanswered(i64),
    /// Its gateway is being asked to give the money back: settling it by hand now could pay it back twice.
    #[error("payment {payment_id}: its gateway is being asked to give the money back; look again in {seconds} s")]
    GatewayAsked { payment_id: i64, seconds: i64 },
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// Records that the payment's money goes back and asks the gateway to give it back; the customer gets
/// an SMS. Only the caller that recorded it acts, so a payment is given back once.
#[tracing::instrument(skip_all, fields(payment_id = payment.id, reason))]
/// `taken` is what the gateway reports it took, in its unit, when known: that is what goes back.
pub async fn give_back(
    settling: Settling<'_>,
    payment: &Payment,
    ref_id: Option<&str>,
    taken: Option<i64>,
    reason: &str,
) -> anyhow::Result<()> {
    if !record_due(settling.db, payment, ref_id, taken, reason).await? {
        return Ok(());
    }
    ask_and_tell(settling, payment.id).await
}

/// Asks the gateway to give a payment just recorded REFUND_DUE back, and tells the customer what became of it.
async fn ask_and_tell(settling: Settling<'_>, payment_id: i64) -> anyhow::Result<()> {
    let asked = ask_gateway(settling.db, settling.settings, settling.gateways, payment_id).await?;
    let payment = payments::find(settling.db, payment_id).await?.ok_or_else(|| anyhow::anyhow!("payment gone"))?;
    match asked {
        Asked::Returned => tell_customer(settling.db, settling.sms, &payment, RefundSms::Returned).await,
        Asked::Due => tell_customer(settling.db, settling.sms, &payment, RefundSms::Due).await,
        // Paid back twice (logged as an error): no message may call it done.
        Asked::SettledMeanwhile => {}
    }
    Ok(())
}

/// A second sale the gateway made under `payment` (its Gumroad link opened twice, or Back and buy again): once the
/// gateway confirms the sale is ours and paid, it is stored as a payment of its own and given back, whatever became
/// of the first, which alone may pay the order.
#[tracing::instrument(skip_all, fields(payment_id = payment.id, sale_id))]
pub async fn give_back_extra_sale(settling: Settling<'_>, payment: &Payment, sale_id: &str) -> anyhow::Result<()> {
    let GatewayVerdict::Paid { amount, .. } = settling.verify(payment, Some(sale_id)).await? else {
        tracing::warn!(payment_id = payment.id, "a second sale was pinged that the gateway does not confirm");
        return Ok(());
    };
    let reason = "a second sale under the same payment: the order is paid once";
    let mut tx = settling.db.begin().await?;
    orders::lock(&mut tx, payment.order_id).await?;
    let Some(second) = payments::insert_second_sale(&mut tx, payment, sale_id, amount, reason).await? else {
        return Ok(());
    };
    tx.commit().await?;
    tracing::warn!(payment_id = payment.id, second, "a second sale under one payment goes back");
    ask_and_tell(settling, second).await
}

/// The gateway took the payment's money and gave it back by itself while it was checked: recorded as
/// REVERSED, and the customer is told.
#[tracing::instrument(skip_all, fields(payment_id = payment.id, reason))]
pub async fn given_back(
    db: &Db,
    sms: &KavenegarClient,
    payment: &Payment,
    ref_id: &str,
    reason: &str,
) -> anyhow::Result<()> {
    if !record_due(db, payment, Some(ref_id), None, reason).await? {
        return Ok(());
    }
    if record_reversed(db, payment).await? {
        tell_customer(db, sms, payment, RefundSms::Returned).await;
    }
    Ok(())
}

/// REFUND_DUE → REVERSED: the gateway gave the money back. False when finance had settled it by hand meanwhile (its
/// lease ran out during a slow call, or a replica's clock runs ahead): the money went back twice, an error for
/// finance to claim one back.
async fn record_reversed(db: &Db, payment: &Payment) -> anyhow::Result<bool> {
    if payments::settle_refund(db, payment.id, PaymentState::Reversed, None).await? {
        return Ok(true);
    }
    tracing::error!(
        payment_id = payment.id,
        order_id = payment.order_id,
        gateway = payment.gateway.as_str(),
        amount = payment.refund_toman(),
        "the gateway gave back money finance had refunded by hand already: paid back twice"
    );
    Ok(false)
}

/// REFUND_DUE in the order's transaction; false when another caller recorded it first.
async fn record_due(
    db: &Db,
    payment: &Payment,
    ref_id: Option<&str>,
    taken: Option<i64>,
    reason: &str,
) -> anyhow::Result<bool> {
    let current = payments::find(db, payment.id).await?;
    let mut tx = db.begin().await?;
    orders::lock(&mut tx, payment.order_id).await?;
    if !payments::mark_refund_due(&mut tx, payment.id, ref_id, taken, reason).await? {
        return Ok(false);
    }
    // An open payment of an unpaid order held the order's points: they go back to the switch.
    if current.is_some_and(|p| p.state.is_open()) && !orders::is_paid(&mut tx, payment.order_id).await? {
        settle_order(&mut tx, payment.order_id, false, now_ms()).await?;
    }
    tx.commit().await?;
    tracing::warn!(payment_id = payment.id, order_id = payment.order_id, reason, "a payment's money goes back");
    Ok(true)
}

async fn tell_customer(db: &Db, sms: &KavenegarClient, payment: &Payment, news: RefundSms) {
    if let Err(error) = notify(db, sms, payment, news).await {
        tracing::error!(payment_id = payment.id, error = ?error, "the refund SMS was not sent");
    }
}

/// What asking the gateway for a refund came to.
enum Asked {
    /// It gave the money back: REVERSED.
    Returned,
    /// Not now (another caller asks, no such call, it failed): still REFUND_DUE.
    Due,
    /// It gave the money back, but finance had refunded it by hand meanwhile.
    SettledMeanwhile,
}

/// Asks the gateway to give a REFUND_DUE payment's money back, under a lease.
async fn ask_gateway(
    db: &Db,
    settings: &PaymentSettings,
    gateways: &PaymentGateways,
    payment_id: i64,
) -> anyhow::Result<Asked> {
    let now = now_ms();
    let lease = settings.lease_ms();
    if !payments::take_refund_lease(db, payment_id, now, now + lease).await? {
        return Ok(Asked::Due);
    }
    let payment = payments::find(db, payment_id).await?.ok_or_else(|| anyhow::anyhow!("payment gone"))?;
    let request = GiveBackRequest {
        payment_id,
        authority: payment.authority.as_deref().unwrap_or_default(),
        ref_id: payment.ref_id.as_deref(),
        amount: payment.taken_gateway_amount(),
    };
    match gateways.give_back(payment.gateway, &request).await {
        GiveBack::Returned => {
            if !record_reversed(db, &payment).await? {
                return Ok(Asked::SettledMeanwhile);
            }
            tracing::info!(payment_id, gateway = payment.gateway.as_str(), "the gateway gave the money back");
            Ok(Asked::Returned)
        }
        GiveBack::Unsupported => {
            payments::end_lease(db, payment_id, None).await?;
            tracing::warn!(payment_id, gateway = payment.gateway.as_str(), "no refund call: finance refunds it");
            Ok(Asked::Due)
        }
        GiveBack::Failed(why) => {
            payments::end_lease(db, payment_id, None).await?;
            tracing::warn!(payment_id, why, "the gateway did not give the money back; asked again later");
            Ok(Asked::Due)
        }
        GiveBack::Refused(answer) => {
            // Asking again would be refused again, for ever: finance refunds it by hand, with the gateway's answer.
            payments::refuse_refund(db, payment_id, &answer).await?;
            tracing::error!(payment_id, answer, "the gateway refused to give the money back; finance refunds it");
            Ok(Asked::Due)
        }
    }
}

/// Asks the gateways again for REFUND_DUE payments untouched since `before`; how many went back.
#[tracing::instrument(skip_all)]
pub async fn retry_due(
    db: &Db,
    settings: &PaymentSettings,
    gateways: &PaymentGateways,
    before: i64,
    stopping: &Stopping,
) -> anyhow::Result<usize> {
    let mut returned = 0;
    let mut due = payments::Sweep::refunds_due(before);
    while let Some(payment) = due.next(db).await? {
        if stopping.requested() {
            break;
        }
        if !payment.gateway.can_give_back() {
            continue;
        }
        match ask_gateway(db, settings, gateways, payment.id).await {
            Ok(Asked::Returned) => returned += 1,
            Ok(Asked::Due | Asked::SettledMeanwhile) => {}
            Err(error) => tracing::error!(payment_id = payment.id, error = ?error, "retrying a refund failed"),
        }
    }
    Ok(returned)
}

/// Payments that expired after a day of unanswered verifies and that finance has not checked, oldest first: the
/// gateway may hold their money, and only finance can ask it by hand now.
pub async fn unanswered(db: &Db) -> anyhow::Result<Vec<Payment>> {
    payments::unanswered_unchecked(db).await
}

/// Finance asked the gateway about a payment that expired unanswered, `by` whom: when it had `taken` the money,
/// the money goes back (REFUND_DUE, the refund queue; the customer is told by SMS); otherwise it stays EXPIRED.
/// Either way it leaves the queue, once.
#[tracing::instrument(skip_all, fields(payment_id, by, taken))]
pub async fn check_unanswered(
    db: &Db,
    sms: &KavenegarClient,
    payment_id: i64,
    by: &str,
    taken: bool,
) -> Result<Payment, RefundError> {
    let payment = payments::find(db, payment_id).await?.ok_or(RefundError::NotFound(payment_id))?;
    let mut tx = db.begin().await?;
    orders::lock(&mut tx, payment.order_id).await?;
    if !payments::mark_checked(&mut tx, payment_id, by).await? {
        return Err(RefundError::NotUnanswered(payment_id));
    }
    let reason = "the gateway took it during a verify that went unanswered for a day";
    if taken && !payments::mark_refund_due(&mut tx, payment_id, None, None, reason).await? {
        return Err(RefundError::NotUnanswered(payment_id));
    }
    tx.commit().await?;
    tracing::info!(payment_id, by, taken, "finance checked a payment that expired unanswered");
    if taken {
        tell_customer(db, sms, &payment, RefundSms::Unconfirmed).await;
    }
    payments::find(db, payment_id).await?.ok_or(RefundError::NotFound(payment_id))
}

/// A payment and its customer's mobile, one side of a [`Dispute`].
pub struct DisputeSide {
    pub payment: Payment,
    pub mobile: Option<String>,
}

/// A gateway reference presented by a payment after another had been paid with it.
pub struct Dispute {
    pub ref_id: String,
    pub presented_by: DisputeSide,
    pub paid: DisputeSide,
    pub disputed_at: i64,
}

/// Finance's disputes, oldest first: both payments and both customers.
pub async fn disputes(db: &Db) -> anyhow::Result<Vec<Dispute>> {
    let side = |payment: Payment| async move {
        let mobile = customers::find_by_id(db, payment.customer_id).await?.map(|c| c.mobile.canonical().to_owned());
        anyhow::Ok(DisputeSide { payment, mobile })
    };
    let mut found = Vec::new();
    for presented in payments::disputed(db).await? {
        let (Some(other), Some(ref_id), Some(disputed_at)) =
            (presented.disputed_with, presented.dispute_ref.clone(), presented.disputed_at)
        else {
            continue;
        };
        let Some(paid) = payments::find(db, other).await? else { continue };
        found.push(Dispute { ref_id, presented_by: side(presented).await?, paid: side(paid).await?, disputed_at });
    }
    Ok(found)
}

/// Payments in a refund state, oldest first (finance's queue is REFUND_DUE).
pub async fn list(db: &Db, in_state: PaymentState) -> anyhow::Result<Vec<Payment>> {
    anyhow::ensure!(in_state.is_refund(), "{} is not a refund state", in_state.as_str());
    payments::in_state(db, in_state).await
}

/// Finance paid a REFUND_DUE payment back by hand: REFUNDED, with who and when. Refused while its gateway is being
/// asked to give the money back (the refund lease is held), which would pay it back twice.
#[tracing::instrument(skip_all, fields(payment_id, by))]
pub async fn settle_by_hand(db: &Db, payment_id: i64, by: &str) -> Result<Payment, RefundError> {
    let now = now_ms();
    if !payments::settle_refund(db, payment_id, PaymentState::Refunded, Some(by)).await? {
        let payment = payments::find(db, payment_id).await?.ok_or(RefundError::NotFound(payment_id))?;
        return Err(if payment.state == PaymentState::RefundDue && payment.lease_until >= now {
            RefundError::GatewayAsked { payment_id, seconds: (payment.lease_until - now).div_euclid(1000) + 1 }
        } else {
            RefundError::NotDue(payment_id)
        });
    }
    tracing::info!(payment_id, by, "finance refunded a payment by hand");
    payments::find(db, payment_id).await?.ok_or(RefundError::NotFound(payment_id))
}

async fn notify(db: &Db, sms: &KavenegarClient, payment: &Payment, news: RefundSms) -> anyhow::Result<()> {
    let customer = customers::find_by_id(db, payment.customer_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("customer {} is gone", payment.customer_id))?;
    sms.send_text(&customer.mobile, &refund_sms(payment.order_id, payment.refund_toman(), news)).await?;
    Ok(())
}

/// What the refund SMS tells the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundSms {
    /// Money paid twice (or after the payment was replaced) came back from the gateway.
    Returned,
    /// Such money will be paid back by finance.
    Due,
    /// Money the gateway took without ever confirming the payment will be paid back by finance: the order may
    /// well be unpaid, so the SMS does not claim it was paid once.
    Unconfirmed,
}

/// The refund SMS, in Persian.
pub fn refund_sms(order_id: i64, amount: i64, news: RefundSms) -> String {
    let (amount, order_id) = (messages::persian_amount(amount), messages::persian_number(order_id));
    match news {
        RefundSms::Returned => format!(
            "لیمو: مبلغ {amount} تومان که برای سفارش {order_id} اضافه پرداخت شده بود به کارت شما برگشت داده شد. \
             سفارش شما فقط یک بار پرداخت شده است."
        ),
        RefundSms::Due => format!(
            "لیمو: مبلغ {amount} تومان که برای سفارش {order_id} اضافه پرداخت شده بود ظرف سه روز کاری توسط واحد مالی \
             به شما بازپرداخت می‌شود. سفارش شما فقط یک بار پرداخت شده است."
        ),
        RefundSms::Unconfirmed => format!(
            "لیمو: مبلغ {amount} تومان که هنگام پرداخت سفارش {order_id} از حساب شما برداشته شد ولی درگاه پرداخت آن \
             را تأیید نکرد، ظرف سه روز کاری توسط واحد مالی به شما بازپرداخت می‌شود."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::{RefundSms, refund_sms};

    #[test]
    fn the_sms_names_the_amount_in_persian_digits_and_what_happens() {
        let returned = refund_sms(7, 1_032_000, RefundSms::Returned);
        assert!(returned.contains("۱٬۰۳۲٬۰۰۰ تومان") && returned.contains("سفارش ۷ "), "{returned}");
        assert!(returned.contains("برگشت داده شد"));
        assert!(refund_sms(7, 1_000, RefundSms::Due).contains("واحد مالی"));
        let unconfirmed = refund_sms(7, 1_000, RefundSms::Unconfirmed);
        assert!(unconfirmed.contains("واحد مالی") && unconfirmed.contains("تأیید نکرد"), "{unconfirmed}");
        assert!(!unconfirmed.contains("یک بار پرداخت شده"), "the order may be unpaid: {unconfirmed}");
    }
}
