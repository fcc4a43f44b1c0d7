//! Where the suites run. By default every scenario gets a BFF, simulators and database of its own, started in this
//! process. With `LIMOO_TARGET` set they run against a deployed environment instead (a staging BFF and its
//! simulators), reached only through public interfaces: the API, the staff API with its clocks, and the simulators'
//! control API. Scenarios whose steps reach inside the BFF carry `@in-process` and are skipped there, with the count
//! printed.
//!
//! - `LIMOO_TARGET`: the BFF's base URL, e.g. `https://staging.limoo.example`.
//! - `LIMOO_SIMULATORS`: the simulators' base URL (their control API is under `/_sim`); required with the target.
//! - `LIMOO_STAFF_TOKEN`, `LIMOO_FINANCE_TOKEN`: the deployment's `STAFF_API_TOKEN` and `FINANCE_API_TOKEN`; the
//!   harness's own test tokens when unset.
//!
//! The deployment runs with the test clock on (`TEST_CLOCK=true`), the demo data (`DEMO_DATA=true`) and the suite's
//! machine as a trusted proxy (`TRUSTED_PROXIES`), as `tests/staging.sh` starts it for CI's staging pass.
use std::sync::OnceLock;

use crate::app::{FINANCE_TOKEN, STAFF_TOKEN};

/// The tag of a scenario that can run only against a BFF the harness starts itself.
pub const IN_PROCESS_TAG: &str = "in-process";

/// A deployed environment the suites run against.
#[derive(Debug, Clone)]
pub struct Target {
    pub bff: String,
    pub simulators: String,
    pub staff_token: String,
    pub finance_token: String,
}

impl Target {
    /// The deployment the environment names, if any; read once per run. Panics on a target without simulators, as
    /// no scenario could sign a customer in.
    pub fn from_env() -> Option<&'static Target> {
        static TARGET: OnceLock<Option<Target>> = OnceLock::new();
        TARGET
            .get_or_init(|| {
                let bff = non_empty("LIMOO_TARGET")?;
                let simulators = non_empty("LIMOO_SIMULATORS")
                    .expect("LIMOO_TARGET is set: LIMOO_SIMULATORS must name the deployment's simulators too");
                Some(Target {
                    bff: bff.trim_end_matches('/').to_owned(),
                    simulators: simulators.trim_end_matches('/').to_owned(),
                    staff_token: non_empty("LIMOO_STAFF_TOKEN").unwrap_or_else(|| STAFF_TOKEN.to_owned()),
                    finance_token: non_empty("LIMOO_FINANCE_TOKEN").unwrap_or_else(|| FINANCE_TOKEN.to_owned()),
                })
            })
            .as_ref()
    }
}

fn non_empty(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|value| !value.trim().is_empty())
}
