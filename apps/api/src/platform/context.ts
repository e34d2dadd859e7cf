import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { openDatabase, type Database } from './db/client';
import { createJobs } from './jobs';
import type { Jobs } from './jobs/ports';
import { createEvents, type Events } from './events';
import { createOutboxMailer, createOutboxTextMessenger } from './mail/outbox';
import { createSmtpMailer } from './mail/smtp';
import type { Mailer, TextMessenger } from './mail/ports';
import { createStorage, type Storage } from './storage';

/**
 * What the modules need from the outside world: one adapter per port, built once in main.ts (or per test run).
 * It lives in the platform layer so that modules depend downwards on it, never on the app that composes them.
 */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  mailer: Mailer;
  texts: TextMessenger;
  storage: Storage;
  jobs: Jobs;
  events: Events;
}

export interface ContextOptions {
  /** A database already open (the build's seed maker opens its own directory). */
  database?: Database;
  /** A new embedded data directory starts from the build's seed with the demo office (see db/pglite-seed.ts). */
  pgliteDemoSeed?: boolean;
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR. */
export function openConfiguredDatabase(
  config: Config,
  options: { pgliteDemoSeed?: boolean } = {},
): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    appDatabaseUrl: config.DATABASE_APP_URL,
    pgliteDataDir: path.join(config.dataDir, 'pg'),
    pgliteMemoryMb: config.PGLITE_MEMORY_MB,
    pgliteProcess: config.PGLITE_PROCESS,
    pgliteDemoSeed: options.pgliteDemoSeed ?? false,
  });
}

/** Chooses each port's adapter from the configuration: embedded defaults unless a real engine is configured. */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  options: ContextOptions = {},
): Promise<AppContext> {
  const database = options.database ?? (await openConfiguredDatabase(config, options));
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(database.db, log);
  const jobs = createJobs(config, database, log);
  return {
    config,
    log,
    database,
    mailer,
    texts: createOutboxTextMessenger(database.db, log),
    storage: await createStorage(config),
    jobs,
    events: await createEvents(database, log),
  };
}
