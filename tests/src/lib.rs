//! The acceptance harness: boots the real BFF and the gateway simulators on random ports with a
//! fresh database per test, plus a real Chromium for `@ui` scenarios; and the Gherkin steps (`steps`), one module
//! per concept, that `tests/cucumber.rs` runs.
pub mod api;
pub mod app;
pub mod browser;
pub mod db;
pub mod franchise;
pub mod multipart;
pub mod params;
pub mod payment;
pub mod process;
pub mod steps;
pub mod web_module;

pub use app::{AnalyticsRow, AppOptions, SignIn, TestApp, refresh_cookie_of, spawn_app};
pub use db::TestDb;

/// The workspace root, found from this crate's manifest (never from the current directory).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(|p| p.to_path_buf()).unwrap_or_default()
}
