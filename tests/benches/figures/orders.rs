//! `POST /lemonade/api/orders` with two demo products, as one signed-in customer over 16 connections: the
//! throughput flat out, then the tail latency at half that rate (paced, open loop).
use std::time::Duration;

use limoo_simulators::{SimConfig, SimHandle};
use limoo_tests::{TestDb, browser::poll_for, workspace_root};

use crate::{
    bff,
    load::{self, HEADER, Pace},
    report,
    yardstick::Yardstick,
};

const CONNECTIONS: usize = 16;
/// Two products of the demo catalogue.
const PRODUCT_IDS: [i64; 2] = [101, 151];
const MOBILE: &str = "09121234567";
/// The goal for the p99 at half the measured load: a customer on a busy day waits no longer than on a quiet one.
const GOAL_HALF_LOAD_P99: Duration = Duration::from_millis(20);
/// The goal for the BFF's orders ÷ a minimal handler storing the same rows on the same database.
const GOAL_YARDSTICK_RATIO: f64 = 0.5;

pub enum Backend {
    Sqlite,
    /// An admin URL of a PostgreSQL server that may create databases.
    Postgres(String),
}

pub async fn measure(backend: Backend, requests: usize) {
    let (name, goal_rps, database) = match &backend {
        Backend::Sqlite => ("SQLite", 2000.0, Ok(TestDb::sqlite())),
        Backend::Postgres(admin) => ("PostgreSQL", 3000.0, TestDb::postgres(admin).await),
    };
    let goal = format!("≥ {goal_rps:.0} req/s; p99 < {} ms at half", GOAL_HALF_LOAD_P99.as_millis());
    let figure = format!("POST /lemonade/api/orders (2 products), {CONNECTIONS} connections, {name}");
    let database = match database {
        Ok(database) => database,
        Err(e) => return report::skipped(&figure, &format!("no database ({e:#})"), &goal),
    };
    let sims = limoo_simulators::spawn(SimConfig::default()).await.expect("simulators");
    let app = bff::start(&database.url, &workspace_root().join("web/dist"), Some(&sims)).await;
    let client = load::client(CONNECTIONS);
    let token = sign_in(&client, &app.address, &sims).await;

    let url = app.url("/lemonade/api/orders");
    let order = move |client: &reqwest::Client| {
        client.post(&url).bearer_auth(&token).json(&serde_json::json!({ "productIds": PRODUCT_IDS }))
    };
    load::run(&client, 200, CONNECTIONS, Pace::Flat, order.clone()).await;
    println!("\norders on {name}: {requests} requests, {CONNECTIONS} connections\n{HEADER}");
    let full = load::run(&client, requests, CONNECTIONS, Pace::Flat, order.clone()).await;
    println!("{}", full.row("flat out"));
    let half_rate = full.requests_per_second / 2.0;
    let half = load::run(&client, requests / 2, CONNECTIONS, Pace::PerSecond(half_rate), order.clone()).await;
    println!("{}", half.row(&format!("paced at {half_rate:.0} req/s")));
    report::figure(
        &figure,
        &format!(
            "{:.0} req/s, p99 {:.1} ms; at {half_rate:.0} req/s p99 {:.1} ms",
            full.requests_per_second,
            ms(full.p99),
            ms(half.p99)
        ),
        &goal,
        full.requests_per_second >= goal_rps && half.p99 < GOAL_HALF_LOAD_P99,
    );
    // The machine's own limit for the same rows: a bare handler writing each order in its own transaction.
    let yardstick = Yardstick::start_orders(&database.url).await;
    let bare_url = yardstick.url("/orders");
    let bare =
        move |client: &reqwest::Client| client.post(&bare_url).json(&serde_json::json!({ "productIds": PRODUCT_IDS }));
    load::run(&client, 200, CONNECTIONS, Pace::Flat, bare.clone()).await;
    let limit = load::run(&client, requests, CONNECTIONS, Pace::Flat, bare).await;
    println!("{}", limit.row("minimal poem + sqlx handler (yardstick)"));
    let ratio = full.requests_per_second / limit.requests_per_second;
    report::figure(
        &format!("{figure} ÷ yardstick"),
        &format!("{:.0} ÷ {:.0} req/s = {ratio:.2}", full.requests_per_second, limit.requests_per_second),
        &format!("≥ {GOAL_YARDSTICK_RATIO}"),
        ratio >= GOAL_YARDSTICK_RATIO,
    );
    drop(app);
    sims.shutdown();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Signs a new customer in as the web app does: a code by SMS (read from the simulators), then registration.
async fn sign_in(client: &reqwest::Client, address: &str, sims: &SimHandle) -> String {
    let identity = serde_json::json!({ "mobileNumber": MOBILE, "countryId": 1 });
    let sent = client.post(format!("{address}/auth/otp")).json(&identity).send().await.expect("code sent");
    assert!(sent.status().is_success(), "sending a code: {}", sent.status());
    let code = poll_for(Duration::from_secs(10), || async { Ok(sims.last_sms(MOBILE).and_then(|sms| sms.token)) })
        .await
        .expect("the SMS simulator received a code");
    let body = serde_json::json!({ "mobileNumber": MOBILE, "countryId": 1, "firstName": "بنچ",
                                    "lastName": "مارک", "otp": code });
    let reply: serde_json::Value = client
        .post(format!("{address}/auth/register"))
        .json(&body)
        .send()
        .await
        .expect("registered")
        .json()
        .await
        .expect("sign-in reply");
    reply["lemonadeToken"].as_str().expect("lemonadeToken").to_owned()
}
