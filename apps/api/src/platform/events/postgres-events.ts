import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';
import { createLocalHub } from './local-hub';
import { decodeEvent, EVENTS_CHANNEL, notify } from './notification';
import type { Events } from './ports';

/** Named so operators (and the reconnect test) can find the listen connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'casting-live-events';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * PostgreSQL: one dedicated connection per instance LISTENs on the channel (a pooled connection would be handed to
 * other queries and lose the LISTEN); publishing uses the pool or the caller's transaction. When the listen
 * connection drops, it reconnects with doubling delays up to 5 s. Events sent while it is down are lost to this
 * instance: a page refetches what it shows when its socket reconnects, so a missed refresh hint costs nothing lasting.
 */
export async function createPostgresEvents(pool: pg.Pool, db: Db, log: FastifyBaseLogger): Promise<Events> {
  const hub = createLocalHub(log);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    const event = decodeEvent(message.payload);
    if (event) hub.deliver(event);
    else log.warn('ignored a live event this version does not understand');
  };

  function lose(which: pg.Client, error?: unknown) {
    if (client !== which) return;
    client = null;
    log.warn({ err: error }, 'live events connection lost; reconnecting');
    which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'live events reconnect failed');
        scheduleReconnect();
      });
    }, delay);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ ...pool.options, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', onNotification);
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    if (attempt > 0) log.info('live events connection restored');
    attempt = 0;
  }

  // The first connection must succeed: an instance that cannot listen should not start.
  await connect();

  return {
    kind: 'postgres',
    publish: (projectId, event, payload, options) =>
      notify(options?.tx ?? db, payload ? { projectId, event, payload } : { projectId, event }),
    subscribe: (projectId, listener) => hub.subscribe(projectId, listener),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      hub.clear();
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
