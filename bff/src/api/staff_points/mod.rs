//! The team's points tool over HTTP: give a customer points by mobile number (a goodwill gift, a correction, the
//! customer a tester prepares on a shared staging), recorded with who gave them and why, as the customer's points
//! history shows them. Behind the staff token (`STAFF_API_TOKEN`) like the team's other tools.
pub mod dto;
pub mod error;

use poem::web::Data;
use poem_openapi::{OpenApi, payload::Json};

use self::{
    dto::{PointsGrantRequest, StaffPointsGrant},
    error::StaffPointsFailure,
};
use super::{ApiTags, security::StaffToken};
use crate::{
    domain::{
        mobile_number::IRAN,
        points::{GrantReason, GrantedPoints},
    },
    franchise::{team_actor, team_mobile},
    shop::points,
    state::AppState,
};

pub struct StaffPointsApi;

#[OpenApi(prefix_path = "/lemonade/api/staff/points", tag = "ApiTags::StaffPoints")]
impl StaffPointsApi {
    /// Gives the customer with this mobile number `points` more points (1 to 1,000,000), recorded as
    /// "`by`: `reason`"; answers the customer and the points they may now use.
    #[oai(path = "/grant", method = "post", operation_id = "staffGrantPoints")]
    async fn grant(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        body: Json<PointsGrantRequest>,
    ) -> Result<Json<StaffPointsGrant>, StaffPointsFailure> {
        let mobile = team_mobile(&body.mobile_number, body.country_id.unwrap_or(IRAN))?;
        let by = team_actor(&body.by)?;
        let granted = GrantedPoints::new(body.points)?;
        let reason = GrantReason::new(by, &body.reason)?;
        let given = points::give(&state.db, &mobile, granted, &reason).await?;
        Ok(Json(StaffPointsGrant { customer_id: given.customer_id, points: granted.get(), free_points: given.free }))
    }
}
