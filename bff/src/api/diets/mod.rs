//! The diet panel's reads: the active package the `/user-panel` guard and the can-buy-diet check decide
//! by (spec 1 §2, spec 3 §4), and the customer's physical info. Answers use the panel's `{ok, msg}`
//! envelope (spec 3 §7).
pub mod dto;
pub mod error;
pub mod reserves;

use poem::web::Data;
use poem_openapi::{
    OpenApi,
    payload::{Form, Json},
};

use self::{
    dto::{
        ActiveDiet, ActiveDietMsg, ActiveDietReply, AllDietsMsg, AllDietsReply, HamiMsg, HamiReply, HamiSummary,
        LastIssuedMsg, LastIssuedReply, PhysicalInfo, PhysicalInfoMsg, PhysicalInfoReply, StartDateForm, StartDateMsg,
        StartDateReply,
    },
    error::StartDateFailure,
};
use super::{
    ApiTags,
    error::{AreaFailure, CustomerCallFailure},
    security::CustomerToken,
};
use crate::{
    domain::diet_start::StartDate,
    state::AppState,
    store::{diet_requests, diet_team, diets, form_answers, now_ms, orders},
};

pub struct DietsApi;

#[OpenApi(tag = "ApiTags::Diets")]
impl DietsApi {
    /// The signed-in customer's active diet package: the paid diet order if any, else the latest one; a
    /// customer without a diet order gets `TRANSACTION_WATING`.
    #[oai(path = "/app/diets/active", method = "get", operation_id = "activeDiet")]
    async fn active(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<ActiveDietReply>, CustomerCallFailure> {
        let (package, payment) = diets::active_package_with_payment(&state.db, token.customer_id(), now_ms())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(ActiveDietReply { ok: true, msg: ActiveDietMsg { active_diet: ActiveDiet::of(package, payment) } }))
    }

    /// Every diet issued to the signed-in customer, the most recent referral (`referTimes`) first [DS-24].
    #[oai(path = "/app/diets/all", method = "get", operation_id = "allDiets")]
    async fn all(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<AllDietsReply>, CustomerCallFailure> {
        let diets = diets::customer_diets(&state.db, token.customer_id(), now_ms())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(AllDietsReply {
            ok: true,
            msg: AllDietsMsg { all_diets: diets.into_iter().map(Into::into).collect() },
        }))
    }

    /// The diet issued to the signed-in customer most recently; an empty `msg` when none was.
    #[oai(path = "/app/diet/user/last-issued", method = "get", operation_id = "lastIssuedDiet")]
    async fn last_issued(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<LastIssuedReply>, CustomerCallFailure> {
        let diets = diets::customer_diets(&state.db, token.customer_id(), now_ms())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        let diet = diets.into_iter().next().map(Into::into);
        Ok(Json(LastIssuedReply { ok: true, msg: LastIssuedMsg { diet } }))
    }

    /// Whether the signed-in customer's active package came with the mentor (hami) add-on.
    #[oai(path = "/app/hami/summary", method = "get", operation_id = "hamiSummary")]
    async fn hami(&self, state: Data<&AppState>, token: CustomerToken) -> Result<Json<HamiReply>, CustomerCallFailure> {
        let package = active_package(&state, &token).await?;
        let items = match package.order_id {
            None => Vec::new(),
            Some(order_id) => {
                let read = async {
                    let mut tx = state.db.read().await?;
                    orders::find_for_customer(&mut tx, order_id, token.customer_id()).await
                };
                let order = read.await.map_err(|error| CustomerCallFailure::unexpected(&error))?;
                order.map(|o| o.items).unwrap_or_default()
            }
        };
        let hami = HamiSummary::of(package.order_id, items).map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(HamiReply { ok: true, msg: HamiMsg { hami } }))
    }

    /// Sets or moves the start of one of the signed-in customer's diets (form `id`, `startDate`) [DS-27]. Another
    /// customer's diet is a 404; a date before today or more than 60 days ahead a 400; a diet the team closed, one
    /// that has run more than 7 days, or a fourth move by the customer a 409 (the medical team can still move it).
    #[oai(path = "/app/diets/startdate", method = "post", operation_id = "setDietStartDate")]
    async fn start_date(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        form: Form<StartDateForm>,
    ) -> Result<Json<StartDateReply>, StartDateFailure> {
        let now = now_ms();
        let starts_at = StartDate::for_customer(&form.start_date, now)?.epoch_ms();
        let customer_id = token.customer_id();
        diet_team::customer_move_start(&state.db, form.id, customer_id, starts_at, now).await?;
        let diets = diets::customer_diets(&state.db, customer_id, now).await?;
        let diet = diets.into_iter().find(|d| d.id == form.id).ok_or_else(|| anyhow::anyhow!("the diet just moved"))?;
        Ok(Json(StartDateReply { ok: true, msg: StartDateMsg { diet: diet.into() } }))
    }

    /// The signed-in customer's physical info from their latest medical profile; an empty `msg` when they
    /// never sent one.
    #[oai(path = "/app/physicalinfo/general", method = "get", operation_id = "physicalInfo")]
    async fn physical_info(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
    ) -> Result<Json<PhysicalInfoReply>, CustomerCallFailure> {
        let read = async {
            let Some(profile) = diet_requests::latest_profile(&state.db, token.customer_id()).await? else {
                return Ok(None);
            };
            let own_goal = form_answers::latest_goal_weight(&state.db, token.customer_id()).await?;
            anyhow::Ok(PhysicalInfo::of_profile(&profile, own_goal))
        };
        let physical_info = read.await.map_err(|error| CustomerCallFailure::unexpected(&error))?;
        Ok(Json(PhysicalInfoReply { ok: true, msg: PhysicalInfoMsg { physical_info } }))
    }
}

/// The customer's package as of now; a store failure is the generic 500.
pub async fn active_package(
    state: &AppState,
    token: &CustomerToken,
) -> Result<diets::ActivePackage, CustomerCallFailure> {
    diets::active_package(&state.db, token.customer_id(), now_ms())
        .await
        .map_err(|error| CustomerCallFailure::unexpected(&error))
}
