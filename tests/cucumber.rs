//! Runs every `features/**/*.feature` against the real BFF, simulators and (for `@ui`) Chromium.
//! Set `CUCUMBER_NAME` to run only scenarios whose name contains it, `CUCUMBER_FEATURE` for those of feature files
//! whose path contains it, and `CUCUMBER_SKIP_UI=1` to leave out the
//! `@ui` scenarios (CI's PostgreSQL run: the browser adds nothing there that the SQLite run did not check).
use cucumber::{World, writer::Stats};
use limoo_tests::steps::LimooWorld;

/// How many scenarios run at once. Each owns a BFF and simulators; API scenarios mostly wait on the network and
/// the simulators' clocks, so many fit on 2 cores, while an `@ui` scenario also owns a Chromium.
const API_CONCURRENCY: usize = 8;
const UI_CONCURRENCY: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn features() {
    let skip_ui = std::env::var("CUCUMBER_SKIP_UI").is_ok_and(|v| v == "1");
    let mut passes = vec![run(Kind::Api).await];
    if !skip_ui {
        passes.push(run(Kind::Ui).await);
        limoo_tests::browser::Browser::close_pool().await;
    }
    for pass in &passes {
        assert!(!pass.failed, "{:?} scenarios failed ({} step(s))", pass.kind, pass.failed_steps);
        assert_eq!(pass.parsing_errors, 0, "feature files failed to parse");
        assert_eq!(pass.skipped_steps, 0, "steps were skipped (undefined?)");
    }
    assert!(passes.iter().any(|pass| pass.passed_steps > 0), "no scenario ran");
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Api,
    Ui,
}

struct Pass {
    kind: Kind,
    failed: bool,
    failed_steps: usize,
    parsing_errors: usize,
    skipped_steps: usize,
    passed_steps: usize,
}

/// One pass over the features for the scenarios of one kind.
async fn run(kind: Kind) -> Pass {
    let only = std::env::var("CUCUMBER_NAME").ok();
    let only_feature = std::env::var("CUCUMBER_FEATURE").ok();
    let concurrency = match kind {
        Kind::Api => API_CONCURRENCY,
        Kind::Ui => UI_CONCURRENCY,
    };
    let writer = LimooWorld::cucumber()
        .max_concurrent_scenarios(concurrency)
        .fail_on_skipped()
        .after(|_, _, scenario, finished, world| {
            Box::pin(async move {
                if let Some(world) = world {
                    if matches!(finished, cucumber::event::ScenarioFinished::StepFailed(..)) {
                        world.save_screenshot(&scenario.name).await;
                    }
                    let passed = matches!(finished, cucumber::event::ScenarioFinished::StepPassed);
                    world.tear_down(passed).await;
                }
            })
        })
        .filter_run(limoo_tests::workspace_root().join("features"), move |feature, _, scenario| {
            let ui = feature.tags.iter().chain(&scenario.tags).any(|tag| tag == "ui");
            let path = feature.path.as_deref().map(|path| path.to_string_lossy()).unwrap_or_default();
            only.as_deref().is_none_or(|name| scenario.name.contains(name))
                && only_feature.as_deref().is_none_or(|part| path.contains(part))
                && ui == (kind == Kind::Ui)
        })
        .await;
    Pass {
        kind,
        failed: writer.execution_has_failed(),
        failed_steps: writer.failed_steps(),
        parsing_errors: writer.parsing_errors(),
        skipped_steps: writer.skipped_steps(),
        passed_steps: writer.passed_steps(),
    }
}
