//! `/_sim/*`: what tests and e2e fixtures use to observe and steer the simulators. No real
//! gateway has these endpoints.

use std::sync::Arc;
use std::time::Duration;

use poem::http::StatusCode;
use poem::web::{Data, Json, Query};
use poem::{Response, Route, get, handler, post};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::clock::MAX_ADVANCE;
use crate::email::SentEmail;
use crate::error::SimError;
use crate::faults::FaultKind;
use crate::forcing::Scope;
use crate::kavenegar::SentSms;
use crate::ledger::LedgerEntry;
use crate::payment::SimPayment;
use crate::scenario::{Gateway, Scenario};
use crate::state::SimState;
use crate::test_values::{AMOUNT_SUFFIXES, EMAIL_TAGS, MOBILE_SUFFIXES, RECEPTOR_SUFFIXES};
use crate::verification::RequestQuery;

pub(crate) fn routes() -> Route {
    Route::new()
        .at("/", get(crate::dashboard::dashboard).post(crate::dashboard::act))
        .at("/openapi.json", get(openapi))
        .at("/health", get(health))
        .at("/events", get(events))
        .at("/requests", get(requests))
        .at("/sms", get(last_sms))
        .at("/sms/outbox", get(outbox))
        .at("/email", get(last_email))
        .at("/email/outbox", get(email_outbox))
        .at("/payments", get(payments))
        .at("/payments/:token/callback", post(replay_callback))
        .at("/ledger", get(ledger))
        .at("/force", get(list_forced).post(force).delete(unforce))
        .at("/faults", get(list_faults).post(arm_fault).delete(clear_faults))
        .at("/clock", get(read_clock).post(advance_clock))
        .at("/reset", post(reset))
        .at("/scenarios", get(scenarios))
}

/// The control API's own OpenAPI document.
#[handler]
fn openapi() -> Response {
    json_response(StatusCode::OK, &crate::control_spec::document())
}

/// Alive, with what each record list holds and has let go (`SIM_MAX_RECORDS`).
#[handler]
fn health(Data(state): Data<&Arc<SimState>>) -> Json<serde_json::Value> {
    Json(json!({"status": "ok", "records": state.record_counts()}))
}

#[derive(Deserialize)]
struct EventsQuery {
    gateway: Option<String>,
}

#[handler]
fn events(Query(q): Query<EventsQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    match gateway_filter(&q) {
        Ok(gateway) => json_response(StatusCode::OK, &state.journal(gateway)),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

/// `POST /_sim/faults`: a network fault on a gateway's calls ([`crate::faults`]): `kind` latency (with `delayMs`),
/// stall or cut, scoped as a forcing (`matching`, `times` or `untilCleared`, `ttlSeconds`), on `percent` of the
/// fitting calls (100 by default).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FaultRequest {
    gateway: String,
    kind: String,
    delay_ms: Option<u64>,
    percent: Option<u8>,
    #[serde(flatten)]
    scope: ScopeFields,
}

/// How a forcing or a fault applies, as the control API takes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScopeFields {
    matching: Option<String>,
    times: Option<u32>,
    #[serde(default)]
    until_cleared: bool,
    ttl_seconds: Option<u64>,
}

impl ScopeFields {
    fn scope(&self) -> Result<Scope, SimError> {
        let times = match (self.until_cleared, self.times) {
            (true, Some(_)) => return Err(SimError::Invalid("give times or untilCleared, not both")),
            (true, None) => None,
            (false, times) => Some(times.unwrap_or(1)),
        };
        Ok(Scope { matching: self.matching.clone(), times, ttl: self.ttl_seconds.map(Duration::from_secs) })
    }
}

#[handler]
fn arm_fault(Json(req): Json<FaultRequest>, Data(state): Data<&Arc<SimState>>) -> Response {
    let armed = req.gateway.parse::<Gateway>().map_err(SimError::from).and_then(|gateway| {
        let kind = FaultKind::parse(&req.kind, req.delay_ms)?;
        let id = state.arm_fault(gateway, kind, req.scope.scope()?, req.percent.unwrap_or(100))?;
        Ok(state.faults().into_iter().find(|fault| fault.id == id))
    });
    match armed {
        Ok(fault) => json_response(StatusCode::OK, &fault),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

#[handler]
fn list_faults(Data(state): Data<&Arc<SimState>>) -> Response {
    json_response(StatusCode::OK, &state.faults())
}

/// `DELETE /_sim/faults?gateway=&id=`: clears one fault, a gateway's, or all.
#[handler]
fn clear_faults(Query(q): Query<UnforceQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    match q.gateway.as_deref().map(str::parse::<Gateway>).transpose() {
        Ok(gateway) => json_response(StatusCode::OK, &json!({"cleared": state.clear_faults(gateway, q.id)})),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

/// `POST /_sim/clock`: how far to move the simulators' clock forward ([`crate::clock`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockMove {
    seconds: i64,
}

/// The simulators' clock: the gateways' time now (epoch ms) and how far it runs ahead of real time.
fn clock_json(state: &SimState) -> serde_json::Value {
    json!({"now": state.clock.now().ms, "offsetMs": state.clock.offset_ms()})
}

#[handler]
fn read_clock(Data(state): Data<&Arc<SimState>>) -> Response {
    json_response(StatusCode::OK, &clock_json(state))
}

/// Moves every gateway's time forward by `seconds` (more than 0, at most 366 days): pages, tokens and verify or
/// reverse windows end as if that time had passed. It never goes back.
#[handler]
fn advance_clock(Json(asked): Json<ClockMove>, Data(state): Data<&Arc<SimState>>) -> Response {
    let by = match u64::try_from(asked.seconds).ok().filter(|seconds| *seconds > 0).map(Duration::from_secs) {
        Some(by) if by <= MAX_ADVANCE => by,
        Some(_) => return problem(StatusCode::BAD_REQUEST, "the clock moves at most 366 days (31622400 s) at once"),
        None => return problem(StatusCode::BAD_REQUEST, "the clock only moves forward: seconds must be more than 0"),
    };
    state.clock.advance(by);
    json_response(StatusCode::OK, &clock_json(state))
}

/// Replays at most this many deliveries of one callback per request, and waits at most this long before them.
const MAX_REPLAYS: u32 = 5;
const MAX_REPLAY_DELAY_SECONDS: u64 = 300;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReplayRequest {
    times: Option<u32>,
    delay_seconds: Option<u64>,
}

/// `POST /_sim/payments/{token}/callback`: the simulator delivers the callback the hosted page last sent the
/// customer's browser back with, again (`times`, up to 5), now or `delaySeconds` later (then 202 at once, the
/// deliveries journaled as outgoing calls): a late, repeated or out-of-order callback without a browser script.
/// Gumroad has no browser callback: its pings go to the subscribed URLs when the sale is made.
#[handler]
async fn replay_callback(
    poem::web::Path(token): poem::web::Path<String>,
    body: Option<Json<ReplayRequest>>,
    Data(state): Data<&Arc<SimState>>,
) -> Response {
    let asked = body.map(|Json(asked)| asked).unwrap_or_default();
    let times = asked.times.unwrap_or(1);
    let delay = asked.delay_seconds.unwrap_or(0);
    if times == 0 || times > MAX_REPLAYS || delay > MAX_REPLAY_DELAY_SECONDS {
        return problem(StatusCode::BAD_REQUEST, "times must be 1 to 5 and delaySeconds at most 300");
    }
    let found =
        state.payments(None, |p| (p.token == token).then(|| (p.gateway, p.callback.clone(), p.scenario.name())));
    let Some((gateway, callback, applied)) = found.into_iter().flatten().last() else {
        return problem(StatusCode::NOT_FOUND, &format!("no payment with the token {token}"));
    };
    let Some(callback) = callback else {
        return problem(StatusCode::CONFLICT, "the hosted page has not sent the customer back yet: nothing to replay");
    };
    if delay > 0 {
        let state = state.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(delay)).await;
            for _ in 0..times {
                callback.deliver(&state, gateway, applied).await;
            }
        });
        return json_response(
            StatusCode::ACCEPTED,
            &json!({"gateway": gateway.name(), "scheduled": times, "delaySeconds": delay}),
        );
    }
    let mut statuses = Vec::new();
    for _ in 0..times {
        statuses.push(callback.deliver(state, gateway, applied).await);
    }
    json_response(StatusCode::OK, &json!({"gateway": gateway.name(), "merchantStatuses": statuses}))
}

/// `GET /_sim/requests`: the journal's calls a QA scenario asks about, counted, optionally waiting (bounded) until the
/// count holds ([`crate::verification`]); 412 with what was found when it does not.
#[handler]
async fn requests(Query(q): Query<RequestQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let gateway = match q.gateway() {
        Ok(gateway) => gateway,
        Err(e) => return problem(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    let deadline = tokio::time::Instant::now() + q.wait();
    loop {
        let found = q.find(state.journal(gateway));
        if found.satisfied {
            return json_response(StatusCode::OK, &found);
        }
        if tokio::time::Instant::now() >= deadline {
            return json_response(StatusCode::PRECONDITION_FAILED, &found);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Payments the gateways hold, oldest first; `?gateway=` narrows to one.
#[handler]
fn payments(Query(q): Query<EventsQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    match gateway_filter(&q) {
        Ok(gateway) => json_response(StatusCode::OK, &state.payments(gateway, SimPayment::of)),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

#[derive(Deserialize)]
struct LedgerQuery {
    gateway: Option<String>,
    reference: Option<String>,
}

/// The money ledger, oldest first; `?gateway=` narrows to one gateway, `?reference=` to the payments that the
/// merchant's reference (or one of the gateway's own ids) names.
#[handler]
fn ledger(Query(q): Query<LedgerQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let gateway = match q.gateway.as_deref().map(str::parse::<Gateway>).transpose() {
        Ok(gateway) => gateway,
        Err(e) => return problem(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    let reference = q.reference.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let entries = state.payments(gateway, LedgerEntry::of);
    let entries: Vec<LedgerEntry> = entries.into_iter().filter(|e| reference.is_none_or(|r| e.names(r))).collect();
    json_response(StatusCode::OK, &entries)
}

fn gateway_filter(q: &EventsQuery) -> Result<Option<Gateway>, SimError> {
    Ok(q.gateway.as_deref().map(str::parse::<Gateway>).transpose()?)
}

#[derive(Deserialize)]
struct ReceptorQuery {
    receptor: Option<String>,
}

#[handler]
fn last_sms(Query(q): Query<ReceptorQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let Some(receptor) = q.receptor else {
        return problem(StatusCode::BAD_REQUEST, "receptor is required");
    };
    match state.outbox(Some(&receptor)).pop() {
        Some(sms) => json_response(StatusCode::OK, &sms),
        None => problem(StatusCode::NOT_FOUND, &format!("no SMS sent to {receptor}")),
    }
}

/// Without `receptor`, every message sent so far.
#[handler]
fn outbox(Query(q): Query<ReceptorQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let sent: Vec<SentSms> = state.outbox(q.receptor.as_deref());
    json_response(StatusCode::OK, &sent)
}

#[derive(Deserialize)]
struct RecipientQuery {
    to: Option<String>,
}

#[handler]
fn last_email(Query(q): Query<RecipientQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let Some(to) = q.to else {
        return problem(StatusCode::BAD_REQUEST, "to is required");
    };
    match state.emails(Some(&to)).pop() {
        Some(email) => json_response(StatusCode::OK, &email),
        None => problem(StatusCode::NOT_FOUND, &format!("no e-mail sent to {to}")),
    }
}

/// Without `to`, every message sent so far.
#[handler]
fn email_outbox(Query(q): Query<RecipientQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    let sent: Vec<SentEmail> = state.emails(q.to.as_deref());
    json_response(StatusCode::OK, &sent)
}

/// `POST /_sim/force`: a scenario for the gateway's next fitting call, or, scoped, for the calls whose request
/// contains `matching` (a customer's mobile, an order's amount), `times` times (1 by default) or every one until
/// cleared (`untilCleared`), lapsing after `ttlSeconds` when given ([`crate::forcing`]).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ForceRequest {
    gateway: String,
    scenario: String,
    #[serde(flatten)]
    scope: ScopeFields,
}

#[handler]
fn force(Json(req): Json<ForceRequest>, Data(state): Data<&Arc<SimState>>) -> Response {
    let forced = req.gateway.parse::<Gateway>().map_err(SimError::from).and_then(|gateway| {
        let id = state.force_scoped(gateway, req.scenario.parse()?, req.scope.scope()?)?;
        Ok(state.armed(Some(gateway)).into_iter().find(|armed| armed.id == id))
    });
    match forced {
        Ok(armed) => json_response(StatusCode::OK, &armed),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

/// `GET /_sim/force?gateway=`: every forcing still armed, with its scope, the calls left and when it lapses.
#[handler]
fn list_forced(Query(q): Query<EventsQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    match gateway_filter(&q) {
        Ok(gateway) => json_response(StatusCode::OK, &state.armed(gateway)),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

#[derive(Deserialize)]
struct UnforceQuery {
    gateway: Option<String>,
    id: Option<u64>,
}

/// `DELETE /_sim/force?gateway=&id=`: clears one forcing (`id`), what is forced on one gateway, or everything.
#[handler]
fn unforce(Query(q): Query<UnforceQuery>, Data(state): Data<&Arc<SimState>>) -> Response {
    match q.gateway.as_deref().map(str::parse::<Gateway>).transpose() {
        Ok(gateway) => json_response(StatusCode::OK, &json!({"cleared": state.clear_forced(gateway, q.id)})),
        Err(e) => problem(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

/// `POST /_sim/reset`: a clean simulator on the same address, for a QA session that starts over.
#[handler]
fn reset(Data(state): Data<&Arc<SimState>>) -> Response {
    state.reset();
    json_response(StatusCode::OK, &json!({"reset": true}))
}

#[derive(Serialize)]
struct ScenarioInfo {
    name: &'static str,
    description: &'static str,
}

#[derive(Serialize)]
struct GatewayScenarios {
    gateway: &'static str,
    /// What `POST /_sim/force` or `X-Sim-Scenario` accepts for this gateway.
    scenarios: Vec<ScenarioInfo>,
    /// Forced and not yet taken by a call.
    forced: Option<&'static str>,
}

#[derive(Serialize)]
struct TestValue {
    /// `receptor` (last four digits), `email` (local-part tag), `amount` (last three digits, in the gateway's
    /// unit) or `mobile` (last four digits, credit gateways).
    selector: &'static str,
    value: String,
    scenario: &'static str,
}

/// `GET /_sim/scenarios`: every gateway's scenarios with what they do and what is forced now, and every test
/// value that selects a scenario without forcing it.
#[handler]
fn scenarios(Data(state): Data<&Arc<SimState>>) -> Response {
    let gateways: Vec<GatewayScenarios> = Gateway::ALL
        .into_iter()
        .map(|gateway| GatewayScenarios {
            gateway: gateway.name(),
            scenarios: Scenario::all()
                .filter(|scenario| gateway.accepts(*scenario))
                .map(|scenario| ScenarioInfo { name: scenario.name(), description: scenario.description() })
                .collect(),
            forced: state.forced(gateway).map(Scenario::name),
        })
        .collect();
    let value = |selector, value: String, scenario: Scenario| TestValue { selector, value, scenario: scenario.name() };
    let test_values: Vec<TestValue> = RECEPTOR_SUFFIXES
        .into_iter()
        .map(|(suffix, s)| value("receptor", suffix.to_owned(), Scenario::Sms(s)))
        .chain(EMAIL_TAGS.into_iter().map(|(tag, s)| value("email", tag.to_owned(), Scenario::Email(s))))
        .chain(
            AMOUNT_SUFFIXES
                .into_iter()
                .map(|(digits, s)| value("amount", format!("{digits:03}"), Scenario::Payment(s))),
        )
        .chain(MOBILE_SUFFIXES.into_iter().map(|(suffix, s)| value("mobile", suffix.to_owned(), Scenario::Payment(s))))
        .collect();
    json_response(StatusCode::OK, &json!({"gateways": gateways, "testValues": test_values}))
}

fn problem(status: StatusCode, error: &str) -> Response {
    json_response(status, &json!({"error": error}))
}

fn json_response(status: StatusCode, body: &impl Serialize) -> Response {
    // These plain structs and maps with string keys always serialise.
    let text = serde_json::to_string(body).unwrap_or_default();
    Response::builder().status(status).content_type("application/json; charset=utf-8").body(text)
}
