import { and, eq } from 'drizzle-orm';
import { DEFAULT_UPLOAD_KEY_PREFIX } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { mediaItems } from '../../platform/db/schema';
import type { Storage } from '../../platform/storage';
import type { Jobs } from '../../platform/jobs/ports';
import { MEDIA_PROCESS_QUEUE, type ProcessJob } from './queues';

/**
 * Maintenance entries for the admin scripts (decision 0042): requeue every failed conversion of a project, and adopt
 * an original file written by the server (a restored project's media) as a new item to convert.
 */

/** Every FAILED item of the project back to PENDING with a processing job each, in one transaction. */
export async function reprocessFailedMedia(context: AppContext, projectId: string): Promise<number> {
  return context.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(mediaItems)
      .set({ status: 'PENDING', failureReason: null })
      .where(and(eq(mediaItems.projectId, projectId), eq(mediaItems.status, 'FAILED')))
      .returning({ id: mediaItems.id });
    for (const row of rows) {
      await context.jobs.send<ProcessJob>(
        MEDIA_PROCESS_QUEUE,
        { mediaId: row.id },
        { tx: tx as unknown as Db },
      );
    }
    return rows.length;
  });
}

/** A fresh key for a project's original file, in the same place uploads keep theirs. */
export function newOriginalKey(storage: Storage, projectId: string): string {
  return storage.newKey(`${DEFAULT_UPLOAD_KEY_PREFIX}/${projectId}`);
}

export interface AdoptedOriginal {
  projectId: string;
  applicantId: string;
  /** Already written to storage by the caller. */
  key: string;
  name: string;
  contentType: string;
  size: number;
  kind: 'image' | 'video' | 'document';
  isPrimaryPhoto?: boolean;
  isSelfie?: boolean;
  visibility?: 'ALL' | 'TEAM';
}

/** Inserts media items for originals already in storage and queues their conversion, in the caller's transaction. */
export async function adoptOriginals(
  tx: Db,
  items: readonly AdoptedOriginal[],
  jobs: Pick<Jobs, 'send'>,
): Promise<string[]> {
  if (items.length === 0) return [];
  const created = await tx
    .insert(mediaItems)
    .values(
      items.map((item) => ({
        projectId: item.projectId,
        applicantId: item.applicantId,
        kind: item.kind,
        originalKey: item.key,
        name: item.name,
        contentType: item.contentType,
        size: item.size,
        isPrimaryPhoto: item.isPrimaryPhoto ?? false,
        isSelfie: item.isSelfie ?? false,
        visibility: item.visibility ?? 'ALL',
      })),
    )
    .returning({ id: mediaItems.id });
  for (const item of created) await jobs.send<ProcessJob>(MEDIA_PROCESS_QUEUE, { mediaId: item.id }, { tx });
  return created.map((item) => item.id);
}
