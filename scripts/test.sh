#!/usr/bin/env bash
# `pnpm test`: the whole suite, as CI runs it. After the format check and the build, three lanes
# side by side: the browser tests (two files at a time, vitest.e2e.config.ts), which wait on their
# pages more than they compute; the api's unit and integration tests, the longest task, started at
# once in a lane of their own (turbo starts ready tasks in an order of its own, and it had started
# them last, 8 minutes in, so everything else ended while they ran on); and the other checks one at
# a time: typecheck, lint and the other packages' tests (docs/architecture.md, "Tests").
# Then, given a PostgreSQL server, `pnpm bench --quick` (about 1.5 minutes on TEST_DATABASE_URL's server, database coinsight_bench_quick; realistic and hot-cache modes),
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
if turbo_run build build --concurrency=2; then
  # `--only`: the builds are done, and a second turbo run restoring them from its cache would
  # rewrite the files a running server is reading. The browser tests' and the api tests' lines go
  # to their logs, and from there to this output once they end, in one piece rather than
  # interleaved with the checks'.
  turbo_run e2e e2e --only >/dev/null &
  e2e_pid=$!
  turbo_run api-tests test --only --filter=@coinsight/api >/dev/null &
  api_pid=$!
  turbo_run checks typecheck lint lint:circles test --only --concurrency=1 --continue --filter='!@coinsight/api' ||
    failed+=('typecheck, lint and tests of the packages other than the api')
  turbo_run api-checks typecheck lint --only --concurrency=1 --continue --filter=@coinsight/api ||
    failed+=("the api's typecheck and lint")
  wait "$api_pid"
  api_status=$?
  cat .test-results/turbo-api-tests.log
  [[ $api_status -eq 0 ]] || failed+=("the api's unit and integration tests")
  wait "$e2e_pid"
  e2e_status=$?
  cat .test-results/turbo-e2e.log
  [[ $e2e_status -eq 0 ]] || failed+=('browser tests')
else
  failed+=('build (nothing else ran)')
fi
if [[ -n "${TEST_DATABASE_URL:-}${BENCH_DATABASE_URL:-}" ]]; then
  node bench/run.mjs --quick || failed+=('bench (pnpm bench --quick: a case had errors or 5xx answers)')
else
  echo 'pnpm bench --quick skipped: it needs PostgreSQL (set TEST_DATABASE_URL or BENCH_DATABASE_URL).' >&2
fi
[[ -s .test-results/failures.txt ]] && cat .test-results/failures.txt >&2
node scripts/test-summary.mjs "${failed[@]}"
