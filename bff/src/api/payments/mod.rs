//! Online payments: starting one (`POST /lemonade/api/payments`) and the gateways' callbacks, which
//! verify server to server and send the browser to the result page with `status=OK|NOK&orderId=…`.
use poem::{Request, web::Data};
use poem_openapi::{
    ApiResponse, OpenApi,
    param::{Header, Query},
    payload::{Form, Json},
};
use serde_json::Value;

pub mod dto;
pub mod error;
pub mod gateways;

use self::{
    dto::{
        PayPingCallbackForm, PaymentForm, PaymentFormField, PaymentReply, PaymentRequest, TransferInstructions,
        TransferMeta,
    },
    error::PaymentFailure,
};
use super::{
    ApiTags,
    error::ErrorEnvelope,
    security::{CustomerToken, payer_ip},
};
use crate::{
    domain::{
        MobileNumber,
        mobile_number::IRAN,
        payment::{Gateway, PaymentState, is_result_url, result_address},
        transfer::{self, TransferForm, TransferGateway},
    },
    gateways::payments::payping::PayPingCallback,
    limits, messages,
    shop::{
        payments::{self, Report, StartRequest},
        settling::Settling,
        transfers,
    },
    state::AppState,
    store::{now_ms, payments::Payment},
};

/// The method value the checkout sends for "online" [PM-39].
const ONLINE: &str = "ONLINE";

#[derive(ApiResponse)]
pub enum CallbackResponse {
    /// The payment is settled (or still being verified): on to `paymentResultUrl?status=OK|NOK&orderId=…`.
    #[oai(status = 303)]
    SeeOther(#[oai(header = "Location")] String),
}

pub struct PaymentsApi;

#[OpenApi(prefix_path = "/lemonade/api/payments", tag = "ApiTags::Payments")]
impl PaymentsApi {
    /// Starts an online payment of the order's payable total and answers the gateway's page. The
    /// order's points become `RESERVED` while it runs. The same `Idempotency-Key` answers the same payment.
    /// Online starts are bounded per customer (429, shared with the SnappPay eligibility check).
    /// Gateway `C2C` or `PAYPAL_ROSHANDEL` records a manual transfer from `meta` instead and answers its
    /// `paymentId`; the order stays reserved until finance reviews it, and a second transfer is refused (409).
    #[oai(path = "/", method = "post", operation_id = "createPayment")]
    async fn create(
        &self,
        state: Data<&AppState>,
        req: &Request,
        token: CustomerToken,
        body: Json<PaymentRequest>,
        #[oai(name = "Idempotency-Key")] idempotency_key: Header<Option<String>>,
    ) -> Result<Json<PaymentReply>, PaymentFailure> {
        if customer_id_text(&body.customer_id).as_deref() != Some(token.0.sub.as_str()) {
            return Err(PaymentFailure::Forbidden(Json(ErrorEnvelope::new("403", messages::UNAUTHORIZED, Vec::new()))));
        }
        // Kept with the payment as sent (the result address, the key) or sent on to the gateway (the permalink).
        limits::short_texts([
            ("paymentResultUrl", Some(body.payment_config.payment_result_url.as_str())),
            ("productPermalink", body.product_permalink.as_deref()),
            ("Idempotency-Key", idempotency_key.0.as_deref()),
        ])
        .map_err(|refused| PaymentFailure::bad_request(messages::FIELD_TOO_LARGE, vec![refused.to_string()]))?;
        if body.service.as_deref().is_some_and(|s| !s.eq_ignore_ascii_case(&state.service_name)) {
            return Err(PaymentFailure::bad_request(messages::BAD_REQUEST, vec!["unknown service".to_owned()]));
        }
        if let Some(gateway) = TransferGateway::parse(&body.payment_config.gateway) {
            let payment_id =
                submit_transfer(&state, token.customer_id(), body.order_id, gateway, body.meta.as_ref()).await?;
            return Ok(Json(PaymentReply { payment_link: String::new(), form: None, payment_id: Some(payment_id) }));
        }
        let config = &body.payment_config;
        let gateway = if config.gateway.eq_ignore_ascii_case(ONLINE) {
            state.payment_settings.online_payment_gateway
        } else {
            // A gateway the deployment does not offer is not one a customer can be sent to, whatever the client asks.
            let offered = |g: &Gateway| g.is_online() || state.payment_settings.payment_methods.contains(g);
            Gateway::from_method(&config.gateway, &state.product_code).filter(offered).ok_or_else(|| {
                PaymentFailure::bad_request(
                    messages::BAD_REQUEST,
                    vec![messages::PAYMENT_METHOD_UNAVAILABLE.to_owned()],
                )
            })?
        };
        let permalink = body.product_permalink.as_deref().map(str::trim).filter(|p| !p.is_empty());
        if gateway == Gateway::Gumroad && permalink.is_none() {
            return Err(PaymentFailure::bad_request(
                messages::BAD_REQUEST,
                vec!["productPermalink is required for Gumroad".to_owned()],
            ));
        }
        if !is_result_url(&config.payment_result_url, &state.payment_result_origins) {
            return Err(PaymentFailure::bad_request(
                messages::BAD_REQUEST,
                vec!["paymentResultUrl must be an address of this shop".to_owned()],
            ));
        }
        // Each start may replace the order's payment and open one at a real gateway: bounded per customer.
        state.throttle.payment_call(token.customer_id())?;
        let mobile = body.mobile.as_deref().and_then(|m| MobileNumber::parse(m, IRAN, "98").ok());
        let key = idempotency_key.0.as_deref().map(str::trim).filter(|k| !k.is_empty());
        let payer_ip = payer_ip(req);
        let started = payments::start(
            Settling::from(*state),
            &state.service_name,
            &state.points,
            StartRequest {
                customer_id: token.customer_id(),
                order_id: body.order_id,
                gateway,
                mobile,
                result_url: &config.payment_result_url,
                idempotency_key: key,
                callback_base: &state.payment_callback_base,
                payer_ip: Some(&payer_ip),
                product_permalink: permalink,
                expected_amount: body.expected_amount,
            },
        )
        .await?;
        let form = state.payment_gateways.browser_form(gateway, &started.authority).map(|form| PaymentForm {
            action: form.action,
            fields: form.fields.into_iter().map(|(name, value)| PaymentFormField { name, value }).collect(),
        });
        Ok(Json(PaymentReply { payment_link: started.link, form, payment_id: None }))
    }

    /// Where and how much the customer pays by card to card or PayPal for one of their unpaid orders: the
    /// configured destination, the payable total the invoice shows now (after code, points and gift cards) and
    /// the order's number and creation time. 404 for an order that is not the customer's, 400 when it is paid
    /// or has nothing to pay.
    #[oai(path = "/transfer-instructions", method = "get", operation_id = "transferInstructions")]
    async fn transfer_instructions(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        #[oai(name = "orderId")] order_id: Query<i64>,
    ) -> Result<Json<TransferInstructions>, PaymentFailure> {
        let due = transfers::due(&state.db, token.customer_id(), order_id.0).await?;
        Ok(Json(TransferInstructions::new(due, &state.finance)))
    }

    /// Where Vandar sends the browser back (GET with `token` and `payment_status`).
    #[oai(path = "/vandar/callback", method = "get", operation_id = "vandarCallback")]
    async fn vandar_callback(
        &self,
        state: Data<&AppState>,
        token: Query<String>,
        payment_status: Query<Option<String>>,
    ) -> Result<CallbackResponse, PaymentFailure> {
        let report = if payment_status.0.as_deref() == Some("OK") { Report::None } else { Report::Unpaid };
        let payment = payments::callback(Settling::from(*state), Gateway::Vandar, &token.0, None, report).await?;
        redirect(payment)
    }

    /// Where PayPing's page form-POSTs back (`status`, `errorCode`, `data`).
    #[oai(path = "/payping/callback", method = "post", operation_id = "paypingCallback")]
    async fn payping_callback(
        &self,
        state: Data<&AppState>,
        form: Form<PayPingCallbackForm>,
    ) -> Result<CallbackResponse, PaymentFailure> {
        let Some(callback) = PayPingCallback::parse(&form.status, &form.data) else { return redirect(None) };
        let report = if callback.paid { Report::None } else { Report::Unpaid };
        let payment = payments::callback(
            Settling::from(*state),
            Gateway::PayPing,
            &callback.payment_code,
            callback.payment_ref_id.as_deref(),
            report,
        )
        .await?;
        redirect(payment)
    }
}

fn redirect(payment: Option<Payment>) -> Result<CallbackResponse, PaymentFailure> {
    let payment = payment.ok_or_else(|| {
        PaymentFailure::NotFound(Json(ErrorEnvelope::new("404", messages::PAYMENT_NOT_FOUND, Vec::new())))
    })?;
    // A payment whose verify has no answer yet (a slow gateway; the sweeper settles it) may well have taken the
    // money: the success page, which claims success only once the order is paid, says it is not confirmed yet,
    // rather than the fail page saying it failed.
    let ok = matches!(payment.state, PaymentState::Verified | PaymentState::CallbackReceived);
    Ok(CallbackResponse::SeeOther(result_address(&payment.result_url, ok, payment.order_id)))
}

fn customer_id_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.trim().to_owned()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// The manual-transfer branch of `create` (gateway `C2C` or `PAYPAL_ROSHANDEL`): validates the form's fields in
/// `meta`, records the transfer for finance review and answers its id [PM-54, PM-58].
async fn submit_transfer(
    state: &AppState,
    customer_id: i64,
    order_id: i64,
    gateway: TransferGateway,
    meta: Option<&TransferMeta>,
) -> Result<i64, PaymentFailure> {
    let form = meta.map(TransferForm::from).unwrap_or_default();
    let details = transfer::validate(gateway, form, now_ms())
        .map_err(|problems| PaymentFailure::bad_request(messages::TRANSFER_INVALID, problems))?;
    transfers::submit(Settling::from(state), &state.finance, customer_id, order_id, &details)
        .await
        .map_err(PaymentFailure::from)
}
