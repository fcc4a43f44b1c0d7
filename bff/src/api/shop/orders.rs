//! Orders and their invoice. Every amount is computed here from the database, in integer toman.
use poem::web::Data;
use poem_openapi::{ApiResponse, Object, OpenApi, param::Path, payload::Json};
use serde_json::Value;

use crate::{
    api::{ApiTags, error::ErrorEnvelope, security::CustomerToken},
    domain::{
        Toman,
        catalogue::ProductType,
        invoice::{self, discount_percent},
    },
    messages,
    startup::AppState,
    store::{orders, products},
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
    /// Kept with the order: `SPV` (C or F), `configId`, `selectCOrFTest`.
    pub meta: Option<Value>,
}

#[derive(Object, Debug)]
pub struct CreateOrderReply {
    pub id: i64,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct BasketItemDto {
    pub id: i64,
    pub order_id: i64,
    pub product_id: i64,
    pub title: String,
    pub subtitle: Option<String>,
    pub subtitle2: Option<String>,
    /// Price before discounts, toman.
    pub original_price: i64,
    /// Price after discounts, toman.
    pub final_price: i64,
    /// Same as `finalPrice`.
    pub price: i64,
    pub currency: String,
    pub product_type: ProductType,
    pub meta: Value,
    pub user_point_deduction: i64,
    /// The red note: 100 − ceil(final ÷ original × 100); absent when the prices are equal.
    pub discount_percent: Option<i64>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct InvoiceDto {
    pub id: i64,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub status: String,
    pub basket_items: Vec<BasketItemDto>,
    pub total_original_price: i64,
    pub total_final_price: i64,
    pub total_discount: i64,
    /// Payable: `totalFinalPrice − userPointDeduction`.
    pub total_price: i64,
    pub user_point_deduction: i64,
}

/// Failures of the order calls.
#[derive(ApiResponse, Debug)]
#[oai(bad_request_handler = "order_bad_request")]
pub enum OrderFailure {
    /// No products, too many, or a product that is unknown, disabled, of another service or not for sale.
    #[oai(status = 400)]
    BadRequest(Json<ErrorEnvelope>),
    /// Missing or invalid bearer token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorEnvelope>),
    /// No such order for this customer.
    #[oai(status = 404)]
    NotFound(Json<ErrorEnvelope>),
    #[oai(status = 500)]
    Internal(Json<ErrorEnvelope>),
}

fn order_bad_request(error: poem::Error) -> OrderFailure {
    bad_request(messages::BAD_REQUEST, error.to_string())
}

fn bad_request(message: &str, detail: String) -> OrderFailure {
    OrderFailure::BadRequest(Json(ErrorEnvelope::new("400", message, vec![detail])))
}

impl From<anyhow::Error> for OrderFailure {
    fn from(error: anyhow::Error) -> Self {
        OrderFailure::Internal(Json(ErrorEnvelope::internal(&error)))
    }
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
        if body.product_ids.is_empty() {
            return Err(bad_request(messages::ORDER_EMPTY, "productIds is empty".into()));
        }
        if body.product_ids.len() > MAX_ITEMS {
            return Err(bad_request(messages::ORDER_PRODUCT_INVALID, format!("at most {MAX_ITEMS} products")));
        }
        let service = body.service.clone().unwrap_or_else(|| state.service_name.clone());
        if !service.eq_ignore_ascii_case(&state.service_name) {
            return Err(bad_request(messages::ORDER_PRODUCT_INVALID, format!("unknown service {service}")));
        }
        let catalogue = products::list_by_service(&state.db, &state.service_name).await?;
        let mut chosen = Vec::with_capacity(body.product_ids.len());
        for id in &body.product_ids {
            match catalogue.iter().find(|p| p.id == *id) {
                Some(p) if p.is_enabled && p.product_type != ProductType::Tag => chosen.push(p.clone()),
                _ => return Err(bad_request(messages::ORDER_PRODUCT_INVALID, format!("product {id} is not for sale"))),
            }
        }
        let meta = body.meta.as_ref().map_or_else(|| "{}".to_owned(), Value::to_string);
        let new = orders::NewOrder {
            customer_id: token.customer_id(),
            service: &state.service_name,
            session_id: body.session_id.as_deref(),
            utm_campaign: body.utm_campaign.as_deref(),
            meta: &meta,
            products: &chosen,
        };
        Ok(Json(CreateOrderReply { id: orders::create(&state.db, new).await? }))
    }

    /// The invoice of one of the customer's orders.
    #[oai(path = "/orders/:id/invoice", method = "get", operation_id = "orderInvoice")]
    async fn invoice(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        id: Path<i64>,
    ) -> Result<Json<InvoiceDto>, OrderFailure> {
        let not_found = || OrderFailure::NotFound(Json(ErrorEnvelope::new("404", messages::ORDER_NOT_FOUND, vec![])));
        let order = orders::find_for_customer(&state.db, id.0, token.customer_id()).await?.ok_or_else(not_found)?;
        let lines = order.items.iter().map(orders::BasketItemRow::amounts).collect::<anyhow::Result<Vec<_>>>()?;
        let totals = invoice::totals(&lines).map_err(anyhow::Error::from)?;
        let basket_items = order
            .items
            .into_iter()
            .zip(&lines)
            .map(|(item, line)| BasketItemDto {
                id: item.basket_item_id,
                order_id: order.id,
                product_id: item.product_id,
                product_type: ProductType::parse(&item.product_type).unwrap_or(ProductType::Diet),
                meta: serde_json::from_str(&item.meta).unwrap_or(Value::Null),
                discount_percent: discount_percent(line.original, line.final_price),
                original_price: item.original_price,
                final_price: item.final_price,
                price: item.final_price,
                user_point_deduction: item.user_point_deduction,
                title: item.title,
                subtitle: item.subtitle,
                subtitle2: item.subtitle2,
                currency: item.currency,
            })
            .collect();
        let toman = Toman::get;
        Ok(Json(InvoiceDto {
            id: order.id,
            created_at: order.created_at,
            status: order.status,
            basket_items,
            total_original_price: toman(totals.total_original),
            total_final_price: toman(totals.total_final),
            total_discount: toman(totals.total_discount),
            total_price: toman(totals.payable),
            user_point_deduction: toman(totals.points),
        }))
    }
}
