use poem_openapi::Object;
use serde_json::Value;

use crate::{config::FinanceSettings, domain::transfer::TransferForm, shop::transfers::TransferDue};

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PaymentConfig {
    /// `online` (the configured online gateway), `VANDAR`, `PAYPING`, `SNAPP_PAY`, or
    /// `{PRODUCT}_DIGIPAY`, `{PRODUCT}_TARA`, `{PRODUCT}_SAMAN`, `{PRODUCT}_GUMROAD` (`LIMOO_DIGIPAY` for
    /// `LIMOO_SHOP`), case-insensitive.
    pub gateway: String,
    /// Where the browser goes afterwards, e.g. `https://shop/#/payment-result` [PM-49].
    pub payment_result_url: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PaymentRequest {
    pub order_id: i64,
    /// `{PRODUCT_CODE}_SHOP`, case-insensitive.
    pub service: Option<String>,
    /// The token's subject [AU-43]; a string or a number.
    pub customer_id: Value,
    /// The payer's mobile (`9…`, `09…` or `+98…`); sent to the gateway as `09…` [PR-36].
    pub mobile: Option<String>,
    pub payment_config: PaymentConfig,
    /// Gumroad product permalink (international), required for `{PRODUCT}_GUMROAD`; ignored otherwise.
    pub product_permalink: Option<String>,
    /// The payable total (toman) the checkout showed the customer. When given and the order now costs another
    /// amount (a code or points changed in another tab), nothing starts: 409 with `err.reason` `PRICE_CHANGED`.
    pub expected_amount: Option<i64>,
    /// Manual transfers only (`C2C`, `PAYPAL_ROSHANDEL`): the transfer form's fields [PM-54, PM-58].
    pub meta: Option<TransferMeta>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PaymentReply {
    /// The gateway's payment page; for a `form` reply, the form's `action`.
    pub payment_link: String,
    /// Present when the browser must POST this form instead of following the link (Tara: fields
    /// `token` and `username`; the action is Tara's production or staging page, per `TARA_BASE_URL`) [PM-44].
    pub form: Option<PaymentForm>,
    /// Manual transfers: the recorded transfer, now awaiting finance review (`paymentLink` is empty) [PM-54].
    pub payment_id: Option<i64>,
}

/// A form the browser builds and submits (POST, `application/x-www-form-urlencoded`).
#[derive(Object, Debug)]
pub struct PaymentForm {
    pub action: String,
    pub fields: Vec<PaymentFormField>,
}

#[derive(Object, Debug)]
pub struct PaymentFormField {
    pub name: String,
    pub value: String,
}

/// PayPing's callback form (gateways.md §1).
#[derive(Object, serde::Deserialize, Debug)]
pub struct PayPingCallbackForm {
    /// 1 paid, 0 not paid.
    pub status: String,
    #[serde(rename = "errorCode", default)]
    #[oai(rename = "errorCode")]
    pub error_code: Option<String>,
    /// JSON text with `paymentCode`, `paymentRefId`, `amount`, `clientRefId`.
    pub data: String,
}

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
