//! What finishing a payment reaches, and what a finished payment does to its order: shared by the online
//! payments ([`super::payments`]), the money they give back ([`super::refunds`]) and the reviewed manual transfers
//! ([`super::transfers`]).
use crate::{
    config::PaymentSettings,
    domain::{payment::GatewayVerdict, points::HoldStatus},
    gateways::{
        payments::{PaymentGateways, VerifyRequest},
        sms::KavenegarClient,
    },
    metrics::Metrics,
    store::{
        Db, Tx, orders,
        payments::{self, Payment},
        points,
        promotions::{self, ACTIVE, CAPTURED},
    },
};

/// What completing a payment reaches: the store, the gateways and their settings, the SMS client (a refund
/// or a partner discount tells the customer) and the metrics.
#[derive(Clone, Copy)]
pub struct Settling<'a> {
    pub db: &'a Db,
    pub settings: &'a PaymentSettings,
    pub gateways: &'a PaymentGateways,
    pub sms: &'a KavenegarClient,
    pub metrics: &'a Metrics,
}

impl Settling<'_> {
    /// Asks the payment's gateway, server to server, whether it went through, with the proof `ref_id` and the
    /// amount from the database; [`GatewayVerdict::Unknown`] while the gateway has no handle on it yet.
    pub async fn verify(&self, payment: &Payment, ref_id: Option<&str>) -> anyhow::Result<GatewayVerdict> {
        let Some(authority) = payment.authority.as_deref() else { return Ok(GatewayVerdict::Unknown) };
        let ref_held_elsewhere = match ref_id {
            Some(ref_id) => payments::held_elsewhere(self.db, payment, ref_id, None).await?,
            None => false,
        };
        let request = VerifyRequest {
            payment_id: payment.id,
            authority,
            ref_id,
            amount: payment.gateway_amount,
            product_permalink: payment.product_permalink.as_deref(),
            ref_held_elsewhere,
        };
        Ok(self.gateways.verify(payment.gateway, &request).await)
    }
}

/// What a finished payment does to its order, inside the transaction that finished the payment (online
/// payments and reviewed manual transfers alike): paid → order PAYMENT_SUCCESS, points USED, code
/// CAPTURED; otherwise reserved points go back to the switch (ADDED_TO_ORDER).
pub async fn settle_order(tx: &mut Tx, order_id: i64, paid: bool, now: i64) -> anyhow::Result<()> {
    let hold = points::latest_for_order(tx, order_id).await?.filter(|h| h.is_live_at(now));
    if paid {
        anyhow::ensure!(orders::mark_paid(tx, order_id).await?, "order {order_id} is paid already");
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
