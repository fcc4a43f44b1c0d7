//! The load generator every figure shares: `connections` workers on one HTTP client send `requests` requests,
//! as fast as the server answers or paced at a fixed rate, and the figures are throughput and latency quantiles.
use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

/// Throughput and latency of one run.
#[derive(Debug, Clone, Copy)]
pub struct Figures {
    pub requests_per_second: f64,
    pub p50: Duration,
    pub p99: Duration,
}

impl Figures {
    pub fn row(&self, name: &str) -> String {
        format!(
            "{name:<44} {:>10.0} {:>9.2} {:>9.2}",
            self.requests_per_second,
            self.p50.as_secs_f64() * 1e3,
            self.p99.as_secs_f64() * 1e3
        )
    }
}

pub const HEADER: &str = "                                              req/s    p50 ms    p99 ms";

/// How requests are started.
#[derive(Debug, Clone, Copy)]
pub enum Pace {
    /// Each worker sends its next request as soon as the last one is answered (closed loop).
    Flat,
    /// Request k is due at k / rate seconds after the start, whatever the server does (open loop); its latency
    /// counts from when it was due, so a server that falls behind shows it in the tail (no coordinated omission).
    PerSecond(f64),
}

/// Sends `requests` requests made by `request` over `connections` concurrent workers; fails on any non-2xx reply.
pub async fn run<F>(client: &reqwest::Client, requests: usize, connections: usize, pace: Pace, request: F) -> Figures
where
    F: Fn(&reqwest::Client) -> reqwest::RequestBuilder + Send + Sync + 'static,
{
    let request = Arc::new(request);
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..connections)
        .map(|_| {
            let (client, request, next) = (client.clone(), request.clone(), next.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= requests {
                        return latencies;
                    }
                    let sent = match pace {
                        Pace::Flat => Instant::now(),
                        Pace::PerSecond(rate) => {
                            let due = started + Duration::from_secs_f64(k as f64 / rate);
                            tokio::time::sleep_until(due.into()).await;
                            due
                        }
                    };
                    let response = request(&client).send().await.expect("request failed");
                    let status = response.status();
                    let body = response.bytes().await.expect("reply body");
                    assert!(status.is_success(), "{status}: {}", String::from_utf8_lossy(&body));
                    latencies.push(sent.elapsed());
                }
            })
        })
        .collect();
    let mut latencies = Vec::with_capacity(requests);
    for worker in workers {
        latencies.extend(worker.await.expect("load worker"));
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    Figures { requests_per_second: latencies.len() as f64 / elapsed.as_secs_f64(), p50: at(0.50), p99: at(0.99) }
}

/// One HTTP client whose pool keeps a connection per worker.
pub fn client(connections: usize) -> reqwest::Client {
    reqwest::Client::builder().pool_max_idle_per_host(connections).build().expect("HTTP client")
}
