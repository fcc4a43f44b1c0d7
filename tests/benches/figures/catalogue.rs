//! `GET /lemonade/api/products` against a static JSON file of the same bytes served by the same BFF, so the ratio
//! shows what the catalogue logic itself costs.
use limoo_tests::TestDb;

use crate::{
    bff,
    load::{self, HEADER, Pace},
    report,
};

/// The goal: products ÷ static throughput (the catalogue served nearly as fast as a file).
const GOAL_RATIO: f64 = 0.8;

pub async fn measure(requests: usize, connections: usize) {
    let database = TestDb::sqlite();
    let web_dir = std::env::temp_dir().join(format!("limoo-bench-{}", std::process::id()));
    std::fs::create_dir_all(&web_dir).expect("bench web dir");
    let app = bff::start(&database.url, &web_dir, None).await;
    let products_url = app.url("/lemonade/api/products");
    let client = load::client(connections);
    let body = client.get(&products_url).send().await.expect("products").bytes().await.expect("body");
    std::fs::write(web_dir.join("products.json"), &body).expect("static copy");
    let static_url = app.url("/products.json");

    // Warm both paths (connections, caches) before measuring.
    let get = |url: &str| {
        let url = url.to_owned();
        move |client: &reqwest::Client| client.get(&url)
    };
    load::run(&client, 500, connections, Pace::Flat, get(&products_url)).await;
    load::run(&client, 500, connections, Pace::Flat, get(&static_url)).await;

    println!("\ncatalogue: {requests} requests, {connections} connections, body {} bytes\n{HEADER}", body.len());
    let dynamic = load::run(&client, requests, connections, Pace::Flat, get(&products_url)).await;
    let fixed = load::run(&client, requests, connections, Pace::Flat, get(&static_url)).await;
    println!("{}", dynamic.row("GET /lemonade/api/products"));
    println!("{}", fixed.row("GET /products.json (same bytes, static)"));
    let ratio = dynamic.requests_per_second / fixed.requests_per_second;
    report::figure(
        "GET /lemonade/api/products ÷ static file",
        &format!("{:.0} ÷ {:.0} req/s = {ratio:.2}", dynamic.requests_per_second, fixed.requests_per_second),
        &format!("≥ {GOAL_RATIO}"),
        ratio >= GOAL_RATIO,
    );
    drop(app);
    let _ = std::fs::remove_dir_all(web_dir);
}
