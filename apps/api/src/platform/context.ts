import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { openDatabase, type Database, type Db } from './db/client';
import { createJobs } from './jobs';
import type { Jobs } from './jobs/ports';
import { createEvents, type Events } from './events';
import { createOutboxMailer, createOutboxTextMessenger } from './mail/outbox';
import { createSmtpMailer } from './mail/smtp';
import type { Mailer, TextMessenger } from './mail/ports';
import { createProviderTextMessenger, textQueueKey } from './mail/text-queue';
import { resolveAuthSecret } from './crypto/secrets';
import { createStorage, type Storage } from './storage';
import { createAddressLookup, type AddressLookup } from './address';

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
  /** Address suggestions and geocoding: the maps provider when configured, else the built-in data set. */
  addresses: AddressLookup;
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
  const texts = createTextMessenger(config, jobs, database.db, log);
  return {
    config,
    log,
    database,
    mailer,
    texts,
    storage: await createStorage(config),
    jobs,
    events: await createEvents(database, log),
    addresses: createAddressLookup(config, database.db, log),
  };
}

/**
 * Texts go to the configured Twilio-compatible provider through the `texts` queue (which this defines), or to the
 * outbox when none is configured.
 */
export function createTextMessenger(
  config: Config,
  jobs: Jobs,
  db: Db,
  log: FastifyBaseLogger,
): TextMessenger {
  if (!config.SMS_ACCOUNT_SID || !config.SMS_AUTH_TOKEN || !config.SMS_FROM) {
    return createOutboxTextMessenger(db, log);
  }
  const provider = {
    apiUrl: config.SMS_API_URL,
    accountSid: config.SMS_ACCOUNT_SID,
    authToken: config.SMS_AUTH_TOKEN,
    from: config.SMS_FROM,
  };
  const key = textQueueKey(resolveAuthSecret(config.AUTH_SECRET, config.dataDir));
  return createProviderTextMessenger(jobs, provider, key, log);
}
