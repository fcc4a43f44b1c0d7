//! The server's speed figures, measured against the release BFF running as its own process (build it first:
//! `cargo build --release -p limoo-bff`). `./bench.sh` runs this with the web figures and prints one table.
//!
//!     cargo bench -p limoo-tests --bench figures [-- [serving] [orders-sqlite] [orders-postgres] [cold-start]]
//!
//! With no names, all of them. Each prints its details and a `FIGURE` line for the table (see `report`).
//! `BENCH_REQUESTS` (default 10000) sets the requests per measured run; `BENCH_DATABASE_URL` the PostgreSQL
//! server (default postgres://postgres@127.0.0.1:5432/postgres), on which each run makes and drops its database.
mod bff;
mod cold_start;
mod load;
mod orders;
mod report;
mod serving;
mod yardstick;

const ALL: [&str; 4] = ["serving", "orders-sqlite", "orders-postgres", "cold-start"];
const SERVING_CONNECTIONS: usize = 32;
const COLD_STARTS: usize = 5;

#[tokio::main]
async fn main() {
    yardstick::serve_if_asked().await;
    // `cargo bench` passes `--bench`; the figures are the other words.
    let mut chosen: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    if chosen.is_empty() {
        chosen = ALL.map(str::to_owned).to_vec();
    }
    let requests = std::env::var("BENCH_REQUESTS").ok().and_then(|r| r.parse().ok()).unwrap_or(10_000);
    let postgres = std::env::var("BENCH_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    for name in chosen {
        match name.as_str() {
            "serving" => {
                serving::measure(requests, SERVING_CONNECTIONS, &limoo_tests::workspace_root().join("web/dist")).await
            }
            "orders-sqlite" => orders::measure(orders::Backend::Sqlite, requests).await,
            "orders-postgres" => orders::measure(orders::Backend::Postgres(postgres.clone()), requests).await,
            "cold-start" => cold_start::measure(COLD_STARTS).await,
            other => panic!("unknown figure {other}; known: {}", ALL.join(", ")),
        }
        settle_disk();
    }
}

/// Writes what the figure left in the page cache to disk before the next one runs. Without it, SQLite's file
/// (written without an fsync per commit) was flushed by the kernel half a minute later, during PostgreSQL's paced
/// run, whose every commit waits for an fsync: its p99 read 35 ms in `./bench.sh` and 4.5–5.8 ms alone.
fn settle_disk() {
    if let Err(error) = std::process::Command::new("sync").status() {
        eprintln!("sync did not run ({error}): the next figure may pay for this one's writes");
    }
}
