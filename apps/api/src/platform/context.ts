import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app';
import type { Config } from '../config';
import { openDatabase } from './db/client';
import { createOutboxMailer, createOutboxTextMessenger } from './mail/outbox';
import { createSmtpMailer } from './mail/smtp';
import path from 'node:path';

/** Chooses each port's adapter from the configuration: embedded defaults unless a real engine is configured. */
export async function createContext(config: Config, log: FastifyBaseLogger): Promise<AppContext> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: path.join(config.dataDir, 'pg'),
    pgliteMemoryMb: config.PGLITE_MEMORY_MB,
  });
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(database.db, log);
  return { config, log, database, mailer, texts: createOutboxTextMessenger(database.db, log) };
}
