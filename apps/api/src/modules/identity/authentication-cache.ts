import type { Events } from '../../platform/events';
import type { App } from '../../platform/http/types';
import type { AuthenticationRow } from './repositories/session-repository';

/**
 * The channel on which the database announces every change to what the authenticator judges: triggers on
 * auth_sessions and users (migration 0024) send 's:' and a session id, or 'u:' and a user id, when the change commits.
 */
export const AUTH_CHANGES_CHANNEL = 'casting_auth';

/**
 * How long a looked-up session may answer from memory at most. The notifications are what keep it right; the age
 * limit only bounds the harm of a notification that never comes (a bug, an operator's trigger-less copy of a table).
 */
const MAX_AGE_MS = 5_000;

/** Enough for every session active in the last few seconds on one instance; the oldest entry makes room. */
const MAX_ENTRIES = 10_000;

interface Entry {
  row: AuthenticationRow;
  loadedAt: number;
}

export interface AuthenticationCache {
  find(sessionId: string): Promise<AuthenticationRow | null>;
  stop(): void;
}

/**
 * The session and user state behind a bearer token, remembered for a few seconds so that a burst of requests with one
 * token costs one database round trip instead of one each (decision 0061). Correctness rests on the database's
 * notifications, which reach every instance when a change commits:
 * - a notification for a session or a user forgets it at once, so a revoked session, a deactivated user or a changed
 *   role is refused by the next request on every instance (within the notification's delivery, milliseconds);
 * - while the instance cannot be sure it hears every notification (not yet listening, or the listen connection is
 *   down), nothing is served from memory or stored, and everything learned before is dropped;
 * - a lookup that was in flight while any notification arrived is not stored, since it may have read the row from
 *   before the change.
 * Only live rows are stored: a miss or a refused session always asks the database again.
 */
export function createAuthenticationCache(
  events: Events,
  load: (sessionId: string) => Promise<AuthenticationRow | null>,
): AuthenticationCache {
  const entries = new Map<string, Entry>();
  /** Counts notifications and gaps, so a lookup can tell whether one arrived while it was reading. */
  let changes = 0;

  const watch = events.watch(AUTH_CHANGES_CHANNEL, {
    message(payload) {
      changes += 1;
      const id = payload.slice(2);
      if (payload.startsWith('s:')) entries.delete(id);
      else if (payload.startsWith('u:')) {
        for (const [sessionId, entry] of entries) if (entry.row.user.id === id) entries.delete(sessionId);
      } else entries.clear();
    },
    gap() {
      changes += 1;
      entries.clear();
    },
  });

  return {
    async find(sessionId) {
      const startedAt = Date.now();
      const cached = watch.live ? entries.get(sessionId) : undefined;
      if (cached && startedAt - cached.loadedAt < MAX_AGE_MS) return cached.row;
      const before = changes;
      const row = await load(sessionId);
      if (row && watch.live && changes === before) {
        entries.delete(sessionId);
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(sessionId, { row, loadedAt: startedAt });
      }
      return row;
    },
    stop: () => watch.stop(),
  };
}

/**
 * For the routes that change what the authenticator judges (sign-out, session revocation, passwords, second factors,
 * roles, deactivation): their answers leave only once this instance has received the notifications of what they
 * committed, so the caller's next request is judged by the new state even where this instance remembered the old
 * one. Other instances hear of it within the notification's delivery. Read-only calls do not wait.
 */
export function answerAfterAuthChanges(app: App, events: Events): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await events.caughtUp();
    return payload;
  });
}
