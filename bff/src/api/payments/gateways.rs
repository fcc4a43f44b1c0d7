//! SnappPay's eligibility check and the callbacks of the credit, bank and international gateways
//! (SnappPay, Digipay, Tara, Saman, Gumroad), each in the gateway's own shape. Every callback goes
//! through [`payments::callback`], the one completion path, and sends the browser to
//! `paymentResultUrl?status=OK|NOK&orderId=…` as the online gateways' callbacks do.
use poem::web::Data;
use poem_openapi::{
    ApiResponse, Object, OpenApi,
    payload::{Form, Json, PlainText},
};

use super::{CallbackResponse, error::PaymentFailure, redirect};
use crate::{
    api::{ApiTags, error::ErrorEnvelope, security::CustomerToken},
    domain::payment::{Gateway, PaymentState, plus_prefixed_mobile, result_address},
    gateways::payments::{StartError, digipay::DigipayCallback, gumroad::GumroadPing, payment_id_of, snapppay},
    messages,
    shop::{
        payments::{self, PaymentError, Report},
        settling::Settling,
    },
    state::AppState,
    store::{customers, payments as store},
};

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct SnappPayEligibilityRequest {
    /// The order's payable total in **rial** (toman × 10), as SnappPay counts.
    pub amount: i64,
    /// `{PRODUCT_CODE}_SHOP`, case-insensitive.
    pub service: String,
    /// `SNAPP_PAY`.
    pub gateway: String,
}

#[derive(Object, Debug)]
pub struct SnappPayEligibilityReply {
    pub response: SnappPayEligibility,
}

/// SnappPay's offer, to be shown verbatim; the method is hidden when `eligible` is false [PM-37].
#[derive(Object, Debug)]
pub struct SnappPayEligibility {
    pub eligible: bool,
    pub title: Option<String>,
    pub description: String,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct GumroadPriceRequest {
    pub order_id: i64,
}

/// What Gumroad charges for the order's product, to show before the customer leaves for Gumroad's page.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct GumroadPriceReply {
    /// In the smallest unit of `currency` (US cents).
    pub price_cents: i64,
    /// ISO 4217, upper case (`USD`).
    pub currency: String,
    /// The price as Gumroad writes it (`$29`).
    pub formatted_price: String,
}

/// SnappPay's callback form (gateways.md §3).
#[derive(Object, serde::Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
#[oai(rename_all = "camelCase")]
pub struct SnappPayCallbackForm {
    /// Our transaction id (the payment id, zero-padded).
    pub transaction_id: String,
    /// `OK` or `FAILED`.
    pub state: String,
    pub amount: Option<String>,
}

/// Digipay's callback form (gateways.md §4).
#[derive(Object, serde::Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
#[oai(rename_all = "camelCase")]
pub struct DigipayCallbackForm {
    pub amount: Option<String>,
    /// Our payment id.
    pub provider_id: String,
    pub tracking_code: String,
    /// `SUCCESS` or `FAILURE`.
    pub result: String,
    /// The ticket type to verify with.
    #[serde(rename = "type")]
    #[oai(rename = "type")]
    pub ticket_type: String,
    pub rrn: Option<String>,
    pub psp: Option<String>,
    pub is_credit: Option<String>,
}

/// Tara's callback form (gateways.md §5).
#[derive(Object, serde::Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
#[oai(rename_all = "camelCase")]
pub struct TaraCallbackForm {
    /// `0` paid; anything else not.
    pub result: String,
    pub token: String,
    pub channel_ref_number: Option<String>,
    pub order_id: Option<String>,
    pub additional_data: Option<String>,
    pub desc: Option<String>,
}

/// Saman SEP's callback form (gateways.md §6).
#[derive(Object, serde::Deserialize, Debug)]
#[serde(rename_all = "PascalCase")]
#[oai(rename_all = "PascalCase")]
pub struct SamanCallbackForm {
    /// 2 OK; 1 cancelled, 3 failed, 4 page timeout, 10 token not found …
    pub status: String,
    pub state: Option<String>,
    /// Empty unless paid.
    pub ref_num: Option<String>,
    pub res_num: Option<String>,
    pub token: String,
    pub amount: Option<String>,
}

/// Gumroad's sale ping (gumroad.com/ping): the fields the BFF reads; the others are ignored.
#[derive(Object, serde::Deserialize, Debug)]
pub struct GumroadPingForm {
    pub sale_id: String,
    pub permalink: Option<String>,
    /// Our payment id, from the checkout address's query.
    #[serde(rename = "url_params[reference]")]
    #[oai(rename = "url_params[reference]")]
    pub reference: Option<String>,
}

#[derive(ApiResponse)]
pub enum PingResponse {
    /// Gumroad sends the buyer to the address in the body (its legacy webhook redirect):
    /// `paymentResultUrl?status=OK|NOK&orderId=…`.
    #[oai(status = 200)]
    Redirect(PlainText<String>),
}

pub struct PaymentGatewaysApi;

#[OpenApi(prefix_path = "/lemonade/api/payments", tag = "ApiTags::Payments")]
impl PaymentGatewaysApi {
    /// Whether SnappPay offers its 4 instalments for `amount` rial to this customer, with the title
    /// and description to show verbatim; asked again whenever the amount changes [PM-37, PM-38]. Bounded per
    /// customer together with the payment starts (429).
    #[oai(path = "/snapp-pay/eligibility", method = "post", operation_id = "snappPayEligibility")]
    async fn eligibility(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<SnappPayEligibilityRequest>,
    ) -> Result<Json<SnappPayEligibilityReply>, PaymentFailure> {
        let unknown = |what: &str| PaymentFailure::bad_request(messages::BAD_REQUEST, vec![what.to_owned()]);
        if !body.service.trim().eq_ignore_ascii_case(&state.service_name) {
            return Err(unknown("unknown service"));
        }
        if Gateway::from_method(&body.gateway, &state.product_code) != Some(Gateway::SnappPay) {
            return Err(unknown("gateway must be SNAPP_PAY"));
        }
        if body.amount <= 0 {
            return Err(unknown("amount must be a positive number of rial"));
        }
        // Every check calls SnappPay on the merchant's account: bounded per customer with the payment starts.
        state.throttle.payment_call(token.customer_id())?;
        let customer = customers::find_by_id(&state.db, token.customer_id()).await?;
        let mobile = customer.map(|c| plus_prefixed_mobile(&c.mobile));
        let offer =
            state.payment_gateways.snapp_pay_eligibility(body.amount, mobile.as_deref()).await.map_err(|error| {
                tracing::warn!(%error, "snapppay eligibility unavailable");
                PaymentFailure::from(match error {
                    StartError::Refused(messages) if !messages.is_empty() => PaymentError::Refused(messages),
                    other => PaymentError::GatewayDown(other.to_string()),
                })
            })?;
        let response =
            SnappPayEligibility { eligible: offer.eligible, title: offer.title, description: offer.description };
        Ok(Json(SnappPayEligibilityReply { response }))
    }

    /// What Gumroad will charge for the order: its product's own price there, which the shop does not set. Only for
    /// an order Gumroad can sell (one product on Gumroad, no code or points; else 400 as a start would answer).
    /// Bounded per customer together with the payment starts (429).
    #[oai(path = "/gumroad/price", method = "post", operation_id = "gumroadPrice")]
    async fn gumroad_price(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<GumroadPriceRequest>,
    ) -> Result<Json<GumroadPriceReply>, PaymentFailure> {
        state.throttle.payment_call(token.customer_id())?;
        let price =
            payments::gumroad_price(&state.db, &state.payment_gateways, token.customer_id(), body.order_id).await?;
        Ok(Json(GumroadPriceReply {
            price_cents: price.cents,
            currency: price.currency,
            formatted_price: price.formatted,
        }))
    }

    /// Where SnappPay's page form-POSTs back (`transactionId`, `state`, `amount`).
    #[oai(path = "/snapp-pay/callback", method = "post", operation_id = "snappPayCallback")]
    async fn snapp_pay_callback(
        &self,
        state: Data<&AppState>,
        form: Form<SnappPayCallbackForm>,
    ) -> Result<CallbackResponse, PaymentFailure> {
        let report = if form.state.trim().eq_ignore_ascii_case("OK") { Report::None } else { Report::Unpaid };
        let payment_id = snapppay::payment_id_of(&form.transaction_id);
        let Some(authority) = authority_of(&state, Gateway::SnappPay, payment_id).await? else {
            return redirect(None);
        };
        redirect(payments::callback(Settling::from(*state), Gateway::SnappPay, &authority, None, report).await?)
    }

    /// Where Digipay form-POSTs back (`amount`, `providerId`, `trackingCode`, `result`, `type` …).
    #[oai(path = "/digipay/callback", method = "post", operation_id = "digipayCallback")]
    async fn digipay_callback(
        &self,
        state: Data<&AppState>,
        form: Form<DigipayCallbackForm>,
    ) -> Result<CallbackResponse, PaymentFailure> {
        let callback = DigipayCallback {
            provider_id: form.provider_id.clone(),
            tracking_code: form.tracking_code.clone(),
            ticket_type: form.ticket_type.clone(),
            paid: form.result.trim().eq_ignore_ascii_case("SUCCESS"),
        };
        let report = if callback.paid { Report::None } else { Report::Unpaid };
        let Some(authority) = authority_of(&state, Gateway::Digipay, payment_id_of(&callback.provider_id)).await?
        else {
            return redirect(None);
        };
        let ref_id = callback.ref_id();
        redirect(payments::callback(Settling::from(*state), Gateway::Digipay, &authority, Some(&ref_id), report).await?)
    }

    /// Where Tara form-POSTs back (`result`, `token`, `channelRefNumber`, `orderId` …).
    #[oai(path = "/tara/callback", method = "post", operation_id = "taraCallback")]
    async fn tara_callback(
        &self,
        state: Data<&AppState>,
        form: Form<TaraCallbackForm>,
    ) -> Result<CallbackResponse, PaymentFailure> {
        let report = if form.result.trim() == "0" { Report::None } else { Report::Unpaid };
        let channel = form.channel_ref_number.as_deref().map(str::trim).filter(|c| !c.is_empty());
        redirect(payments::callback(Settling::from(*state), Gateway::Tara, form.token.trim(), channel, report).await?)
    }

    /// Where SEP form-POSTs back (`State`, `Status`, `RefNum`, `ResNum`, `Token`, `Amount` …).
    #[oai(path = "/saman/callback", method = "post", operation_id = "samanCallback")]
    async fn saman_callback(
        &self,
        state: Data<&AppState>,
        form: Form<SamanCallbackForm>,
    ) -> Result<CallbackResponse, PaymentFailure> {
        let ref_num = form.ref_num.as_deref().map(str::trim).filter(|r| !r.is_empty());
        let report = if form.status.trim() == "2" && ref_num.is_some() { Report::None } else { Report::Unpaid };
        redirect(payments::callback(Settling::from(*state), Gateway::Saman, form.token.trim(), ref_num, report).await?)
    }

    /// Gumroad's sale ping (form-urlencoded, gumroad.com/ping): `sale_id` and our
    /// `url_params[reference]`; the sale is confirmed server to server before the order completes.
    #[oai(path = "/gumroad/callback", method = "post", operation_id = "gumroadCallback")]
    async fn gumroad_callback(
        &self,
        state: Data<&AppState>,
        form: Form<GumroadPingForm>,
    ) -> Result<PingResponse, PaymentFailure> {
        let Some(ping) = GumroadPing::parse(&form.sale_id, form.reference.as_deref()) else { return Err(not_found()) };
        let payment = payments::callback(
            Settling::from(*state),
            Gateway::Gumroad,
            &ping.reference,
            Some(&ping.sale_id),
            Report::None,
        )
        .await?
        .ok_or_else(not_found)?;
        let paid = payment.state == PaymentState::Verified;
        Ok(PingResponse::Redirect(PlainText(result_address(&payment.result_url, paid, payment.order_id))))
    }
}

fn not_found() -> PaymentFailure {
    PaymentFailure::NotFound(Json(ErrorEnvelope::new("404", messages::PAYMENT_NOT_FOUND, Vec::new())))
}

/// The authority of `gateway`'s payment named by our own id (the gateways that call back with
/// our reference rather than their token).
async fn authority_of(state: &AppState, gateway: Gateway, payment_id: Option<i64>) -> anyhow::Result<Option<String>> {
    let Some(payment_id) = payment_id else { return Ok(None) };
    let payment = store::find(&state.db, payment_id).await?;
    Ok(payment.filter(|p| p.gateway == gateway).and_then(|p| p.authority))
}
