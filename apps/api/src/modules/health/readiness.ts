import { MESSAGES } from '@casting/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { authRateLimits } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

/** The stores a request may write to; readiness proves each one takes a write. */
type Store = 'database' | 'file storage';

/** A probe's answer is reused this long, so a burst of readiness calls costs one write per store, not one each. */
const ANSWER_REUSE_MS = 1000;

/** The counter row the database probe touches; housekeeping purges it like any expired counter when probes stop. */
const PROBE_KEY = 'readiness-probe';
const PROBE_OBJECT = 'health/readiness-probe';

/**
 * Readiness means "this instance can do its job", and its job is mostly saving things: a database that answers
 * `select 1` but refuses writes (read-only after a failover, a full disk) or file storage that cannot take an
 * object would accept traffic and fail every submission. So the probe writes: one upsert in its own transaction,
 * and one small object through the storage port. A failure answers 503 SERVICE_UNAVAILABLE naming the stores, and
 * the cause goes to the log for the operator (the caller, possibly anonymous, gets no internals).
 */
export function readinessProbe(db: Db, storage: Storage, log: FastifyBaseLogger) {
  let last: { at: number; answer: Promise<Store[]> } | undefined;

  async function failedStores(): Promise<Store[]> {
    const checks: [Store, Promise<unknown>][] = [
      [
        'database',
        db.transaction(async (tx) => {
          await tx
            .insert(authRateLimits)
            .values({ key: PROBE_KEY, windowStartedAt: new Date(), hits: 1 })
            .onConflictDoUpdate({ target: authRateLimits.key, set: { windowStartedAt: sql`now()` } });
        }),
      ],
      ['file storage', storage.putObject(PROBE_OBJECT, Buffer.from(new Date().toISOString()), 'text/plain')],
    ];
    const results = await Promise.allSettled(checks.map(([, check]) => check));
    return checks.flatMap(([store], index) => {
      const result = results[index];
      if (result?.status !== 'rejected') return [];
      log.error({ err: result.reason, store }, 'readiness: a write failed');
      return [store];
    });
  }

  return async function assertReady(): Promise<void> {
    const now = Date.now();
    if (!last || now - last.at >= ANSWER_REUSE_MS) last = { at: now, answer: failedStores() };
    const failed = await last.answer;
    if (failed.length > 0) {
      throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.cannotSaveChanges(failed.join(' and ')), { failed });
    }
  };
}
