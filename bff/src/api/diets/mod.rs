//! The diet panel's reads; for now the active package the `/user-panel` guard and the can-buy-diet
//! check decide by (spec 1 §2, spec 3 §4). Answers use the panel's `{ok, msg}` envelope (spec 3 §7).
pub mod reserves;

use poem::web::Data;
use poem_openapi::{Object, OpenApi, payload::Json};

use super::{ApiTags, error::AreaFailure, security::CustomerToken, shop::error::CustomerCallFailure};
use crate::{
    domain::diet_package,
    startup::AppState,
    store::{diets, now_ms},
};

/// The customer's current diet package and its status.
#[derive(Object, Debug)]
#[oai(rename_all = "camelCase")]
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
                    very_first_time_user: package.very_first_time_user,
                },
            },
        }))
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
