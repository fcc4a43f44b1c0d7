//! `GET /_sim/` (the page for people) and `GET /_sim/openapi.json` (the control API's document).

use limoo_simulators::{SimConfig, SimHandle, spawn};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

async fn simulator() -> SimHandle {
    spawn(SimConfig::default()).await.expect("simulator starts")
}

async fn page(sim: &SimHandle, query: &str) -> (StatusCode, String, String) {
    let response = reqwest::get(format!("{}/_sim/{query}", sim.base_url())).await.expect("answered");
    let status = response.status();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    (status, content_type, response.text().await.expect("body"))
}

#[tokio::test]
async fn the_dashboard_shows_sent_codes_forced_scenarios_and_the_journal_escaped() {
    let sim = simulator().await;
    let client = Client::new();
    client
        .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "<b>4821</b>")])
        .send()
        .await
        .expect("SMS sent");
    client
        .post(format!("{}/_sim/force", sim.base_url()))
        .json(&json!({"gateway": "vandar", "scenario": "declined"}))
        .send()
        .await
        .expect("forced");

    let (status, content_type, html) = page(&sim, "").await;

    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert!(html.contains(r#"name="viewport""#));
    assert!(html.contains(r#"<link rel="icon" href="data:,">"#), "no favicon asked of the simulator");
    assert!(html.contains("09121234567"));
    assert!(html.contains("&lt;b&gt;4821&lt;/b&gt;"), "the token is escaped");
    assert!(!html.contains("<b>4821</b>"));
    assert!(html.contains(r#"<td>vandar</td><td dir="ltr">declined</td>"#), "the forced scenario shows");
    assert!(html.contains("verify/lookup.json"), "the journal shows the call: {html}");
    assert!(html.contains(r#"href="/_sim/openapi.json""#));
}

#[tokio::test]
async fn the_dashboard_narrows_to_a_gateway_and_refuses_an_unknown_one() {
    let sim = simulator().await;
    Client::new()
        .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "1")])
        .send()
        .await
        .expect("SMS sent");

    let (status, _, html) = page(&sim, "?gateway=payping&refresh=5").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains("verify/lookup.json"), "the kavenegar call is filtered out of the journal");
    assert!(html.contains(r#"<meta http-equiv="refresh" content="5">"#));

    let (status, _, _) = page(&sim, "?gateway=teapot").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn every_operation_of_the_control_document_answers() {
    let sim = simulator().await;
    let spec: Value = reqwest::get(format!("{}/_sim/openapi.json", sim.base_url()))
        .await
        .expect("answered")
        .json()
        .await
        .expect("JSON");
    assert_eq!(spec["openapi"], "3.0.3");
    let client = Client::new();
    let mut operations = 0;
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("path item").keys() {
            let url = format!("{}{path}", sim.base_url());
            let request = match method.as_str() {
                "get" => client.get(url),
                "delete" => client.delete(url),
                "post" => client.post(url).json(&json!({"gateway": "vandar", "scenario": "declined"})),
                other => panic!("unexpected method {other} for {path}"),
            };
            let response = request.send().await.expect("answered");
            let status = response.status();
            // A documented operation may answer 404 about what it looks up (no payment with the token `{token}`),
            // in the control API's own JSON; an unrouted path would not.
            let own_not_found = status == StatusCode::NOT_FOUND
                && response
                    .json::<Value>()
                    .await
                    .is_ok_and(|body| body["error"].as_str().is_some_and(|e| e.contains("no payment")));
            assert!(
                (status != StatusCode::NOT_FOUND || own_not_found) && status != StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path} answered {status}",
            );
            operations += 1;
        }
    }
    assert_eq!(operations, 23, "every control endpoint is documented");
}

#[tokio::test]
async fn the_dashboard_forms_force_clear_and_reset() {
    let sim = simulator().await;
    // No redirects followed: the answer itself is checked.
    let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let act = |form: &'static [(&'static str, &'static str)]| {
        client.post(format!("{}/_sim/", sim.base_url())).form(form).send()
    };

    let forced = act(&[("action", "force"), ("gateway", "vandar"), ("scenario", "declined")]).await.expect("answered");
    assert_eq!(forced.status(), StatusCode::SEE_OTHER);
    assert_eq!(forced.headers()["location"], "/_sim/");
    let (_, _, html) = page(&sim, "").await;
    assert!(html.contains(r#"<td>vandar</td><td dir="ltr">declined</td>"#));

    let refused =
        act(&[("action", "force"), ("gateway", "kavenegar"), ("scenario", "cancel")]).await.expect("answered");
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(refused.text().await.expect("body").contains("does not apply to kavenegar"));

    let cleared = act(&[("action", "clear"), ("gateway", "vandar")]).await.expect("answered");
    assert_eq!(cleared.status(), StatusCode::SEE_OTHER);
    let (_, _, html) = page(&sim, "").await;
    assert!(html.contains("<td>vandar</td><td>—</td>"));

    act(&[("action", "force"), ("gateway", "payping"), ("scenario", "declined")]).await.expect("answered");
    let reset = act(&[("action", "reset")]).await.expect("answered");
    assert_eq!(reset.status(), StatusCode::SEE_OTHER);
    let (_, _, html) = page(&sim, "").await;
    assert!(html.contains("<td>payping</td><td>—</td>"));

    let unknown = act(&[("action", "explode")]).await.expect("answered");
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_dashboard_is_persian_and_right_to_left_by_default_with_codes_left_to_right() {
    let sim = simulator().await;
    Client::new()
        .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "4821")])
        .send()
        .await
        .expect("SMS sent");

    let (status, _, html) = page(&sim, "").await;

    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<html lang="fa" dir="rtl">"#), "{html}");
    assert!(html.contains("<title>شبیه‌سازهای لیمو</title>"));
    assert!(html.contains("<h2>سناریوهای اجباری</h2>") && html.contains("<h2>صندوق پیامک</h2>"));
    assert!(html.contains("Vazirmatn"), "a Persian font stack");
    assert!(html.contains(r#"<td dir="ltr">09121234567</td><td dir="ltr">4821</td>"#), "numbers stay left-to-right");
    assert!(html.contains(r#"<input type="hidden" name="lang" value="fa">"#), "the forms remember the language");
    assert!(html.contains(r#"<a href="/_sim/?lang=en" lang="en" hreflang="en" data-lang-switch>English</a>"#));
}

#[tokio::test]
async fn the_english_page_keeps_its_language_in_every_link_and_form() {
    let sim = simulator().await;

    let (status, _, html) = page(&sim, "?gateway=vandar&lang=en").await;

    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(r#"<html lang="en" dir="ltr">"#), "{html}");
    assert!(html.contains("<title>Limoo simulators</title>") && html.contains("<h2>Forced scenarios</h2>"));
    assert!(html.contains(r#"href="/_sim/?gateway=payping&amp;lang=en""#), "the gateway links stay English");
    assert!(html.contains(r#"href="/_sim/?gateway=vandar&amp;refresh=2&amp;lang=en""#));
    assert!(html.contains(r#"<input type="hidden" name="lang" value="en">"#));
    assert!(html.contains(r#"<a href="/_sim/?gateway=vandar" lang="fa" hreflang="fa" data-lang-switch>فارسی</a>"#));

    let (status, _, html) = page(&sim, "?lang=de").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(html.contains("unknown language &#39;de&#39; (fa or en)"), "{html}");
}

#[tokio::test]
async fn a_form_returns_to_the_page_in_its_own_language() {
    let sim = simulator().await;
    let client = Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let act = |form: &'static [(&'static str, &'static str)]| {
        client.post(format!("{}/_sim/", sim.base_url())).form(form).send()
    };

    let forced = act(&[("action", "force"), ("gateway", "vandar"), ("scenario", "declined"), ("lang", "en")])
        .await
        .expect("answered");
    assert_eq!(forced.status(), StatusCode::SEE_OTHER);
    assert_eq!(forced.headers()["location"], "/_sim/?lang=en");
    let (_, _, html) = page(&sim, "?lang=en").await;
    assert!(html.contains(r#"<td>vandar</td><td dir="ltr">declined</td>"#));
    assert!(html.contains(r#"<button name="action" value="clear">clear</button>"#));

    let cleared = act(&[("action", "clear"), ("lang", "fa")]).await.expect("answered");
    assert_eq!(cleared.headers()["location"], "/_sim/");
    let (_, _, html) = page(&sim, "").await;
    assert!(html.contains("<td>vandar</td><td>—</td>"));

    let refused = act(&[("action", "explode"), ("lang", "en")]).await.expect("answered");
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let html = refused.text().await.expect("body");
    assert!(html.contains(r#"<html lang="en" dir="ltr">"#) && html.contains("Not done:"), "{html}");

    let refused = act(&[("action", "reset")]).await.expect("answered");
    assert_eq!(refused.status(), StatusCode::SEE_OTHER, "no language is the default one");
}

/// What two engineers arm on one simulator, each for their own customer, is listed apart and cleared one by one.
#[tokio::test]
async fn scoped_forcings_are_listed_shown_and_cleared_one_by_one() {
    let sim = simulator().await;
    let client = Client::new();
    let force = |body: Value| client.post(format!("{}/_sim/force", sim.base_url())).json(&body).send();
    let first: Value = force(json!({"gateway": "vandar", "scenario": "declined", "matching": "09121111111",
                                     "untilCleared": true}))
    .await
    .expect("answered")
    .json()
    .await
    .expect("JSON");
    assert_eq!((first["matching"].as_str(), &first["remaining"]), (Some("09121111111"), &Value::Null), "{first}");
    let second = force(json!({"gateway": "vandar", "scenario": "cancel", "matching": "09122222222", "times": 2,
                              "ttlSeconds": 600}))
    .await
    .expect("answered");
    assert_eq!(second.status(), StatusCode::OK);
    let refused = force(json!({"gateway": "vandar", "scenario": "cancel", "times": 2, "untilCleared": true}))
        .await
        .expect("answered");
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "times and untilCleared together");
    let typo = force(json!({"gateway": "vandar", "scenario": "cancel", "untilClear": true})).await.expect("answered");
    assert_eq!(typo.status(), StatusCode::BAD_REQUEST, "a misspelt field is refused, not ignored");

    let listed: Value = reqwest::get(format!("{}/_sim/force?gateway=vandar", sim.base_url()))
        .await
        .expect("answered")
        .json()
        .await
        .expect("JSON");
    assert_eq!(listed.as_array().map(Vec::len), Some(2), "{listed}");
    let (_, _, html) = page(&sim, "").await;
    // The seconds left count down from 600 as the page is made.
    assert!(html.contains(r#"<td dir="ltr">declined · 09121111111 · ∞; cancel · 09122222222 · ×2 · "#), "{html}");

    let id = first["id"].as_u64().expect("an id");
    let cleared: Value = client
        .delete(format!("{}/_sim/force?id={id}", sim.base_url()))
        .send()
        .await
        .expect("answered")
        .json()
        .await
        .expect("JSON");
    assert_eq!(cleared["cleared"], 1);
    let listed: Value =
        reqwest::get(format!("{}/_sim/force", sim.base_url())).await.expect("answered").json().await.expect("JSON");
    assert_eq!(listed[0]["matching"], "09122222222", "{listed}");
}

/// "Was the SMS sent, exactly once?" asked before it is: the answer waits for it instead of the scenario sleeping.
#[tokio::test]
async fn a_count_of_calls_is_waited_for_and_a_count_that_does_not_hold_is_412() {
    let sim = simulator().await;
    let client = Client::new();
    let url = format!(
        "{}/_sim/requests?gateway=kavenegar&path=/verify/lookup&matching=09125550000&count=1&waitSeconds=30",
        sim.base_url()
    );
    let waiting = tokio::spawn(client.get(url).send());
    client
        .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
        .form(&[("receptor", "09125550000"), ("template", "limoo-otp"), ("token", "1234")])
        .send()
        .await
        .expect("SMS sent");
    let answer = waiting.await.expect("joined").expect("answered");
    assert_eq!(answer.status(), StatusCode::OK);
    let found: Value = answer.json().await.expect("JSON");
    assert_eq!((found["count"].as_u64(), found["satisfied"].as_bool()), (Some(1), Some(true)), "{found}");

    let twice = format!("{}/_sim/requests?gateway=kavenegar&matching=09125550000&count=2", sim.base_url());
    let answer = client.get(twice).send().await.expect("answered");
    assert_eq!(answer.status(), StatusCode::PRECONDITION_FAILED, "one SMS, two expected");
    let unknown = format!("{}/_sim/requests?gateway=kavenegar&colour=red", sim.base_url());
    assert_eq!(client.get(unknown).send().await.expect("answered").status(), StatusCode::BAD_REQUEST);
}

/// A cut answer stops after its first byte although the gateway acted; a latency fault answers late, and says so.
#[tokio::test]
async fn faults_cut_or_delay_a_gateway_s_answers_after_it_acted() {
    let sim = simulator().await;
    let client = Client::new();
    let arm = |body: Value| client.post(format!("{}/_sim/faults", sim.base_url())).json(&body).send();
    assert_eq!(arm(json!({"gateway": "kavenegar", "kind": "cut"})).await.expect("answered").status(), StatusCode::OK);
    let send = || {
        client
            .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
            .form(&[("receptor", "09125550001"), ("template", "limoo-otp"), ("token", "1234")])
            .send()
    };
    let cut = send().await.expect("answered");
    assert_eq!(cut.headers()["x-sim-applied"], "fault-cut");
    let body = cut.text().await.unwrap_or_default();
    assert!(serde_json::from_str::<Value>(&body).is_err(), "the cut answer could be read: {body}");
    assert_eq!(sim.sms_outbox("09125550001").len(), 1, "the call took effect before its answer was cut off");

    let latency = json!({"gateway": "kavenegar", "kind": "latency", "delayMs": 10, "times": 1});
    assert_eq!(arm(latency).await.expect("answered").status(), StatusCode::OK);
    let late = send().await.expect("answered");
    assert_eq!(late.headers()["x-sim-applied"], "fault-latency");
    assert_eq!(late.status(), StatusCode::OK);
    assert_eq!(sim.sms_outbox("09125550001").len(), 2, "a late answer still delivers");

    let refused = arm(json!({"gateway": "kavenegar", "kind": "latency"})).await.expect("answered");
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "a latency needs its delay");
    let listed: Value =
        reqwest::get(format!("{}/_sim/faults", sim.base_url())).await.expect("answered").json().await.expect("JSON");
    assert_eq!(listed, json!([]), "both faults are spent");
}

/// A QA engineer learns what a scenario does on the page itself (the option's title, the scenarios table), and on a
/// phone every row is a card whose cells name their column, so the stage and the reference are never off-screen.
#[tokio::test]
async fn the_dashboard_says_what_each_scenario_does_and_names_every_cell_on_a_phone() {
    let sim = simulator().await;
    let (_, _, html) = page(&sim, "?lang=en").await;

    assert!(html.contains(r##"<a href="#scenarios">what each does</a>"##), "the link stays on the page");
    assert!(
        html.contains(r#"<option title="insufficient funds, or credit refused at checkout">declined</option>"#),
        "{html}"
    );
    let scenarios = &html[html.find(r#"<section id="scenarios">"#).expect("the scenarios section")..];
    assert!(scenarios.contains(
        r#"<td dir="ltr">declined</td><td dir="auto">insufficient funds, or credit refused at checkout</td>"#
    ));
    assert!(scenarios.contains("payping, vandar"), "the gateways that take it");
    assert!(html.contains(r#"#payments td:nth-child(2):not([colspan])::before{content:"reference"}"#));
    assert!(html.contains(r#"#payments td:nth-child(6):not([colspan])::before{content:"stage"}"#));
    assert!(html.contains(r#"#journal td:nth-child(4):not([colspan])::before{content:"call"}"#));
    assert!(html.contains(".scroll thead{display:none}"), "a phone shows cards, not a sideways table");
}
