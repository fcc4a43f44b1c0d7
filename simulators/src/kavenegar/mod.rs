//! Kavenegar SMS simulator: `/kavenegar/v1/{apikey}/{scope}/{method}.json`, GET or form POST.
//!
//! Outcome order: unknown endpoint (404) and wrong HTTP method (405) first; then a forced
//! scenario (`X-Sim-Scenario`, else `SimHandle::force`) replaces every input-derived one;
//! otherwise API key, parameters, template, token and receptor decide, in that order.

mod outbox;
mod protocol;

use std::sync::Arc;
use std::time::Duration;

use poem::http::{Method, StatusCode};
use poem::web::{Data, Path};
use poem::{Body, Request, Response, Route, handler};
use serde_json::{Value, json};

pub use outbox::SentSms;

use crate::exchange::{self, Received, Reply};
use crate::scenario::{Gateway, Scenario, SmsScenario};
use crate::state::SimState;
use crate::{mobile, test_values};
use protocol::{Endpoint, Params, Refusal};

/// The real provider's "no answer" lasts this long before SIM_TIME_SCALE.
const NO_ANSWER: Duration = Duration::from_secs(60);

/// Applied-scenario name for protocol rejections, which no scenario chose.
const INVALID_REQUEST: &str = "invalid-request";

pub(crate) fn routes() -> Route {
    Route::new().at("/v1/:apikey/:scope/:method", call)
}

#[handler]
async fn call(
    req: &Request,
    body: Body,
    Path((api_key, scope, method)): Path<(String, String, String)>,
    Data(state): Data<&Arc<SimState>>,
) -> Response {
    let received = Received::read(req, body).await;
    let reply = reply(state, &api_key, &scope, &method, &received);
    exchange::respond(state, Gateway::Kavenegar, received, reply).await
}

fn reply(state: &SimState, api_key: &str, scope: &str, method: &str, received: &Received) -> Reply {
    let Some(endpoint) = Endpoint::parse(scope, method) else {
        return protocol::failure(404, INVALID_REQUEST);
    };
    if !matches!(received.method, Method::GET | Method::POST) {
        return protocol::failure(405, INVALID_REQUEST);
    }
    let forced = match forced_scenario(state, received) {
        Ok(forced) => forced,
        Err(problem) => return Reply::text(StatusCode::BAD_REQUEST, "invalid-scenario", problem),
    };
    let params = Params::from_request(received);
    let gate = forced.or_else(|| key_scenario(state, api_key));
    let result = match gate.filter(|s| is_failure(*s)) {
        Some(failing) => Err(Refusal::Scenario(failing)),
        None => match endpoint {
            Endpoint::Lookup => lookup(state, &params, forced),
            Endpoint::Send => send(state, &params, forced),
            Endpoint::Status => status(state, &params),
        },
    };
    match result {
        Ok((applied, entries)) => protocol::success(applied.name(), entries),
        Err(Refusal::Invalid(code)) => protocol::failure(code, INVALID_REQUEST),
        Err(Refusal::Scenario(scenario)) => failure_reply(scenario, state.time_scale),
    }
}

/// The header wins over `SimHandle::force`, which then stays armed for the next call.
fn forced_scenario(state: &SimState, received: &Received) -> Result<Option<SmsScenario>, String> {
    let Some(name) = &received.scenario_header else {
        // `force` only stores scenarios Kavenegar accepts, so anything else cannot be here.
        let forced = state.take_forced(Gateway::Kavenegar, &received.request_text(), |_| true);
        return Ok(forced.and_then(|s| match s {
            Scenario::Sms(sms) => Some(sms),
            Scenario::Payment(_) | Scenario::Email(_) => None,
        }));
    };
    match name.parse::<Scenario>() {
        Ok(Scenario::Sms(sms)) => Ok(Some(sms)),
        Ok(other) => Err(format!("scenario '{other}' does not apply to kavenegar")),
        Err(e) => Err(e.to_string()),
    }
}

fn key_scenario(state: &SimState, api_key: &str) -> Option<SmsScenario> {
    if api_key == test_values::DISABLED_API_KEY {
        Some(SmsScenario::AccountDisabled)
    } else if !state.api_keys.iter().any(|k| k == api_key) {
        Some(SmsScenario::InvalidApiKey)
    } else {
        None
    }
}

fn is_failure(scenario: SmsScenario) -> bool {
    protocol::return_code(scenario) != 200
}

fn failure_reply(scenario: SmsScenario, time_scale: f64) -> Reply {
    match scenario {
        SmsScenario::ProviderDown => Reply::proxy_error(StatusCode::BAD_GATEWAY, scenario.name()),
        SmsScenario::NoAnswer => Reply {
            // Whoever is still waiting after the silence gets what a proxy would say.
            delay: NO_ANSWER.mul_f64(time_scale),
            ..Reply::proxy_error(StatusCode::GATEWAY_TIMEOUT, scenario.name())
        },
        _ => protocol::failure(protocol::return_code(scenario), scenario.name()),
    }
}

type Sent = Result<(SmsScenario, Vec<Value>), Refusal>;

fn lookup(state: &SimState, params: &Params, forced: Option<SmsScenario>) -> Sent {
    let receptor = params.required("receptor")?;
    let template = params.required("template")?;
    let token = params.required("token")?;
    let tokens: Vec<(&str, &str)> =
        outbox::TOKEN_PARAMS.iter().filter_map(|name| params.get(name).map(|value| (*name, value))).collect();
    let scenario = forced.unwrap_or_else(|| {
        if template.starts_with(test_values::MISSING_TEMPLATE_PREFIX) {
            SmsScenario::TemplateNotFound
        } else if tokens.iter().any(|(name, value)| breaks_template(name, value)) {
            SmsScenario::InvalidToken
        } else {
            test_values::scenario_for_receptor(receptor)
        }
    });
    if is_failure(scenario) {
        return Err(Refusal::Scenario(scenario));
    }
    // A voice call reads the token out, which Kavenegar only does for digits.
    if params.get("type") == Some("call") && !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Refusal::Invalid(428));
    }
    let recipient = recipient(receptor)?;
    let sms = SentSms {
        messageid: state.next_message_id(),
        receptor: recipient,
        sender: protocol::DEFAULT_SENDER.to_owned(),
        message: outbox::render(template, &tokens),
        template: Some(template.to_owned()),
        token: Some(token.to_owned()),
        date: unix_now(state),
        delivered: scenario != SmsScenario::Undelivered,
    };
    let entry = sent_entry(&sms, receptor);
    state.push_sms(sms);
    Ok((scenario, vec![entry]))
}

/// Kavenegar refuses separators in `token`…`token3`; `token10`/`token20` may hold spaces.
fn breaks_template(name: &str, value: &str) -> bool {
    matches!(name, "token" | "token2" | "token3") && value.chars().any(|c| c.is_whitespace() || c == '_')
}

fn send(state: &SimState, params: &Params, forced: Option<SmsScenario>) -> Sent {
    let receptors: Vec<&str> =
        params.required("receptor")?.split(',').map(str::trim).filter(|r| !r.is_empty()).collect();
    let message = params.required("message")?;
    if receptors.len() > protocol::MAX_SEND_RECEPTORS {
        return Err(Refusal::Invalid(414));
    }
    let sender = params.get("sender").unwrap_or(protocol::DEFAULT_SENDER);
    let date = match params.get("date") {
        None => unix_now(state),
        Some(date) => date.parse().map_err(|_| Refusal::Invalid(417))?,
    };
    let scenarios: Vec<SmsScenario> =
        receptors.iter().map(|r| forced.unwrap_or_else(|| test_values::scenario_for_receptor(r))).collect();
    // One failing receptor fails the whole call, as one bad number does at Kavenegar.
    if let Some(failing) = scenarios.iter().copied().find(|s| is_failure(*s)) {
        return Err(Refusal::Scenario(failing));
    }
    let recipients: Vec<String> = receptors.iter().map(|r| recipient(r)).collect::<Result<_, _>>()?;
    let mut entries = Vec::with_capacity(receptors.len());
    for ((receptor, recipient), scenario) in receptors.iter().zip(recipients).zip(&scenarios) {
        let sms = SentSms {
            messageid: state.next_message_id(),
            receptor: recipient,
            sender: sender.to_owned(),
            message: message.to_owned(),
            template: None,
            token: None,
            date,
            delivered: *scenario != SmsScenario::Undelivered,
        };
        entries.push(sent_entry(&sms, receptor));
        state.push_sms(sms);
    }
    let applied =
        if scenarios.contains(&SmsScenario::Undelivered) { SmsScenario::Undelivered } else { SmsScenario::Normal };
    Ok((applied, entries))
}

/// Reports each message's final state at once: "later" is any call after the send.
fn status(state: &SimState, params: &Params) -> Sent {
    let ids: Vec<&str> = params.required("messageid")?.split(',').map(str::trim).collect();
    if ids.len() > protocol::MAX_STATUS_IDS {
        return Err(Refusal::Invalid(414));
    }
    let entries = ids
        .into_iter()
        .map(|id| {
            let sms = id.parse().ok().and_then(|id| state.find_sms(id));
            let status = match sms {
                Some(sms) if sms.delivered => protocol::STATUS_DELIVERED,
                Some(_) => protocol::STATUS_UNDELIVERED,
                None => protocol::STATUS_UNKNOWN_ID,
            };
            // An id that is not a number is echoed as sent, so the caller can match it up.
            let messageid = id.parse::<i64>().map_or_else(|_| json!(id), |n| json!(n));
            json!({"messageid": messageid, "status": status, "statustext": protocol::status_text(status)})
        })
        .collect();
    Ok((SmsScenario::Normal, entries))
}

/// Iranian mobiles in `09…` form; other all-digit numbers (abroad) as sent; anything else 411.
fn recipient(receptor: &str) -> Result<String, Refusal> {
    if let Some(mobile) = mobile::normalise(receptor) {
        return Ok(mobile);
    }
    let digits = receptor.strip_prefix('+').unwrap_or(receptor);
    let plausible = (7..=15).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit());
    if plausible { Ok(receptor.to_owned()) } else { Err(Refusal::Invalid(411)) }
}

/// The message object Kavenegar returns; `receptor` echoes the request's spelling.
fn sent_entry(sms: &SentSms, receptor: &str) -> Value {
    json!({
        "messageid": sms.messageid,
        "message": sms.message,
        "status": protocol::STATUS_SENT,
        "statustext": protocol::status_text(protocol::STATUS_SENT),
        "sender": sms.sender,
        "receptor": receptor,
        "date": sms.date,
        "cost": outbox::cost(&sms.message),
    })
}

/// The message's date, Kavenegar's epoch seconds, on the simulators' clock.
fn unix_now(state: &SimState) -> i64 {
    i64::try_from(state.clock.now().ms / 1000).unwrap_or(i64::MAX)
}
