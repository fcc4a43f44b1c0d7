//! Orders: creating one, its invoice, the orders history, profile orders and paying a free order.
//! Every amount is computed from the database, in integer toman.
use poem::web::Data;
use poem_openapi::{
    Object, OpenApi,
    param::{Path, Query},
    payload::Json,
};
use serde_json::Value;

use super::invoice::{BasketItemDto, InvoiceDto};
use crate::{
    api::{
        ApiTags,
        error::{AreaFailure, area_failure},
        security::CustomerToken,
    },
    domain::{
        catalogue::{DietType, ProductType},
        order::OrderStatus,
        payment::RefundState,
    },
    limits::{self, MAX_META_BYTES, TooLarge},
    messages,
    shop::orders::{self as shop_orders, OrderError},
    state::AppState,
    store::orders,
};

/// Most products one order may hold.
const MAX_ITEMS: usize = 20;

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CreateOrderRequest {
    /// Catalogue product ids, in basket order.
    pub product_ids: Vec<i64>,
    /// `{PRODUCT_CODE}_SHOP`; case-insensitive; default the shop's own.
    pub service: Option<String>,
    pub session_id: Option<String>,
    pub utm_campaign: Option<String>,
    /// Kept with the order: `SPV` (C or F), `configId`, `selectCOrFTest`. At most 8 KiB as JSON text.
    pub meta: Option<Value>,
}

/// The meta as stored; it and the texts kept with the order within their caps.
fn order_meta(body: &CreateOrderRequest) -> Result<String, TooLarge> {
    limits::short_texts([
        ("service", body.service.as_deref()),
        ("sessionId", body.session_id.as_deref()),
        ("utmCampaign", body.utm_campaign.as_deref()),
    ])?;
    limits::json_text("meta", body.meta.as_ref(), MAX_META_BYTES)
}

#[derive(Object, Debug)]
pub struct CreateOrderReply {
    pub id: i64,
}

area_failure! {
    /// Failures of the order calls.
    pub enum OrderFailure(handler = "OrderFailure::malformed") {
        /// No products, too many, or a product that is unknown, disabled, of another service or not for
        /// sale; `meta` larger than 8 KiB or a text larger than 1 KiB; or, when finalizing, an amount is still to pay.
        400 => BadRequest,
        /// Missing or invalid bearer token.
        401 => Unauthorized,
        /// No such order for this customer.
        404 => NotFound,
        /// The points this order held ran out and went to (or were spent on) another order [ER-24].
        409 => Conflict,
        /// The customer created orders too often (`ORDERS_PER_CUSTOMER_MINUTE`, 30 a minute by default):
        /// `details` says when to try again.
        429 => TooManyRequests,
        500 => Internal,
    }
}

impl From<OrderError> for OrderFailure {
    fn from(error: OrderError) -> Self {
        let (status, message) = match &error {
            OrderError::NotFound => (404, messages::ORDER_NOT_FOUND),
            OrderError::PointsGone => (409, messages::POINTS_ALREADY_USED),
            OrderError::NotFree => (400, messages::FINALIZE_FAILED),
            OrderError::Unexpected(e) => return OrderFailure::unexpected(e),
        };
        OrderFailure::status(status, message, &error)
    }
}

/// `{orderId}`: the order a call acts on.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct OrderIdBody {
    pub order_id: i64,
}

/// A status the order went through.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct OrderStatusDto {
    pub status: OrderStatus,
    /// Epoch milliseconds.
    pub created_at: i64,
}

/// An order in the orders history.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct OrderSummaryDto {
    pub id: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub total_discount: i64,
    /// Σ of the lines' prices after the catalogue and promotion discounts, before points; toman.
    pub total_final_price: i64,
    /// Toman of points spent on the order.
    pub user_point_deduction: i64,
    /// What the customer paid: `totalFinalPrice − userPointDeduction`, the amount the payment asked the
    /// gateway for (0 when points, a code or a gift card covered everything); toman.
    pub total_price: i64,
    pub basket_items: Vec<BasketItemDto>,
    /// Oldest first.
    pub order_statuses: Vec<OrderStatusDto>,
    /// Payments of this order whose money goes or went back to the customer (paid twice, another
    /// amount, paid on a replaced payment), newest first.
    pub refunds: Vec<OrderRefundDto>,
}

/// Money of an order's payment that goes or went back to the customer.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct OrderRefundDto {
    pub payment_id: i64,
    /// Toman: what the gateway took and gives back.
    pub amount: i64,
    pub status: RefundState,
    /// Epoch milliseconds of the last change.
    pub updated_at: i64,
}

/// A paid order of a diet programme, as the package-page guards read it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ProfileOrder {
    pub order_id: i64,
    pub diet_type: DietType,
}

pub struct OrdersApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Shop")]
impl OrdersApi {
    /// Create an order for the signed-in customer from catalogue products.
    #[oai(path = "/orders", method = "post", operation_id = "createOrder")]
    async fn create_order(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<CreateOrderRequest>,
    ) -> Result<Json<CreateOrderReply>, OrderFailure> {
        state.throttle.new_order(token.customer_id()).map_err(OrderFailure::throttled)?;
        if body.product_ids.is_empty() {
            return Err(OrderFailure::bad_request(messages::ORDER_EMPTY, "productIds is empty"));
        }
        if body.product_ids.len() > MAX_ITEMS {
            return Err(OrderFailure::bad_request(
                messages::ORDER_PRODUCT_INVALID,
                format!("at most {MAX_ITEMS} products"),
            ));
        }
        // Checked before anything is read: the meta is stored as sent.
        let meta =
            order_meta(&body).map_err(|refused| OrderFailure::bad_request(messages::FIELD_TOO_LARGE, refused))?;
        let service = body.service.clone().unwrap_or_else(|| state.service_name.clone());
        if !service.eq_ignore_ascii_case(&state.service_name) {
            return Err(OrderFailure::bad_request(
                messages::ORDER_PRODUCT_INVALID,
                format!("unknown service {}", limits::echo(&service)),
            ));
        }
        let catalogue = state.catalogue.products(&state.db, &state.service_name).await?;
        let mut chosen = Vec::with_capacity(body.product_ids.len());
        for id in &body.product_ids {
            match catalogue.get(id) {
                Some(p) if p.is_enabled && p.product_type != ProductType::Tag => chosen.push(p.clone()),
                _ => {
                    return Err(OrderFailure::bad_request(
                        messages::ORDER_PRODUCT_INVALID,
                        format!("product {id} is not for sale"),
                    ));
                }
            }
        }
        let new = orders::NewOrder {
            customer_id: token.customer_id(),
            service: state.service_name.clone(),
            session_id: body.session_id.clone(),
            utm_campaign: body.utm_campaign.clone(),
            meta,
            products: chosen,
        };
        Ok(Json(CreateOrderReply { id: state.order_queue.create(new).await? }))
    }

    /// The invoice of one of the customer's orders.
    ///
    /// `_` is an optional cache-busting timestamp. Answers 409 when points the order held ran out and
    /// another order then took or spent them.
    #[oai(path = "/orders/:id/invoice", method = "get", operation_id = "orderInvoice")]
    async fn invoice(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        id: Path<i64>,
        /// Cache-busting timestamp; ignored.
        #[oai(name = "_")]
        _cache_buster: Query<Option<String>>,
    ) -> Result<Json<InvoiceDto>, OrderFailure> {
        let invoice = shop_orders::invoice(&state.db, token.customer_id(), id.0).await?;
        Ok(Json(invoice.try_into()?))
    }

    /// Pay an order whose payable total is 0 (points and codes cover it), with no gateway.
    ///
    /// The order becomes `PAYMENT_SUCCESS`, its points are spent (`USED`) and its code captured.
    /// Calling it again for a paid order answers the same id.
    #[oai(path = "/orders/finalize-order", method = "post", operation_id = "finalizeOrder")]
    async fn finalize_order(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<OrderIdBody>,
    ) -> Result<Json<CreateOrderReply>, OrderFailure> {
        let id = shop_orders::finalize(&state.db, token.customer_id(), body.order_id).await?;
        Ok(Json(CreateOrderReply { id }))
    }

    /// The signed-in customer's orders, newest first (the orders history lists `PAYMENT_SUCCESS`).
    #[oai(path = "/orders", method = "get", operation_id = "listOrders")]
    async fn list_orders(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// Only orders now in this status, e.g. `PAYMENT_SUCCESS`.
        status: Query<Option<String>>,
    ) -> Result<Json<Vec<OrderSummaryDto>>, OrderFailure> {
        let listed = shop_orders::list(&state.db, token.customer_id(), status.0.as_deref()).await?;
        Ok(Json(
            listed
                .into_iter()
                .map(|listed| {
                    let invoice = InvoiceDto::try_from(listed.invoice)?;
                    Ok(OrderSummaryDto {
                        id: invoice.id,
                        created_at: invoice.created_at,
                        total_discount: invoice.total_discount,
                        total_final_price: invoice.total_final_price,
                        user_point_deduction: invoice.user_point_deduction,
                        total_price: invoice.total_price,
                        basket_items: invoice.basket_items,
                        order_statuses: listed
                            .statuses
                            .into_iter()
                            .map(|(status, created_at)| OrderStatusDto { status, created_at })
                            .collect(),
                        refunds: listed
                            .refunds
                            .into_iter()
                            .map(|p| {
                                Ok(OrderRefundDto {
                                    payment_id: p.id,
                                    amount: p.refund_toman(),
                                    status: p.state.try_into()?,
                                    updated_at: p.updated_at,
                                })
                            })
                            .collect::<anyhow::Result<_>>()?,
                    })
                })
                .collect::<anyhow::Result<_>>()?,
        ))
    }

    /// The signed-in customer's paid diet-programme orders with their `dietType`, newest first.
    #[oai(path = "/orders/profile-orders", method = "get", operation_id = "profileOrders")]
    async fn profile_orders(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<Vec<ProfileOrder>>, OrderFailure> {
        let found = shop_orders::profile_orders(&state.db, token.customer_id()).await?;
        Ok(Json(found.into_iter().map(|(order_id, diet_type)| ProfileOrder { order_id, diet_type }).collect()))
    }
}
