import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createChannelWatchers, listenStatement } from './channel-watchers';
import { createLocalHub } from './local-hub';
import { decodeEvent, EVENTS_CHANNEL, notify } from './notification';
import type { Events } from './ports';

/** Named so operators (and the reconnect test) can find the listen connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'casting-live-events';

/** The channel caughtUp() sends its marker on; only the instance that sent a marker waits for it. */
const CAUGHT_UP_CHANNEL = 'casting_caught_up';
/** A marker that never arrives (the listen connection is down) stops being waited for after this long. */
const CAUGHT_UP_TIMEOUT_MS = 5_000;

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
  const watchers = createChannelWatchers(log);
  /** The extra channels the current listen connection has confirmed LISTEN on. */
  const listening = new Set<string>();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL) {
      watchers.deliver(message.channel, message.payload ?? '');
      return;
    }
    if (!message.payload) return;
    const event = decodeEvent(message.payload);
    if (event) hub.deliver(event);
    else log.warn('ignored a live event this version does not understand');
  };

  function lose(which: pg.Client, error?: unknown) {
    if (client !== which) return;
    client = null;
    listening.clear();
    // Whatever was sent from now until the new connection listens is lost to this instance.
    watchers.gap();
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

  /** LISTENs on an extra channel; the channel counts as live once PostgreSQL confirmed it on the current connection. */
  function listenOn(current: pg.Client, channel: string) {
    current.query(listenStatement(channel)).then(
      () => {
        if (client === current) listening.add(channel);
      },
      (error: unknown) => lose(current, error),
    );
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
    for (const channel of watchers.channels()) listenOn(next, channel);
    if (attempt > 0) log.info('live events connection restored');
    attempt = 0;
  }

  const markers = new Map<string, () => void>();
  const markerWatch = (() => {
    const settle = (token: string) => {
      markers.get(token)?.();
      markers.delete(token);
    };
    return { message: settle, gap: () => undefined };
  })();
  watchers.add(CAUGHT_UP_CHANNEL, markerWatch);

  // The first connection must succeed: an instance that cannot listen should not start.
  await connect();

  return {
    kind: 'postgres',
    publish: (projectId, event, payload, options) =>
      notify(options?.tx ?? db, payload ? { projectId, event, payload } : { projectId, event }),
    subscribe: (projectId, listener) => hub.subscribe(projectId, listener),
    watch(channel, watcher) {
      listenStatement(channel);
      const first = !watchers.channels().includes(channel);
      const remove = watchers.add(channel, watcher);
      // Without a connection now, connect() listens on every watched channel once it has one.
      if (first && client) listenOn(client, channel);
      return {
        get live() {
          return client !== null && listening.has(channel);
        },
        stop: remove,
      };
    },
    async caughtUp() {
      // Without a listen connection nothing can arrive, and nothing relies on it meanwhile: the watchers have been
      // told of the gap, and the session cache serves nothing from memory until the connection is back.
      if (!client || !listening.has(CAUGHT_UP_CHANNEL)) return;
      const token = randomUUID();
      const arrived = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CAUGHT_UP_TIMEOUT_MS);
        markers.set(token, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await db.execute(sql`select pg_notify(${CAUGHT_UP_CHANNEL}, ${token})`);
      await arrived;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      hub.clear();
      watchers.clear();
      listening.clear();
      const current = client;
      client = null;
      await current?.end();
    },
  };
}
