//! Throughput and tail latency of `GET /lemonade/api/products` against a static JSON file of the
//! same size served by the same BFF, so the figure shows what the catalogue logic itself costs.
//!
//!     cargo bench -p limoo-tests --bench catalogue [-- REQUESTS CONCURRENCY]
use std::time::{Duration, Instant};

use limoo_tests::{AppOptions, TestApp};

struct Figures {
    requests_per_second: f64,
    p50: Duration,
    p99: Duration,
}

async fn load(client: &reqwest::Client, url: &str, requests: usize, concurrency: usize) -> Figures {
    let started = Instant::now();
    let per_worker = requests.div_ceil(concurrency);
    let workers: Vec<_> = (0..concurrency)
        .map(|_| {
            let (client, url) = (client.clone(), url.to_owned());
            tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(per_worker);
                for _ in 0..per_worker {
                    let sent = Instant::now();
                    let response = client.get(&url).send().await.expect("request failed");
                    assert!(response.status().is_success(), "{url}: {}", response.status());
                    response.bytes().await.expect("body");
                    latencies.push(sent.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::with_capacity(requests);
    for worker in workers {
        latencies.extend(worker.await.expect("worker"));
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    Figures { requests_per_second: latencies.len() as f64 / elapsed.as_secs_f64(), p50: at(0.50), p99: at(0.99) }
}

#[tokio::main]
async fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let requests = args.first().copied().unwrap_or(20_000);
    let concurrency = args.get(1).copied().unwrap_or(32);

    let web_dir = std::env::temp_dir().join(format!("limoo-bench-{}", std::process::id()));
    std::fs::create_dir_all(&web_dir).expect("bench web dir");
    let app =
        TestApp::spawn(AppOptions { demo_catalogue: true, web_dir: Some(web_dir.clone()), ..AppOptions::default() })
            .await
            .expect("app");
    let products_url = app.url("/lemonade/api/products");
    let body = app.client.get(&products_url).send().await.expect("products").bytes().await.expect("body");
    std::fs::write(web_dir.join("products.json"), &body).expect("static copy");
    let static_url = app.url("/products.json");

    let client = reqwest::Client::builder().pool_max_idle_per_host(concurrency).build().expect("client");
    // Warm both paths (connections, SQLite page cache) before measuring.
    load(&client, &products_url, 500, concurrency).await;
    load(&client, &static_url, 500, concurrency).await;

    println!("catalogue benchmark: {requests} requests, {concurrency} concurrent, body {} bytes", body.len());
    println!("{:<34} {:>12} {:>10} {:>10}", "endpoint", "requests/s", "p50 ms", "p99 ms");
    let dynamic = load(&client, &products_url, requests, concurrency).await;
    let fixed = load(&client, &static_url, requests, concurrency).await;
    for (name, f) in [("GET /lemonade/api/products", &dynamic), ("GET /products.json (static)", &fixed)] {
        println!(
            "{name:<34} {:>12.0} {:>10.2} {:>10.2}",
            f.requests_per_second,
            f.p50.as_secs_f64() * 1e3,
            f.p99.as_secs_f64() * 1e3
        );
    }
    println!(
        "ratio products/static: throughput {:.2}, p99 {:.2}",
        dynamic.requests_per_second / fixed.requests_per_second,
        dynamic.p99.as_secs_f64() / fixed.p99.as_secs_f64()
    );
    drop(app);
    let _ = std::fs::remove_dir_all(web_dir);
}
