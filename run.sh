#!/usr/bin/env bash
# Builds and starts Limoo as a new user would: the BFF (API, docs and the web app) on SQLite with the
# demo catalogue, plus the gateway simulators. Needs the Rust toolchain and Node.js 20 with npm.
set -euo pipefail
cd "$(dirname "$0")"

PORT="${PORT:-8080}"
SIM_PORT="${SIM_PORT:-8090}"

echo "==> Building the web app"
(cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
echo "==> Building the BFF and the simulators (release)"
cargo build --release --quiet -p limoo-bff -p limoo-simulators

./target/release/simulators --port "$SIM_PORT" &
sim_pid=$!
trap 'kill "$sim_pid" 2>/dev/null || true' EXIT INT TERM

echo "==> Limoo is running at http://127.0.0.1:${PORT}/  (API docs: /docs, simulators: http://127.0.0.1:${SIM_PORT})"
DATABASE_URL="${DATABASE_URL:-sqlite://data/limoo.db}" WEB_DIR=web/dist DEMO_DATA=true PORT="$PORT" \
  ./target/release/bff serve
