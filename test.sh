#!/usr/bin/env bash
# Runs every test: web unit tests, Rust unit/API/store/property tests, the Gherkin suites (API and @ui in
# Chromium) and the Playwright journeys. Installs what it needs (npm packages, Debian chromium and
# chromium-driver). With TEST_DATABASE_URL set, store tests also run on that PostgreSQL server.
set -euo pipefail
cd "$(dirname "$0")"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 CARGO_TERM_COLOR=never

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "==> Installing Debian chromium and chromium-driver"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -q chromium chromium-driver
fi

echo "==> Web: install, lint, unit tests, build"
(cd web && npm ci --no-audit --no-fund --loglevel=error && npm run lint && npm test && npm run build)

echo "==> Rust: format, lint, build"
cargo fmt --all --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo build --quiet -p limoo-bff -p limoo-simulators

echo "==> Rust: unit, API, store, property and Gherkin tests"
cargo test --workspace

echo "==> Playwright journeys"
(cd e2e && npm ci --no-audit --no-fund --loglevel=error && npx playwright test)
