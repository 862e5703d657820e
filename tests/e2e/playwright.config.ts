import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in a real Chromium against `npm start`'s whole local stack, on ports of their own and a
 * fresh data folder, so they never touch a developer's running stack or data.
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 19000);
const webPort = portBase + 4;
// Set once in the runner; workers inherit it, and the tests read cognito-local's mail log from it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'taskflow-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: '.',
  // The longer flows take 40–55 s on CI's loaded two cores (about half that on a quiet machine).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  // One folder per port base, so runs side by side don't wipe each other's results.
  outputDir: path.join(os.tmpdir(), `taskflow-e2e-results-${portBase}`),
  use: {
    baseURL: `http://localhost:${webPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      // This machine's network is closed: keep Chromium from calling home at start.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'npx tsx local/start.ts',
    cwd: path.resolve(import.meta.dirname, '../..'),
    url: `http://localhost:${webPort}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      LOCAL_DATA_DIR: process.env.E2E_DATA_DIR,
      DYNAMODB_PORT: String(portBase),
      COGNITO_PORT: String(portBase + 1),
      API_PORT: String(portBase + 2),
      WS_PORT: String(portBase + 3),
      WEB_PORT: String(webPort),
      GOOGLE_PORT: String(portBase + 5),
      LOG_REQUESTS: '0',
      // Slow enough that a test can press Stop while the assistant is still answering.
      OFFLINE_ASSISTANT_PACE_MS: '150',
    },
  },
});
