//! The release BFF as its own process (`target/release/bff`, next to this bench's folder), configured as run.sh
//! configures it: the demo data on a fresh database, sign-in codes sent to the simulators.
use std::path::Path;

use limoo_simulators::SimHandle;
use limoo_tests::process::BffProcess;

/// Starts `bff serve` on `database_url` serving `web_dir`, texting through `sims` when given.
pub async fn start(database_url: &str, web_dir: &Path, sims: Option<&SimHandle>) -> BffProcess {
    let mut env = vec![
        ("DATABASE_URL".to_owned(), database_url.to_owned()),
        ("WEB_DIR".to_owned(), web_dir.display().to_string()),
        ("DEMO_DATA".to_owned(), "true".to_owned()),
        // The order figures order as one customer, far beyond a customer's allowance.
        ("ORDERS_PER_CUSTOMER_MINUTE".to_owned(), "0".to_owned()),
    ];
    if let Some(sims) = sims {
        env.push(("KAVENEGAR_BASE_URL".to_owned(), sims.kavenegar_base_url()));
    }
    BffProcess::start(&env).await.expect("the release BFF started (run `cargo build --release -p limoo-bff` first)")
}
