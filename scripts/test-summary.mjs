// Adds up the vitest JSON reports that `pnpm test` left in .test-results/ and prints one closing
// line for the whole suite, e.g. "Tests: 180 passed, 0 failed, 0 skipped". Its arguments name the
// turbo runs that failed (scripts/test.sh): a task can fail without a report (typecheck, lint, a
// crashed test run), so the exit status counts them as well as the failed tests. Each failed test
// is named with the first lines of its failure (the assertion and where it stands), so a CI log's
// tail says why, not only what.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const failedRuns = process.argv.slice(2);
const dir = new URL('../.test-results/', import.meta.url);
const reports = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
const MAX_FAILURES_SHOWN = 10;
const LINES_PER_FAILURE = 12;
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
for (const file of reports) {
  const report = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = plain((test.failureMessages ?? []).join('\n'))
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(0, LINES_PER_FAILURE);
      failures.push([`✖ ${file.replace(/\.json$/, '')}: ${test.fullName}`, ...message.map((line) => `    ${line}`)].join('\n'));
    }
  }
  const pending = report.numPendingTests + report.numTodoTests;
  console.log(
    `${file.replace(/\.json$/, '').padEnd(12)} ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${pending} skipped`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += pending;
}
if (failures.length > 0) {
  console.log(failures.slice(0, MAX_FAILURES_SHOWN).join('\n'));
  if (failures.length > MAX_FAILURES_SHOWN) console.log(`… and ${failures.length - MAX_FAILURES_SHOWN} more failed tests`);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
for (const run of failedRuns) console.error(`Failed: ${run} (turbo lists the failed tasks above)`);
if (passed + failed === 0) console.error('No test ran.');
process.exit(failed > 0 || failedRuns.length > 0 || passed + failed === 0 ? 1 : 0);
