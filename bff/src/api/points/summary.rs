//! The panel's points summary (spec 1 §7, spec 3 §3 "Referral": points), in the panel's `{ok, msg}` envelope.
use poem::web::Data;
use poem_openapi::{Object, OpenApi, payload::Json};

use super::dto::PointsAmount;
use crate::{
    api::{
        ApiTags,
        error::{AreaFailure, CustomerCallFailure},
        security::CustomerToken,
    },
    shop::points::{self, point_value},
    state::AppState,
    store::{demo::CURRENCY, points::Movement},
};

/// One movement of the customer's points.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PointsMovement {
    /// Positive for points given, negative for points spent on an order.
    pub points: i64,
    /// Why the points were given.
    pub reason: Option<String>,
    /// The paid order the points were spent on.
    pub order_id: Option<i64>,
    /// Epoch ms.
    pub at: i64,
}

impl From<Movement> for PointsMovement {
    fn from(m: Movement) -> Self {
        PointsMovement { points: m.points, reason: m.reason, order_id: m.order_id, at: m.at }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct PointsSummary {
    /// Points free to use: earned − spent − held.
    pub points: PointsAmount,
    /// Points held by an order awaiting payment.
    pub reserved_points: PointsAmount,
    /// Every point ever given.
    pub earned_points: i64,
    /// Every point spent on paid orders.
    pub spent_points: i64,
    /// Toman per point.
    pub point_value: i64,
    pub currency: String,
    /// The newest 20 movements, newest first.
    pub history: Vec<PointsMovement>,
}

#[derive(Object, Debug)]
pub struct PointsSummaryReply {
    pub ok: bool,
    pub msg: PointsSummary,
}

pub struct PointsSummaryApi;

#[OpenApi(tag = "ApiTags::Points")]
impl PointsSummaryApi {
    /// The signed-in customer's points: the balance and what was earned and spent [DS-29].
    #[oai(path = "/app/points/summary", method = "get", operation_id = "pointsSummary")]
    async fn summary(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<PointsSummaryReply>, CustomerCallFailure> {
        let summary =
            points::summary(&state.db, token.customer_id()).await.map_err(|e| CustomerCallFailure::unexpected(&e))?;
        let value = point_value(&state.points);
        Ok(Json(PointsSummaryReply {
            ok: true,
            msg: PointsSummary {
                points: PointsAmount::of(summary.balance.free, value),
                reserved_points: PointsAmount::of(summary.balance.held, value),
                earned_points: summary.earned,
                spent_points: summary.spent,
                point_value: value.get(),
                currency: CURRENCY.to_owned(),
                history: summary.recent.into_iter().map(Into::into).collect(),
            },
        }))
    }
}
