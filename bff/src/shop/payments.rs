//! Paying an order online. A payment starts with the gateway and locks the order's points
//! (RESERVED); it ends through one path, [`complete`], whoever asks: the browser coming back, the
//! gateway's callback or the sweeper. `complete` verifies server to server with the amount from the
//! database, under a lease so one caller asks the gateway at a time (and one payment of an order at a
//! time), and finishes the payment with a conditional UPDATE inside the order's transaction: the order
//! is completed at most once, and money kept at most once per order: an order has one live
//! payment, a payment of a paid order is not verified, and money taken anyway goes back ([`refunds`]).
use std::time::Duration;

use super::{
    invoice, partner_discounts, refunds,
    settling::{Settling, settle_order},
};
use crate::{
    config::{PaymentSettings, PointSettings},
    domain::{
        MobileNumber, Toman,
        payment::{Gateway, GatewayVerdict, PaymentState, Settlement, settle},
        points::HoldStatus,
    },
    gateways::payments::{PaymentGateways, PaymentStart, StartError, Started, gumroad::GumroadPrice},
    shutdown::Stopping,
    store::{
        Db, Tx, now_ms, orders,
        payments::{self, Finished, NewPayment, Payment},
        points::{self, expire_stale},
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
    #[error("another payment of the order is being started or verified")]
    InProgress,
    #[error("the order is not one Gumroad product at its own price")]
    NotTheOrdersProduct,
    #[error("the order costs another amount than the customer was shown")]
    PriceChanged,
    #[error("an earlier payment of the order may have taken the money and the gateway has not said yet")]
    Unsettled,
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
    /// The payable total (toman) the customer was shown, when the caller knows it.
    pub expected_amount: Option<i64>,
}

/// How long a start waits for a concurrent start of the same order (a double tap, a second tab, a retry
/// with the same `Idempotency-Key`) to get its answer from the gateway before answering 409.
const WAIT_FOR_CONCURRENT_START: Duration = Duration::from_secs(10);

/// Starts a payment of the order's payable total and answers the gateway's handle on it and the link
/// the browser follows. At most one payment per order is live: a start that finds one of the same
/// gateway and amount answers it (a second tab, a double tap, the same `Idempotency-Key`), one that
/// finds another replaces it (withdrawn at the gateway where the protocol allows; never verified, so a
/// gateway returns whatever is paid on it), and one that finds a start still talking to the gateway
/// waits for it, or answers [`PaymentError::InProgress`].
#[tracing::instrument(skip_all, fields(customer_id = request.customer_id, order_id = request.order_id, gateway = request.gateway.as_str()))]
pub async fn start(
    settling: Settling<'_>,
    service_name: &str,
    point_settings: &PointSettings,
    request: StartRequest<'_>,
) -> Result<Started, PaymentError> {
    let deadline = tokio::time::Instant::now() + WAIT_FOR_CONCURRENT_START;
    let mut checked = Vec::new();
    loop {
        match begin(settling.db, settling.settings, &request, &checked).await? {
            Begun::Check(payment_ids) => {
                // Asked about before, so possibly taken by a verify whose answer was lost: settled first
                // (paid on the old page → the order is paid by it), so a replaced payment never holds money.
                for payment_id in payment_ids {
                    complete(settling, payment_id, Report::None).await?;
                    checked.push(payment_id);
                }
            }
            Begun::Live(started) => return Ok(started),
            Begun::New { payment_id, amount, gateway_amount, replaced } => {
                for old in replaced {
                    if let Some(authority) = &old.authority
                        && settling.gateways.withdraw(old.gateway, authority).await
                    {
                        tracing::info!(payment_id = old.id, "a replaced payment was withdrawn at the gateway");
                    }
                }
                return open_at_gateway(
                    settling,
                    service_name,
                    point_settings,
                    &request,
                    payment_id,
                    amount,
                    gateway_amount,
                )
                .await;
            }
            Begun::InFlight if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Begun::InFlight => return Err(PaymentError::InProgress),
        }
    }
}

/// What a start found in the order's transaction.
enum Begun {
    /// A live payment answers this start.
    Live(Started),
    /// Another start (or a verify) of the order is under way: ask again shortly.
    InFlight,
    /// Live payments the gateway was asked about already: complete them before replacing them.
    Check(Vec<i64>),
    /// A new payment was stored (CREATED); `replaced` are the live ones it replaced.
    New { payment_id: i64, amount: Toman, gateway_amount: i64, replaced: Vec<Payment> },
}

async fn begin(
    db: &Db,
    settings: &PaymentSettings,
    request: &StartRequest<'_>,
    checked: &[i64],
) -> Result<Begun, PaymentError> {
    let Payable { amount, gumroad_permalink } = payable(db, request.customer_id, request.order_id).await?;
    // Another tab may have changed the order since this one showed its price: charge nothing unexpected.
    if request.expected_amount.is_some_and(|shown| shown != amount.get()) {
        return Err(PaymentError::PriceChanged);
    }
    // Gumroad charges its product's own price, so the product is the order's, never the caller's choice.
    let product_permalink = match request.gateway {
        Gateway::Gumroad => match (gumroad_permalink, request.product_permalink) {
            (Some(ours), Some(asked)) if ours == asked.trim() => Some(ours),
            _ => return Err(PaymentError::NotTheOrdersProduct),
        },
        _ => None,
    };
    let gateway_amount = request
        .gateway
        .unit()
        .of(amount)
        .ok_or_else(|| anyhow::anyhow!("{amount} toman overflows the gateway unit"))?;
    let now = now_ms();
    // Every start of the order passes through this lock, so two of them never both open a payment.
    let mut tx = db.begin().await?;
    lock_order(&mut tx, request.customer_id, request.order_id, now).await?;
    if let Some(key) = request.idempotency_key
        && let Some(earlier) = payments::find_by_key_in(&mut tx, request.customer_id, key).await?
    {
        return replay(&earlier, request.order_id);
    }
    let open = payments::open_for_order(&mut tx, request.order_id).await?;
    // Still talking to the gateway: a start (CREATED), a callback whose verify has not begun, or a verify under way.
    // A callback's verify that ended without a verdict is no longer busy: it is checked below like the sweeper's.
    let busy = |p: &Payment| {
        p.state == PaymentState::Created
            || (p.state == PaymentState::CallbackReceived && p.attempts == 0)
            || p.lease_until >= now
    };
    if open.iter().any(busy) {
        return Ok(Begun::InFlight);
    }
    let fresh = |p: &Payment| now - p.created_at < settings.expire_ms();
    let same = open.iter().find(|p| {
        p.gateway == request.gateway && p.amount == amount.get() && p.result_url == request.result_url && fresh(p)
    });
    if let Some(Ok(live)) = same.map(|p| replay(p, request.order_id)) {
        return Ok(live);
    }
    let unchecked: Vec<i64> =
        open.iter().filter(|p| p.attempts > 0 && !checked.contains(&p.id)).map(|p| p.id).collect();
    if !unchecked.is_empty() {
        return Ok(Begun::Check(unchecked));
    }
    // Checked just now and still open after a verify went unanswered: the gateway may hold the money, which a
    // replacement would bury while the customer pays again. It stays until the gateway answers.
    if open.iter().any(|p| p.unanswered_at.is_some()) {
        return Err(PaymentError::Unsettled);
    }
    for old in &open {
        payments::finish(&mut tx, old.id, PaymentState::Failed, None, Some("replaced by a newer payment of the order"))
            .await?;
    }
    let new = NewPayment {
        order_id: request.order_id,
        customer_id: request.customer_id,
        gateway: request.gateway,
        amount: amount.get(),
        gateway_amount,
        result_url: request.result_url,
        idempotency_key: request.idempotency_key,
        product_permalink: product_permalink.as_deref(),
    };
    // The key was looked up under the order's lock, so a clash means it was used for another order.
    let payment_id = payments::insert(&mut tx, &new).await?.ok_or(PaymentError::KeyReused)?;
    tx.commit().await?;
    Ok(Begun::New { payment_id, amount, gateway_amount, replaced: open })
}

/// Asks the gateway to open the stored payment and hands the customer its page.
async fn open_at_gateway(
    settling: Settling<'_>,
    service_name: &str,
    point_settings: &PointSettings,
    request: &StartRequest<'_>,
    payment_id: i64,
    amount: Toman,
    gateway_amount: i64,
) -> Result<Started, PaymentError> {
    let start = PaymentStart {
        amount: gateway_amount,
        callback_url: format!("{}/lemonade/api/payments/{}/callback", request.callback_base, request.gateway.slug()),
        mobile: request.mobile.as_ref().and_then(|m| request.gateway.mobile_for(m)),
        reference: payment_id.to_string(),
        order_id: request.order_id,
        // The gateway's number is the payment's; the description names the order as the app shows it.
        description: format!("سفارش شماره {} ({service_name})", request.order_id),
        payer_ip: request.payer_ip.map(str::to_owned),
        product_permalink: request.product_permalink.map(str::to_owned),
    };
    let started = match settling.gateways.start(request.gateway, &start).await {
        Ok(started) => started,
        Err(error) => {
            tracing::warn!(payment_id, %error, "the gateway did not start the payment");
            finish_alone(settling.db, payment_id, PaymentState::Failed, &error.to_string()).await?;
            return Err(match error {
                StartError::Refused(messages) if !messages.is_empty() => PaymentError::Refused(messages),
                other => PaymentError::GatewayDown(other.to_string()),
            });
        }
    };
    let now = now_ms();
    let mut tx = settling.db.begin().await?;
    lock_order(&mut tx, request.customer_id, request.order_id, now).await?;
    let invoice =
        invoice::load(&mut tx, request.order_id, request.customer_id, now).await?.ok_or(PaymentError::OrderNotFound)?;
    // The customer may have changed the order, or reported a transfer, while the gateway answered.
    if transfers::pending_for_order(&mut tx, request.order_id).await? {
        drop(tx);
        finish_alone(settling.db, payment_id, PaymentState::Failed, "a card transfer for the order was reported")
            .await?;
        return Err(PaymentError::TransferPending);
    }
    let lapsed = invoice.hold.as_ref().is_some_and(|h| h.lapsed_at(now));
    if invoice.totals.payable != amount || lapsed {
        drop(tx);
        finish_alone(settling.db, payment_id, PaymentState::Failed, "the order changed while the payment started")
            .await?;
        return Err(if lapsed { PaymentError::PointsGone } else { PaymentError::PriceChanged });
    }
    if let Some(hold) = invoice.hold.as_ref().filter(|h| h.status == HoldStatus::AddedToOrder) {
        points::reserve(&mut tx, hold.id, now + point_settings.hold_ms()).await?;
    }
    if !payments::mark_redirected(&mut tx, payment_id, &started.authority, &started.link).await? {
        // A newer start replaced it meanwhile: its page must not be handed out.
        return Err(PaymentError::InProgress);
    }
    tx.commit().await?;
    Ok(started)
}

/// An earlier payment of the order, as its first answer was: its page while it is live.
fn replay(earlier: &Payment, order_id: i64) -> Result<Begun, PaymentError> {
    if earlier.order_id != order_id {
        return Err(PaymentError::KeyReused);
    }
    match (&earlier.authority, &earlier.payment_link, earlier.state) {
        (_, _, PaymentState::Created | PaymentState::CallbackReceived) => Ok(Begun::InFlight),
        (Some(authority), Some(link), PaymentState::Redirected) => {
            Ok(Begun::Live(Started { authority: authority.clone(), link: link.clone() }))
        }
        (_, _, PaymentState::Verified) => Err(PaymentError::OrderPaid),
        _ => Err(PaymentError::GatewayDown(earlier.failure.clone().unwrap_or_default())),
    }
}

/// What the order still costs, and the Gumroad product it is paid through internationally [PM-45]. A Gumroad sale
/// pays for its one product at Gumroad's price, so an order is payable there only when every basket item is that
/// product: a sale of one cheap item must not pay for a basket that also holds others.
struct Payable {
    amount: Toman,
    gumroad_permalink: Option<String>,
}

/// What the order still costs, checked to be payable online.
async fn payable(db: &Db, customer_id: i64, order_id: i64) -> Result<Payable, PaymentError> {
    let now = now_ms();
    let mut tx = db.read().await?;
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
    // A Gumroad sale charges its product's own price: an order priced otherwise (a code, points) is not sold there,
    // or the customer would pay the full price while the code and points counted as spent.
    let gumroad_permalink =
        one_gumroad_product(invoice.order.items.iter().map(|item| item.product_meta().gumroad_permalink))
            .filter(|_| invoice.used_discount.is_none() && invoice.point_status.is_none());
    Ok(Payable { amount: invoice.totals.payable, gumroad_permalink })
}

/// What Gumroad will charge for the order, for the payment sheet to show before the customer leaves for Gumroad's
/// page: asked only for an order Gumroad can sell (one product of Gumroad's, no code or points), as a start is.
pub async fn gumroad_price(
    db: &Db,
    gateways: &PaymentGateways,
    customer_id: i64,
    order_id: i64,
) -> Result<GumroadPrice, PaymentError> {
    let permalink =
        payable(db, customer_id, order_id).await?.gumroad_permalink.ok_or(PaymentError::NotTheOrdersProduct)?;
    gateways.gumroad_price(&permalink).await.map_err(|error| match error {
        StartError::Refused(messages) if !messages.is_empty() => PaymentError::Refused(messages),
        other => PaymentError::GatewayDown(other.to_string()),
    })
}

/// The permalink of a basket of one item that names one: a sale buys one product, once.
fn one_gumroad_product(mut permalinks: impl ExactSizeIterator<Item = Option<String>>) -> Option<String> {
    if permalinks.len() != 1 {
        return None;
    }
    permalinks.next().flatten()
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

/// Longer than any gateway's reference (SEP's RefNum, a Gumroad sale id, Digipay's tracking code: tens of characters).
const MAX_REF_LEN: usize = 128;

/// A callback arrived for the gateway's payment `authority`: records it (with the bank reference it
/// carries) and completes the payment. `None` when no payment has that authority.
#[tracing::instrument(skip_all, fields(gateway = gateway.as_str(), authority))]
pub async fn callback(
    settling: Settling<'_>,
    gateway: Gateway,
    authority: &str,
    ref_id: Option<&str>,
    report: Report,
) -> anyhow::Result<Option<Payment>> {
    let Some(payment) = payments::find_by_authority(settling.db, gateway, authority).await? else { return Ok(None) };
    // A reference that proved another payment says nothing about this one (a replayed RefNum or sale id): it is
    // neither kept nor verified here, and never given back from here, and the callback that brought it as its proof
    // of payment proves nothing paid. Nor is a text longer than any gateway's kept.
    let mut report = report;
    let ref_id = match ref_id {
        Some(ref_id) if ref_id.len() > MAX_REF_LEN => {
            tracing::warn!(payment_id = payment.id, len = ref_id.len(), "a callback brought an oversized reference");
            None
        }
        Some(ref_id) => match payments::proven_elsewhere(settling.db, gateway, ref_id, payment.id).await? {
            Some(other) => {
                presented_proven(settling.db, &payment, other, ref_id).await?;
                report = Report::Unpaid;
                None
            }
            None => Some(ref_id),
        },
        None => None,
    };
    // A Gumroad sale is money taken: a second sale under one payment (its link opened twice) is given back.
    let another_sale = |held: &Option<String>| {
        ref_id.filter(|sale| gateway.takes_at_payment() && held.as_deref().is_some_and(|held| held != *sale))
    };
    let mut extra_sale = None;
    if payment.state.is_open() {
        payments::record_callback(settling.db, payment.id, ref_id, gateway.takes_at_payment()).await?;
        let recorded = payments::find(settling.db, payment.id).await?;
        extra_sale = another_sale(&recorded.and_then(|p| p.ref_id));
    } else if given_up(&payment) && report == Report::None && !(gateway.takes_at_payment() && payment.ref_id.is_some())
    {
        late_payment(settling, &payment, ref_id).await?;
    } else {
        extra_sale = another_sale(&payment.ref_id);
    }
    let settled = settled(settling, payment.id, report).await?;
    if let Some(sale_id) = extra_sale {
        refunds::give_back_extra_sale(settling, &settled, sale_id).await?;
    }
    Ok(Some(settled))
}

/// A callback presented a gateway reference that `other` was already paid with. Where the gateway's verify names
/// the payment it proves, that is a forged or replayed callback, ignored. Where it cannot (SEP's verify carries no
/// ResNum, a Gumroad ping is unsigned), either customer may be the one who paid: finance settles it, both named.
async fn presented_proven(db: &Db, payment: &Payment, other: i64, ref_id: &str) -> anyhow::Result<()> {
    if payment.gateway.verify_names_payment() {
        tracing::warn!(payment_id = payment.id, other, "a callback brought another payment's reference; ignored");
        return Ok(());
    }
    if payments::record_dispute(db, payment.id, other, ref_id).await? {
        tracing::error!(
            payment_id = payment.id,
            other,
            gateway = payment.gateway.as_str(),
            "a payment presented the reference another payment was paid with: finance settles who paid"
        );
    }
    Ok(())
}

/// How long a payment whose verify went unanswered is asked about before it expires: it may hold the money, so
/// an order of it takes no other payment meanwhile (a gateway outage lasts hours, not days).
const UNANSWERED_PATIENCE_MS: i64 = 24 * 3600 * 1000;

/// How long a concurrent caller's verify is waited for before the browser is sent on.
const WAIT_FOR_OTHERS: Duration = Duration::from_secs(10);

/// Completes the payment, then waits a little for a concurrent caller; the payment as it then is. What is
/// still open afterwards is the sweeper's.
async fn settled(settling: Settling<'_>, payment_id: i64, report: Report) -> anyhow::Result<Payment> {
    complete(settling, payment_id, report).await?;
    let deadline = tokio::time::Instant::now() + WAIT_FOR_OTHERS;
    let mut waited_for_another = false;
    loop {
        let payment = payments::find(settling.db, payment_id).await?.ok_or_else(|| anyhow::anyhow!("payment gone"))?;
        if payment.state.is_final() || tokio::time::Instant::now() >= deadline {
            return Ok(payment);
        }
        let now = now_ms();
        // Only a caller holding a lease can still finish it now: this payment's, or that of another payment holding
        // the same reference (a borrowed proof racing its payer's callback), after which this one is completed
        // again and the reference counts for the payment it proves. Once none does (a gateway that did not answer
        // in time leaves it open), waiting longer would only keep the customer from the result page.
        let another_verifying = match payment.ref_id.as_deref() {
            Some(ref_id) => payments::held_elsewhere(settling.db, &payment, ref_id, Some(now)).await?,
            None => false,
        };
        if payment.lease_until < now && !another_verifying {
            // The other payment finished (perhaps just before this one looked): if it was paid with the reference,
            // completing this one again says so.
            if !waited_for_another && !proven_by_another(settling.db, &payment).await? {
                return Ok(payment);
            }
            waited_for_another = false;
            // Bounded by the deadline, like every wait here.
            complete(settling, payment_id, report).await?;
            continue;
        }
        waited_for_another |= another_verifying;
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The one completion path: asks the gateway whether the payment went through and finishes it
/// accordingly. Answers the state the payment is in afterwards.
///
/// Verify is what makes most gateways keep the money, so a payment of an order already paid is not
/// verified at all (the gateway returns what was paid on it), unless an earlier verify may have taken
/// it (a lost answer, a crash): then it is verified again, and money taken goes back.
#[tracing::instrument(skip_all, fields(payment_id))]
pub async fn complete(settling: Settling<'_>, payment_id: i64, report: Report) -> anyhow::Result<PaymentState> {
    let Some(payment) = payments::find(settling.db, payment_id).await? else {
        anyhow::bail!("no payment {payment_id}")
    };
    if !payment.state.is_open() {
        return Ok(payment.state);
    }
    let now = now_ms();
    let lease = settling.settings.lease_ms();
    if !payments::take_lease(settling.db, &payment, now, now + lease).await? {
        return Ok(payment.state);
    }
    let order_paid = order_paid(settling.db, payment.order_id).await?;
    let maybe_taken = payment.attempts > 0 || payment.gateway.takes_at_payment();
    if order_paid && !maybe_taken {
        let reason = "the order was paid by another payment; this one was never verified";
        finish(settling, &payment, PaymentState::Failed, None, Some(reason)).await?;
        return current_state(settling.db, payment_id).await;
    }
    let verdict = settling.verify(&payment, payment.ref_id.as_deref()).await?;
    let verdict = match verdict {
        GatewayVerdict::Unknown if report == Report::Unpaid => {
            GatewayVerdict::NotPaid { reason: "the gateway's callback says not paid".to_owned() }
        }
        other => other,
    };
    conclude(settling, &payment, verdict, order_paid, now).await?;
    current_state(settling.db, payment_id).await
}

/// Finishes a leased payment by what its gateway said of it.
async fn conclude(
    settling: Settling<'_>,
    payment: &Payment,
    verdict: GatewayVerdict,
    order_paid: bool,
    now: i64,
) -> anyhow::Result<()> {
    let payment_id = payment.id;
    let verdict = match verdict {
        // Two payments holding one reference (callbacks that raced): neither is paid by it, and its money is the
        // other's to keep or give back.
        GatewayVerdict::Paid { ref_id, .. }
            if payments::proven_elsewhere(settling.db, payment.gateway, &ref_id, payment_id).await?.is_some() =>
        {
            GatewayVerdict::NotPaid { reason: format!("the gateway's reference {ref_id} proves another payment") }
        }
        GatewayVerdict::ProvesAnother { payment_id: named, amount, ref_id } => {
            borrowed_proof(settling, payment, named, amount, &ref_id).await?;
            GatewayVerdict::NotPaid { reason: format!("the gateway's answer names another payment ({named:?})") }
        }
        // A gateway that cannot tell (Digipay answers a second verify of one tracking code "wrong state") about a
        // reference another payment was paid with meanwhile: the money under it is that payment's.
        GatewayVerdict::Unknown | GatewayVerdict::Unanswered if proven_by_another(settling.db, payment).await? => {
            GatewayVerdict::NotPaid { reason: "its reference proved another payment meanwhile".to_owned() }
        }
        other => other,
    };
    // Such a payment may hold the money: it is asked about longer before it is given up on.
    let unanswered = verdict == GatewayVerdict::Unanswered || payment.unanswered_at.is_some();
    let expire_ms = if unanswered { UNANSWERED_PATIENCE_MS } else { settling.settings.expire_ms() };
    match settle(payment.gateway_amount, verdict, !order_paid) {
        Settlement::Verified { ref_id } => {
            finish(settling, payment, PaymentState::Verified, Some(&ref_id), None).await?;
        }
        Settlement::GiveBack { ref_id, taken, reason } => {
            refunds::give_back(settling, payment, Some(&ref_id), Some(taken), &reason).await?
        }
        Settlement::GivenBack { ref_id, reason } => {
            refunds::given_back(settling.db, settling.sms, payment, &ref_id, &reason).await?
        }
        Settlement::Failed { reason } => {
            tracing::info!(payment_id, reason, "payment not completed");
            finish(settling, payment, PaymentState::Failed, None, Some(&reason)).await?;
        }
        Settlement::Pending if now - payment.created_at >= expire_ms => {
            let reason = if unanswered {
                tracing::error!(payment_id, "a verify went unanswered for a day; finance must ask the gateway");
                settling.metrics.expired_unanswered(payment.gateway.as_str());
                "the gateway never answered a verify that may have taken the money"
            } else {
                "the gateway did not confirm it in time"
            };
            finish(settling, payment, PaymentState::Expired, None, Some(reason)).await?;
        }
        Settlement::Pending => payments::end_lease(settling.db, payment_id, unanswered.then_some(now)).await?,
    }
    Ok(())
}

/// The gateway's answer to this payment's proof named another payment of ours (a customer's callback carried
/// someone else's tracking code): this payment lets go of the proof (and fails: its callback was forged), and the
/// proof completes the payment it names, with that payment's own amount and order. If its own caller is completing
/// it right now, that caller is waited for: its verify may find the purchase verified already by this one's (Digipay
/// answers "wrong state") and leave the payment open, which the answer in hand then settles.
async fn borrowed_proof(
    settling: Settling<'_>,
    payment: &Payment,
    named: Option<i64>,
    amount: i64,
    ref_id: &str,
) -> anyhow::Result<()> {
    tracing::warn!(payment_id = payment.id, named, "a callback brought another payment's proof; it pays that one");
    payments::drop_ref(settling.db, payment.id, ref_id).await?;
    let Some(named) = named else { return Ok(()) };
    let deadline = tokio::time::Instant::now() + WAIT_FOR_OTHERS;
    let (proven, now) = loop {
        let Some(proven) = payments::find(settling.db, named).await? else { return Ok(()) };
        if proven.gateway != payment.gateway || !proven.state.is_open() {
            return Ok(());
        }
        let now = now_ms();
        if payments::take_lease(settling.db, &proven, now, now + settling.settings.lease_ms()).await? {
            break (proven, now);
        }
        if tokio::time::Instant::now() >= deadline {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    payments::record_callback(settling.db, proven.id, Some(ref_id), true).await?;
    let order_paid = order_paid(settling.db, proven.order_id).await?;
    let paid = GatewayVerdict::Paid { amount, ref_id: ref_id.to_owned() };
    Box::pin(conclude(settling, &proven, paid, order_paid, now)).await
}

/// Whether the reference the payment holds proved another payment.
async fn proven_by_another(db: &Db, payment: &Payment) -> anyhow::Result<bool> {
    let Some(ref_id) = payment.ref_id.as_deref() else { return Ok(false) };
    Ok(payments::proven_elsewhere(db, payment.gateway, ref_id, payment.id).await?.is_some())
}

async fn current_state(db: &Db, payment_id: i64) -> anyhow::Result<PaymentState> {
    let payment = payments::find(db, payment_id).await?;
    payment.map(|p| p.state).ok_or_else(|| anyhow::anyhow!("payment {payment_id} is gone"))
}

async fn order_paid(db: &Db, order_id: i64) -> anyhow::Result<bool> {
    let mut tx = db.read().await?;
    orders::is_paid(&mut tx, order_id).await
}

/// A payment the shop gave up on (expired, or replaced by a newer one), not one whose verify went unanswered
/// (finance's queue has those).
fn given_up(payment: &Payment) -> bool {
    matches!(payment.state, PaymentState::Expired | PaymentState::Failed) && payment.unanswered_at.is_none()
}

/// A callback says a payment the shop had given up on was paid after all (the customer paid late, or the browser
/// came back late). While the gateway's window allows it, the money still counts: when nothing else paid the order,
/// which still costs what the payment asked, the payment is taken up again and completed as any other; otherwise
/// the money goes back at once through the gateway, rather than at the end of its window. A gateway without a
/// call to give money back (Vandar, Tara) is not verified at all then: unverified, it returns the money itself.
async fn late_payment(settling: Settling<'_>, payment: &Payment, ref_id: Option<&str>) -> anyhow::Result<()> {
    if revive(settling.db, payment, ref_id).await? {
        tracing::info!(payment_id = payment.id, "a payment given up on was paid after all; taken up again");
        return Ok(());
    }
    if payment.gateway.takes_at_payment() || payment.gateway.can_give_back() {
        late_sale(settling, payment, ref_id.or(payment.ref_id.as_deref())).await?;
    }
    Ok(())
}

/// Takes a given-up payment up again (CALLBACK_RECEIVED, with the callback's reference) when it may still pay its
/// order: the order is unpaid, has no other payment under way and no transfer waiting, and still costs what the
/// payment asked with the points it held then. In the order's transaction.
async fn revive(db: &Db, payment: &Payment, ref_id: Option<&str>) -> anyhow::Result<bool> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    orders::lock(&mut tx, payment.order_id).await?;
    if orders::is_paid(&mut tx, payment.order_id).await?
        || !payments::open_for_order(&mut tx, payment.order_id).await?.is_empty()
        || transfers::pending_for_order(&mut tx, payment.order_id).await?
    {
        return Ok(false);
    }
    let Some(invoice) = invoice::load(&mut tx, payment.order_id, payment.customer_id, now).await? else {
        return Ok(false);
    };
    let lapsed = invoice.hold.as_ref().is_some_and(|h| h.lapsed_at(now));
    if invoice.totals.payable.get() != payment.amount || lapsed {
        return Ok(false);
    }
    if !payments::revive(&mut tx, payment.id, ref_id).await? {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// Money taken on a payment that no longer pays its order (a Gumroad sale, where the sale itself keeps the money,
/// or a late payment of an order paid otherwise): confirmed with the gateway, it goes back.
async fn late_sale(settling: Settling<'_>, payment: &Payment, sale_id: Option<&str>) -> anyhow::Result<()> {
    if sale_id.is_none() && !payment.gateway.verify_names_payment() {
        return Ok(());
    }
    if let GatewayVerdict::Paid { ref_id, amount } = settling.verify(payment, sale_id).await? {
        let reason = "paid after the payment was replaced or had expired";
        refunds::give_back(settling, payment, Some(&ref_id), Some(amount), reason).await?;
    }
    Ok(())
}

/// Finishes the payment and, if this call finished it, its order: paid → order PAYMENT_SUCCESS,
/// points USED, code CAPTURED; otherwise the points go back to the switch (ADDED_TO_ORDER). A verified
/// payment of an order that got paid meanwhile (a transfer approved while it was verified) does not pay
/// it again: its money goes back.
async fn finish(
    settling: Settling<'_>,
    payment: &Payment,
    to: PaymentState,
    ref_id: Option<&str>,
    failure: Option<&str>,
) -> anyhow::Result<()> {
    let now = now_ms();
    let mut tx = settling.db.begin().await?;
    orders::lock(&mut tx, payment.order_id).await?;
    let paid = to == PaymentState::Verified;
    let gateway = payment.gateway.as_str();
    if paid && orders::is_paid(&mut tx, payment.order_id).await? {
        drop(tx);
        settling.metrics.payment_finished(gateway, PaymentState::RefundDue.as_str());
        return refunds::give_back(settling, payment, ref_id, None, "the order was paid already").await;
    }
    match payments::finish(&mut tx, payment.id, to, ref_id, failure).await? {
        Finished::Done => {}
        Finished::Moved if paid => {
            // Replaced while its verify ran, and the verify took the money: it goes back.
            drop(tx);
            settling.metrics.payment_finished(gateway, PaymentState::RefundDue.as_str());
            return refunds::give_back(settling, payment, ref_id, None, "paid after the payment was replaced").await;
        }
        Finished::Moved => return Ok(()),
        Finished::RefTaken => {
            // Verified concurrently with another payment presenting the same reference, which the database let
            // pay first: this one presented a proof of money it cannot have.
            drop(tx);
            return ref_taken(settling, payment, ref_id.unwrap_or_default()).await;
        }
    }
    settle_order(&mut tx, payment.order_id, paid, now).await?;
    tx.commit().await?;
    settling.metrics.payment_finished(gateway, to.as_str());
    if paid {
        partner_discounts::after_paid(settling.db, settling.sms, payment.order_id, payment.customer_id).await;
    }
    Ok(())
}

/// A payment verified with a reference another payment was paid with meanwhile: it fails, and finance settles the
/// dispute where the gateway cannot name whose proof it is.
async fn ref_taken(settling: Settling<'_>, payment: &Payment, ref_id: &str) -> anyhow::Result<()> {
    if let Some(other) = payments::proven_elsewhere(settling.db, payment.gateway, ref_id, payment.id).await? {
        presented_proven(settling.db, payment, other, ref_id).await?;
    }
    let reason = "the gateway's reference paid another payment";
    Box::pin(finish(settling, payment, PaymentState::Failed, None, Some(reason))).await
}

/// Finishes a payment that never reached the customer (the gateway refused it): nothing else changes.
async fn finish_alone(db: &Db, payment_id: i64, to: PaymentState, failure: &str) -> anyhow::Result<()> {
    let mut tx = db.begin().await?;
    payments::finish(&mut tx, payment_id, to, None, Some(failure)).await?;
    tx.commit().await
}

/// Settles payments nobody came back from (verify or inquiry, and expiry once too old), and asks the
/// gateways again to give back the money of payments still REFUND_DUE.
#[tracing::instrument(skip_all)]
pub async fn sweep(settling: Settling<'_>) -> anyhow::Result<usize> {
    sweep_until(settling, &Stopping::never()).await
}

/// [`sweep`], ending between two payments once the service is stopping: a payment is never left half-asked, and
/// what is left is the next sweep's, on this replica or another.
pub async fn sweep_until(settling: Settling<'_>, stopping: &Stopping) -> anyhow::Result<usize> {
    let before = now_ms() - settling.settings.payment_settle_after_seconds.saturating_mul(1000);
    let mut finished = 0;
    let mut stale = payments::Sweep::stale(before);
    while let Some(payment) = stale.next(settling.db).await? {
        if stopping.requested() {
            return Ok(finished);
        }
        match complete(settling, payment.id, Report::None).await {
            Ok(to) if to.is_final() => finished += 1,
            Ok(_) => {}
            Err(error) => tracing::error!(payment_id = payment.id, error = ?error, "sweeping a payment failed"),
        }
    }
    let started_since = now_ms() - LATE_PAYMENT_WINDOW_MS;
    let mut expired = payments::Sweep::expired_asking_by_token(started_since, before);
    while let Some(payment) = expired.next(settling.db).await? {
        if stopping.requested() {
            return Ok(finished);
        }
        if let Err(error) = paid_after_expiry(settling, &payment).await {
            tracing::error!(payment_id = payment.id, error = ?error, "asking about an expired payment failed");
        }
    }
    Ok(finished + refunds::retry_due(settling.db, settling.settings, settling.gateways, before, stopping).await?)
}

/// How long after it started an expired payment is still asked about: no gateway's token outlives it (Vandar's and
/// SEP's last 20 minutes, the shop expires its payments after 30 by default), yet a customer who paid in the last
/// minute of the page and closed the tab is still found.
const LATE_PAYMENT_WINDOW_MS: i64 = 60 * 60 * 1000;

/// An expired payment of a gateway that can be asked by its token alone, with no callback to say it was paid: a
/// customer who paid on the gateway's page after the shop gave up and never came back. What the gateway then
/// says is handled as a late callback would be: it pays the order if nothing else did, or the money goes back.
async fn paid_after_expiry(settling: Settling<'_>, payment: &Payment) -> anyhow::Result<()> {
    late_payment(settling, payment, None).await?;
    if current_state(settling.db, payment.id).await?.is_open() {
        complete(settling, payment.id, Report::None).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::one_gumroad_product;

    fn of(permalinks: &[Option<&str>]) -> Option<String> {
        one_gumroad_product(permalinks.iter().map(|p| p.map(str::to_owned)))
    }

    #[test]
    fn an_order_is_one_gumroad_product_only_when_it_is_one_item_that_names_one() {
        assert_eq!(of(&[Some("diet")]), Some("diet".to_owned()));
        assert_eq!(of(&[Some("diet"), Some("diet")]), None, "one sale buys one copy");
        assert_eq!(of(&[Some("diet"), None]), None, "the second item is not sold through Gumroad");
        assert_eq!(of(&[None, Some("diet")]), None);
        assert_eq!(of(&[Some("diet"), Some("mentor")]), None, "one sale buys one product");
        assert_eq!(of(&[None]), None);
        assert_eq!(of(&[]), None);
    }
}
