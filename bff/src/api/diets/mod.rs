//! The diet panel's reads: the active package the `/user-panel` guard and the can-buy-diet check decide
//! by (spec 1 §2, spec 3 §4), and the customer's physical info. Answers use the panel's `{ok, msg}`
//! envelope (spec 3 §7).
pub mod history;
pub mod reserves;

use poem::web::Data;
use poem_openapi::{
    Object, OpenApi,
    payload::{Form, Json},
};

use self::history::{
    AllDietsMsg, AllDietsReply, HamiMsg, HamiReply, HamiSummary, LastIssuedMsg, LastIssuedReply, StartDateFailure,
    StartDateForm, StartDateMsg, StartDateReply,
};
use super::{ApiTags, error::AreaFailure, security::CustomerToken, shop::error::CustomerCallFailure};
use crate::{
    domain::{catalogue::ProductType, diet_package, diet_start::StartDate},
    startup::AppState,
    store::{diet_requests, diet_team, diets, now_ms, orders},
};

/// The customer's current diet package and its status. Unknown fields are left out, as the schema says (not null).
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ActiveDiet {
    /// ACTIVE, CLOSE_TO_EXPIRE, EXPIRED, MID_TERM_EXPIRED, ISSUING, ANSWERING_QUESTIONS, SIB_DIET_ERROR,
    /// TRANSACTION_VERIFCATION_WATING, TRANSACTION_UNVERIFIED or TRANSACTION_WATING [DS-01…DS-11].
    pub status: String,
    /// The package's order; none when the customer never ordered a diet.
    pub order_id: Option<i64>,
    pub diet_number: Option<String>,
    pub is_ready: bool,
    /// Unknown until the diet has a start date.
    pub remain_days: Option<i64>,
    pub package_count: Option<i64>,
    pub current_diet_count: Option<i64>,
    /// The package holds diets still to be issued, so the customer continues it rather than buying a new one;
    /// none before a diet is issued [DS-22].
    pub can_extend: Option<bool>,
    /// No earlier diet [DS-14].
    pub very_first_time_user: bool,
}

#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
pub struct ActiveDietMsg {
    pub active_diet: ActiveDiet,
}

#[derive(Object, Debug)]
pub struct ActiveDietReply {
    pub ok: bool,
    pub msg: ActiveDietMsg,
}

/// The body figures of the customer's latest medical profile (spec 3 §7 "physicalinfo/general").
#[derive(Object, Debug, PartialEq)]
#[oai(skip_serializing_if_is_none)]
pub struct PhysicalInfo {
    /// FEMALE or MALE.
    pub gender: Option<String>,
    /// Whole years.
    pub age: Option<i64>,
    /// Kilograms.
    pub weight: Option<f64>,
    /// Centimetres.
    pub stature: Option<f64>,
}

/// Empty when the customer never sent a medical profile: the panel reads that as NO_DATA [DS-30].
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct PhysicalInfoMsg {
    pub physical_info: Option<PhysicalInfo>,
}

#[derive(Object, Debug)]
pub struct PhysicalInfoReply {
    pub ok: bool,
    pub msg: PhysicalInfoMsg,
}

impl PhysicalInfo {
    /// From a stored profile's `general` and `body` groups; None when it holds none of the figures.
    fn of_profile(profile: &serde_json::Value) -> Option<PhysicalInfo> {
        let info = PhysicalInfo {
            gender: profile["general"]["gender"].as_str().map(str::to_owned),
            age: profile["general"]["age"].as_i64(),
            weight: profile["body"]["weight"].as_f64(),
            stature: profile["body"]["stature"].as_f64(),
        };
        let empty = PhysicalInfo { gender: None, age: None, weight: None, stature: None };
        (info != empty).then_some(info)
    }
}

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
        let package = active_package(&state, &token).await?;
        let facts = package.facts;
        let diet = facts.diet;
        Ok(Json(ActiveDietReply {
            ok: true,
            msg: ActiveDietMsg {
                active_diet: ActiveDiet {
                    status: diet_package::status(&facts).as_str().to_owned(),
                    order_id: package.order_id,
                    diet_number: package.diet_number,
                    is_ready: diet.is_some_and(|d| d.is_ready),
                    remain_days: diet.and_then(|d| d.remain_days),
                    package_count: diet.and_then(|d| d.package_count),
                    current_diet_count: diet.map(|d| d.current_diet_count),
                    can_extend: diet.map(|d| d.package_count.is_some_and(|count| count > d.current_diet_count)),
                    very_first_time_user: package.very_first_time_user,
                },
            },
        }))
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
        let mentor = match package.order_id {
            None => None,
            Some(order_id) => {
                let read = async {
                    let mut tx = state.db.read().await?;
                    orders::find_for_customer(&mut tx, order_id, token.customer_id()).await
                };
                let order = read.await.map_err(|error| CustomerCallFailure::unexpected(&error))?;
                order.and_then(|o| {
                    o.items.into_iter().find(|item| ProductType::parse(&item.product_type) == Some(ProductType::Mentor))
                })
            }
        };
        let hami = HamiSummary {
            has_hami: mentor.is_some(),
            order_id: mentor.as_ref().and(package.order_id),
            title: mentor.map(|item| item.title),
        };
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
        let profile = diet_requests::latest_profile(&state.db, token.customer_id())
            .await
            .map_err(|error| CustomerCallFailure::unexpected(&error))?;
        let physical_info = profile.as_ref().and_then(PhysicalInfo::of_profile);
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::PhysicalInfo;

    #[test]
    fn physical_info_takes_the_profiles_general_and_body_figures() {
        let profile = json!({"general": {"gender": "FEMALE", "age": 34, "marital": "SINGLE"},
                             "body": {"weight": 72.5, "stature": 165}});
        let expected =
            PhysicalInfo { gender: Some("FEMALE".into()), age: Some(34), weight: Some(72.5), stature: Some(165.0) };
        assert_eq!(PhysicalInfo::of_profile(&profile), Some(expected));
    }

    #[test]
    fn a_profile_without_any_figure_is_no_physical_info() {
        assert_eq!(PhysicalInfo::of_profile(&json!({"general": {"marital": "SINGLE"}, "special": {}})), None);
    }
}
