//! The good-looking perfect-body landing (spec 3 §4, §7): a registration gives a referral, the result call turns
//! the referral into the body result [RS-22…RS-29].
use poem::{Request, web::Data};
use poem_openapi::{OpenApi, payload::Json};

use super::{
    dto::{PerfectBodyReply, RegistrationForm, RegistrationReply, ResultForm},
    error::PerfectBodyFailure,
};
use crate::{
    api::{ApiTags, security::admit},
    domain::perfect_body::{Gender, PerfectBodyResult, Registration},
    state::AppState,
    store::perfect_body::{self, RegistrationRow},
    throttle::Kind,
};

pub struct PerfectBodyApi;

#[OpenApi(prefix_path = "/landing/perfectbody", tag = "ApiTags::Forms")]
impl PerfectBodyApi {
    /// Register the good-looking answers; answers the referral of the result.
    ///
    /// `year` may be the age range itself (`20Year` … `50Year`): it stands for 1401 minus 22, 35, 45 or 55.
    #[oai(path = "/registrationt2", method = "post", operation_id = "perfectBodyRegistration")]
    async fn registration(
        &self,
        state: Data<&AppState>,
        req: &Request,
        form: RegistrationForm,
    ) -> Result<Json<RegistrationReply>, PerfectBodyFailure> {
        admit(req, &state, Kind::NewRecords)?;
        let registration = Registration::parse(&form.into())?;
        let row = RegistrationRow {
            gender: registration.gender.as_str().to_owned(),
            birth_day: registration.day.into(),
            birth_month: registration.month.into(),
            birth_year: registration.year.into(),
            weight_kg: registration.weight_kg,
            height_cm: registration.height_cm,
        };
        let referral = perfect_body::insert(&state.db, &row).await?;
        Ok(Json(RegistrationReply { referral }))
    }

    /// The result of a registration: BMI and its class, body shape, kilograms outside the normal band, and the
    /// months and monthly diet periods to reach it.
    #[oai(path = "/resultt2", method = "post", operation_id = "perfectBodyResult")]
    async fn result(
        &self,
        state: Data<&AppState>,
        form: ResultForm,
    ) -> Result<Json<PerfectBodyReply>, PerfectBodyFailure> {
        let referral = form.referral.trim().to_owned();
        let row = perfect_body::find(&state.db, &referral)
            .await?
            .ok_or_else(|| PerfectBodyFailure::referral_not_found(&referral))?;
        let gender = Gender::parse(&row.gender)
            .ok_or_else(|| anyhow::anyhow!("registration {referral} has gender {}", row.gender))?;
        let result = PerfectBodyResult::of(gender, row.weight_kg, row.height_cm);
        Ok(Json(PerfectBodyReply::new(referral, gender, result)))
    }
}
