//! Standalone simulators for development and e2e runs.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use clap::Parser;
use limoo_readiness::{ReadinessFiles, write_whole};
use limoo_simulators::{Gateway, SimConfig, spawn};

/// Local simulators of Limoo's external gateways (Kavenegar SMS, an SMTP sink for e-mail, and
/// the payment gateways PayPing, Vandar, SnappPay, Digipay, Tara, Saman SEP and Gumroad).
#[derive(Parser)]
#[command(name = "simulators", version)]
struct Args {
    /// Port to listen on (0 picks a free one).
    #[arg(long, env = "SIM_PORT", default_value_t = 8090)]
    port: u16,
    /// SMTP sink port, on the same address (0 picks a free one).
    #[arg(long, env = "SIM_SMTP_PORT", default_value_t = 2525)]
    smtp_port: u16,
    /// Address to listen on.
    #[arg(long, env = "SIM_HOST", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Multiplier for long simulated waits (0.01 makes a 60 s silence last 0.6 s).
    #[arg(long, env = "SIM_TIME_SCALE", default_value_t = 1.0)]
    time_scale: f64,
    /// Accepted Kavenegar API keys, comma-separated.
    #[arg(long, env = "SIM_API_KEYS", value_delimiter = ',', default_value = "sim-key")]
    api_keys: Vec<String>,
    /// Seconds SnappPay, Digipay and Tara keep a payment page open and wait for verify (before
    /// the time scale); those gateways do not publish theirs.
    #[arg(long, env = "SIM_PAYMENT_WINDOW_SECS", default_value_t = 1200)]
    payment_window_secs: u64,
    /// Entries the journal, the SMS and e-mail outboxes and the payments each keep (oldest go first).
    #[arg(long, env = "SIM_MAX_RECORDS", default_value_t = 10_000)]
    max_records: usize,
    #[command(flatten)]
    readiness: ReadinessFiles,
    /// Once listening, write the SMTP sink's port here (before the ready file).
    #[arg(long, value_name = "PATH")]
    smtp_port_file: Option<std::path::PathBuf>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    args.readiness.clear()?;
    let sim = spawn(SimConfig {
        bind: SocketAddr::new(args.host, args.port),
        smtp_bind: SocketAddr::new(args.host, args.smtp_port),
        time_scale: args.time_scale,
        api_keys: args.api_keys,
        payment_window: Duration::from_secs(args.payment_window_secs),
        max_records: args.max_records,
    })
    .await?;
    // For people reading the log; scripts use --port-file, --smtp-port-file and --ready-file instead.
    let payments: Vec<String> = Gateway::PAYMENTS
        .into_iter()
        .map(|gateway| format!("{gateway}: {}", sim.base_url_of(gateway).unwrap_or_default()))
        .collect();
    println!(
        "simulators listening on {} (kavenegar: {}; smtp: {}) (payments: {})",
        sim.base_url(),
        sim.kavenegar_base_url(),
        sim.smtp_addr(),
        payments.join("; ")
    );
    if let Some(path) = &args.smtp_port_file {
        write_whole(path, &format!("{}\n", sim.smtp_addr().port()))?;
    }
    args.readiness.announce(sim.addr().port())?;
    tokio::signal::ctrl_c().await?;
    sim.shutdown();
    Ok(())
}
