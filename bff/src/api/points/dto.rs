use poem_openapi::Object;

use crate::{
    api::shop::invoice::InvoiceDto,
    domain::{Toman, points::HoldStatus},
    store::points::Hold,
};

/// A number of points and their value in toman.
#[derive(Object, Debug, Clone, PartialEq, Eq)]
#[oai(rename_all = "camelCase")]
pub struct PointsAmount {
    pub count: i64,
    pub monetary_value: i64,
}

impl PointsAmount {
    pub fn of(count: i64, point_value: Toman) -> Self {
        PointsAmount { count, monetary_value: count.saturating_mul(point_value.get()) }
    }
}

/// Points held on an order.
#[derive(Object, Debug, Clone)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct UserPointDto {
    /// Kept on the device as `userPointId`.
    pub id: i64,
    pub order_id: Option<i64>,
    pub status: HoldStatus,
    pub count: i64,
    /// Toman the order's lines take off.
    pub monetary_value: i64,
    /// Epoch ms after which the points are free again.
    pub expires_at: Option<i64>,
}

impl From<Hold> for UserPointDto {
    fn from(hold: Hold) -> Self {
        UserPointDto {
            id: hold.id,
            order_id: Some(hold.order_id),
            status: hold.status,
            count: hold.points,
            monetary_value: hold.amount,
            expires_at: Some(hold.expires_at),
        }
    }
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct TotalPointsReply {
    /// Points free to use: granted − spent − held.
    pub un_used_points: PointsAmount,
    /// Points held by live holds.
    pub reserved_points: PointsAmount,
    /// Toman per point.
    pub default_point_value: i64,
    pub currency: String,
    /// The live holds (at most one).
    pub user_points: Vec<UserPointDto>,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct UserPointReply {
    pub user_point: UserPointDto,
    pub invoice: InvoiceDto,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ReservedPointsReply {
    pub user_points: Vec<UserPointDto>,
    pub invoice: InvoiceDto,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct CanceledPointsReply {
    pub order_invoice: InvoiceDto,
}
