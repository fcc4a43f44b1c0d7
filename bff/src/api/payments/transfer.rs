//! The manual-transfer branch of `POST /lemonade/api/payments` (gateway `C2C` or `PAYPAL_ROSHANDEL`):
//! the form's fields in `meta`, validated, stored for finance review, answered with a `paymentId`
//! [PM-54, PM-58], and what the forms show before it: where to send how much for which order. The review itself
//! is the finance area's.
use poem_openapi::{Object, payload::Json};

use super::error::{PaymentFailure, UNSETTLED, explained_conflict};
use crate::{
    api::error::ErrorEnvelope,
    config::FinanceSettings,
    domain::transfer::{self, TransferForm, TransferGateway},
    messages,
    shop::{
        settling::Settling,
        transfers::{self as service, TransferDue, TransferError},
    },
    state::AppState,
    store::now_ms,
};

/// A manual transfer's form. Spec 2 names its fields `card-digits`, `pay-day` …; the questionnaire
/// variant (spec 3 §7) says `lastDigits`, `day` …: either is read, the spec-2 name first.
#[derive(Object, Debug, Default)]
#[oai(rename_all = "camelCase")]
pub struct TransferMeta {
    /// Last four card digits (card to card); Persian and Arabic-Indic digits are accepted.
    #[oai(rename = "card-digits")]
    pub card_digits: Option<String>,
    #[oai(rename = "pay-day")]
    pub pay_day: Option<i64>,
    /// Calendar month 1–12: the form's 0-based month plus one.
    #[oai(rename = "pay-month")]
    pub pay_month: Option<i64>,
    /// Jalali for card to card (this year or the previous one), Gregorian for PayPal.
    #[oai(rename = "pay-year")]
    pub pay_year: Option<i64>,
    /// Tehran time, 0–23.
    #[oai(rename = "pay-hour")]
    pub pay_hour: Option<i64>,
    #[oai(rename = "pay-minute")]
    pub pay_minute: Option<i64>,
    /// The payer's PayPal account e-mail (foreign transfer).
    pub account: Option<String>,
    /// The payable total the customer saw.
    pub diet_price: Option<i64>,
    /// `1` when points were on, `0` otherwise.
    pub use_points: Option<String>,
    /// `C2C` or `PAYPAL_ROSHANDEL`; `paymentConfig.gateway` decides.
    pub gateway: Option<String>,
    pub last_digits: Option<String>,
    pub day: Option<i64>,
    pub month: Option<i64>,
    pub year: Option<i64>,
    pub hour: Option<i64>,
    pub minute: Option<i64>,
    pub external_sale_confirm: Option<bool>,
}

impl From<&TransferMeta> for TransferForm {
    fn from(meta: &TransferMeta) -> Self {
        TransferForm {
            card_digits: meta.card_digits.clone().or_else(|| meta.last_digits.clone()),
            account: meta.account.clone(),
            year: meta.pay_year.or(meta.year),
            month: meta.pay_month.or(meta.month),
            day: meta.pay_day.or(meta.day),
            hour: meta.pay_hour.or(meta.hour),
            minute: meta.pay_minute.or(meta.minute),
            diet_price: meta.diet_price,
            use_points: meta.use_points.as_deref().map(|flag| flag.trim() == "1"),
            external_sale_confirm: meta.external_sale_confirm,
        }
    }
}

/// Validates and records the transfer; answers its id.
pub async fn submit(
    state: &AppState,
    customer_id: i64,
    order_id: i64,
    gateway: TransferGateway,
    meta: Option<&TransferMeta>,
) -> Result<i64, PaymentFailure> {
    let form = meta.map(TransferForm::from).unwrap_or_default();
    let details = transfer::validate(gateway, form, now_ms())
        .map_err(|problems| PaymentFailure::bad_request(messages::TRANSFER_INVALID, problems))?;
    service::submit(Settling::from(state), &state.finance, customer_id, order_id, &details)
        .await
        .map_err(PaymentFailure::from)
}

/// What the transfer forms show before the customer pays: the destination, the exact amount and the order.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct TransferInstructions {
    pub order_id: i64,
    /// Epoch milliseconds; a transfer dated earlier (or in the future) is refused.
    pub created_at: i64,
    /// The order's payable total now, toman: what its invoice shows after code, points and gift cards.
    pub amount: i64,
    /// The card-to-card destination (`TRANSFER_CARD_*`); absent when not configured.
    pub card: Option<DestinationCard>,
    /// The PayPal account of the foreign transfer (`TRANSFER_PAYPAL_ACCOUNT`); absent when not configured.
    pub paypal_account: Option<String>,
    /// What the PayPal transfer sends: `amount` in US cents at `TRANSFER_PAYPAL_TOMAN_PER_USD`, rounded up;
    /// absent when no rate is configured.
    pub paypal_amount_usd_cents: Option<i64>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DestinationCard {
    /// 16 Latin digits, no spaces.
    pub number: String,
    pub holder: String,
    pub bank: Option<String>,
}

impl TransferInstructions {
    pub fn new(due: TransferDue, settings: &FinanceSettings) -> Self {
        let card = match (&settings.transfer_card_number, &settings.transfer_card_holder) {
            (Some(number), Some(holder)) => Some(DestinationCard {
                number: number.clone(),
                holder: holder.clone(),
                bank: settings.transfer_card_bank.clone(),
            }),
            _ => None,
        };
        TransferInstructions {
            order_id: due.order_id,
            created_at: due.created_at,
            amount: due.amount.get(),
            card,
            paypal_account: settings.transfer_paypal_account.clone(),
            paypal_amount_usd_cents: settings
                .transfer_paypal_toman_per_usd
                .map(|rate| usd_cents(due.amount.get(), rate)),
        }
    }
}

/// `toman` in US cents at `rate` toman per dollar, rounded up so the transfer never falls short.
fn usd_cents(toman: i64, rate: u32) -> i64 {
    let rate = i64::from(rate);
    toman.saturating_mul(100).saturating_add(rate - 1) / rate
}

impl From<TransferError> for PaymentFailure {
    fn from(error: TransferError) -> Self {
        let envelope = |code: &str, message: &str| Json(ErrorEnvelope::new(code, message, vec![message.to_owned()]));
        match error {
            TransferError::OrderNotFound => PaymentFailure::NotFound(envelope("404", messages::ORDER_NOT_FOUND)),
            TransferError::OrderPaid => PaymentFailure::BadRequest(envelope("400", messages::ORDER_ALREADY_PAID)),
            TransferError::NothingToPay => {
                PaymentFailure::BadRequest(envelope("400", messages::PAYMENT_NOTHING_TO_PAY))
            }
            TransferError::DatedInFuture => PaymentFailure::BadRequest(envelope("400", messages::TRANSFER_DATE_FUTURE)),
            TransferError::DatedBeforeOrder => {
                PaymentFailure::BadRequest(envelope("400", messages::TRANSFER_DATE_BEFORE_ORDER))
            }
            TransferError::PointsGone => PaymentFailure::Conflict(envelope("409", messages::POINTS_ALREADY_USED), None),
            TransferError::AlreadySubmitted => {
                PaymentFailure::Conflict(envelope("409", messages::TRANSFER_PENDING), None)
            }
            TransferError::PaymentInProgress => {
                PaymentFailure::Conflict(envelope("409", messages::PAYMENT_IN_PROGRESS), Some(2))
            }
            // The sweeper asks the gateway again every minute.
            TransferError::OnlinePaymentUnsettled => {
                PaymentFailure::Conflict(explained_conflict(messages::ONLINE_PAYMENT_UNSETTLED, UNSETTLED), Some(60))
            }
            other => PaymentFailure::Internal(Json(ErrorEnvelope::internal(&anyhow::anyhow!(other)))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::usd_cents;

    #[test]
    fn the_paypal_amount_is_the_toman_total_in_cents_rounded_up() {
        assert_eq!(usd_cents(590_000, 100_000), 590);
        assert_eq!(usd_cents(590_001, 100_000), 591);
        assert_eq!(usd_cents(1, 100_000), 1);
        assert_eq!(usd_cents(0, 100_000), 0);
    }
}
