// npm test: the whole suite — type check, lint, unit and integration tests, build, browser journeys.
// Extra arguments go to vitest (e.g. `npm test -- apps/api/src/modules/session`), which then runs alone.
import fs from 'node:fs';
import { ensureInstalled, pnpm, say } from './lib.mjs';

const args = process.argv.slice(2);
ensureInstalled();

if (args.length) {
  pnpm(['exec', 'vitest', 'run', ...args]);
  process.exit(0);
}

const started = Date.now();
say('type check');
pnpm(['exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']);
say('lint');
pnpm(['exec', 'eslint', '.', '--max-warnings=0']);
say('unit and integration tests');
pnpm(['exec', 'vitest', 'run']);
say('build');
pnpm(['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  say('browser journeys (Playwright, Chromium)');
  pnpm(['--filter', '@kudo/web', 'exec', 'playwright', 'test'], { env: { CHROMIUM_PATH: chromium } });
} else if (process.env.CI) {
  console.error(`✖ Chromium is missing at ${chromium}: the browser journeys cannot run (apt-get install chromium).`);
  process.exit(1);
} else {
  console.warn(`! Chromium not found at ${chromium}: browser journeys skipped. Install it with: apt-get install chromium`);
}
say(`all green in ${Math.round((Date.now() - started) / 1000)} s`);
