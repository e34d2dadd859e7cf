import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/*
 * Playwright evaluates this file in its main process and again in every worker. The run's values (data folder, admin
 * password) are decided once in the main process and handed to the workers through the environment they inherit, so
 * every process agrees on them. Each worker starts its own API server on a free port, with a database of its own in a
 * folder of the run's (e2e/support/server.ts), so journeys run two at a time without sharing any state.
 */

const root = import.meta.dirname;
const keptRuns = 3;
const inUseGraceMs = 60 * 60 * 1000;

/**
 * Each run gets a new folder for its workers' embedded databases. The last few runs' folders stay for post-mortems;
 * older ones go, but never one younger than an hour, which a concurrent run may still be using.
 */
function freshDataDir(): string {
  const parent = path.join(root, '.e2e-data');
  fs.mkdirSync(parent, { recursive: true });
  const earlierRuns = fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const full = path.join(parent, entry.name);
      return { full, mtimeMs: fs.statSync(full).mtimeMs };
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const run of earlierRuns.slice(keptRuns)) {
    if (Date.now() - run.mtimeMs > inUseGraceMs) fs.rmSync(run.full, { recursive: true, force: true });
  }
  return fs.mkdtempSync(path.join(parent, `run-${new Date().toISOString().replace(/[:.]/g, '-')}-`));
}

const serverEntry = path.join(root, 'apps/api/dist/main.js');
if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error(
    'The e2e tests run against the production build: run `npm run build` first (or `npm run test:e2e`).',
  );
}

process.env.E2E_DATA_DIR ??= freshDataDir();
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.E2E_ADMIN_PASSWORD ??= `E2e-${randomBytes(12).toString('base64url')}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Journeys share nothing but their worker's server (each makes its own people), so they are spread one by one.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky journey is a bug to fix, not something to retry.
  retries: 0,
  // Two servers and two browsers fit a 2-core machine: a journey mostly waits on the other side, so two at a time
  // take well under the time of one after the other (decision 0072). E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Journeys are long (sign up, confirm, sign in, several pages each checked with axe): on a busy 2-core machine a
  // healthy one took close to 60 s, so the budget is per journey, not per click (decision 0787).
  timeout: 120_000,
  // Keeps a hung run from eating the CI budget (the whole CI run must stay well under an hour).
  globalTimeout: process.env.CI ? 30 * 60_000 : undefined,
  // How long a check waits for the page to show what it expects. Speed is the benches' business, never a journey's
  // (decision 0787): under two journeys at once on 2 slow cores a healthy page took more than 5 s to appear.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // baseURL is each worker's own server (e2e/support/fixtures.ts).
    // Recording a trace (a screenshot and a DOM snapshot at every step) costs more CPU than the journey itself: on a
    // slow 2-core machine it pushed first renders past the 5 s expect timeout in 14 of 26 journeys, and none failed
    // without it. CI's output is text (each failure prints its error, a screenshot path and the page's accessibility
    // snapshot), so CI records none; a local run keeps the failing journeys' traces. E2E_TRACE=on forces them.
    trace: process.env.CI && process.env.E2E_TRACE !== 'on' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        headless: true,
        launchOptions: {
          // Debian's Chromium; Playwright's own browser download is never used here.
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
