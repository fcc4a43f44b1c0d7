//! The medical team's diet tools over HTTP: list diets, number an order's diet, mark it written, set its start,
//! close it, and read its recorded changes. Behind a bearer token of its own (`STAFF_API_TOKEN`; every call is
//! refused when unset); the `diets` command of the binary does the same through the same functions.
pub mod dto;
pub mod error;

use poem::web::Data;
use poem_openapi::{
    OpenApi,
    param::{Path, Query},
    payload::Json,
};

use self::{
    dto::{DietChange, DietChangeList, IssueDietRequest, StaffDiet, StaffDietList, TeamActor, TeamStartRequest},
    error::StaffDietsFailure,
};
use super::{ApiTags, security::StaffToken};
use crate::{
    diet_team::{self, TeamInputError},
    domain::diet_start::StartDate,
    state::AppState,
    store::{
        diet_team::{self as store, Issue},
        now_ms,
    },
};

pub struct StaffDietsApi;

#[OpenApi(prefix_path = "/lemonade/api/staff/diets", tag = "ApiTags::StaffDiets")]
impl StaffDietsApi {
    /// Diets, newest first (at most 200): everyone's, or those of the customer with this mobile
    /// (`09121234567`, `+989121234567` …).
    #[oai(path = "/", method = "get", operation_id = "staffListDiets")]
    async fn list(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        mobile: Query<Option<String>>,
    ) -> Result<Json<StaffDietList>, StaffDietsFailure> {
        let mobile = mobile.0.as_deref().map(diet_team::stored_mobile);
        let diets = store::list(&state.db, mobile.as_deref()).await?;
        Ok(Json(StaffDietList { diets: diets.into_iter().map(Into::into).collect() }))
    }

    /// Numbers a paid diet order's diet (not written yet: ISSUING). The same numbering again changes
    /// nothing; a diet not written yet takes the new number; a written one is a 409.
    #[oai(path = "/issue", method = "post", operation_id = "staffIssueDiet")]
    async fn issue(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        body: Json<IssueDietRequest>,
    ) -> Result<Json<StaffDiet>, StaffDietsFailure> {
        let by = diet_team::actor(&body.by)?;
        let issue = diet_team::checked_issue(Issue {
            order_id: body.order_id,
            diet_number: &body.diet_number,
            days: body.days,
            package_count: body.package_count,
            slot: body.slot.unwrap_or(1),
        })?;
        Ok(Json(store::issue(&state.db, &issue, by).await?.into()))
    }

    /// The diet is written: the customer sees it. Again changes nothing.
    #[oai(path = "/:dietId/ready", method = "post", operation_id = "staffDietReady")]
    async fn ready(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "dietId")] diet_id: Path<i64>,
        body: Json<TeamActor>,
    ) -> Result<Json<StaffDiet>, StaffDietsFailure> {
        let by = diet_team::actor(&body.by)?;
        Ok(Json(store::mark_ready(&state.db, diet_id.0, by).await?.into()))
    }

    /// Sets or moves the diet's start.
    #[oai(path = "/:dietId/start", method = "post", operation_id = "staffDietStart")]
    async fn start(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "dietId")] diet_id: Path<i64>,
        body: Json<TeamStartRequest>,
    ) -> Result<Json<StaffDiet>, StaffDietsFailure> {
        let by = diet_team::actor(&body.by)?;
        let starts_at = StartDate::for_team(&body.start_date, now_ms()).map_err(TeamInputError::from)?;
        Ok(Json(store::set_start(&state.db, diet_id.0, starts_at.epoch_ms(), by).await?.into()))
    }

    /// Closes the diet now: the package reads EXPIRED. Again changes nothing.
    #[oai(path = "/:dietId/expire", method = "post", operation_id = "staffDietExpire")]
    async fn expire(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "dietId")] diet_id: Path<i64>,
        body: Json<TeamActor>,
    ) -> Result<Json<StaffDiet>, StaffDietsFailure> {
        let by = diet_team::actor(&body.by)?;
        Ok(Json(store::expire(&state.db, diet_id.0, by).await?.into()))
    }

    /// The diet's recorded changes, oldest first.
    #[oai(path = "/:dietId/changes", method = "get", operation_id = "staffDietChanges")]
    async fn changes(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "dietId")] diet_id: Path<i64>,
    ) -> Result<Json<DietChangeList>, StaffDietsFailure> {
        let changes = store::audit(&state.db, diet_id.0).await?;
        Ok(Json(DietChangeList {
            changes: changes
                .into_iter()
                .map(|(action, by, detail, at)| DietChange { action, by, detail, at })
                .collect(),
        }))
    }
}
