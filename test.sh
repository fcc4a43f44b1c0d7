#!/usr/bin/env bash
# Runs every test: web unit tests, Rust unit/API/store/property tests, the Gherkin suites (API and @ui in
# Chromium) and the Playwright journeys. Installs what it needs (npm packages, Debian chromium and
# chromium-driver). With TEST_DATABASE_URL set, store tests also run on that PostgreSQL server, a stage runs the
# API and Gherkin API suites again with the BFF on it, and a last one runs the Gherkin API suite from outside against
# a BFF and simulators started as a deployment (tests/staging.sh).
set -euo pipefail
cd "$(dirname "$0")"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CARGO_TERM_COLOR=never

# Each stage's wall time, printed as it ends and again in a summary: where CI's minutes go.
summary=""
stage_started=$SECONDS
stage_name=""
stage() {
  if [ -n "$stage_name" ]; then
    local took=$((SECONDS - stage_started))
    summary+=$(printf '%6ss  %s\n' "$took" "$stage_name")$'\n'
    echo "    (${took}s)"
  fi
  stage_name="$1"
  stage_started=$SECONDS
  [ -n "$1" ] && echo "==> $1"
  return 0
}

# Cargo's build output lives in the machine's cache directory, outside the clone: a fresh clone on a machine that
# has built Limoo before starts warm (cargo's fingerprints keep it honest); a fresh machine simply starts cold.
# `target` stays the path every script and test uses: it becomes a link there. LIMOO_TARGET_CACHE=off keeps it local.
if [ -z "${CARGO_TARGET_DIR:-}" ] && [ ! -e target ] && [ "${LIMOO_TARGET_CACHE:-}" != off ]; then
  target_cache="${XDG_CACHE_HOME:-$HOME/.cache}/limoo/target"
  mkdir -p "$target_cache" && ln -s "$target_cache" target
  echo "==> Build output in $target_cache (linked as ./target)"
fi

# The suites drive Chromium's headless shell: the Gherkin `@ui` pass is bound by the machine's 2 cores, and took
# 300 s in the full browser's headless mode against 235–243 s in the shell.
install_chromium() {
  if command -v chromedriver >/dev/null && [ -x /usr/lib/chromium/chromium-headless-shell ]; then
    echo "    chromium-driver and chromium-headless-shell are installed"
    return
  fi
  local sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q chromium-driver chromium-headless-shell
}

# `npm ci` wipes node_modules and installs it again (12 s for web/ on 2 cores), even when it already holds exactly
# that install, as it does when CI runs in its fixed directory. It is skipped when the folder records an install
# from these package.json and package-lock.json with this Node.js; a clean clone has no node_modules and installs.
npm_ci() {
  local record=node_modules/.limoo-installed wanted
  wanted="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1) node $(node --version)"
  if [ -f "$record" ] && [ "$(cat "$record")" = "$wanted" ]; then
    echo "    $(basename "$PWD")/node_modules holds this package-lock.json's install: npm ci skipped"
    return
  fi
  # One list, not two lines: called in an `&&` chain, the function runs without `set -e`.
  npm ci --no-audit --no-fund --loglevel=error && echo "$wanted" >"$record"
}

# Jobs that run beside the Rust build, their output kept until they end: the Rust build leaves a core idle while
# one large crate compiles or links, and downloads leave both idle. `beside NAME COMMAND…` starts one; `await NAME`
# waits for it, prints its output and its time, and fails when it failed.
declare -A beside_pid beside_log
beside() {
  local name="$1"; shift
  beside_log[$name]="$(mktemp)"
  ( started=$SECONDS; "$@"; status=$?; echo "    ($name: $((SECONDS - started))s)"; exit $status ) \
    >"${beside_log[$name]}" 2>&1 &
  beside_pid[$name]=$!
}
await() {
  local name="$1" status=0
  wait "${beside_pid[$name]}" || status=$?
  echo "==> $name"
  cat "${beside_log[$name]}"
  rm -f "${beside_log[$name]}"
  unset "beside_pid[$name]"
  [ "$status" -eq 0 ] || { echo "FAILED: $name" >&2; exit "$status"; }
}
# A failed stage ends the script: the jobs beside it end too.
trap 'for pid in "${beside_pid[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT

web() { cd web && npm_ci && npm run lint && npm test && npm run build; }

# Clippy lints the workspace's crates while the tests' build compiles them (clippy-driver as their compiler,
# warnings as errors). `cargo clippy` before the build compiled every dependency a second time, in check mode:
# 869 s for both on a fresh machine, against 543 s for this one build. Every cargo command here runs with these
# settings: cargo keeps the crates built with and without them apart, so another setting would rebuild them.
# Without clippy-driver the wrapper would be empty and the lints silently skipped: stop instead.
RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" || { echo "FATAL: no clippy-driver (rustup component add clippy)" >&2; exit 1; }
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

stage "Rust: format, lint and build; beside it: Chromium, web (install, lint, unit tests, build)"
beside "Chromium: Debian chromium-driver and chromium-headless-shell" install_chromium
beside "Web: install, lint, unit tests, build" web
cargo fmt --all --check
# The tests' build, binaries included (e2e runs target/debug/bff): `cargo build`, with or without `--workspace`,
# resolves dependencies' features without the tests' dev-dependencies, and a fresh machine then compiled hyper,
# reqwest, poem, sqlx, the BFF and more a second time for the tests. `--all-targets` lints the benches too.
cargo test --workspace --all-targets --no-run --quiet
echo "    (Rust: $((SECONDS - stage_started))s)"
await "Chromium: Debian chromium-driver and chromium-headless-shell"
await "Web: install, lint, unit tests, build"

stage "Rust: unit, API, store, property and Gherkin tests"
# Each test owns its BFF, simulators and database and mostly waits on them: 8 at a time, not one per core
# (the API suite: 33 s → 21 s on 2 cores). The Gherkin runner sets its own concurrency. An environment variable,
# not `--test-threads`: cucumber reads the command line of its test binary and refuses libtest's flags.
# The Gherkin passes also leave reports to hand on: JUnit, cucumber JSON and report.html in target/reports/gherkin.
CUCUMBER_REPORT_DIR="${CUCUMBER_REPORT_DIR:-$PWD/target/reports/gherkin}" RUST_TEST_THREADS=8 cargo test --workspace

stage "Playwright journeys"
(cd e2e && npm_ci && npx playwright test)

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage "PostgreSQL: API and Gherkin API suites with the BFF on PostgreSQL (the @ui scenarios ran on SQLite)"
  CUCUMBER_REPORT_DIR="$PWD/target/reports/gherkin-postgres" TEST_BACKEND=postgres CUCUMBER_SKIP_UI=1 \
    RUST_TEST_THREADS=8 cargo test --workspace --test api --test bdd
  stage "Staging: the Gherkin API suite against a separately started bff serve on PostgreSQL and simulators binary"
  tests/staging.sh
fi
stage ""
printf '==> Wall time by stage (%ss in all)\n%s' "$SECONDS" "$summary"
