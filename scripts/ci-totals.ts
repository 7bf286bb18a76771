/** Sums the JSON reports of every test runner into the one line CI reads: `N passed, N failed, N skipped`. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../reports');
let passed = 0;
let failed = 0;
let skipped = 0;

for (const name of ['vitest-unit.json', 'vitest-server.json']) {
  const file = path.join(dir, name);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const playwrightFile = path.join(dir, 'playwright.json');
if (existsSync(playwrightFile)) {
  const { stats } = JSON.parse(readFileSync(playwrightFile, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  };
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
