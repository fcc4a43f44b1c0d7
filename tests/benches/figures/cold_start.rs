//! From `bff serve` to `/healthz` answering, on a fresh SQLite file that the BFF migrates and fills with the demo
//! data: the median of a few starts.
use std::{
    net::TcpListener,
    process::Stdio,
    time::{Duration, Instant},
};

use limoo_tests::{TestDb, process::built_binary, workspace_root};

use crate::report;

const GOAL: Duration = Duration::from_millis(200);
/// How often /healthz is asked while the BFF starts: fine enough for a figure in milliseconds.
const PROBE_EVERY: Duration = Duration::from_millis(2);
const PATIENCE: Duration = Duration::from_secs(30);

pub async fn measure(starts: usize) {
    let client = reqwest::Client::new();
    let mut times = Vec::with_capacity(starts);
    for _ in 0..starts {
        times.push(start_once(&client).await);
    }
    times.sort();
    let median = times[times.len() / 2];
    let all: Vec<String> = times.iter().map(|t| format!("{:.0}", t.as_secs_f64() * 1e3)).collect();
    println!("\ncold starts to /healthz, ms: {}", all.join(", "));
    report::figure(
        "BFF cold start to /healthz (fresh SQLite, migrations, demo data)",
        &format!("{:.0} ms (median of {starts})", median.as_secs_f64() * 1e3),
        &format!("< {} ms", GOAL.as_millis()),
        median < GOAL,
    );
}

async fn start_once(client: &reqwest::Client) -> Duration {
    let database = TestDb::sqlite();
    // A port free a moment ago: the BFF must bind it itself, its ready file would add a polling delay.
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let healthz = format!("http://127.0.0.1:{port}/healthz");
    let started = Instant::now();
    let mut child = tokio::process::Command::new(built_binary().expect("the release BFF"))
        .arg("serve")
        .env("HOST", "127.0.0.1")
        .env("PORT", port.to_string())
        .env("DATABASE_URL", &database.url)
        .env("DEMO_DATA", "true")
        .env("WEB_DIR", workspace_root().join("web/dist"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("bff serve");
    loop {
        if client.get(&healthz).send().await.is_ok_and(|r| r.status().is_success()) {
            break;
        }
        assert!(started.elapsed() < PATIENCE, "the BFF did not answer /healthz within {PATIENCE:?}");
        if let Some(status) = child.try_wait().expect("the BFF process") {
            panic!("the BFF exited ({status}) before answering /healthz");
        }
        tokio::time::sleep(PROBE_EVERY).await;
    }
    let took = started.elapsed();
    child.kill().await.expect("BFF stopped");
    took
}
