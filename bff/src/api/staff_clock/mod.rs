//! The test clock over HTTP (`TEST_CLOCK`): read it, and move it forward for every replica on the database, so a
//! tester reaches a points hold's end, a code's expiry or a transfer's review window without waiting. Behind the
//! staff token (`STAFF_API_TOKEN`); answered 404 on a deployment whose clock is off, which production always is.
//! One customer's own clock moves the time of that customer's signed-in requests only, so testers sharing a
//! deployment do not move each other's.
pub mod dto;
pub mod error;

use std::sync::Arc;

use poem::web::Data;
use poem_openapi::{OpenApi, param::Path, payload::Json};

use self::{
    dto::{AdvanceClockRequest, StaffClock, StaffCustomerClock},
    error::StaffClockFailure,
};
use super::{ApiTags, security::StaffToken};
use crate::{
    domain::test_clock::Advance,
    state::AppState,
    store::{customers, now_ms, test_clock::TestClock},
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

    /// One customer's own clock: the time their signed-in requests read.
    #[oai(path = "/customers/:customerId", method = "get", operation_id = "staffReadCustomerClock")]
    async fn read_customer(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "customerId")] customer_id: Path<i64>,
    ) -> Result<Json<StaffCustomerClock>, StaffClockFailure> {
        let clock = clock_of(&state)?;
        let customer_id = existing_customer(&state, customer_id.0).await?;
        Ok(Json(customer_clock(clock, customer_id, clock.customer_offset_ms(customer_id))))
    }

    /// Moves one customer's own clock forward by `seconds`, on top of the shop's: that customer's signed-in
    /// requests read the moved time (their points hold lapses, their bearer token expires, their diet's days pass)
    /// while every other customer's, the sign-in codes sent to a number and the sweeper stay on the shop's clock.
    /// It never goes back.
    #[oai(path = "/customers/:customerId/advance", method = "post", operation_id = "staffAdvanceCustomerClock")]
    async fn advance_customer(
        &self,
        state: Data<&AppState>,
        _token: StaffToken,
        #[oai(name = "customerId")] customer_id: Path<i64>,
        body: Json<AdvanceClockRequest>,
    ) -> Result<Json<StaffCustomerClock>, StaffClockFailure> {
        let clock = clock_of(&state)?;
        let advance = Advance::from_seconds(body.seconds)?;
        let customer_id = existing_customer(&state, customer_id.0).await?;
        let own = clock.advance_customer(customer_id, advance.millis()).await?;
        Ok(Json(customer_clock(clock, customer_id, own)))
    }
}

async fn existing_customer(state: &AppState, customer_id: i64) -> Result<i64, StaffClockFailure> {
    match customers::find_by_id(&state.db, customer_id).await? {
        Some(_) => Ok(customer_id),
        None => Err(StaffClockFailure::no_customer(customer_id)),
    }
}

/// Read outside the customer's requests, so their own offset is added here.
fn customer_clock(clock: &TestClock, customer_id: i64, own: i64) -> StaffCustomerClock {
    StaffCustomerClock {
        customer_id,
        now: now_ms().saturating_add(own),
        offset_ms: clock.offset_ms(),
        customer_offset_ms: own,
    }
}

fn clock_of(state: &AppState) -> Result<&Arc<TestClock>, StaffClockFailure> {
    state.test_clock.as_ref().ok_or_else(StaffClockFailure::off)
}
