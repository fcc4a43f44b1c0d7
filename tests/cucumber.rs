//! Runs every `features/**/*.feature` against the real BFF, simulators and (for `@ui`) Chromium.
//! Set `CUCUMBER_NAME` to run only scenarios whose name contains it, `CUCUMBER_FEATURE` for those of feature files
//! whose path contains it, `CUCUMBER_TAGS` (comma-separated, e.g. `PR-40,ER-21`) for those carrying any of the tags
//! (the mutation run's way to ask a rule's own scenarios), and `CUCUMBER_SKIP_UI=1` to leave out the
//! `@ui` scenarios (CI's PostgreSQL run: the browser adds nothing there that the SQLite run did not check).
//! With `LIMOO_TARGET` set they run against that deployment instead (see `limoo_tests::target`): each scenario gets
//! numbers of its own (`limoo_tests::own_customers`) and those tagged `@in-process` are skipped, with the count printed.
use std::{
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use cucumber::{Parser, World, WriterExt as _, gherkin, parser, writer, writer::Stats};
use futures::{StreamExt as _, stream};
use limoo_tests::{
    own_customers::Numbering,
    report,
    rules_page::{self, Ended},
    steps::LimooWorld,
    target::{IN_PROCESS_TAG, Target},
};

/// When each running scenario started, and how long each finished one took: the slowest are printed after a pass,
/// to show where the suite's minutes go.
static STARTED: Mutex<Vec<(String, Instant)>> = Mutex::new(Vec::new());
static TOOK: Mutex<Vec<(Duration, String)>> = Mutex::new(Vec::new());
const SLOWEST_SHOWN: usize = 15;
/// Scenarios of the pass that run only in-process, left out against a deployment.
static IN_PROCESS_ONLY: AtomicUsize = AtomicUsize::new(0);

/// How many scenarios run at once. Each owns a BFF and simulators; API scenarios mostly wait on the network and
/// the simulators' clocks, so many fit on 2 cores, while an `@ui` scenario also owns a Chromium (4 at a time:
/// 150 s for the `@ui` pass against 155 s at 3).
const API_CONCURRENCY: usize = 8;
const UI_CONCURRENCY: usize = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn features() {
    let skip_ui = std::env::var("CUCUMBER_SKIP_UI").is_ok_and(|v| v == "1");
    let mut passes = vec![run(Kind::Api).await];
    if !skip_ui {
        passes.push(run(Kind::Ui).await);
        limoo_tests::browser::Browser::close_pool().await;
    }
    // Written before any verdict: a failed run is when the pages are most needed.
    let reports = reports_dir();
    match rules_page::write(&reports, &limoo_tests::workspace_root()) {
        Ok(path) => eprintln!("rules page: {}", path.display()),
        Err(error) => eprintln!("the rules page could not be written: {error}"),
    }
    match report::write(&reports) {
        Ok(path) => eprintln!("report: {}", path.display()),
        Err(error) => eprintln!("the report could not be written: {error}"),
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

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Api => "api",
            Kind::Ui => "ui",
        }
    }
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
    let only_tags: Option<Vec<String>> = std::env::var("CUCUMBER_TAGS")
        .ok()
        .map(|tags| tags.split(',').map(|tag| tag.trim().trim_start_matches('@').to_owned()).collect());
    let started = Instant::now();
    let remote = Target::from_env();
    let concurrency = match kind {
        Kind::Api => API_CONCURRENCY,
        Kind::Ui => UI_CONCURRENCY,
    };
    let writer = LimooWorld::cucumber::<std::path::PathBuf>()
        .with_parser(Features { own_customers: remote.is_some() })
        .with_writer(
            writer::Basic::raw(std::io::stdout(), writer::Coloring::Auto, 0)
                .summarized()
                .tee::<LimooWorld, _>(writer::JUnit::for_tee(report_file(&format!("{}.xml", kind.name())), 0))
                .tee::<LimooWorld, _>(writer::Json::for_tee(report_file(&format!("{}.cucumber.json", kind.name()))))
                .normalized(),
        )
        .max_concurrent_scenarios(concurrency)
        .fail_on_skipped()
        .before(|feature, _, scenario, _| {
            let key = scenario_key(feature, scenario);
            Box::pin(async move { lock(&STARTED).push((key, Instant::now())) })
        })
        .after(move |feature, rule, scenario, finished, world| {
            let key = scenario_key(feature, scenario);
            let ended = match finished {
                cucumber::event::ScenarioFinished::StepPassed => Ended::Passed,
                cucumber::event::ScenarioFinished::StepSkipped => Ended::Skipped,
                _ => Ended::Failed,
            };
            let rule_tags = rule.into_iter().flat_map(|rule| &rule.tags);
            rules_page::record(
                feature.tags.iter().chain(rule_tags).chain(&scenario.tags),
                key.clone(),
                kind.name(),
                ended,
            );
            Box::pin(async move {
                record_finished(&key);
                if let Some(world) = world {
                    let passed = matches!(finished, cucumber::event::ScenarioFinished::StepPassed);
                    world.save_evidence(&reports_dir(), &key, !passed).await;
                    world.tear_down(passed).await;
                }
            })
        })
        .filter_run(limoo_tests::workspace_root().join("features"), move |feature, _, scenario| {
            let tags = || feature.tags.iter().chain(&scenario.tags);
            let ui = tags().any(|tag| tag == "ui");
            let path = feature.path.as_deref().map(|path| path.to_string_lossy()).unwrap_or_default();
            let selected = only.as_deref().is_none_or(|name| scenario.name.contains(name))
                && only_feature.as_deref().is_none_or(|part| path.contains(part))
                && only_tags.as_deref().is_none_or(|wanted| tags().any(|tag| wanted.contains(tag)))
                && ui == (kind == Kind::Ui);
            let here = remote.is_none() || !tags().any(|tag| tag == IN_PROCESS_TAG);
            if selected && !here {
                IN_PROCESS_ONLY.fetch_add(1, Ordering::Relaxed);
            }
            selected && here
        })
        .await;
    print_slowest(kind, started.elapsed());
    if let Some(target) = remote {
        use std::io::Write as _;
        let skipped = IN_PROCESS_ONLY.swap(0, Ordering::Relaxed);
        let _ = writeln!(
            std::io::stderr().lock(),
            "{kind:?} pass against {}: {skipped} scenarios tagged @{IN_PROCESS_TAG} skipped (they reach inside the BFF)",
            target.bff
        );
    }
    Pass {
        kind,
        failed: writer.execution_has_failed(),
        failed_steps: writer.failed_steps(),
        parsing_errors: writer.parsing_errors(),
        skipped_steps: writer.skipped_steps(),
        passed_steps: writer.passed_steps(),
    }
}

/// Features as cucumber's own parser reads them; against a deployment, each scenario with customers of its own.
#[derive(Debug)]
struct Features {
    own_customers: bool,
}

impl<I: AsRef<std::path::Path>> Parser<I> for Features {
    type Cli = <parser::Basic as Parser<I>>::Cli;
    type Output = stream::Iter<std::vec::IntoIter<parser::Result<gherkin::Feature>>>;

    fn parse(self, input: I, cli: Self::Cli) -> Self::Output {
        // The basic parser's stream is a ready list: collecting it never waits.
        let mut features: Vec<_> = futures::executor::block_on(parser::Basic::default().parse(input, cli).collect());
        if self.own_customers {
            let mut numbering = Numbering::for_this_run();
            features.iter_mut().flatten().for_each(|feature| numbering.give_own_customers(feature));
        }
        stream::iter(features)
    }
}

/// Where a run leaves its reports for CI and for the people a failure is handed to: `CUCUMBER_REPORT_DIR`, else
/// `target/reports/gherkin`. Each pass writes `{api|ui}.xml` (JUnit: scenarios as test cases, features as suites, the
/// failed step and its message) and `{api|ui}.cucumber.json`; every scenario files its evidence in `evidence/`; the
/// run ends with `report.html` and `rules.html`.
fn reports_dir() -> std::path::PathBuf {
    std::env::var_os("CUCUMBER_REPORT_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| limoo_tests::workspace_root().join("target/reports/gherkin"))
}

fn report_file(name: &str) -> std::fs::File {
    let dir = reports_dir();
    std::fs::create_dir_all(&dir).expect("the reports folder can be made");
    std::fs::File::create(dir.join(name)).expect("a report can be written")
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A scenario's file, line and name: outlines' examples share the name, files share lines.
fn scenario_key(feature: &cucumber::gherkin::Feature, scenario: &cucumber::gherkin::Scenario) -> String {
    let file = feature.path.as_deref().and_then(|path| path.file_name()).unwrap_or_default().to_string_lossy();
    format!("{file}:{} {}", scenario.position.line, scenario.name)
}

fn record_finished(key: &str) {
    let mut started = lock(&STARTED);
    if let Some(at) = started.iter().position(|(name, _)| name == key) {
        let (name, since) = started.swap_remove(at);
        lock(&TOOK).push((since.elapsed(), name));
    }
}

/// Straight to stderr: libtest captures `eprintln!` of a passing test.
fn print_slowest(kind: Kind, wall: Duration) {
    use std::io::Write as _;
    let mut out = std::io::stderr().lock();
    let mut took = std::mem::take(&mut *lock(&TOOK));
    if took.is_empty() {
        return;
    }
    let total: Duration = took.iter().map(|(took, _)| *took).sum();
    took.sort_by_key(|(took, _)| std::cmp::Reverse(*took));
    let _ = writeln!(
        out,
        "{kind:?} pass: {} scenarios in {:.0} s ({:.0} s of scenario time); the slowest:",
        took.len(),
        wall.as_secs_f64(),
        total.as_secs_f64()
    );
    for (took, name) in took.iter().take(SLOWEST_SHOWN) {
        let _ = writeln!(out, "  {:>6.1} s  {name}", took.as_secs_f64());
    }
    let every: String = took.iter().map(|(took, name)| format!("{:.2}\t{name}\n", took.as_secs_f64())).collect();
    let path = limoo_tests::workspace_root().join(format!("target/cucumber-times-{kind:?}.tsv").to_lowercase());
    if std::fs::write(&path, every).is_ok() {
        let _ = writeln!(out, "  (every scenario's time: {})", path.display());
    }
}
