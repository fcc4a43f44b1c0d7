#!/usr/bin/env bash
# The speed figures in one run, each beside its goal: first-route JavaScript (from the web build), Lighthouse
# mobile (Debian Chromium), what the BFF serves from memory ÷ a bare server's yardstick, order creation on SQLite
# and PostgreSQL, cold start.
# Builds the release BFF and the web app (when web/dist is missing), starts them and prints one table at the end.
# A benchmark, not a test: test.sh and CI never run it. Needs what run.sh needs, plus /usr/bin/chromium for
# Lighthouse and a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
# where it may create and drop a database; a figure that cannot be measured says why in the table.
#
#   ./bench.sh          BENCH_REQUESTS (default 10000) requests per load run, LIGHTHOUSE_RUNS (default 3)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TERM_COLOR=never

PORT="${BENCH_PORT:-18580}"
LIGHTHOUSE_RUNS="${LIGHTHOUSE_RUNS:-3}"
work="$(mktemp -d)"
bff_pid=""
cleanup() {
  [ -n "$bff_pid" ] && kill "$bff_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

rows="$work/rows"
# One row of the final table: figure, measured, goal, met (yes, no or - when not measured).
row() { printf 'FIGURE\t%s\t%s\t%s\t%s\n' "$@" >>"$rows"; }
# awk compares the numbers: "yes" when `$1 $2 $3` holds (e.g. 88.1 '<=' 90).
met() { awk -v a="$1" -v b="$3" -v op="$2" 'BEGIN { ok = (op == "<=") ? a <= b : (op == "<") ? a < b : a >= b; print ok ? "yes" : "no" }'; }

echo "==> Machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"

if [ ! -f web/dist/.vite/manifest.json ]; then
  echo "==> Building the web app (web/dist is missing)"
  (cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
fi
echo "==> Building the BFF (release) and the load generator"
cargo build --release --quiet -p limoo-bff
cargo bench --quiet -p limoo-tests --bench figures --no-run

echo "==> First route's JavaScript (web/scripts/size-report.mjs on web/dist)"
# The report fails above the build's budget; its figures are what counts here.
size_report="$(node web/scripts/size-report.mjs 2>&1 || true)"
echo "$size_report"
read -r js_gz js_br < <(echo "$size_report" | awk '/^JavaScript, / { print $(NF-1), $NF }') || true

echo "==> Starting the release BFF on port $PORT for Lighthouse (run.sh's settings, fresh SQLite)"
DATABASE_URL="sqlite://$work/limoo.db" WEB_DIR=web/dist DEMO_DATA=true HOST=127.0.0.1 PORT="$PORT" \
  PUBLIC_BASE_URL="http://127.0.0.1:$PORT" ./target/release/bff serve >"$work/bff.log" 2>&1 &
bff_pid=$!
for _ in $(seq 300); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" && break
  kill -0 "$bff_pid" 2>/dev/null || { cat "$work/bff.log"; exit 1; }
  sleep 0.1
done

# What the BFF sends for the entry chunk to a browser that offers brotli and gzip.
entry="$(grep -o 'src="/assets/[^"]*\.js"' web/dist/index.html | head -1 | sed 's/^src="//; s/"$//')"
encoding="$(curl -fsS -o /dev/null -D - -H 'Accept-Encoding: br, gzip' "http://127.0.0.1:$PORT$entry" |
  awk 'tolower($1) == "content-encoding:" { gsub("\r", "", $2); print $2 }')"
row "first route JS, gzipped (brotli)" "${js_gz} KB (${js_br} KB), sent as ${encoding:-identity}" \
  "≤ 150 KB gzipped (the build's budget), sent compressed" \
  "$([ "$(met "$js_gz" '<=' 150)" = yes ] && [ -n "$encoding" ] && echo yes || echo no)"

echo "==> Lighthouse mobile, median of $LIGHTHOUSE_RUNS cold runs (web/bench/lighthouse.mjs, /usr/bin/chromium)"
# The three screens an anonymous visitor lands on: the sign-in (through /), and the two questionnaires' first steps.
lighthouse_goal="performance ≥ 98; FCP ≤ 1.0 s, LCP ≤ 1.5 s"
if ! (cd web/bench && npm ci --no-audit --no-fund --loglevel=error); then
  echo "    Lighthouse skipped: web/bench's packages could not be installed"
  row "Lighthouse mobile (landing screens)" "not measured: web/bench's npm packages could not be installed" \
    "$lighthouse_goal" "-"
else
  for screen in / /betterme/1 /konkur/1; do
    if lighthouse="$(cd web/bench && node lighthouse.mjs "http://127.0.0.1:$PORT/#$screen" "$LIGHTHOUSE_RUNS")"; then
      echo "$lighthouse"
      median="$(echo "$lighthouse" | grep '^median')"
      performance="$(echo "$median" | sed -E 's/.*performance ([0-9]+).*/\1/')"
      fcp="$(echo "$median" | sed -E 's/.*FCP ([0-9.]+) s.*/\1/')"
      lcp="$(echo "$median" | sed -E 's/.*LCP ([0-9.]+) s.*/\1/')"
      row "Lighthouse mobile (#$screen, Debian Chromium)" "performance $performance; FCP $fcp s, LCP $lcp s" \
        "$lighthouse_goal" \
        "$([ "$(met "$performance" '>=' 98)" = yes ] && [ "$(met "$fcp" '<=' 1.0)" = yes ] &&
          [ "$(met "$lcp" '<=' 1.5)" = yes ] && echo yes || echo no)"
    else
      echo "    Lighthouse failed on #$screen"
      row "Lighthouse mobile (#$screen)" "not measured: lighthouse.mjs failed" "$lighthouse_goal" "-"
    fi
  done
fi
kill "$bff_pid" && wait "$bff_pid" 2>/dev/null || true
bff_pid=""

echo "==> Server figures (cargo bench -p limoo-tests --bench figures)"
cargo bench --quiet -p limoo-tests --bench figures | tee "$work/figures"
grep '^FIGURE' "$work/figures" >>"$rows"

echo
echo "Speed figures, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD), $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end:"
echo
echo "| figure | measured | goal | met? |"
echo "|---|---|---|---|"
awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $2, $3, $4, $5 }' "$rows"
