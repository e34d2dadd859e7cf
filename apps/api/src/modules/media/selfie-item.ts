import { and, eq } from 'drizzle-orm';
import { SELFIE_MESSAGES } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { mediaItems, mediaUploads } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/ports';
import { requestStoragePurge } from '../../platform/storage/purge';
import { MEDIA_PROCESS_QUEUE, type ProcessJob } from './queues';

type MediaRow = typeof mediaItems.$inferSelect;

/** A refusal about the file, whose message is the answer's own, as upload refusals are. */
const keyRefused = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { issues: [{ path: 'body.key', message }] });

export interface SelfieUploadInput {
  projectId: string;
  applicantId: string;
  /** The object key the upload calls answered (`Key`). */
  key: string;
  /** Only an upload started under this grant owner (`grantOwner(grant)`) may become the selfie. */
  grantId: string;
}

/**
 * Makes a completed photo upload the applicant's selfie, in the caller's transaction: the previous selfie is deleted
 * (its files go to the storage purge), the new item is marked `is_selfie` and queued for processing like any photo,
 * so it gets the same thumbnail and display version (decision 0460). A key that is no completed upload of this grant
 * in the project, or that is not a photo, is a field error and nothing changes.
 */
export async function attachSelfie(
  tx: Db,
  input: SelfieUploadInput,
  ports: { jobs: Jobs },
): Promise<MediaRow> {
  const [upload] = await tx
    .select()
    .from(mediaUploads)
    .where(
      and(
        eq(mediaUploads.objectKey, input.key),
        eq(mediaUploads.projectId, input.projectId),
        eq(mediaUploads.grantId, input.grantId),
        eq(mediaUploads.state, 'COMPLETED'),
      ),
    );
  if (!upload) throw keyRefused(SELFIE_MESSAGES.uploadNotFound);
  if (upload.kind !== 'image') throw keyRefused(SELFIE_MESSAGES.onlyPhotos);
  await removeSelfie(tx, input.projectId, input.applicantId, ports);
  const [item] = await tx
    .insert(mediaItems)
    .values({
      projectId: input.projectId,
      applicantId: input.applicantId,
      kind: 'image',
      originalKey: upload.objectKey,
      name: upload.fileName,
      contentType: upload.sniffedType!,
      size: upload.declaredSize,
      isSelfie: true,
    })
    .returning();
  await tx
    .update(mediaUploads)
    .set({ state: 'ATTACHED', applicantId: input.applicantId })
    .where(eq(mediaUploads.id, upload.id));
  await ports.jobs.send<ProcessJob>(MEDIA_PROCESS_QUEUE, { mediaId: item!.id }, { tx });
  return item!;
}

/** Deletes the applicant's selfie, if any, and hands its files to the storage purge; answers whether there was one. */
export async function removeSelfie(
  tx: Db,
  projectId: string,
  applicantId: string,
  ports: { jobs: Jobs },
): Promise<boolean> {
  const removed = await tx
    .delete(mediaItems)
    .where(
      and(
        eq(mediaItems.projectId, projectId),
        eq(mediaItems.applicantId, applicantId),
        eq(mediaItems.isSelfie, true),
      ),
    )
    .returning({ id: mediaItems.id });
  if (removed.length === 0) return false;
  await requestStoragePurge(ports.jobs, { tx });
  return true;
}

/** The applicant's current selfie, or null. */
export async function findSelfie(db: Db, projectId: string, applicantId: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.projectId, projectId),
        eq(mediaItems.applicantId, applicantId),
        eq(mediaItems.isSelfie, true),
      ),
    );
  return row ?? null;
}
