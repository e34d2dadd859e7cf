import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { createPgliteEvents } from './pglite-events';
import { createPostgresEvents } from './postgres-events';
import type { Events } from './ports';

export type {
  ChannelWatch,
  ChannelWatcher,
  Events,
  LiveEvent,
  LiveEventListener,
  PublishOptions,
  SqlExecutor,
} from './ports';

/** The live events adapter for the database in use: both ride on its LISTEN/NOTIFY. */
export function createEvents(database: Database, log: FastifyBaseLogger): Promise<Events> {
  if (database.pool) return createPostgresEvents(database.pool, database.db, log);
  if (database.pglite) return createPgliteEvents(database.pglite, database.db, log);
  throw new Error('The database exposes neither a PostgreSQL pool nor a PGlite handle');
}
