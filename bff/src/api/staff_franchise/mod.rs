//! The team's franchise tools over HTTP: grant and revoke a customer's membership by mobile number, and read it
//! with who changed it when. Behind the staff token (`STAFF_API_TOKEN`) like the diet tools; the
//! `bff franchise grant|revoke` command calls the same functions.
pub mod dto;
pub mod error;

use poem::web::Data;
use poem_openapi::{OpenApi, param::Query, payload::Json};

use self::{
    dto::{MembershipRequest, StaffMembership},
    error::StaffFranchiseFailure,
};
use super::{ApiTags, security::StaffToken};
use crate::{
    domain::{MobileNumber, mobile_number::IRAN},
    franchise::{self, TeamInputError, team_actor, team_mobile},
    state::AppState,
};

type StaffResult = Result<Json<StaffMembership>, StaffFranchiseFailure>;

pub struct StaffFranchiseApi;

#[OpenApi(prefix_path = "/lemonade/api/staff/franchise", tag = "ApiTags::StaffFranchise")]
impl StaffFranchiseApi {
    /// Makes the customer a franchise member: they get a referral code and the panel's franchise page. Granting
    /// an active member again changes nothing; a revoked member granted again gets their old code back.
    #[oai(path = "/grant", method = "post", operation_id = "staffGrantFranchise")]
    async fn grant(&self, state: Data<&AppState>, _token: StaffToken, body: Json<MembershipRequest>) -> StaffResult {
        let (mobile, by) = request_input(&body)?;
        franchise::grant(&state.db, &mobile, by).await?;
        read(&state, &mobile).await
    }

    /// Ends the customer's membership: their franchise calls answer NOT_FRANCHIZER and their code invites no one
    /// new. Their invitations stay.
    #[oai(path = "/revoke", method = "post", operation_id = "staffRevokeFranchise")]
    async fn revoke(&self, state: Data<&AppState>, _token: StaffToken, body: Json<MembershipRequest>) -> StaffResult {
        let (mobile, by) = request_input(&body)?;
        franchise::revoke(&state.db, &mobile, by).await?;
        read(&state, &mobile).await
    }

    /// The customer's membership, active or revoked, with who granted and revoked it when.
    #[oai(path = "/member", method = "get", operation_id = "staffFranchiseMember")]
    async fn member(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "mobileNumber")] mobile_number: Query<String>,
        #[oai(name = "countryId")] country_id: Query<Option<i64>>,
    ) -> StaffResult {
        let mobile = team_mobile(&mobile_number, country_id.unwrap_or(IRAN))?;
        read(&state, &mobile).await
    }
}

fn request_input(body: &MembershipRequest) -> Result<(MobileNumber, &str), TeamInputError> {
    Ok((team_mobile(&body.mobile_number, body.country_id.unwrap_or(IRAN))?, team_actor(&body.by)?))
}

async fn read(state: &AppState, mobile: &MobileNumber) -> StaffResult {
    Ok(Json(StaffMembership::new(mobile, franchise::membership(&state.db, mobile).await?)))
}
