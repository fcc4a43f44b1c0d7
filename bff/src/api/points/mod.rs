//! Customer points: the balance, holding points on an order and releasing them.
use poem::web::Data;
use poem_openapi::{ApiResponse, OpenApi, param::Query, payload::Json};

pub mod dto;
pub mod error;
pub mod summary;

use self::{
    dto::{CanceledPointsReply, PointsAmount, ReservedPointsReply, TotalPointsReply, UserPointDto, UserPointReply},
    error::PointsFailure,
};
use super::{ApiTags, security::CustomerToken, shop::orders::OrderIdBody};
use crate::{
    shop::points::{self, HoldMode, PointsError, point_value},
    state::AppState,
    store::demo::CURRENCY,
};

#[derive(ApiResponse)]
pub enum TotalPointsResponse {
    /// The customer's points; never cached.
    #[oai(status = 200)]
    Ok(Json<TotalPointsReply>, #[oai(header = "Cache-Control")] String),
}

pub struct PointsApi;

#[OpenApi(prefix_path = "/lemonade/api/userPoints", tag = "ApiTags::Points")]
impl PointsApi {
    /// The signed-in customer's points: free, held, their value and the live holds.
    #[oai(path = "/totalPoints", method = "get", operation_id = "totalPoints")]
    async fn total_points(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        /// Cache-busting timestamp; ignored.
        #[oai(name = "_")]
        _cache_buster: Query<Option<String>>,
    ) -> Result<TotalPointsResponse, PointsFailure> {
        let balance = points::balance(&state.db, token.customer_id()).await?;
        let value = point_value(&state.points);
        let reply = TotalPointsReply {
            un_used_points: PointsAmount::of(balance.free, value),
            reserved_points: PointsAmount::of(balance.held, value),
            default_point_value: value.get(),
            currency: CURRENCY.to_owned(),
            user_points: balance.holds.into_iter().map(UserPointDto::from).collect(),
        };
        Ok(TotalPointsResponse::Ok(Json(reply), "no-store".to_owned()))
    }

    /// Switch points on for an order: holds as many as its lines allow (status `ADDED_TO_ORDER`) for
    /// the hold time. Asking again for the same order answers the same hold.
    #[oai(path = "/set", method = "post", operation_id = "setUserPoints")]
    async fn set(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<OrderIdBody>,
    ) -> Result<Json<UserPointReply>, PointsFailure> {
        let (hold, invoice) =
            points::hold(&state.db, &state.points, token.customer_id(), body.order_id, HoldMode::AddToOrder).await?;
        Ok(Json(UserPointReply { user_point: hold.into(), invoice: invoice.try_into()? }))
    }

    /// Switch points off for an order (status `CANCELED`); refused while they are `RESERVED`.
    #[oai(path = "/unset", method = "post", operation_id = "unsetUserPoints")]
    async fn unset(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<OrderIdBody>,
    ) -> Result<Json<UserPointReply>, PointsFailure> {
        let (released, invoice) = points::release(&state.db, token.customer_id(), body.order_id).await?;
        let hold = released.ok_or(PointsError::NoPointsOnOrder)?;
        Ok(Json(UserPointReply { user_point: hold.into(), invoice: invoice.try_into()? }))
    }

    /// Older variant: hold points on an order as `RESERVED` (locks an `ADDED_TO_ORDER` hold of the same order).
    #[oai(path = "/reserve", method = "post", operation_id = "reserveUserPoints")]
    async fn reserve(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<OrderIdBody>,
    ) -> Result<Json<ReservedPointsReply>, PointsFailure> {
        let (hold, invoice) =
            points::hold(&state.db, &state.points, token.customer_id(), body.order_id, HoldMode::Reserve).await?;
        Ok(Json(ReservedPointsReply { user_points: vec![hold.into()], invoice: invoice.try_into()? }))
    }

    /// Older variant: release the order's points and answer its invoice; refused while they are `RESERVED`.
    #[oai(path = "/cancel/", method = "post", operation_id = "cancelUserPoints")]
    async fn cancel(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        #[oai(name = "orderId")] order_id: Query<i64>,
    ) -> Result<Json<CanceledPointsReply>, PointsFailure> {
        let (_, invoice) = points::release(&state.db, token.customer_id(), order_id.0).await?;
        Ok(Json(CanceledPointsReply { order_invoice: invoice.try_into()? }))
    }
}
