#!/usr/bin/env bash
# Builds and starts Limoo as a new user would: the BFF (API, docs and the web app) on SQLite with the
# demo catalogue, plus the gateway simulators. Needs the Rust toolchain and Node.js 20 with npm.
set -euo pipefail
cd "$(dirname "$0")"

PORT="${PORT:-8080}"
SIM_PORT="${SIM_PORT:-8090}"
SIM_SMTP_PORT="${SIM_SMTP_PORT:-2525}"

echo "==> Building the web app"
(cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
echo "==> Building the BFF and the simulators (release)"
cargo build --release --quiet -p limoo-bff -p limoo-simulators

./target/release/simulators --port "$SIM_PORT" --smtp-port "$SIM_SMTP_PORT" &
sim_pid=$!
trap 'kill "$sim_pid" 2>/dev/null || true' EXIT INT TERM

echo "==> Limoo is running at http://127.0.0.1:${PORT}/  (API docs: /docs)"
echo "    Simulators' dashboard (codes, payments, forced scenarios): http://127.0.0.1:${SIM_PORT}/_sim/"
echo "    Sign-in codes land in the simulators: http://127.0.0.1:${SIM_PORT}/_sim/sms?receptor=09121234567"
echo "    and http://127.0.0.1:${SIM_PORT}/_sim/email?to=you@example.com"
# Payments come back to the address printed above; localhost is the same machine under another name.
# The demo is a development deployment (simulators, demo data): LIMOO_ENV=production would refuse it by design.
LIMOO_ENV=development DATABASE_URL="${DATABASE_URL:-sqlite://data/limoo.db}" WEB_DIR=web/dist DEMO_DATA=true PORT="$PORT" \
  PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://127.0.0.1:${PORT}}" \
  PAYMENT_RESULT_ORIGINS="${PAYMENT_RESULT_ORIGINS:-http://localhost:${PORT}}" \
  KAVENEGAR_BASE_URL="http://127.0.0.1:${SIM_PORT}/kavenegar" KAVENEGAR_API_KEY=sim-key \
  VANDAR_BASE_URL="http://127.0.0.1:${SIM_PORT}/vandar" PAYPING_BASE_URL="http://127.0.0.1:${SIM_PORT}/payping" SNAPP_PAY_BASE_URL="http://127.0.0.1:${SIM_PORT}/snapppay" \
  DIGIPAY_BASE_URL="http://127.0.0.1:${SIM_PORT}/digipay/api" TARA_BASE_URL="http://127.0.0.1:${SIM_PORT}/tara" SAMAN_BASE_URL="http://127.0.0.1:${SIM_PORT}/saman" \
  GUMROAD_BASE_URL="http://127.0.0.1:${SIM_PORT}/gumroad" GUMROAD_API_BASE_URL="http://127.0.0.1:${SIM_PORT}/gumroad" \
  PAYMENT_METHODS="${PAYMENT_METHODS:-SNAPP_PAY,SAMAN,DIGIPAY,TARA,GUMROAD}" \
  SMTP_HOST=127.0.0.1 SMTP_PORT="$SIM_SMTP_PORT" \
  SUPPORT_PHONE="${SUPPORT_PHONE:-021-91001234}" SUPPORT_EMAIL="${SUPPORT_EMAIL:-support@limoo.ir}" \
  TRANSFER_CARD_NUMBER="${TRANSFER_CARD_NUMBER:-6037997599990001}" TRANSFER_CARD_HOLDER="${TRANSFER_CARD_HOLDER:-لیمو سلامت}" \
  TRANSFER_CARD_BANK="${TRANSFER_CARD_BANK:-بانک ملی}" TRANSFER_PAYPAL_ACCOUNT="${TRANSFER_PAYPAL_ACCOUNT:-paypal@limoo.ir}" \
  TRANSFER_PAYPAL_TOMAN_PER_USD="${TRANSFER_PAYPAL_TOMAN_PER_USD:-100000}" \
  ./target/release/bff serve
