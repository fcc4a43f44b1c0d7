//! Runs every `features/**/*.feature` against the real BFF, simulators and (for `@ui`) Chromium.
//! Set `CUCUMBER_NAME` to run only scenarios whose name contains it, `CUCUMBER_FEATURE` for those of feature files
//! whose path contains it, and `CUCUMBER_SKIP_UI=1` to leave out the
//! `@ui` scenarios (CI's PostgreSQL run: the browser adds nothing there that the SQLite run did not check).
#[path = "src/steps/mod.rs"]
mod steps;

use cucumber::{World, writer::Stats};
use steps::LimooWorld;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn features() {
    let only = std::env::var("CUCUMBER_NAME").ok();
    let only_feature = std::env::var("CUCUMBER_FEATURE").ok();
    let skip_ui = std::env::var("CUCUMBER_SKIP_UI").is_ok_and(|v| v == "1");
    let writer = LimooWorld::cucumber()
        // Each scenario owns a BFF, simulators and maybe a Chromium: a few at a time suits 2 cores.
        .max_concurrent_scenarios(3)
        .fail_on_skipped()
        .after(|_, _, scenario, finished, world| {
            Box::pin(async move {
                if let Some(world) = world {
                    if matches!(finished, cucumber::event::ScenarioFinished::StepFailed(..)) {
                        world.save_screenshot(&scenario.name).await;
                    }
                    world.tear_down().await;
                }
            })
        })
        .filter_run(limoo_tests::workspace_root().join("features"), move |feature, _, scenario| {
            let ui = feature.tags.iter().chain(&scenario.tags).any(|tag| tag == "ui");
            let path = feature.path.as_deref().map(|path| path.to_string_lossy()).unwrap_or_default();
            only.as_deref().is_none_or(|name| scenario.name.contains(name))
                && only_feature.as_deref().is_none_or(|part| path.contains(part))
                && !(skip_ui && ui)
        })
        .await;
    assert!(!writer.execution_has_failed(), "{} scenario step(s) failed", writer.failed_steps());
    assert_eq!(writer.parsing_errors(), 0, "feature files failed to parse");
    assert_eq!(writer.skipped_steps(), 0, "steps were skipped (undefined?)");
    assert!(writer.passed_steps() > 0, "no scenario ran");
}
