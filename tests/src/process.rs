//! The BFF as its own operating-system process, for tests that must kill it: a crash is not a dropped
//! task, nothing in flight gets to finish, roll back in memory or clean up.
//!
//! It learns the BFF's port from `bff serve --port-file … --ready-file …` (the `readiness` crate), as e2e
//! does, never from a log line: the log's wording is free to change.
use std::{
    fs::File,
    path::{Path, PathBuf},
    process::Stdio,
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use tokio::process::{Child, Command};

/// How long a BFF may take to announce it is ready (a deadline, not a sleep).
const STARTUP_DEADLINE: Duration = Duration::from_secs(30);
/// How often the ready file and the child's exit are checked while waiting.
const READY_CHECK: Duration = Duration::from_millis(20);
/// Log lines shown when the BFF did not come up.
const LOG_TAIL: usize = 20;

/// A running `bff serve` process; killed when dropped.
#[derive(Debug)]
pub struct BffProcess {
    /// e.g. `http://127.0.0.1:41234`
    pub address: String,
    // Declared before `_files`: the child is killed before its folder is removed.
    child: Child,
    /// Held for its Drop, which removes the folder.
    _files: ProcessFiles,
}

impl BffProcess {
    /// Starts the built `bff` binary (next to this test binary's folder, as `cargo test` builds it)
    /// with `env` on a random port and waits for its ready file.
    pub async fn start(env: &[(String, String)]) -> anyhow::Result<BffProcess> {
        let binary = built_binary()?;
        let files = ProcessFiles::create()?;
        // A file, not a pipe: the child can never block on output nobody reads. Both streams go there, so a
        // passing test prints nothing and a failing one shows the end of it (see `ProcessFiles`' Drop).
        let log = File::create(&files.log).with_context(|| format!("creating {}", files.log.display()))?;
        let log_err = log.try_clone().context("the BFF's log")?;
        let mut child = Command::new(&binary)
            .arg("serve")
            .arg("--port-file")
            .arg(&files.port)
            .arg("--ready-file")
            .arg(&files.ready)
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "info")
            .envs(env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log_err)
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", binary.display()))?;
        files.wait_until_ready(&mut child).await?;
        let port = std::fs::read_to_string(&files.port).context("the BFF's port file")?;
        let port: u16 = port.trim().parse().with_context(|| format!("the BFF's port file holds {port:?}"))?;
        Ok(BffProcess { address: format!("http://127.0.0.1:{port}"), child, _files: files })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// SIGKILL, as a crash or an OOM kill would end it, and waits until it is gone.
    pub async fn kill(mut self) -> anyhow::Result<()> {
        self.child.kill().await.context("killing the BFF")
    }

    /// SIGTERM, as systemd or a rolling deploy stops it; returns at once (see [`BffProcess::exited`]).
    pub fn terminate(&self) -> anyhow::Result<()> {
        let pid = self.child.id().context("the BFF has exited already")?;
        let sent = std::process::Command::new("kill").arg("-TERM").arg(pid.to_string()).status()?;
        anyhow::ensure!(sent.success(), "kill -TERM {pid} failed");
        Ok(())
    }

    /// Waits until the process has exited (at most `deadline`) and says how.
    pub async fn exited(&mut self, deadline: Duration) -> anyhow::Result<std::process::ExitStatus> {
        tokio::time::timeout(deadline, self.child.wait())
            .await
            .context("the BFF did not exit in time")?
            .map_err(Into::into)
    }
}

/// One process's own folder: its port and ready files and its log (stdout and stderr); removed when dropped.
#[derive(Debug)]
struct ProcessFiles {
    dir: PathBuf,
    port: PathBuf,
    ready: PathBuf,
    log: PathBuf,
}

impl ProcessFiles {
    fn create() -> anyhow::Result<ProcessFiles> {
        let dir = std::env::temp_dir().join(format!("limoo-bff-process-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        Ok(ProcessFiles { port: dir.join("port"), ready: dir.join("ready"), log: dir.join("bff.log"), dir })
    }

    /// Returns once the ready file exists; fails when the child exits first or the deadline passes.
    async fn wait_until_ready(&self, child: &mut Child) -> anyhow::Result<()> {
        let deadline = Instant::now() + STARTUP_DEADLINE;
        while !self.ready.exists() {
            if let Some(status) = child.try_wait().context("checking the BFF process")? {
                bail!("the BFF exited ({status}) before it was ready; its log ends:\n{}", tail(&self.log));
            }
            if Instant::now() >= deadline {
                bail!("the BFF was not ready within {STARTUP_DEADLINE:?}; its log ends:\n{}", tail(&self.log));
            }
            tokio::time::sleep(READY_CHECK).await;
        }
        Ok(())
    }
}

impl Drop for ProcessFiles {
    fn drop(&mut self) {
        // Dropped while a test fails: the harness shows what the test printed, so print what the BFF said.
        if std::thread::panicking() {
            eprintln!("the BFF process's log ends:\n{}", tail(&self.log));
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The last lines of a log, for a failure message.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(LOG_TAIL)..].join("\n")
}

/// `target/<profile>/bff`, beside the running test or bench (they run from `target/<profile>/deps/`).
pub fn built_binary() -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).context("the test binary's folder")?;
    let binary = profile_dir.join("bff");
    if !binary.is_file() {
        bail!("{} is missing: run `cargo build -p limoo-bff` first", binary.display());
    }
    Ok(binary)
}
