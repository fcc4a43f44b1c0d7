#!/usr/bin/env bash
# CI's staging pass: the BFF and the simulators started as a deployment runs them (`bff serve` on a fresh PostgreSQL
# database, the `simulators` binary, each its own process), then the Gherkin API suite against them through
# LIMOO_TARGET: every step through the API, the staff API and the simulators' control API, none through SQL.
# Scenarios tagged @in-process are skipped and counted. Needs TEST_DATABASE_URL and the debug binaries. `--workspace`,
# as test.sh's other stages: the features cargo resolves for one package alone would build the crates again.
set -euo pipefail
cd "$(dirname "$0")/.."
admin="${TEST_DATABASE_URL:?the staging pass needs a PostgreSQL server (TEST_DATABASE_URL)}"
name="limoo_staging_$$"
database="${admin%/*}/$name"
logs="$PWD/target/reports/staging"
mkdir -p "$logs"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="$(free_port)" sim_port="$(free_port)" smtp_port="$(free_port)"
bff="http://127.0.0.1:$port" sims="http://127.0.0.1:$sim_port"

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$admin" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null || true
}
trap cleanup EXIT
psql "$admin" -qc "CREATE DATABASE $name"

target/debug/simulators --port "$sim_port" --smtp-port "$smtp_port" >"$logs/simulators.log" 2>&1 &
pids+=($!)
# The settings a QA staging deployment runs with: the test clock on, the demo catalogue, the simulators as every
# gateway, the suite's machine trusted as a proxy (each scenario names an address of its own), and the payment methods and
# transfer details the harness's own BFFs have (tests/src/app.rs).
env DATABASE_URL="$database" PORT="$port" WEB_DIR=web/dist DEMO_DATA=true TEST_CLOCK=true LIMOO_ENV=development \
  AUTH_SECRET="staging-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  STAFF_API_TOKEN=staging-staff-token FINANCE_API_TOKEN=staging-finance-token TRUSTED_PROXIES=127.0.0.1/32 \
  KAVENEGAR_BASE_URL="$sims/kavenegar" VANDAR_BASE_URL="$sims/vandar" PAYPING_BASE_URL="$sims/payping" \
  SNAPP_PAY_BASE_URL="$sims/snapppay" DIGIPAY_BASE_URL="$sims/digipay/api" TARA_BASE_URL="$sims/tara" \
  SAMAN_BASE_URL="$sims/saman" GUMROAD_BASE_URL="$sims/gumroad" GUMROAD_API_BASE_URL="$sims/gumroad" \
  SMTP_HOST=127.0.0.1 SMTP_PORT="$smtp_port" PAYMENT_METHODS=SNAPP_PAY,DIGIPAY,TARA,SAMAN,GUMROAD \
  MENTOR_LINK_BASE_URL=https://mentor.limoo.test/link/ TRANSFER_CARD_NUMBER=6037997599990001 \
  TRANSFER_CARD_HOLDER="لیمو سلامت" TRANSFER_CARD_BANK="بانک ملی" TRANSFER_PAYPAL_ACCOUNT=paypal@limoo.example \
  TRANSFER_PAYPAL_TOMAN_PER_USD=100000 \
  target/debug/bff serve >"$logs/bff.log" 2>&1 &
pids+=($!)

for _ in $(seq 1 120); do
  curl -sf "$bff/readyz" >/dev/null && curl -sf "$sims/_sim/health" >/dev/null && break
  sleep 0.5
done
curl -sf "$bff/readyz" >/dev/null || { echo "the staging BFF did not start:" >&2; tail -20 "$logs/bff.log" >&2; exit 1; }

LIMOO_TARGET="$bff" LIMOO_SIMULATORS="$sims" LIMOO_STAFF_TOKEN=staging-staff-token \
  LIMOO_FINANCE_TOKEN=staging-finance-token CUCUMBER_SKIP_UI=1 CUCUMBER_REPORT_DIR="$PWD/target/reports/gherkin-staging" \
  cargo test --workspace --test bdd
