import type { PgliteClient } from '../db/pglite-process';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createChannelWatchers, listenStatement } from './channel-watchers';
import { createLocalHub } from './local-hub';
import { decodeEvent, EVENTS_CHANNEL, notify } from './notification';
import type { Events } from './ports';

/**
 * Embedded database: PGlite is one session (in this process or in its own, db/pglite-process.ts), and it implements
 * LISTEN/NOTIFY, so events take the same path through the database as on PostgreSQL (a NOTIFY inside a transaction
 * waits for its commit).
 */
export async function createPgliteEvents(
  pglite: PgliteClient,
  db: Db,
  log: FastifyBaseLogger,
): Promise<Events> {
  const hub = createLocalHub(log);
  const unlisten = await pglite.listen(EVENTS_CHANNEL, (text) => {
    const event = decodeEvent(text);
    if (event) hub.deliver(event);
    else log.warn('ignored a live event this version does not understand');
  });
  const watchers = createChannelWatchers(log);
  /** Extra channels by name: the promise of PGlite's unlisten function, and whether the LISTEN is in place. */
  const channels = new Map<string, { unlisten: Promise<() => Promise<void>>; listening: boolean }>();
  let closed = false;
  return {
    kind: 'pglite',
    publish: (projectId, event, payload, options) =>
      notify(options?.tx ?? db, payload ? { projectId, event, payload } : { projectId, event }),
    subscribe: (projectId, listener) => hub.subscribe(projectId, listener),
    watch(channel, watcher) {
      listenStatement(channel);
      const remove = watchers.add(channel, watcher);
      if (!channels.has(channel)) {
        const entry = {
          listening: false,
          unlisten: pglite.listen(channel, (payload) => watchers.deliver(channel, payload)),
        };
        channels.set(channel, entry);
        entry.unlisten.then(
          () => (entry.listening = true),
          (error: unknown) =>
            log.error({ err: error, channel }, 'could not listen on a notification channel'),
        );
      }
      // PGlite is one session that lives as long as this API: once listening, no notification can be missed, so there
      // is never a gap (if the engine's process dies, the API stops with it).
      return {
        get live() {
          return !closed && channels.get(channel)?.listening === true;
        },
        stop: remove,
      };
    },
    // PGlite hands each notification to its listeners before the committing statement returns; from its own process
    // the notification travels ahead of that statement's answer on the same ordered channel. So everything committed
    // before this call has already been delivered.
    caughtUp: () => Promise.resolve(),
    async close() {
      if (closed) return;
      closed = true;
      hub.clear();
      watchers.clear();
      if (pglite.closed) return;
      await unlisten();
      for (const entry of channels.values()) await (await entry.unlisten)();
    },
  };
}
