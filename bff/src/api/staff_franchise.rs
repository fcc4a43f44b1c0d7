//! The team's franchise tools over HTTP: grant and revoke a customer's membership by mobile number, and read it
//! with who changed it when. Behind the staff token (`STAFF_API_TOKEN`) like the diet tools; the
//! `bff franchise grant|revoke` command calls the same functions.
use poem::web::Data;
use poem_openapi::{Object, OpenApi, param::Query, payload::Json};

use super::{
    ApiTags,
    auth::error::describe,
    error::{AreaFailure, area_failure},
    security::StaffToken,
};
use crate::{
    domain::{MobileNumber, franchise::MembershipAction, mobile_number::IRAN},
    franchise::{self, FranchiseError, TeamInputError, team_actor, team_mobile},
    messages,
    state::AppState,
    store::franchise::Membership,
};

/// The code of the failure when the customer is no member, as the panel's franchise calls answer it.
const NOT_FRANCHIZER: &str = super::franchise::error::NOT_FRANCHIZER;

area_failure! {
    /// Failures of the team's franchise calls; `err.code` is the HTTP status as text, or `NOT_FRANCHIZER`.
    pub enum StaffFranchiseFailure(handler = "StaffFranchiseFailure::malformed") {
        /// The mobile number or its country is not valid, `by` is empty or too long, or the body is malformed.
        400 => BadRequest,
        /// Missing or wrong staff token (`STAFF_API_TOKEN`), or the staff API not configured.
        401 => Unauthorized,
        /// No customer has this mobile number, or (`NOT_FRANCHIZER`) the customer is not an active member to
        /// revoke, or was never a member to read.
        404 => NotFound,
        500 => Internal,
    }
}

impl From<FranchiseError> for StaffFranchiseFailure {
    fn from(error: FranchiseError) -> Self {
        let detail = error.to_string();
        match error {
            FranchiseError::UnknownCustomer => Self::status(404, messages::STAFF_CUSTOMER_NOT_FOUND, detail),
            FranchiseError::NotFranchizer => {
                Self::named(404, NOT_FRANCHIZER, messages::STAFF_NOT_FRANCHIZER, vec![detail])
            }
            FranchiseError::Unexpected(error) => Self::unexpected(&error),
        }
    }
}

impl From<TeamInputError> for StaffFranchiseFailure {
    fn from(error: TeamInputError) -> Self {
        match &error {
            TeamInputError::Actor => Self::bad_request(messages::STAFF_ACTOR_MISSING, error),
            TeamInputError::Mobile(auth) => Self::bad_request(&describe(auth).1, error),
        }
    }
}

/// Grant or revoke the membership of the customer with this mobile number.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct MembershipRequest {
    /// As the customer types it: Persian digits and 0 / 98 / +98 prefixes are accepted.
    pub mobile_number: String,
    /// Country id of the number; default 1 (Iran).
    pub country_id: Option<i64>,
    /// Who grants or revokes it, recorded with the change.
    pub by: String,
}

/// One recorded grant or revoke.
#[derive(Object, Debug)]
pub struct MembershipChangeItem {
    pub action: MembershipAction,
    /// The team member who made it.
    pub by: String,
    /// Epoch milliseconds.
    pub at: i64,
}

/// A customer's franchise membership as the team sees it.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct StaffMembership {
    pub mobile_number: String,
    /// The member's code; a member granted again keeps it.
    pub referral_code: String,
    /// False once revoked.
    pub active: bool,
    /// Newest first, at most 100.
    pub changes: Vec<MembershipChangeItem>,
}

impl StaffMembership {
    fn new(mobile: &MobileNumber, membership: Membership) -> Self {
        StaffMembership {
            mobile_number: mobile.display(),
            referral_code: membership.referral_code.to_string(),
            active: membership.active,
            changes: membership
                .changes
                .into_iter()
                .map(|c| MembershipChangeItem { action: c.action, by: c.by, at: c.at })
                .collect(),
        }
    }
}

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
