//! The `/_sim` control endpoints, as e2e fixtures use them.

use std::time::Duration;

use limoo_simulators::{SimConfig, SimHandle, spawn};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

async fn simulator() -> SimHandle {
    spawn(SimConfig::default()).await.expect("simulator starts")
}

async fn send_otp(sim: &SimHandle, receptor: &str, token: &str) {
    let response = Client::new()
        .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
        .form(&[("receptor", receptor), ("template", "limoo-otp"), ("token", token)])
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), StatusCode::OK);
}

async fn get_json(url: String) -> (StatusCode, Value) {
    let response = reqwest::get(url).await.expect("answered");
    let status = response.status();
    (status, response.json().await.expect("JSON body"))
}

#[tokio::test]
async fn health_answers_ok() {
    let sim = simulator().await;
    let (status, body) = get_json(format!("{}/_sim/health", sim.base_url())).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn last_sms_endpoint_returns_the_otp_for_any_spelling() {
    let sim = simulator().await;
    send_otp(&sim, "09121234567", "1111").await;
    send_otp(&sim, "09121234567", "2222").await;

    let client = Client::new();
    let response = client
        .get(format!("{}/_sim/sms", sim.base_url()))
        .query(&[("receptor", "+989121234567")])
        .send()
        .await
        .expect("answered");

    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.expect("JSON body");
    assert_eq!(body["receptor"], "09121234567");
    assert_eq!(body["token"], "2222");
    assert_eq!(body["template"], "limoo-otp");
    assert_eq!(body["message"], "کد ورود شما به لیمو: 2222");
    assert!(body["date"].as_i64().is_some());

    let (status, _) = get_json(format!("{}/_sim/sms?receptor=09350000000", sim.base_url())).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn outbox_endpoint_lists_messages_per_receptor_or_all() {
    let sim = simulator().await;
    send_otp(&sim, "09121234567", "1111").await;
    send_otp(&sim, "09351234567", "2222").await;

    let (_, mine) = get_json(format!("{}/_sim/sms/outbox?receptor=989121234567", sim.base_url())).await;
    let (_, all) = get_json(format!("{}/_sim/sms/outbox", sim.base_url())).await;

    assert_eq!(mine.as_array().map(Vec::len), Some(1));
    assert_eq!(mine[0]["token"], "1111");
    assert_eq!(all.as_array().map(Vec::len), Some(2));
}

#[tokio::test]
async fn events_endpoint_lists_the_journal_filtered_by_gateway() {
    let sim = simulator().await;
    send_otp(&sim, "09121234567", "1111").await;

    let (status, events) = get_json(format!("{}/_sim/events?gateway=kavenegar", sim.base_url())).await;

    assert_eq!(status, StatusCode::OK);
    assert_eq!(events.as_array().map(Vec::len), Some(1));
    assert_eq!(events[0]["gateway"], "kavenegar");
    assert_eq!(events[0]["method"], "POST");
    assert_eq!(events[0]["scenario"], "normal");
    assert_eq!(events[0]["status"], 200);
    assert!(events[0]["body"].as_str().is_some_and(|b| b.contains("token=1111")));

    let (status, _) = get_json(format!("{}/_sim/events?gateway=zarinpal", sim.base_url())).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn force_endpoint_forces_the_next_call() {
    let sim = simulator().await;
    let client = Client::new();
    let force = |body: Value| client.post(format!("{}/_sim/force", sim.base_url())).json(&body).send();

    let accepted = force(json!({"gateway": "kavenegar", "scenario": "provider-down"})).await;
    assert_eq!(accepted.expect("answered").status(), StatusCode::OK);
    let wrong = force(json!({"gateway": "kavenegar", "scenario": "cancel"})).await;
    assert_eq!(wrong.expect("answered").status(), StatusCode::BAD_REQUEST);
    let unknown = force(json!({"gateway": "kavenegar", "scenario": "teapot"})).await;
    assert_eq!(unknown.expect("answered").status(), StatusCode::BAD_REQUEST);

    let response = client
        .post(format!("{}/v1/sim-key/verify/lookup.json", sim.kavenegar_base_url()))
        .form(&[("receptor", "09121234567"), ("template", "limoo-otp"), ("token", "1")])
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    send_otp(&sim, "09121234567", "2").await;
}

#[tokio::test]
async fn shutdown_stops_the_server() {
    let sim = simulator().await;
    let health = format!("{}/_sim/health", sim.base_url());
    assert!(reqwest::get(&health).await.is_ok());

    sim.shutdown();

    // Graceful shutdown completes asynchronously; poll with a generous bound.
    let mut refused = false;
    for _ in 0..100 {
        let client = Client::builder().pool_max_idle_per_host(0).build().expect("client");
        if client.get(&health).send().await.is_err() {
            refused = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(refused, "still answering after shutdown");
}

#[tokio::test]
async fn payments_endpoint_lists_payments_and_force_takes_payment_gateways() {
    let sim = simulator().await;
    let client = Client::new();
    let accepted = client
        .post(format!("{}/_sim/force", sim.base_url()))
        .json(&json!({"gateway": "vandar", "scenario": "declined"}))
        .send()
        .await
        .expect("answered");
    assert_eq!(accepted.status(), StatusCode::OK);
    let body =
        json!({"api_key": "k", "amount": 10_000, "callback_url": "http://shop.test/back", "factorNumber": "F-1"});
    let created =
        client.post(format!("{}/api/v3/send", sim.vandar_base_url())).json(&body).send().await.expect("answered");
    assert_eq!(created.status(), StatusCode::OK);

    let (status, payments) = get_json(format!("{}/_sim/payments?gateway=vandar", sim.base_url())).await;

    assert_eq!(status, StatusCode::OK);
    assert_eq!(payments.as_array().map(Vec::len), Some(1));
    assert_eq!(payments[0]["gateway"], "vandar");
    assert_eq!(payments[0]["amount"], 10_000);
    assert_eq!(payments[0]["order_ref"], "F-1");
    assert_eq!(payments[0]["scenario"], "declined");
    assert_eq!(payments[0]["stage"], "created");
    let (_, none) = get_json(format!("{}/_sim/payments?gateway=saman", sim.base_url())).await;
    assert_eq!(none.as_array().map(Vec::len), Some(0));
}

#[tokio::test]
async fn scenarios_list_what_each_gateway_accepts_what_is_forced_and_the_test_values() {
    let sim = simulator().await;
    let client = Client::new();
    let forced = client
        .post(format!("{}/_sim/force", sim.base_url()))
        .json(&json!({"gateway": "vandar", "scenario": "declined"}))
        .send()
        .await
        .expect("answered");
    assert_eq!(forced.status(), StatusCode::OK);

    let (status, listing) = get_json(format!("{}/_sim/scenarios", sim.base_url())).await;
    assert_eq!(status, StatusCode::OK);
    let gateway = |name: &str| {
        listing["gateways"].as_array().into_iter().flatten().find(|g| g["gateway"] == name).cloned().expect(name)
    };
    let names = |g: &Value| -> Vec<String> {
        g["scenarios"].as_array().into_iter().flatten().map(|s| s["name"].as_str().unwrap_or("").to_owned()).collect()
    };
    let vandar = gateway("vandar");
    assert_eq!(vandar["forced"], "declined");
    assert!(names(&vandar).contains(&"verify-slow".to_owned()));
    assert!(!names(&vandar).contains(&"ineligible".to_owned()), "credit decisions belong to credit gateways");
    assert!(names(&gateway("snapppay")).contains(&"ineligible".to_owned()));
    assert_eq!(gateway("kavenegar")["forced"], Value::Null);
    assert!(names(&gateway("kavenegar")).contains(&"provider-down".to_owned()));
    let every_described = listing["gateways"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["scenarios"].as_array().cloned().unwrap_or_default())
        .all(|s| s["description"].as_str().is_some_and(|d| !d.is_empty()));
    assert!(every_described);
    let values = listing["testValues"].as_array().cloned().unwrap_or_default();
    assert!(values.contains(&json!({"selector": "amount", "value": "102", "scenario": "declined"})));
    assert!(values.contains(&json!({"selector": "receptor", "value": "0500", "scenario": "provider-down"})));
}

#[tokio::test]
async fn a_forced_scenario_can_be_cleared_and_everything_reset() {
    let sim = simulator().await;
    let client = Client::new();
    for gateway in ["vandar", "kavenegar"] {
        let scenario = if gateway == "vandar" { "declined" } else { "provider-down" };
        let forced = client
            .post(format!("{}/_sim/force", sim.base_url()))
            .json(&json!({"gateway": gateway, "scenario": scenario}))
            .send()
            .await
            .expect("answered");
        assert_eq!(forced.status(), StatusCode::OK);
    }
    let cleared =
        client.delete(format!("{}/_sim/force?gateway=kavenegar", sim.base_url())).send().await.expect("answered");
    assert_eq!(cleared.json::<Value>().await.expect("json"), json!({"cleared": 1}));
    // The SMS goes out normally again; Vandar keeps its forced decline.
    send_otp(&sim, "09121234567", "1").await;
    let (_, listing) = get_json(format!("{}/_sim/scenarios", sim.base_url())).await;
    let vandar = listing["gateways"].as_array().into_iter().flatten().find(|g| g["gateway"] == "vandar").cloned();
    assert_eq!(vandar.expect("vandar")["forced"], "declined");

    let reset = client.post(format!("{}/_sim/reset", sim.base_url())).send().await.expect("answered");
    assert_eq!(reset.status(), StatusCode::OK);
    let (_, outbox) = get_json(format!("{}/_sim/sms/outbox", sim.base_url())).await;
    assert_eq!(outbox, json!([]));
    let (_, events) = get_json(format!("{}/_sim/events", sim.base_url())).await;
    assert_eq!(events, json!([]));
    let (_, listing) = get_json(format!("{}/_sim/scenarios", sim.base_url())).await;
    let forced_anywhere = listing["gateways"].as_array().into_iter().flatten().any(|g| !g["forced"].is_null());
    assert!(!forced_anywhere, "reset clears every forced scenario");
    let unknown =
        client.delete(format!("{}/_sim/force?gateway=zarinpal", sim.base_url())).send().await.expect("answered");
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn records_are_bounded_and_what_goes_is_counted() {
    let sim = spawn(SimConfig { max_records: 2, ..SimConfig::default() }).await.expect("simulators");
    for token in ["1", "2", "3"] {
        send_otp(&sim, "09121234567", token).await;
    }
    let (_, outbox) = get_json(format!("{}/_sim/sms/outbox", sim.base_url())).await;
    let tokens: Vec<&str> = outbox.as_array().into_iter().flatten().filter_map(|sms| sms["token"].as_str()).collect();
    assert_eq!(tokens, ["2", "3"], "the oldest message went");
    let (_, health) = get_json(format!("{}/_sim/health", sim.base_url())).await;
    assert_eq!(health["records"]["sms"], json!({"kept": 2, "dropped": 1}));
    assert_eq!(health["records"]["journal"]["kept"], 2);
}

/// `GET`/`POST /_sim/clock`: the gateways' time moves forward only, and a reset keeps it.
#[tokio::test]
async fn the_clock_moves_forward_only_and_a_reset_keeps_it() {
    let sim = simulator().await;
    let url = format!("{}/_sim/clock", sim.base_url());
    let (status, clock) = get_json(url.clone()).await;
    assert_eq!((status, &clock["offsetMs"]), (StatusCode::OK, &json!(0)), "{clock}");
    let before = clock["now"].as_u64().expect("now");
    let advance = |seconds: i64| Client::new().post(&url).json(&json!({"seconds": seconds})).send();
    for refused in [0, -60, 366 * 24 * 3600 + 1] {
        let response = advance(refused).await.expect("answered");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{refused} s");
        let body: Value = response.json().await.expect("JSON");
        assert!(body["error"].as_str().is_some_and(|e| e.contains("forward") || e.contains("366")), "{body}");
    }
    let moved: Value = advance(600).await.expect("answered").json().await.expect("JSON");
    assert_eq!(moved["offsetMs"], 600_000, "{moved}");
    assert!(moved["now"].as_u64().is_some_and(|now| now >= before + 600_000), "{moved}");

    let reset = Client::new().post(format!("{}/_sim/reset", sim.base_url())).send().await.expect("answered");
    assert_eq!(reset.status(), StatusCode::OK);
    let (_, clock) = get_json(url.clone()).await;
    assert_eq!(clock["offsetMs"], 600_000, "the reset keeps the clock: {clock}");
}
