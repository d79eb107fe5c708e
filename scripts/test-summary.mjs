// Adds up the vitest JSON reports that `pnpm test` left in .test-results/ and prints one closing
// line for the whole suite, e.g. "Tests: 180 passed, 0 failed, 0 skipped". Its arguments name the
// turbo runs that failed (scripts/test.sh): a task can fail without a report (typecheck, lint, a
// crashed test run), so the exit status counts them as well as the failed tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const failedRuns = process.argv.slice(2);
const dir = new URL('../.test-results/', import.meta.url);
const reports = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
let passed = 0,
  failed = 0,
  skipped = 0;
for (const file of reports) {
  const report = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  const pending = report.numPendingTests + report.numTodoTests;
  console.log(
    `${file.replace(/\.json$/, '').padEnd(12)} ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${pending} skipped`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += pending;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
for (const run of failedRuns) console.error(`Failed: ${run} (turbo lists the failed tasks above)`);
if (passed + failed === 0) console.error('No test ran.');
process.exit(failed > 0 || failedRuns.length > 0 || passed + failed === 0 ? 1 : 0);
