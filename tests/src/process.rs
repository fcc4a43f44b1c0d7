//! The BFF as its own operating-system process, for tests that must kill it: a crash is not a dropped
//! task, nothing in flight gets to finish, roll back in memory or clean up.
use std::{path::PathBuf, process::Stdio, time::Duration};

use anyhow::{Context, bail};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

/// How long a BFF may take to log its address (a deadline, not a sleep).
const STARTUP_DEADLINE: Duration = Duration::from_secs(30);

/// A running `bff serve` process; killed when dropped.
#[derive(Debug)]
pub struct BffProcess {
    /// e.g. `http://127.0.0.1:41234`
    pub address: String,
    child: Child,
}

impl BffProcess {
    /// Starts the built `bff` binary (next to this test binary's folder, as `cargo test` builds it)
    /// with `env` on a random port and waits for its listening line.
    pub async fn start(env: &[(String, String)]) -> anyhow::Result<BffProcess> {
        let binary = built_binary()?;
        let mut child = Command::new(&binary)
            .arg("serve")
            .env("PORT", "0")
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "info")
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", binary.display()))?;
        let stdout = child.stdout.take().context("the BFF's stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let address = tokio::time::timeout(STARTUP_DEADLINE, async {
            while let Some(line) = lines.next_line().await? {
                if let Some((_, address)) = line.split_once("listening on ") {
                    return Ok(address.trim().to_owned());
                }
            }
            bail!("the BFF exited before logging its address")
        })
        .await
        .context("the BFF did not log its address in time")??;
        // Keep draining, or the BFF blocks on a full pipe once it logs enough.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(BffProcess { address, child })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// SIGKILL, as a crash or an OOM kill would end it, and waits until it is gone.
    pub async fn kill(mut self) -> anyhow::Result<()> {
        self.child.kill().await.context("killing the BFF")
    }
}

/// `target/<profile>/bff`: this test runs from `target/<profile>/deps/`.
fn built_binary() -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).context("the test binary's folder")?;
    let binary = profile_dir.join("bff");
    if !binary.is_file() {
        bail!("{} is missing: run `cargo build -p limoo-bff` first", binary.display());
    }
    Ok(binary)
}
