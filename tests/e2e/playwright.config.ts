import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in a real Chromium against the whole local stack (`npm start`'s), on ports of their own
 * and a fresh data folder, so they never touch a developer's running stack or data. The web app is the
 * production build, served as CloudFront serves it (built first when dist/web is older than its sources;
 * `E2E_WEB=dev` uses Vite's dev server instead, for a quick loop on web code).
 *
 * Every test starts signed in as a new user of its own (tests/e2e/support/users.ts), so the tests run side by
 * side: two workers on the two-core machine (E2E_WORKERS to change it), each test in any order.
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 19000);
const webPort = portBase + 4;
const builtWeb = process.env.E2E_WEB !== 'dev';
// Set once in the runner; workers inherit it, and the tests read cognito-local's mail log from it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'taskflow-e2e-'));
// The local stack's per-start secret (its fake AWS endpoints, the Google stand-in's control), made here so the
// tests that steer the stand-in know it.
process.env.LOCAL_CONTROL_SECRET ??= randomBytes(24).toString('base64url');
/**
 * Debian's Chromium: its headless shell where installed (what Playwright itself runs headless; about a fifth
 * less CPU than the full browser in headless mode), else the browser.
 */
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per port base, so runs side by side don't wipe each other's results.
  outputDir: path.join(os.tmpdir(), `taskflow-e2e-results-${portBase}`),
  use: {
    baseURL: `http://localhost:${webPort}`,
    // A failed test keeps its trace: each step's DOM snapshot, without the screencast, which costs the browser
    // a frame capture per step in every test.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // As for a user who asked for less motion (styles.css): no spinner or skeleton animates, which would
    // have the browser draw frames all along.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      // This machine's network is closed: keep Chromium from calling home at start.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `${builtWeb ? 'node --import tsx tests/e2e/support/fresh-web-build.ts && ' : ''}node --import tsx local/start.ts`,
    cwd: path.resolve(import.meta.dirname, '../..'),
    url: `http://localhost:${webPort}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      LOCAL_DATA_DIR: process.env.E2E_DATA_DIR,
      LOCAL_CONTROL_SECRET: process.env.LOCAL_CONTROL_SECRET,
      DYNAMODB_PORT: String(portBase),
      COGNITO_PORT: String(portBase + 1),
      API_PORT: String(portBase + 2),
      WS_PORT: String(portBase + 3),
      WEB_PORT: String(webPort),
      GOOGLE_PORT: String(portBase + 5),
      S3_PORT: String(portBase + 6),
      ...(builtWeb ? { WEB_DIST: 'dist/web' } : {}),
      LOG_REQUESTS: '0',
      // No demo account (tests/integration/demo-account.test.ts covers it), no table file, and pushes follow
      // writes sooner.
      DEMO_ACCOUNT: '0',
      DYNAMODB_IN_MEMORY: '1',
      STREAM_POLL_MS: '100',
      // Slow enough that a test can press Stop while the assistant is still answering.
      OFFLINE_ASSISTANT_PACE_MS: '150',
    },
  },
});
