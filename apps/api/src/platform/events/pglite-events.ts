import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createLocalHub } from './local-hub';
import { decodeEvent, EVENTS_CHANNEL, notify } from './notification';
import type { Events } from './ports';

/**
 * Embedded database: PGlite is one connection in this process, and it implements LISTEN/NOTIFY, so events take the
 * same path through the database as on PostgreSQL (a NOTIFY inside a transaction waits for its commit).
 */
export async function createPgliteEvents(pglite: PGlite, db: Db, log: FastifyBaseLogger): Promise<Events> {
  const hub = createLocalHub(log);
  const unlisten = await pglite.listen(EVENTS_CHANNEL, (text) => {
    const event = decodeEvent(text);
    if (event) hub.deliver(event);
    else log.warn('ignored a live event this version does not understand');
  });
  let closed = false;
  return {
    kind: 'pglite',
    publish: (projectId, event, payload, options) =>
      notify(options?.tx ?? db, payload ? { projectId, event, payload } : { projectId, event }),
    subscribe: (projectId, listener) => hub.subscribe(projectId, listener),
    async close() {
      if (closed) return;
      closed = true;
      hub.clear();
      if (!pglite.closed) await unlisten();
    },
  };
}
