// Adds up the vitest JSON reports that `pnpm test` left in .test-results/ and prints one closing
// line for the whole suite, e.g. "Tests: 180 passed, 0 failed, 0 skipped".
import { readdirSync, readFileSync } from 'node:fs';

const dir = new URL('../.test-results/', import.meta.url);
let passed = 0, failed = 0, skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  const pending = report.numPendingTests + report.numTodoTests;
  console.log(`${file.replace(/\.json$/, '').padEnd(12)} ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${pending} skipped`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += pending;
}
if (passed + failed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
