import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `kudo-e2e-${process.pid}`);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Journeys run in Debian's Chromium against the built app, on a fresh embedded database per run. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `node --enable-source-maps ../api/dist/server.js`,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_LOGIN_PER_MINUTE: '500',
      // Journeys send automated messages whatever the hour they run at.
      SEND_WINDOW: '0-24',
      // The local carrier registrar decides within seconds, so a journey sees every state.
      CARRIER_LOCAL_STEP_SECONDS: '10',
      // Webhook journeys subscribe a receiver the test runs on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: '1',
    },
  },
});
