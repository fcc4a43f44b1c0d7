//! Paying an order online (issue 6). A payment starts with the gateway and locks the order's points
//! (RESERVED); it ends through one path, [`complete`], whoever asks: the browser coming back, the
//! gateway's callback or the sweeper. `complete` verifies server to server with the amount from the
//! database, under a lease so one caller asks the gateway at a time, and finishes the payment with a
//! conditional UPDATE inside the order's transaction: the order is completed at most once.
use std::time::Duration;

use super::{invoice, partner_discounts};
use crate::{
    domain::{
        MobileNumber, Toman,
        payment::{Gateway, GatewayVerdict, PaymentState, Settlement, settle},
        points::HoldStatus,
    },
    gateways::payments::{PaymentStart, StartError, Started, VerifyRequest},
    startup::AppState,
    store::{
        Tx, now_ms, orders,
        payments::{self, NewPayment, Payment},
        points::{self, expire_stale},
        promotions::{self, ACTIVE, CAPTURED},
        transfers,
    },
};

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("no such order for this customer")]
    OrderNotFound,
    #[error("the order is already paid")]
    OrderPaid,
    #[error("the order has nothing to pay online")]
    NothingToPay,
    #[error("the points the order held went to another order or ran out")]
    PointsGone,
    #[error("the Idempotency-Key was used for another order")]
    KeyReused,
    #[error("the gateway refused the payment")]
    Refused(Vec<String>),
    #[error("the gateway could not start the payment: {0}")]
    GatewayDown(String),
    #[error("a card transfer for the order waits for finance's review")]
    TransferPending,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

/// A payment the customer asks for.
pub struct StartRequest<'a> {
    pub customer_id: i64,
    pub order_id: i64,
    pub gateway: Gateway,
    pub mobile: Option<MobileNumber>,
    pub result_url: &'a str,
    pub idempotency_key: Option<&'a str>,
    /// Where this service is reachable from the customer's browser, without a trailing slash.
    pub callback_base: &'a str,
    /// The customer's IP address (Tara asks for it).
    pub payer_ip: Option<&'a str>,
    /// The Gumroad product bought (international).
    pub product_permalink: Option<&'a str>,
}

/// Starts a payment of the order's payable total and answers the gateway's handle on it and the link
/// the browser follows. The same `Idempotency-Key` answers the same payment.
pub async fn start(state: &AppState, request: StartRequest<'_>) -> Result<Started, PaymentError> {
    if let Some(key) = request.idempotency_key
        && let Some(earlier) = payments::find_by_key(&state.db, request.customer_id, key).await?
    {
        return replay(&earlier, request.order_id);
    }
    let amount = payable(state, request.customer_id, request.order_id).await?;
    let gateway_amount = request
        .gateway
        .unit()
        .of(amount)
        .ok_or_else(|| anyhow::anyhow!("{amount} toman overflows the gateway unit"))?;
    let new = NewPayment {
        order_id: request.order_id,
        customer_id: request.customer_id,
        gateway: request.gateway,
        amount: amount.get(),
        gateway_amount,
        result_url: request.result_url,
        idempotency_key: request.idempotency_key,
    };
    let Some(payment_id) = payments::insert(&state.db, &new).await? else {
        // A concurrent request with the same key stored its payment first.
        let key = request.idempotency_key.unwrap_or_default();
        let earlier = payments::find_by_key(&state.db, request.customer_id, key).await?;
        return earlier.as_ref().map_or(Err(PaymentError::KeyReused), |p| replay(p, request.order_id));
    };
    let start = PaymentStart {
        amount: gateway_amount,
        callback_url: format!("{}/lemonade/api/payments/{}/callback", request.callback_base, request.gateway.slug()),
        mobile: request.mobile.as_ref().and_then(|m| request.gateway.mobile_for(m)),
        reference: payment_id.to_string(),
        description: format!("{} order {}", state.service_name, request.order_id),
        payer_ip: request.payer_ip.map(str::to_owned),
        product_permalink: request.product_permalink.map(str::to_owned),
    };
    let started = match state.payment_gateways.start(request.gateway, &start).await {
        Ok(started) => started,
        Err(error) => {
            tracing::warn!(payment_id, %error, "the gateway did not start the payment");
            finish_alone(state, payment_id, PaymentState::Failed, &error.to_string()).await?;
            return Err(match error {
                StartError::Refused(messages) if !messages.is_empty() => PaymentError::Refused(messages),
                other => PaymentError::GatewayDown(other.to_string()),
            });
        }
    };
    let now = now_ms();
    let mut tx = state.db.begin().await?;
    lock_order(&mut tx, request.customer_id, request.order_id, now).await?;
    let invoice =
        invoice::load(&mut tx, request.order_id, request.customer_id, now).await?.ok_or(PaymentError::OrderNotFound)?;
    // The customer may have changed the order, or reported a transfer, while the gateway answered.
    if transfers::pending_for_order(&mut tx, request.order_id).await? {
        drop(tx);
        finish_alone(state, payment_id, PaymentState::Failed, "a card transfer for the order was reported").await?;
        return Err(PaymentError::TransferPending);
    }
    if invoice.totals.payable != amount || invoice.hold.as_ref().is_some_and(|h| h.lapsed_at(now)) {
        drop(tx);
        finish_alone(state, payment_id, PaymentState::Failed, "the order changed while the payment started").await?;
        return Err(PaymentError::PointsGone);
    }
    if let Some(hold) = invoice.hold.as_ref().filter(|h| h.status == HoldStatus::AddedToOrder) {
        points::reserve(&mut tx, hold.id, now + state.points.hold_ms()).await?;
    }
    payments::mark_redirected(&mut tx, payment_id, &started.authority, &started.link).await?;
    tx.commit().await?;
    Ok(started)
}

/// The earlier payment made with the same key, as its first answer was.
fn replay(earlier: &Payment, order_id: i64) -> Result<Started, PaymentError> {
    if earlier.order_id != order_id {
        return Err(PaymentError::KeyReused);
    }
    match (&earlier.authority, &earlier.payment_link, earlier.state) {
        (Some(authority), Some(link), PaymentState::Redirected | PaymentState::CallbackReceived) => {
            Ok(Started { authority: authority.clone(), link: link.clone() })
        }
        (_, _, PaymentState::Verified) => Err(PaymentError::OrderPaid),
        _ => Err(PaymentError::GatewayDown(earlier.failure.clone().unwrap_or_default())),
    }
}

/// What the order still costs, checked to be payable online.
async fn payable(state: &AppState, customer_id: i64, order_id: i64) -> Result<Toman, PaymentError> {
    let now = now_ms();
    let mut tx = state.db.read().await?;
    let invoice = invoice::load(&mut tx, order_id, customer_id, now).await?.ok_or(PaymentError::OrderNotFound)?;
    if invoice.order.is_paid() {
        return Err(PaymentError::OrderPaid);
    }
    // Paying online as well would charge twice once finance approves the transfer.
    if transfers::pending_for_order(&mut tx, order_id).await? {
        return Err(PaymentError::TransferPending);
    }
    // The invoice the customer saw took points off that the order no longer holds [ER-21].
    if invoice.hold.as_ref().is_some_and(|h| h.lapsed_at(now)) {
        return Err(PaymentError::PointsGone);
    }
    if invoice.totals.payable == Toman::ZERO {
        return Err(PaymentError::NothingToPay);
    }
    Ok(invoice.totals.payable)
}

async fn lock_order(tx: &mut Tx, customer_id: i64, order_id: i64, now: i64) -> Result<(), PaymentError> {
    if !orders::lock_for_customer(tx, order_id, customer_id).await? {
        return Err(PaymentError::OrderNotFound);
    }
    expire_stale(tx, customer_id, now).await?;
    Ok(())
}

/// What a callback said about the payment, beside what the gateway will say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Report {
    /// Nothing (the sweeper), or the browser says paid: only the gateway's verify counts.
    None,
    /// The gateway's callback says it was not paid: fail it when verify cannot tell.
    Unpaid,
}

/// A callback arrived for the gateway's payment `authority`: records it (with the bank reference it
/// carries) and completes the payment. `None` when no payment has that authority.
pub async fn callback(
    state: &AppState,
    gateway: Gateway,
    authority: &str,
    ref_id: Option<&str>,
    report: Report,
) -> anyhow::Result<Option<Payment>> {
    let Some(payment) = payments::find_by_authority(&state.db, gateway, authority).await? else { return Ok(None) };
    payments::record_callback(&state.db, payment.id, ref_id).await?;
    complete(state, payment.id, report).await?;
    Ok(Some(settled(state, payment.id).await?))
}

/// How long a concurrent caller's verify is waited for before the browser is sent on.
const WAIT_FOR_OTHERS: Duration = Duration::from_secs(10);

/// The payment once it is final, or as it is after a short wait for a concurrent caller.
async fn settled(state: &AppState, payment_id: i64) -> anyhow::Result<Payment> {
    let deadline = tokio::time::Instant::now() + WAIT_FOR_OTHERS;
    loop {
        let payment = payments::find(&state.db, payment_id).await?.ok_or_else(|| anyhow::anyhow!("payment gone"))?;
        if payment.state.is_final() || tokio::time::Instant::now() >= deadline {
            return Ok(payment);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The one completion path: asks the gateway whether the payment went through and finishes it
/// accordingly. Answers the state the payment is in afterwards.
pub async fn complete(state: &AppState, payment_id: i64, report: Report) -> anyhow::Result<PaymentState> {
    let Some(payment) = payments::find(&state.db, payment_id).await? else { anyhow::bail!("no payment {payment_id}") };
    if payment.state.is_final() {
        return Ok(payment.state);
    }
    let now = now_ms();
    let lease = 2 * state.payment_settings.payment_gateway_timeout_seconds.saturating_mul(1000) as i64 + 5_000;
    if !payments::take_lease(&state.db, payment_id, now, now + lease).await? {
        return Ok(payment.state);
    }
    let verdict = match &payment.authority {
        Some(authority) => {
            let request = VerifyRequest {
                payment_id,
                authority,
                ref_id: payment.ref_id.as_deref(),
                amount: payment.gateway_amount,
            };
            state.payment_gateways.verify(payment.gateway, &request).await
        }
        None => GatewayVerdict::Unknown,
    };
    let verdict = match verdict {
        GatewayVerdict::Unknown if report == Report::Unpaid => {
            GatewayVerdict::NotPaid { reason: "the gateway's callback says not paid".to_owned() }
        }
        other => other,
    };
    let (to, ref_id, failure) = match settle(payment.gateway_amount, verdict) {
        Settlement::Verified { ref_id } => (PaymentState::Verified, Some(ref_id), None),
        Settlement::Failed { reason } => (PaymentState::Failed, None, Some(reason)),
        Settlement::Pending if now - payment.created_at >= state.payment_settings.expire_ms() => {
            (PaymentState::Expired, None, Some("the gateway did not confirm it in time".to_owned()))
        }
        Settlement::Pending => {
            payments::end_lease(&state.db, payment_id).await?;
            return Ok(payment.state);
        }
    };
    if let Some(reason) = &failure {
        tracing::info!(payment_id, state = to.as_str(), reason, "payment not completed");
    }
    finish(state, &payment, to, ref_id.as_deref(), failure.as_deref()).await?;
    Ok(payments::find(&state.db, payment_id).await?.map_or(to, |p| p.state))
}

/// Finishes the payment and, if this call finished it, its order: paid → order PAYMENT_SUCCESS,
/// points USED, code CAPTURED; otherwise the points go back to the switch (ADDED_TO_ORDER).
async fn finish(
    state: &AppState,
    payment: &Payment,
    to: PaymentState,
    ref_id: Option<&str>,
    failure: Option<&str>,
) -> anyhow::Result<()> {
    let now = now_ms();
    let mut tx = state.db.begin().await?;
    orders::lock_for_customer(&mut tx, payment.order_id, payment.customer_id).await?;
    if !payments::finish(&mut tx, payment.id, to, ref_id, failure).await? {
        return Ok(());
    }
    settle_order(&mut tx, payment.order_id, to == PaymentState::Verified, now).await?;
    tx.commit().await?;
    if to == PaymentState::Verified {
        partner_discounts::after_paid(state, payment.order_id, payment.customer_id).await;
    }
    Ok(())
}

/// What a finished payment does to its order, inside the transaction that finished the payment (online
/// payments and reviewed manual transfers alike): paid → order PAYMENT_SUCCESS, points USED, code
/// CAPTURED; otherwise reserved points go back to the switch (ADDED_TO_ORDER).
pub(crate) async fn settle_order(tx: &mut Tx, order_id: i64, paid: bool, now: i64) -> anyhow::Result<()> {
    let hold = points::latest_for_order(tx, order_id).await?.filter(|h| h.is_live_at(now));
    if paid {
        if !orders::mark_paid(tx, order_id).await? {
            tracing::error!(order_id, "a paid order was paid again");
        }
        if let Some(hold) = hold {
            points::set_status(tx, hold.id, hold.status, HoldStatus::Used).await?;
        }
        if let Some(used) = promotions::on_order(tx, order_id).await? {
            promotions::change_status(tx, used.used_discount_id, ACTIVE, CAPTURED).await?;
        }
    } else if let Some(hold) = hold.filter(|h| h.status == HoldStatus::Reserved) {
        points::set_status(tx, hold.id, HoldStatus::Reserved, HoldStatus::AddedToOrder).await?;
    }
    Ok(())
}

/// Finishes a payment that never reached the customer (the gateway refused it): nothing else changes.
async fn finish_alone(state: &AppState, payment_id: i64, to: PaymentState, failure: &str) -> anyhow::Result<()> {
    let mut tx = state.db.begin().await?;
    payments::finish(&mut tx, payment_id, to, None, Some(failure)).await?;
    tx.commit().await
}

/// Settles payments nobody came back from: verify or inquiry, and expiry once too old.
pub async fn sweep(state: &AppState) -> anyhow::Result<usize> {
    let before = now_ms() - state.payment_settings.payment_settle_after_seconds.saturating_mul(1000);
    let stale = payments::stale(&state.db, before).await?;
    let mut finished = 0;
    for payment in stale {
        match complete(state, payment.id, Report::None).await {
            Ok(to) if to.is_final() => finished += 1,
            Ok(_) => {}
            Err(error) => tracing::error!(payment_id = payment.id, error = ?error, "sweeping a payment failed"),
        }
    }
    Ok(finished)
}

/// Runs [`sweep`] every `PAYMENT_SWEEP_SECONDS` until the process ends.
pub async fn sweep_forever(state: AppState) {
    let seconds = state.payment_settings.payment_sweep_seconds.max(1);
    let mut ticks = tokio::time::interval(Duration::from_secs(seconds));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match sweep(&state).await {
            Ok(0) => {}
            Ok(finished) => tracing::info!(finished, "payments settled by the sweeper"),
            Err(error) => tracing::error!(error = ?error, "payment sweep failed"),
        }
    }
}
