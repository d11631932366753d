// npm test: the whole suite — type check, lint, unit and integration tests, build, browser journeys.
// Extra arguments go to vitest (e.g. `npm test -- apps/api/src/modules/session`), which then runs alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, pnpm, say } from './lib.mjs';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'kudo-test-reports-'));
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

/** Passed and failed counts from the runners' JSON reports, for one closing line. */
function tally() {
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(vitestReport)) {
    const v = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (fs.existsSync(playwrightReport)) {
    const p = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
  }
  return { passed, failed };
}

/**
 * A runner's exit code alone is not trusted: the embedded PostgreSQL package's exit hook ends the test
 * process with code 0 on 'beforeExit', hiding vitest's failure code. The JSON reports decide.
 */
function failOnReportedFailures(report = vitestReport) {
  if (!fs.existsSync(report)) {
    console.error(`\n✖ the test runner wrote no report (${path.basename(report)}): it did not finish`);
    process.exit(1);
  }
  const { failed } = tally();
  const suitesFailed = fs.existsSync(vitestReport) ? JSON.parse(fs.readFileSync(vitestReport, 'utf8')).numFailedTestSuites ?? 0 : 0;
  if (failed > 0 || suitesFailed > 0) {
    console.error(failed > 0 ? `\n✖ ${failed} test(s) failed` : `\n✖ ${suitesFailed} test suite(s) failed to run`);
    process.exit(1);
  }
}

const args = process.argv.slice(2);
ensureInstalled();

if (args.length) {
  pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...args]);
  failOnReportedFailures();
  process.exit(0);
}

const started = Date.now();
say('type check');
pnpm(['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']);
say('lint');
pnpm(['exec', 'eslint', '.', '--max-warnings=0']);
say('unit and integration tests');
pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
failOnReportedFailures();
say('build');
pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  say('browser journeys (Playwright, Chromium)');
  pnpm(['--filter', '@kudo/web', 'exec', 'playwright', 'test'], {
    env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  failOnReportedFailures(playwrightReport);
} else if (process.env.CI) {
  console.error(`✖ Chromium is missing at ${chromium}: the browser journeys cannot run (apt-get install chromium).`);
  process.exit(1);
} else {
  console.warn(`! Chromium not found at ${chromium}: browser journeys skipped. Install it with: apt-get install chromium`);
}
say(`all green in ${Math.round((Date.now() - started) / 1000)} s`);
const { passed, failed } = tally();
console.log(`tests: ${passed} passed, ${failed} failed`);
