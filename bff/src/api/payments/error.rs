use poem_openapi::{ApiResponse, payload::Json};

use crate::{
    api::error::ErrorEnvelope,
    messages,
    shop::{payments::PaymentError, transfers::TransferError},
    throttle::Throttled,
};

/// Failures of the payment calls; `err.code` is the HTTP status as text. Only a gateway's refusal
/// and an unavailable method carry `details.messages`, which the checkout shows as the redirect
/// message [ER-22]; anything else shows the checkout error section [ER-23].
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "payments_bad_request")]
pub enum PaymentFailure {
    /// The order is paid, has nothing to pay online, the method is unavailable, the body is malformed,
    /// `productPermalink` is not the order's Gumroad product, or `paymentResultUrl`, `productPermalink` or
    /// `Idempotency-Key` is larger than 1 KiB.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// Missing or invalid bearer token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    /// `customerId` is not the token's customer [AU-43].
    #[oai(status = 403)]
    Forbidden(Json<ErrorEnvelope>),
    /// No such order for this customer, or no such payment for a callback.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    /// The points the order held went to another order or ran out [ER-21, ER-24]; the
    /// `Idempotency-Key` was used for another order; another payment of the order is being started
    /// or verified (`err.reason` `PAYMENT_IN_PROGRESS`), and `Retry-After` says in how many seconds to ask again;
    /// or the order costs another amount than `expectedAmount` (`PRICE_CHANGED`). With a reason, `details.messages`
    /// holds the sentence to show.
    #[oai(status = 409)]
    Conflict(Json<ErrorEnvelope>, #[oai(header = "Retry-After")] Option<u32>),
    /// The customer started payments or asked SnappPay's eligibility too often (`PAYMENT_CALLS_PER_CUSTOMER_MINUTE`,
    /// 10 at once and then one every 6 s by default); `Retry-After` (and the detail) says in how many seconds to try
    /// again. Nothing was stored or sent to a gateway.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorEnvelope>, #[oai(header = "Retry-After")] u64),
    /// The gateway refused the payment (its messages in `details.messages`) or could not be reached.
    #[oai(status = 502)]
    BadGateway(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

impl PaymentFailure {
    pub fn bad_request(message: &str, details: Vec<String>) -> Self {
        PaymentFailure::BadRequest(Json(ErrorEnvelope::new("400", message, details)))
    }
}

impl From<PaymentError> for PaymentFailure {
    fn from(error: PaymentError) -> Self {
        use PaymentError::*;
        let envelope = |code: &str, message: &str| Json(ErrorEnvelope::new(code, message, Vec::new()));
        match error {
            OrderNotFound => PaymentFailure::NotFound(envelope("404", messages::ORDER_NOT_FOUND)),
            // The sentence goes in details.messages too, which the checkout shows as it is [ER-22].
            OrderPaid => {
                PaymentFailure::bad_request(messages::ORDER_ALREADY_PAID, vec![messages::ORDER_ALREADY_PAID.to_owned()])
            }
            NothingToPay => PaymentFailure::BadRequest(envelope("400", messages::PAYMENT_NOTHING_TO_PAY)),
            // The text goes in details.messages, which the checkout shows as it is [ER-22].
            TransferPending => PaymentFailure::BadRequest(Json(ErrorEnvelope::new(
                "400",
                messages::BAD_REQUEST,
                vec![messages::TRANSFER_PENDING.to_owned()],
            ))),
            PointsGone => PaymentFailure::Conflict(envelope("409", messages::POINTS_ALREADY_USED), None),
            KeyReused => PaymentFailure::Conflict(envelope("409", messages::PAYMENT_KEY_REUSED), None),
            // A 409 with a reason carries its own sentence; one without is lost points [ER-21].
            InProgress => PaymentFailure::Conflict(
                explained_conflict(messages::PAYMENT_IN_PROGRESS, "PAYMENT_IN_PROGRESS"),
                Some(2),
            ),
            // The sweeper asks the gateway again every minute.
            Unsettled => {
                PaymentFailure::Conflict(explained_conflict(messages::ONLINE_PAYMENT_UNSETTLED, UNSETTLED), Some(60))
            }
            PriceChanged => {
                PaymentFailure::Conflict(explained_conflict(messages::PAYMENT_PRICE_CHANGED, "PRICE_CHANGED"), None)
            }
            // The sentence first: the checkout shows it as it is [ER-22].
            NotTheOrdersProduct => PaymentFailure::bad_request(
                messages::BAD_REQUEST,
                vec![
                    messages::PAYMENT_GUMROAD_NOT_THIS_ORDER.to_owned(),
                    "productPermalink must name the Gumroad product of an order of one item without a code or points"
                        .to_owned(),
                ],
            ),
            Refused(details) => {
                PaymentFailure::BadGateway(Json(ErrorEnvelope::new("502", messages::PAYMENT_REFUSED, details)))
            }
            GatewayDown(why) => {
                tracing::warn!(why, "payment gateway unavailable");
                PaymentFailure::BadGateway(envelope("502", messages::PAYMENT_GATEWAY_FAILED))
            }
            Unexpected(e) => PaymentFailure::Internal(Json(ErrorEnvelope::internal(&e))),
        }
    }
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

impl From<Throttled> for PaymentFailure {
    fn from(refused: Throttled) -> Self {
        let body = ErrorEnvelope::new("429", messages::TOO_MANY_REQUESTS, vec![refused.to_string()]);
        PaymentFailure::TooManyRequests(Json(body), refused.retry_after_seconds())
    }
}

impl From<anyhow::Error> for PaymentFailure {
    fn from(error: anyhow::Error) -> Self {
        PaymentFailure::Internal(Json(ErrorEnvelope::internal(&error)))
    }
}

/// `err.reason` of a 409: an earlier online payment of the order may have taken the money and is not settled yet.
const UNSETTLED: &str = "PAYMENT_UNSETTLED";

/// A 409 whose sentence the checkout shows as it is: in `err.message` and `details.messages`, named by `err.reason`.
fn explained_conflict(message: &str, reason: &str) -> Json<ErrorEnvelope> {
    Json(ErrorEnvelope::new("409", message, vec![message.to_owned()]).with_reason(reason))
}

fn payments_bad_request(error: poem::Error) -> PaymentFailure {
    PaymentFailure::bad_request(messages::BAD_REQUEST, vec![error.to_string()])
}
