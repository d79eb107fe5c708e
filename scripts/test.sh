#!/usr/bin/env bash
# `pnpm test`: the whole suite, as CI runs it. Two turbo runs, so a 2-core machine is not asked to
# run jsdom, Chromium and both databases' integration suites at once: after the format check,
# typecheck, lint, build and the unit and integration tests, two tasks at a time; then the browser tests alone
# (three files at a time, vitest.e2e.config.ts);
# then, given a PostgreSQL server, `pnpm bench --quick` (about 1.5 minutes on TEST_DATABASE_URL's server, database coinsight_bench_quick; realistic and hot-cache modes),
# which prints its table and fails on a broken case (connection errors, a 5xx other than a shed 503), never on speed.
# Each run goes on past a failure, and the closing `Tests:` line is printed whatever happened;
# the command fails when any task failed, with or without a test report.
set -uo pipefail
cd "$(dirname "$0")/.."
rm -rf .test-results
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-haproxy.sh || exit 1

failed=()
mkdir -p .test-results
# Each turbo run is also kept in .test-results/, so that a failed task's own lines can be printed
# again at the very end, where a CI log's tail shows them (the bench's table comes in between).
turbo_run() {
  local log=".test-results/turbo-$1.log"
  shift
  turbo run "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  if [[ $status -ne 0 ]]; then
    echo "--- from $log: the failed tasks and their errors" >>.test-results/failures.txt
    grep -aE 'Failed:|ERR_PNPM|error TS|Unhandled|Error:|✖|FAIL|exited \(|Timeout calling' "$log" | tail -40 >>.test-results/failures.txt
    # An unhandled error fails a run whose tests all passed; what it was, and which file vitest
    # blames ("This error originated in …"), is in the lines below its heading.
    grep -aE -A30 'Unhandled (Rejection|Error)' "$log" | grep -avE '^\s*$' | head -80 >>.test-results/failures.txt
  fi
  return "$status"
}
prettier --check . --log-level warn || failed+=('format check (run pnpm format)')
turbo_run checks typecheck lint build test --concurrency=2 --continue=dependencies-successful ||
  failed+=('typecheck, lint, build, unit and integration tests')
turbo_run e2e e2e --continue=dependencies-successful || failed+=('browser tests')
if [[ -n "${TEST_DATABASE_URL:-}${BENCH_DATABASE_URL:-}" ]]; then
  node bench/run.mjs --quick || failed+=('bench (pnpm bench --quick: a case had errors or 5xx answers)')
else
  echo 'pnpm bench --quick skipped: it needs PostgreSQL (set TEST_DATABASE_URL or BENCH_DATABASE_URL).' >&2
fi
[[ -s .test-results/failures.txt ]] && cat .test-results/failures.txt >&2
node scripts/test-summary.mjs "${failed[@]}"
