//! The Kavenegar simulator over HTTP, as the BFF's SMS client will see it.

use std::time::{Duration, Instant};

use limoo_simulators::{Gateway, PaymentScenario, SimConfig, SimHandle, SmsScenario, spawn};
use reqwest::{Client, Response, StatusCode};
use serde_json::Value;

const KEY: &str = "sim-key";

async fn simulator(time_scale: f64) -> SimHandle {
    let config = SimConfig { time_scale, ..SimConfig::default() };
    spawn(config).await.expect("simulator starts")
}

fn url(sim: &SimHandle, key: &str, call: &str) -> String {
    format!("{}/v1/{key}/{call}.json", sim.kavenegar_base_url())
}

async fn lookup(sim: &SimHandle, receptor: &str, template: &str, token: &str) -> Response {
    Client::new()
        .post(url(sim, KEY, "verify/lookup"))
        .form(&[("receptor", receptor), ("template", template), ("token", token)])
        .send()
        .await
        .expect("lookup answered")
}

fn applied(response: &Response) -> &str {
    let header = response.headers().get("X-Sim-Applied").expect("X-Sim-Applied present");
    header.to_str().expect("ASCII scenario name")
}

/// Asserts Kavenegar's error envelope: HTTP status == return.status, entries null.
async fn assert_refused(response: Response, code: u16, scenario: &str) {
    assert_eq!(response.status().as_u16(), code);
    assert_eq!(applied(&response), scenario);
    let body: Value = response.json().await.expect("JSON envelope");
    assert_eq!(body["return"]["status"], code);
    assert!(body["return"]["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert!(body["entries"].is_null());
}

#[tokio::test]
async fn lookup_sends_the_rendered_otp_and_records_it() {
    let sim = simulator(1.0).await;

    let response = lookup(&sim, "09121234567", "limoo-otp", "48213").await;

    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(applied(&response), "normal");
    let body: Value = response.json().await.expect("JSON envelope");
    assert_eq!(body["return"]["status"], 200);
    assert_eq!(body["return"]["message"], "تایید شد");
    let entries = body["entries"].as_array().expect("entries array");
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert!(entry["messageid"].as_i64().is_some());
    assert_eq!(entry["message"], "کد ورود شما به لیمو: 48213");
    assert_eq!(entry["status"], 5);
    assert!(entry["statustext"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(entry["sender"].as_str().is_some_and(|s| !s.is_empty()));
    assert_eq!(entry["receptor"], "09121234567");
    assert!(entry["date"].as_i64().is_some_and(|d| d > 1_700_000_000));
    assert!(entry["cost"].as_i64().is_some_and(|c| c > 0));

    let outbox = sim.sms_outbox("09121234567");
    assert_eq!(outbox.len(), 1);
    assert_eq!(outbox[0].message, "کد ورود شما به لیمو: 48213");
    assert_eq!(outbox[0].token.as_deref(), Some("48213"));
    assert_eq!(outbox[0].template.as_deref(), Some("limoo-otp"));
    assert_eq!(Some(outbox[0].messageid), entry["messageid"].as_i64());
    for spelling in ["+989121234567", "989121234567", "09121234567", "9121234567"] {
        let sms = sim.last_sms(spelling).expect("found in every spelling");
        assert_eq!(sms.token.as_deref(), Some("48213"), "{spelling}");
    }
    assert!(sim.last_sms("09129999999").is_none());
}

#[tokio::test]
async fn unknown_templates_render_the_token_generically() {
    let sim = simulator(1.0).await;

    let response = lookup(&sim, "+989121234567", "verify", "7788").await;

    assert_eq!(response.status(), StatusCode::OK);
    let sms = sim.last_sms("09121234567").expect("sent");
    assert_eq!(sms.message, "7788");
    assert_eq!(sms.receptor, "09121234567");
}

#[tokio::test]
async fn last_sms_returns_the_newest_code() {
    let sim = simulator(1.0).await;
    lookup(&sim, "09121234567", "limoo-otp", "1111").await;
    lookup(&sim, "989121234567", "limoo-otp", "2222").await;

    assert_eq!(sim.sms_outbox("09121234567").len(), 2);
    let last = sim.last_sms("+989121234567").expect("sent");
    assert_eq!(last.token.as_deref(), Some("2222"));
}

#[tokio::test]
async fn receptor_endings_select_kavenegar_errors() {
    let sim = simulator(1.0).await;
    let cases = [
        ("09120000418", 418, "insufficient-credit"),
        ("09120000411", 411, "invalid-receptor"),
        ("+989120000451", 451, "rate-limited"),
    ];
    for (receptor, code, scenario) in cases {
        let response = lookup(&sim, receptor, "limoo-otp", "1234").await;
        assert_refused(response, code, scenario).await;
        assert!(sim.last_sms(receptor).is_none(), "{receptor} got no SMS");
    }
}

#[tokio::test]
async fn receptor_ending_0500_answers_502_without_json() {
    let sim = simulator(1.0).await;

    let response = lookup(&sim, "09120000500", "limoo-otp", "1234").await;

    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    assert_eq!(applied(&response), "provider-down");
    let text = response.text().await.expect("body");
    assert!(serde_json::from_str::<Value>(&text).is_err(), "not JSON: {text}");
    assert!(sim.last_sms("09120000500").is_none());
}

#[tokio::test]
async fn receptor_ending_0504_answers_only_after_the_scaled_silence() {
    // 60 s × 0.001 = 60 ms: the lower bound is certain, the upper one deliberately loose.
    let sim = simulator(0.001).await;
    let started = Instant::now();

    let response = lookup(&sim, "09120000504", "limoo-otp", "1234").await;

    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(60), "answered after {waited:?}");
    assert!(waited < Duration::from_secs(30), "answered after {waited:?}");
    assert_eq!(response.status(), StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(applied(&response), "no-answer");
    assert!(sim.last_sms("09120000504").is_none());
}

#[tokio::test]
async fn receptor_ending_0504_makes_a_client_time_out() {
    let sim = simulator(1.0).await;
    let client = Client::builder().timeout(Duration::from_millis(300)).build().expect("client");

    let result = client
        .post(url(&sim, KEY, "verify/lookup"))
        .form(&[("receptor", "09120000504"), ("template", "limoo-otp"), ("token", "1234")])
        .send()
        .await;

    assert!(result.is_err_and(|e| e.is_timeout()));
    let journal = sim.journal();
    assert_eq!(journal.len(), 1, "the call is journaled although unanswered");
    assert_eq!(journal[0].scenario, "no-answer");
}

#[tokio::test]
async fn receptor_ending_0011_is_sent_but_reported_undelivered() {
    let sim = simulator(1.0).await;

    let response = lookup(&sim, "09120000011", "limoo-otp", "1234").await;

    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(applied(&response), "undelivered");
    let body: Value = response.json().await.expect("JSON envelope");
    assert_eq!(body["entries"][0]["status"], 5);
    let id = body["entries"][0]["messageid"].as_i64().expect("messageid");
    let status = message_status(&sim, &id.to_string()).await;
    assert_eq!(status[0]["status"], 11);
}

#[tokio::test]
async fn template_starting_missing_is_not_found() {
    let sim = simulator(1.0).await;
    let response = lookup(&sim, "09121234567", "missing-otp", "1234").await;
    assert_refused(response, 424, "template-not-found").await;
}

#[tokio::test]
async fn token_with_a_space_is_refused() {
    let sim = simulator(1.0).await;
    let response = lookup(&sim, "09121234567", "limoo-otp", "12 34").await;
    assert_refused(response, 431, "invalid-token").await;
}

#[tokio::test]
async fn api_keys_are_checked() {
    let sim = simulator(1.0).await;
    let form = [("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "1234")];
    let client = Client::new();

    let unknown = client.post(url(&sim, "stolen-key", "verify/lookup")).form(&form).send().await;
    assert_refused(unknown.expect("answered"), 403, "invalid-api-key").await;

    let disabled = client.post(url(&sim, "sim-disabled", "verify/lookup")).form(&form).send().await;
    assert_refused(disabled.expect("answered"), 401, "account-disabled").await;

    assert!(sim.last_sms("09121234567").is_none());
}

#[tokio::test]
async fn configured_api_keys_replace_the_default() {
    let config = SimConfig { api_keys: vec!["ci-key".to_owned()], ..SimConfig::default() };
    let sim = spawn(config).await.expect("simulator starts");
    let form = [("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "1234")];
    let client = Client::new();

    let ours = client.post(url(&sim, "ci-key", "verify/lookup")).form(&form).send().await;
    assert_eq!(ours.expect("answered").status(), StatusCode::OK);
    let default = client.post(url(&sim, KEY, "verify/lookup")).form(&form).send().await;
    assert_eq!(default.expect("answered").status().as_u16(), 403);
}

#[tokio::test]
async fn missing_and_empty_parameters_are_refused() {
    let sim = simulator(1.0).await;
    let client = Client::new();

    let missing = client
        .post(url(&sim, KEY, "verify/lookup"))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp")])
        .send()
        .await;
    assert_refused(missing.expect("answered"), 400, "invalid-request").await;

    let empty = client
        .post(url(&sim, KEY, "verify/lookup"))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "")])
        .send()
        .await;
    assert_refused(empty.expect("answered"), 406, "invalid-request").await;
}

#[tokio::test]
async fn unknown_methods_and_http_verbs_are_refused() {
    let sim = simulator(1.0).await;
    let client = Client::new();

    let unknown = client.get(url(&sim, KEY, "sms/sendarray")).send().await;
    assert_refused(unknown.expect("answered"), 404, "invalid-request").await;

    let put = client
        .put(url(&sim, KEY, "verify/lookup"))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "1")])
        .send()
        .await;
    assert_refused(put.expect("answered"), 405, "invalid-request").await;
}

#[tokio::test]
async fn get_with_a_query_string_works_like_post() {
    let sim = simulator(1.0).await;

    let response = Client::new()
        .get(url(&sim, KEY, "verify/lookup"))
        .query(&[("receptor", "09351234567"), ("template", "limoo-otp"), ("token", "5555")])
        .send()
        .await
        .expect("answered");

    assert_eq!(response.status(), StatusCode::OK);
    let sms = sim.last_sms("+989351234567").expect("sent");
    assert_eq!(sms.message, "کد ورود شما به لیمو: 5555");
}

#[tokio::test]
async fn scenario_header_overrides_the_inputs() {
    let sim = simulator(1.0).await;
    let client = Client::new();
    let form = |receptor| [("receptor", receptor), ("template", "limoo-otp"), ("token", "1234")];

    let failing = client
        .post(url(&sim, KEY, "verify/lookup"))
        .header("X-Sim-Scenario", "insufficient-credit")
        .form(&form("09121234567"))
        .send()
        .await;
    assert_refused(failing.expect("answered"), 418, "insufficient-credit").await;

    let rescued = client
        .post(url(&sim, KEY, "verify/lookup"))
        .header("X-Sim-Scenario", "normal")
        .form(&form("09120000418"))
        .send()
        .await
        .expect("answered");
    assert_eq!(rescued.status(), StatusCode::OK);
    assert_eq!(applied(&rescued), "normal");

    let nonsense = client
        .post(url(&sim, KEY, "verify/lookup"))
        .header("X-Sim-Scenario", "teapot")
        .form(&form("09121234567"))
        .send()
        .await
        .expect("answered");
    assert_eq!(nonsense.status(), StatusCode::BAD_REQUEST);
    assert_eq!(applied(&nonsense), "invalid-scenario");
}

#[tokio::test]
async fn a_forced_scenario_applies_to_the_next_call_only() {
    let sim = simulator(1.0).await;
    sim.force(Gateway::Kavenegar, SmsScenario::RateLimited).expect("kavenegar scenario");

    let first = lookup(&sim, "09121234567", "limoo-otp", "1234").await;
    assert_refused(first, 451, "rate-limited").await;

    let second = lookup(&sim, "09121234567", "limoo-otp", "1234").await;
    assert_eq!(second.status(), StatusCode::OK);
    assert_eq!(applied(&second), "normal");
}

#[tokio::test]
async fn payment_scenarios_cannot_be_forced_on_kavenegar() {
    let sim = simulator(1.0).await;
    assert!(sim.force(Gateway::Kavenegar, PaymentScenario::Cancel).is_err());
}

#[tokio::test]
async fn journal_records_each_call() {
    let sim = simulator(1.0).await;
    lookup(&sim, "09121234567", "limoo-otp", "1234").await;
    lookup(&sim, "09120000418", "limoo-otp", "1234").await;

    let journal = sim.journal();

    assert_eq!(journal.len(), 2);
    let first = &journal[0];
    assert_eq!(first.gateway, Gateway::Kavenegar);
    assert_eq!(first.method, "POST");
    assert_eq!(first.path, "/kavenegar/v1/sim-key/verify/lookup.json");
    assert!(first.body.contains("receptor=09121234567"), "{}", first.body);
    assert_eq!(first.scenario, "normal");
    assert_eq!(first.status, 200);
    assert!(first.at_ms > 0);
    assert_eq!(journal[1].scenario, "insufficient-credit");
    assert_eq!(journal[1].status, 418);
}

async fn message_status(sim: &SimHandle, ids: &str) -> Vec<Value> {
    let response =
        Client::new().post(url(sim, KEY, "sms/status")).form(&[("messageid", ids)]).send().await.expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON envelope");
    body["entries"].as_array().expect("entries").clone()
}

#[tokio::test]
async fn send_then_status_reports_delivery_per_message() {
    let sim = simulator(1.0).await;

    let response = Client::new()
        .post(url(&sim, KEY, "sms/send"))
        .form(&[("receptor", "09121234567,09120000011"), ("message", "سلام از لیمو")])
        .send()
        .await
        .expect("answered");

    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON envelope");
    let entries = body["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[1]["receptor"], "09120000011");
    assert!(entries.iter().all(|e| e["status"] == 5 && e["message"] == "سلام از لیمو"));
    let ids: Vec<String> = entries.iter().map(|e| e["messageid"].to_string()).collect();

    let status = message_status(&sim, &format!("{},{},42", ids[0], ids[1])).await;

    let codes: Vec<&Value> = status.iter().map(|e| &e["status"]).collect();
    assert_eq!(codes, [10, 11, 100]);
    assert_eq!(status[0]["messageid"].to_string(), ids[0]);
    assert_eq!(sim.last_sms("09121234567").map(|s| s.message).as_deref(), Some("سلام از لیمو"));
}

#[tokio::test]
async fn send_fails_whole_when_one_receptor_fails() {
    let sim = simulator(1.0).await;

    let response = Client::new()
        .get(url(&sim, KEY, "sms/send"))
        .query(&[("receptor", "09121234567,09120000418"), ("message", "hi")])
        .send()
        .await
        .expect("answered");

    assert_refused(response, 418, "insufficient-credit").await;
    assert!(sim.last_sms("09121234567").is_none());
}
