import { asc, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { storagePurges } from '../db/schema';
import type { Jobs, SendOptions } from '../jobs/ports';
import { AppError } from '../errors';
import type { Storage } from './port';

/**
 * The storage purge: objects whose rows were deleted (Delete Content, an applicant's or a project's delete) are
 * removed from storage by this job. Triggers put their keys in `storage_purges` in the deleting transaction (see the
 * media schema), so nothing is forgotten when a row goes by a path that does not know about files (a cascade); the
 * job deletes the objects, then the rows. It is idempotent: deleting a missing object is not an error (as in S3), so
 * a run interrupted after the storage call and before the row delete does no harm when repeated.
 */
export const STORAGE_PURGE_QUEUE = 'storage-purge';

/** Attempts after which an object that cannot be deleted no longer fails the run (it is still tried each run). */
const FAILING_ATTEMPTS = 10;

export interface PurgeContext {
  database: { db: Db };
  storage: Storage;
  log: FastifyBaseLogger;
}

export interface PurgeResult {
  purged: number;
  failed: number;
}

/** Asks for a purge run soon (coalesced: the queue keeps at most one waiting). Pass `tx` to send with the delete. */
export async function requestStoragePurge(jobs: Jobs, options: SendOptions = {}): Promise<void> {
  await jobs.send(STORAGE_PURGE_QUEUE, {}, options);
}

/**
 * Deletes every pending object, `batch` rows at a time in id order. An object the store refuses to delete keeps its
 * row (attempts and the error recorded, for operators) and the run ends by throwing, so the queue retries it with
 * backoff; the others are done regardless. `failed` counts the refusals that fail the run.
 */
export async function purgeDeletedObjects(context: PurgeContext, batch = 200): Promise<PurgeResult> {
  const { db } = context.database;
  let after = 0;
  let purged = 0;
  let failed = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(storagePurges)
      .where(gt(storagePurges.id, after))
      .orderBy(asc(storagePurges.id))
      .limit(batch);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const done: number[] = [];
    for (const row of rows) {
      try {
        if (row.multipartId) {
          // Parts of an upload that never completed are not an object: they go with the upload.
          await context.storage.abortMultipart(row.objectKey, row.multipartId).catch((error: unknown) => {
            if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
          });
        }
        await context.storage.delete(row.objectKey);
        done.push(row.id);
      } catch (error) {
        // Counted as a failure of the run (so the queue retries soon) for the first attempts; after that the object is
        // still tried on every run (the schedule), without failing each one into the dead-letter queue.
        if (row.attempts + 1 < FAILING_ATTEMPTS) failed += 1;
        context.log.warn(
          { err: error, key: row.objectKey },
          'a deleted row’s stored object is not purged yet',
        );
        await db
          .update(storagePurges)
          .set({
            attempts: sql`${storagePurges.attempts} + 1`,
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          })
          .where(inArray(storagePurges.id, [row.id]));
      }
    }
    if (done.length > 0) await db.delete(storagePurges).where(inArray(storagePurges.id, done));
    purged += done.length;
  }
  if (failed > 0) throw new Error(`${failed} stored object(s) could not be purged; the job will retry`);
  return { purged, failed };
}

/** The queue and its safety-net schedule (a delete whose caller sent no job is picked up within ten minutes). */
export function defineStoragePurgeJob(jobs: Jobs, context: PurgeContext): void {
  jobs.define(
    STORAGE_PURGE_QUEUE,
    async () => {
      await purgeDeletedObjects(context);
    },
    { policy: 'stately', retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true },
  );
  jobs.schedule(STORAGE_PURGE_QUEUE, '*/10 * * * *');
}
