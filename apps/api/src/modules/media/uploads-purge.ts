import { and, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { mediaUploads } from '../../platform/db/schema';

/** An open upload older than this is abandoned; a completed one never attached (an apply page left) too. */
export const ABANDONED_UPLOAD_HOURS = { open: 24, unattached: 7 * 24 } as const;

/**
 * Hourly: abandoned uploads lose their parts or object and their row, a few hundred at a time (the oldest first,
 * through the partial index on open uploads). A resumable upload stays resumable for a day.
 */
export async function purgeAbandonedUploads(context: AppContext, batch = 200): Promise<number> {
  const { db } = context.database;
  const rows = await db
    .select()
    .from(mediaUploads)
    .where(
      or(
        and(
          eq(mediaUploads.state, 'OPEN'),
          sql`${mediaUploads.createdAt} < now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS.open})`,
        ),
        and(
          eq(mediaUploads.state, 'COMPLETED'),
          sql`${mediaUploads.updatedAt} < now() - make_interval(hours => ${ABANDONED_UPLOAD_HOURS.unattached})`,
        ),
      ),
    )
    .limit(batch);
  for (const row of rows) {
    try {
      if (row.state === 'OPEN' && row.multipartId) {
        await context.storage.abortMultipart(row.objectKey, row.multipartId).catch(() => undefined);
      }
      await context.storage.delete(row.objectKey);
      await db
        .delete(mediaUploads)
        .where(and(eq(mediaUploads.id, row.id), eq(mediaUploads.state, row.state)));
    } catch (error) {
      context.log.warn({ err: error, key: row.objectKey }, 'abandoned upload not purged yet');
    }
  }
  return rows.length;
}
