import { lt, sql } from 'drizzle-orm';
import { UPLOAD_FAILURE_LIMITS } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { forEachOffice } from '../../platform/db/office-of';
import { mediaUploadFailures } from '../../platform/db/schema';
import { runInOffice } from '../../platform/db/scope';

/**
 * Upload failure reports older than UPLOAD_FAILURE_LIMITS.keepDays (30) are deleted, in every office and outside any
 * (a signed-in person without an office): a report helps staff with a failure of the last weeks, and anyone with an
 * upload grant may send one, so none is kept for ever (decision 0164). Answers how many went.
 */
export async function purgeOldUploadFailures(
  db: Db,
  keepDays: number = UPLOAD_FAILURE_LIMITS.keepDays,
): Promise<number> {
  const purge = async () => {
    const deleted = await db
      .delete(mediaUploadFailures)
      .where(lt(mediaUploadFailures.createdAt, sql`now() - make_interval(days => ${keepDays})`))
      .returning({ id: mediaUploadFailures.id });
    return deleted.length;
  };
  return (await forEachOffice(db, purge)) + (await runInOffice(null, purge));
}
