import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/*
 * Playwright evaluates this file in its main process and again in every worker. The run's values
 * (port, data directory, admin password) are decided once in the main process and handed to the
 * workers through the environment they inherit, so every process agrees on them.
 */

const root = import.meta.dirname;
const host = '127.0.0.1';
const keptRuns = 3;
const inUseGraceMs = 60 * 60 * 1000;

/** Synchronous because the config must be a plain object: a throwaway listener on port 0 reports a free port. */
function findFreePort(): string {
  const script = `const s = require('node:net').createServer();
s.listen(0, '${host}', () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  const port = result.stdout.trim();
  if (result.status !== 0 || !/^\d+$/.test(port)) {
    throw new Error(`Could not find a free port for the e2e server: ${result.stderr || result.stdout}`);
  }
  return port;
}

/**
 * Each run gets a new embedded database. The last few runs' directories stay for post-mortems;
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

process.env.E2E_PORT ??= findFreePort();
process.env.E2E_DATA_DIR ??= freshDataDir();
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.E2E_ADMIN_PASSWORD ??= `E2e-${randomBytes(12).toString('base64url')}`;

const baseURL = `http://${host}:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A flaky journey is a bug to fix, not something to retry.
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  // Journeys are long (sign up, confirm, sign in, several pages each checked with axe): on a busy 2-core machine a
  // healthy one took over 30 s, so the budget is per journey, not per click.
  timeout: 60_000,
  // Keeps a hung run from eating the CI budget (the whole CI run must stay well under an hour).
  globalTimeout: process.env.CI ? 30 * 60_000 : undefined,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: `node ${JSON.stringify(serverEntry)}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: process.env.E2E_PORT,
      HOST: host,
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Empty means unset to the API: the journeys always run on the embedded database.
      DATABASE_URL: '',
      NODE_ENV: 'development',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the limits themselves are covered by the API tests.
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  },
});
