//! After a paid order holding a partner-discount product: the customer gets an SMS about the partner
//! discount, and its text is kept so the success page can show it (`partnerDiscountSmsLogs`).
use crate::{
    domain::catalogue::ProductType,
    gateways::sms::KavenegarClient,
    messages,
    store::{
        Db, customers, orders,
        partner_sms::{self, NewSmsLog},
    },
};

/// Sends and logs the partner-discount SMS when the paid order holds such a product. The payment is
/// already complete, so a failure here is only logged: it must never undo or fail the payment.
pub async fn after_paid(db: &Db, sms: &KavenegarClient, order_id: i64, customer_id: i64) {
    if let Err(error) = notify(db, sms, order_id, customer_id).await {
        tracing::error!(order_id, error = ?error, "the partner-discount SMS was not sent");
    }
}

async fn notify(db: &Db, sms: &KavenegarClient, order_id: i64, customer_id: i64) -> anyhow::Result<()> {
    let mut tx = db.read().await?;
    let order = orders::find_for_customer(&mut tx, order_id, customer_id).await?;
    drop(tx);
    // A partner-discount product by type, or a bundle whose meta `type` says so.
    let partner = ProductType::PartnerDiscount;
    let Some(item) = order.iter().flat_map(|order| &order.items).find(|item| {
        ProductType::parse(&item.product_type) == Some(partner)
            || item.product_meta().kind.as_deref() == Some(partner.as_str())
    }) else {
        return Ok(());
    };
    let Some(customer) = customers::find_by_id(db, customer_id).await? else { return Ok(()) };
    let message = message_for(&item.title, item.product_meta().payment_success_message.as_deref(), order_id);
    let receptor = customer.mobile.display();
    let log = NewSmsLog { order_id, customer_id, receptor: &receptor, message: &message };
    if !partner_sms::insert_pending(db, &log).await? {
        return Ok(());
    }
    let failure = sms.send_text(&customer.mobile, &message).await.err().map(|error| error.to_string());
    partner_sms::record_outcome(db, order_id, failure.as_deref()).await
}

/// The product's own success message when the catalogue sets one, else the standard notice.
fn message_for(title: &str, product_message: Option<&str>, order_id: i64) -> String {
    match product_message.map(str::trim).filter(|m| !m.is_empty()) {
        Some(message) => message.to_owned(),
        None => format!(
            "خرید «{title}» (سفارش {}) با موفقیت انجام شد. تخفیف همکاران لیمو برای شما فعال شد؛ برای استفاده از آن با پشتیبانی در تماس باشید.",
            messages::persian_number(order_id)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_message_wins_over_the_standard_notice() {
        assert_eq!(message_for("بسته", Some(" کد شما: P1 "), 7), "کد شما: P1");
        assert!(message_for("بسته همکاران", None, 7).contains("«بسته همکاران» (سفارش ۷)"));
        assert!(message_for("بسته", Some("  "), 7).contains("سفارش ۷"));
    }
}
