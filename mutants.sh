#!/usr/bin/env bash
# Mutation testing of the rules: break a rule in the BFF, run the scenarios tagged with it, see that they fail
# (docs/mutation-testing.md). A QA tool, not a test: test.sh and CI never run it; a full run takes hours, a
# rule or a file minutes. Needs what test.sh needs (web/dist for @ui scenarios: `cd web && npm run build`).
#
#   ./mutants.sh --list                      the mutants, the rules each breaks, what would run
#   ./mutants.sh --rule PR-40 --rule ER-21   only the mutants of these rules
#   ./mutants.sh --file 'bff/src/domain/invoice.rs' --api-only
set -euo pipefail
cd "$(dirname "$0")"
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "==> Installing cargo-mutants (crates.io)"
  cargo install --locked cargo-mutants
fi
exec python3 tests/mutation/mutants.py "$@"
