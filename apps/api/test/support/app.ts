import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { firstOfficeId } from '../../src/bootstrap/first-office';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { createAddressLookup } from '../../src/platform/address';
import { createTextMessenger, type AppContext } from '../../src/platform/context';
import { createEvents } from '../../src/platform/events';
import { loadConfig, type Config } from '../../src/config';
import type { Database, Db } from '../../src/platform/db/client';
import { createPgBossJobs } from '../../src/platform/jobs/pg-boss-jobs';
import type { Jobs } from '../../src/platform/jobs/ports';
import { createOutboxMailer } from '../../src/platform/mail/outbox';
import type { Mailer } from '../../src/platform/mail/ports';
import { authRateLimits } from '../../src/platform/db/schema';
import { createStorage } from '../../src/platform/storage';
import { appDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  /**
   * The app's database as the tests read and write it: the owner, whom row-level security does not restrict, writing
   * into the first office. (`context.database.db` is the app's own handle, which sees no office outside a request.)
   */
  ownerDb: Db;
  close(): Promise<void>;
}

/** A temporary web build, so the SPA fallback can be exercised without building the real app. */
export function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, 'apply.html'),
    '<!doctype html><html><body><div id="root" data-page="apply"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  return dir;
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: fakeWebDist(),
    ...env,
  });
}

/**
 * The real pg-boss adapter on the shared database. Test apps only send jobs unless a test asks for workers: jobs
 * tests run them on purpose, other tests should not have housekeeping running under their feet.
 */
export function testJobs(
  database: Database,
  log: pino.Logger,
  options: { runWorkers?: boolean; stopTimeoutSeconds?: number } = {},
): Jobs {
  return createPgBossJobs({
    database,
    log,
    runWorkers: options.runWorkers ?? false,
    pollingIntervalSeconds: 0.5,
    stopTimeoutSeconds: options.stopTimeoutSeconds ?? 5,
  });
}

const openApps = new Set<TestApp>();

/**
 * Waits until every open test app has received the database notifications committed so far. A test that changes
 * auth state behind the API's back (as another instance or an operator would) calls it before expecting the API to
 * see the change: on PostgreSQL the notification reaches the app on its own connection a moment after the commit.
 */
/**
 * Closes the apps a test file left open. A file whose set-up failed (a timed-out `beforeAll`) never reaches its own
 * `close()`, and its app's job workers would go on taking the jobs of the next files on the worker's shared database.
 */
export async function closeLeftoverApps(): Promise<void> {
  await Promise.all([...openApps].map((open) => open.close()));
}

export async function appsCaughtUp(): Promise<void> {
  await Promise.all([...openApps].map((open) => open.context.events.caughtUp()));
}

/** Builds the real app on the worker's shared database (or the one given); closing it stops its jobs. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    runWorkers?: boolean;
    /** A logger to read what the app logs; silent by default. */
    log?: Logger;
    /** Another database than the worker's (a second instance); the caller closes it. */
    database?: Database;
  } & BuildAppOptions = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const log = options.log ?? pino({ level: 'silent' });
  const database = options.database ?? (await appDatabase());
  // The files a test worker runs share its database, and with it the per-address quotas of the public calls (every
  // injected request comes from 127.0.0.1): a file that identifies viewers or fuzzes public routes would otherwise
  // spend the next file's allowance. Each app starts with them fresh; the quota tests use addresses of their own.
  await database.db.delete(authRateLimits).where(like(authRateLimits.key, 'public:%'));
  const jobs = testJobs(database, log, { runWorkers: options.runWorkers ?? false });
  const context: AppContext = {
    config,
    log,
    database,
    mailer: options.mailer ?? createOutboxMailer(database.db, log),
    texts: createTextMessenger(config, jobs, database.db, log),
    storage: await createStorage(config),
    jobs,
    events: await createEvents(database, log),
    addresses: createAddressLookup(config, database.db, log),
  };
  const app = await buildApp(context, options);
  await app.ready();
  const testApp: TestApp = {
    app,
    context,
    ownerDb: database.scopedDb({ owner: true, officeId: await firstOfficeId(database.db) }),
    close: async () => {
      openApps.delete(testApp);
      await app.close();
      await context.events.close();
    },
  };
  openApps.add(testApp);
  return testApp;
}
