//! The test clock over HTTP (`TEST_CLOCK`): read it, and move it forward for every replica on the database, so a
//! tester reaches a points hold's end, a code's expiry or a transfer's review window without waiting. Behind the
//! staff token (`STAFF_API_TOKEN`); answered 404 on a deployment whose clock is off, which production always is.
pub mod dto;
pub mod error;

use std::sync::Arc;

use poem::web::Data;
use poem_openapi::{OpenApi, payload::Json};

use self::{
    dto::{AdvanceClockRequest, StaffClock},
    error::StaffClockFailure,
};
use super::{ApiTags, security::StaffToken};
use crate::{
    domain::test_clock::Advance,
    state::AppState,
    store::{now_ms, test_clock::TestClock},
};

pub struct StaffClockApi;

#[OpenApi(prefix_path = "/lemonade/api/staff/clock", tag = "ApiTags::StaffClock")]
impl StaffClockApi {
    /// The rules' time now and how far it runs ahead of real time. Another replica's move shows here within a
    /// second, this replica's at once.
    #[oai(path = "/", method = "get", operation_id = "staffReadClock")]
    async fn read(&self, state: Data<&AppState>, _token: StaffToken) -> Result<Json<StaffClock>, StaffClockFailure> {
        let clock = clock_of(&state)?;
        Ok(Json(StaffClock { now: now_ms(), offset_ms: clock.offset_ms() }))
    }

    /// Moves the clock forward by `seconds` for the whole service: every rule that counts time (points holds,
    /// sign-in codes and their send windows, bearer tokens, code-use windows, payment expiry, review windows, diet
    /// days) reads the moved time. It never goes back.
    #[oai(path = "/advance", method = "post", operation_id = "staffAdvanceClock")]
    async fn advance(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        body: Json<AdvanceClockRequest>,
    ) -> Result<Json<StaffClock>, StaffClockFailure> {
        let clock = clock_of(&state)?;
        let advance = Advance::from_seconds(body.seconds)?;
        let offset_ms = clock.advance(advance.millis()).await?;
        Ok(Json(StaffClock { now: now_ms(), offset_ms }))
    }
}

fn clock_of(state: &AppState) -> Result<&Arc<TestClock>, StaffClockFailure> {
    state.test_clock.as_ref().ok_or_else(StaffClockFailure::off)
}
