import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  fileExtension,
  VIEWER_ICON_EXTENSIONS,
  MEDIA_MESSAGES,
  VIEW_URL_TTL_SECONDS,
  type MediaItem,
  type MediaVisibility,
  type ProjectActor,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { mediaItems } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { requestStoragePurge } from '../../platform/storage/purge';
import { MEDIA_PROCESS_QUEUE, type ProcessJob } from './queues';
import { assertSubmitterReaches } from './submitter';
import { assertApplicantInProject } from './uploads';

type MediaRow = typeof mediaItems.$inferSelect;

/** The viewer icon of a document without a preview: its extension's, or the default. */
export function iconFor(name: string, kind: MediaRow['kind']): string {
  const ext = fileExtension(name);
  if (VIEWER_ICON_EXTENSIONS.has(ext)) return ext;
  return kind === 'video' ? 'video' : 'default';
}

/** Client-link viewers (CLIENT) see only items shared with everyone; the team sees all. */
export function visibleTo(actor: ProjectActor): MediaVisibility[] {
  return actor === 'CLIENT' ? ['ALL'] : ['ALL', 'TEAM'];
}

/** One item as the viewer needs it, with short-lived signed URLs (GET supports byte ranges, for video seeking). */
export async function presentItem(storage: Storage, row: MediaRow): Promise<MediaItem> {
  const view = (key: string | null, contentType?: string) =>
    key
      ? storage.presignGet(key, { expiresIn: VIEW_URL_TTL_SECONDS, ...(contentType ? { contentType } : {}) })
      : null;
  const converted = row.displayKey ?? row.mp4Key ?? row.previewKey;
  return {
    id: row.id,
    applicantId: row.applicantId,
    projectId: row.projectId,
    name: row.name,
    kind: row.kind,
    fileType: row.contentType,
    size: row.size,
    status: row.status,
    failureReason: row.failureReason,
    visibility: row.visibility,
    isPrimaryPhoto: row.isPrimaryPhoto,
    isSelfie: row.isSelfie,
    durationSeconds: row.durationSeconds,
    width: row.width,
    height: row.height,
    url: (await view(row.originalKey, row.contentType))!,
    downloadUrl: await storage.presignGet(row.originalKey, {
      expiresIn: VIEW_URL_TTL_SECONDS,
      downloadName: row.name,
      contentType: row.contentType,
    }),
    thumbnailUrl: await view(row.thumbnailKey),
    convertedUrl: await view(converted),
    posterUrl: await view(row.posterKey),
    icon: row.kind === 'document' && !row.previewKey ? iconFor(row.name, row.kind) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether the caller may have an item's original file. A photo's or video's original keeps the camera's metadata
 * (GPS location, device, time), which processing strips from the converted copies. A client account (CLIENT) has no
 * download right (no permission gives it one; a client link's "allow download" switch is the only way the team
 * lets a client have originals, and an account has no link): it gets the converted copies only, as a client link
 * without downloads does (client-review/portal-candidates.ts). Documents carry no camera metadata and have no
 * converted copy. See docs/decisions/0056-client-account-gets-converted-copies.md.
 */
export function getsOriginals(actor: ProjectActor): boolean {
  return actor !== 'CLIENT';
}

function withExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${extension}`;
}

/**
 * An item as someone who may not have originals sees it: every URL (view and download) is the converted copy (the
 * display WebP of a photo, the MP4 of a video), named after the original; null while there is none (not processed
 * yet, or its conversion failed), so the item is left out until there is. Documents as they are.
 */
export async function presentConvertedOnly(storage: Storage, row: MediaRow): Promise<MediaItem | null> {
  if (row.kind === 'document') return presentItem(storage, row);
  const copy =
    row.kind === 'image'
      ? row.displayKey && { key: row.displayKey, contentType: 'image/webp', extension: 'webp' }
      : row.mp4Key && { key: row.mp4Key, contentType: 'video/mp4', extension: 'mp4' };
  if (!copy) return null;
  const shown = await presentItem(storage, row);
  const url = await storage.presignGet(copy.key, {
    expiresIn: VIEW_URL_TTL_SECONDS,
    contentType: copy.contentType,
  });
  return {
    ...shown,
    fileType: copy.contentType,
    url,
    convertedUrl: url,
    downloadUrl: await storage.presignGet(copy.key, {
      expiresIn: VIEW_URL_TTL_SECONDS,
      contentType: copy.contentType,
      downloadName: withExtension(row.name, copy.extension),
    }),
  };
}

/** An applicant's media, oldest first (the order they were sent), as far as the caller may see them. */
export async function listApplicantMedia(
  context: AppContext,
  projectId: string,
  applicantId: string,
  actor: ProjectActor,
) {
  const { db } = context.database;
  if (!isUuid(applicantId)) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.notInProject);
  await assertApplicantInProject(db, projectId, applicantId).catch(() => {
    throw new AppError('NOT_FOUND', MEDIA_MESSAGES.notInProject);
  });
  await assertSubmitterReaches(db, actor, projectId, [applicantId], MEDIA_MESSAGES.notInProject);
  // An applicant has tens of items, not thousands: one indexed read (applicant, created) without paging.
  const rows = await db
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.projectId, projectId),
        eq(mediaItems.applicantId, applicantId),
        inArray(mediaItems.visibility, visibleTo(actor)),
      ),
    )
    .orderBy(asc(mediaItems.createdAt), asc(mediaItems.id));
  if (getsOriginals(actor)) {
    return { items: await Promise.all(rows.map((row) => presentItem(context.storage, row))) };
  }
  const shown = await Promise.all(rows.map((row) => presentConvertedOnly(context.storage, row)));
  return { items: shown.filter((item) => item !== null) };
}

/** The item, when it belongs to this applicant of this project; else 404 (ids of other projects reveal nothing). */
export async function findItem(db: Queryable, projectId: string, applicantId: string, mediaId: string) {
  const [row] =
    isUuid(mediaId) && isUuid(applicantId)
      ? await db
          .select()
          .from(mediaItems)
          .where(
            and(
              eq(mediaItems.id, mediaId),
              eq(mediaItems.applicantId, applicantId),
              eq(mediaItems.projectId, projectId),
            ),
          )
      : [];
  if (!row) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound);
  return row;
}

/**
 * Delete Content: the row goes, and with it (through the delete trigger) its stored files' keys into the storage
 * purge, whose job is queued in the same transaction; the job deletes the original and every derived file, with
 * retries, so a storage hiccup never leaves files behind.
 */
export async function deleteItem(
  context: AppContext,
  projectId: string,
  applicantId: string,
  mediaId: string,
) {
  await context.database.db.transaction(async (tx) => {
    const [row] =
      isUuid(mediaId) && isUuid(applicantId)
        ? await tx
            .delete(mediaItems)
            .where(
              and(
                eq(mediaItems.id, mediaId),
                eq(mediaItems.applicantId, applicantId),
                eq(mediaItems.projectId, projectId),
              ),
            )
            .returning({ id: mediaItems.id })
        : [];
    if (!row) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound);
    await requestStoragePurge(context.jobs, { tx });
  });
  return { message: MEDIA_MESSAGES.deleted };
}

/** One primary photo per applicant: the previous one is unset in the same transaction. */
export async function setPrimaryPhoto(db: Db, projectId: string, applicantId: string, mediaId: string) {
  return db.transaction(async (tx) => {
    const row = await findItem(tx, projectId, applicantId, mediaId);
    if (row.kind !== 'image') throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notAnImage);
    await tx
      .update(mediaItems)
      .set({ isPrimaryPhoto: false })
      .where(
        and(
          eq(mediaItems.applicantId, applicantId),
          eq(mediaItems.isPrimaryPhoto, true),
          ne(mediaItems.id, mediaId),
        ),
      );
    const [updated] = await tx
      .update(mediaItems)
      .set({ isPrimaryPhoto: true })
      .where(eq(mediaItems.id, mediaId))
      .returning();
    return updated!;
  });
}

export async function setVisibility(
  db: Db,
  projectId: string,
  applicantId: string,
  mediaId: string,
  visibility: MediaVisibility,
) {
  const row = await findItem(db, projectId, applicantId, mediaId);
  const [updated] = await db
    .update(mediaItems)
    .set({ visibility })
    .where(eq(mediaItems.id, row.id))
    .returning();
  return updated!;
}

/**
 * Staff retry a conversion: back to PENDING and queued again, in one transaction. A FAILED one always; a PENDING or
 * IN_PROGRESS one only when no job of the media queue is left to do it (its worker died and the job's retries are
 * spent, or it was lost): otherwise the conversion under way is left alone (409).
 */
export async function retryItem(
  context: AppContext,
  projectId: string,
  applicantId: string,
  mediaId: string,
) {
  const { db } = context.database;
  // Read outside the transaction: the job table is asked on a connection of its own.
  const row = await findItem(db, projectId, applicantId, mediaId);
  const stuck =
    (row.status === 'IN_PROGRESS' || row.status === 'PENDING') &&
    !(await context.jobs.hasLiveJob(MEDIA_PROCESS_QUEUE, 'mediaId', row.id));
  if (row.status !== 'FAILED' && !stuck) throw new AppError('CONFLICT', MEDIA_MESSAGES.notFailed);
  return db.transaction(async (tx) => {
    // Conditional on the status read: a conversion that moved on meanwhile is left alone.
    const [updated] = await tx
      .update(mediaItems)
      .set({ status: 'PENDING', failureReason: null })
      .where(and(eq(mediaItems.id, row.id), eq(mediaItems.status, row.status)))
      .returning();
    if (!updated) throw new AppError('CONFLICT', MEDIA_MESSAGES.notFailed);
    await context.jobs.send<ProcessJob>(
      MEDIA_PROCESS_QUEUE,
      { mediaId: row.id },
      { tx: tx as unknown as Db },
    );
    return updated!;
  });
}

/** The primary photos' thumbnails of some applicants (for candidate lists), by applicant id. */
export async function primaryPhotoUrls(
  context: Pick<AppContext, 'database' | 'storage'>,
  applicantIds: readonly string[],
  actor: ProjectActor,
): Promise<Map<string, string>> {
  const ids = applicantIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await context.database.db
    .select({
      applicantId: mediaItems.applicantId,
      key: mediaItems.thumbnailKey,
      original: mediaItems.originalKey,
    })
    .from(mediaItems)
    // The partial unique index on primary photos serves this: one row at most per applicant.
    .where(
      and(
        inArray(mediaItems.applicantId, ids),
        eq(mediaItems.isPrimaryPhoto, true),
        inArray(mediaItems.visibility, visibleTo(actor)),
      ),
    );
  const urls = new Map<string, string>();
  for (const row of rows) {
    // Until the thumbnail exists the original stands in, except for those who may not have originals.
    const key = row.key ?? (getsOriginals(actor) ? row.original : null);
    if (!key) continue;
    urls.set(row.applicantId, await context.storage.presignGet(key, { expiresIn: VIEW_URL_TTL_SECONDS }));
  }
  return urls;
}
