import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  DEFAULT_UPLOAD_KEY_PREFIX,
  MEDIA_MESSAGES,
  MULTIPART_CHUNK_BYTES,
  UPLOAD_URL_TTL_SECONDS,
  VIEW_URL_TTL_SECONDS,
  type MultipartComplete,
  type MultipartSignedUrls,
  type MultipartStart,
  type SignedUrlRequest,
  type UploadResult,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { applicants, mediaItems, mediaUploads } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, fieldErrors } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/ports';
import { uploadBytes } from '../../platform/metrics/registry';
import { STORAGE_LIMITS } from '../../platform/storage';
import { MEDIA_PROCESS_QUEUE, type ProcessJob } from './queues';
import { describeContent, readHead, sniffBytes, type Sniffed } from './sniff';

/** Who is uploading: a project staff member (checked against CANDIDATE_MEDIA) or an apply page's grant. */
export type Uploader =
  | { kind: 'staff'; userId: string; projectId: string; applicantId: string | null }
  | { kind: 'grant'; grantId: string; projectId: string; applicantId: string | null };

type UploadRow = typeof mediaUploads.$inferSelect;

/** Original files live under the product's fixed prefix, then the project: `PM/RoleSideDocuments/<project>/<uuid>`. */
function originalPrefix(projectId: string) {
  return `${DEFAULT_UPLOAD_KEY_PREFIX}/${projectId}`;
}

/** Refuses an applicant id that is not an applicant of the project, in one query. */
export async function assertApplicantInProject(db: Queryable, projectId: string, applicantId: string) {
  const [row] = isUuid(applicantId)
    ? await db
        .select({ id: applicants.id })
        .from(applicants)
        .where(and(eq(applicants.id, applicantId), eq(applicants.projectId, projectId)))
    : [];
  if (!row) throw fieldErrors([{ path: 'body.applicantId', message: MEDIA_MESSAGES.notInProject }]);
}

function owner(uploader: Uploader) {
  return {
    projectId: uploader.projectId,
    applicantId: uploader.applicantId,
    createdById: uploader.kind === 'staff' ? uploader.userId : null,
    grantId: uploader.kind === 'grant' ? uploader.grantId : null,
  };
}

/** Single-PUT uploads (under 10 MiB): one signed URL per file, of exactly the declared size and type. */
export async function signSingleUploads(context: AppContext, uploader: Uploader, input: SignedUrlRequest) {
  const { storage } = context;
  const { db } = context.database;
  const prepared = input.imagesParams.map((file) => ({
    file,
    key: storage.newKey(originalPrefix(uploader.projectId)),
  }));
  await db.insert(mediaUploads).values(
    prepared.map(({ file, key }) => ({
      ...owner(uploader),
      objectKey: key,
      fileName: file.fileKey,
      declaredType: file.contentType,
      declaredSize: file.size,
    })),
  );
  const urls = await Promise.all(
    prepared.map(async ({ file, key }) => {
      const signed = await storage.presignPut(key, {
        contentType: file.contentType,
        contentLength: file.size,
        expiresIn: UPLOAD_URL_TTL_SECONDS,
      });
      return { fileKey: file.fileKey, key, url: signed.url, method: signed.method, headers: signed.headers };
    }),
  );
  return { urls };
}

export function chunksFor(size: number): number {
  return Math.max(1, Math.ceil(size / MULTIPART_CHUNK_BYTES));
}

/** The size of part `partNumber` (1-based) of a file of `size` bytes in 5 MiB parts. */
export function partBytes(size: number, partNumber: number): number {
  return Math.min(MULTIPART_CHUNK_BYTES, size - (partNumber - 1) * MULTIPART_CHUNK_BYTES);
}

/** Starts a multipart upload of a declared size; parts are 5 MiB (the last one smaller). */
export async function startMultipart(context: AppContext, uploader: Uploader, input: MultipartStart) {
  const key = context.storage.newKey(originalPrefix(uploader.projectId));
  const uploadId = await context.storage.createMultipart(key, input.contentType);
  await context.database.db.insert(mediaUploads).values({
    ...owner(uploader),
    objectKey: key,
    multipartId: uploadId,
    fileName: input.fileName,
    declaredType: input.contentType,
    declaredSize: input.size,
  });
  return {
    UploadId: uploadId,
    Key: key,
    PartSize: MULTIPART_CHUNK_BYTES,
    ChunksNumber: chunksFor(input.size),
  };
}

/** The open upload a follow-up call names, or 404; `multipartId` null means a single PUT. */
export async function findOpenUpload(
  db: Queryable,
  key: string,
  multipartId: string | null,
): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(mediaUploads)
    .where(
      and(
        eq(mediaUploads.objectKey, key),
        eq(mediaUploads.state, 'OPEN'),
        multipartId === null ? isNull(mediaUploads.multipartId) : eq(mediaUploads.multipartId, multipartId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.uploadNotFound);
  return row;
}

/** Signed part URLs; `PartNumbers` lets a resumed upload ask only for what list-parts did not return. */
export async function signParts(context: AppContext, upload: UploadRow, input: MultipartSignedUrls) {
  if (input.ChunksNumber !== chunksFor(upload.declaredSize)) {
    throw fieldErrors([{ path: 'body.ChunksNumber', message: MEDIA_MESSAGES.chunksMismatch }]);
  }
  const numbers = input.PartNumbers ?? Array.from({ length: input.ChunksNumber }, (_, index) => index + 1);
  const outside = numbers.findIndex((number) => number > input.ChunksNumber);
  if (outside >= 0) {
    throw fieldErrors([{ path: `body.PartNumbers.${outside}`, message: MEDIA_MESSAGES.chunksMismatch }]);
  }
  // Each URL is signed for its part's size (5 MiB, what is left for the last one), so no part can carry more than
  // the declared file: the store refuses a larger body before it is kept.
  const parts = await Promise.all(
    numbers.map(async (PartNumber) => ({
      PartNumber,
      signedUrl: await context.storage.presignPart(upload.objectKey, upload.multipartId!, PartNumber, {
        contentLength: partBytes(upload.declaredSize, PartNumber),
        expiresIn: UPLOAD_URL_TTL_SECONDS,
      }),
    })),
  );
  return { parts };
}

export async function listUploadedParts(context: AppContext, upload: UploadRow) {
  const parts = await context.storage.listParts(upload.objectKey, upload.multipartId!);
  return {
    parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag, Size: part.size })),
    PartSize: MULTIPART_CHUNK_BYTES,
    ChunksNumber: chunksFor(upload.declaredSize),
  };
}

/** Joins the parts; a storage refusal (wrong ETag, part too small) is the client's mistake, not a server error. */
export async function completeMultipartUpload(
  context: AppContext,
  upload: UploadRow,
  input: MultipartComplete,
): Promise<UploadResult> {
  if (input.Parts.length > STORAGE_LIMITS.maxParts)
    throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.chunksMismatch);
  const parts = [...input.Parts]
    .sort((a, b) => a.PartNumber - b.PartNumber)
    .map((part) => ({ partNumber: part.PartNumber, etag: part.ETag }));
  try {
    await context.storage.completeMultipart(upload.objectKey, upload.multipartId!, parts);
  } catch (error) {
    if (error instanceof AppError) throw error;
    context.log.warn({ err: error, key: upload.objectKey }, 'multipart completion refused');
    throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notUploaded);
  }
  return finishUpload(context, upload);
}

/**
 * Checks what arrived: the size must be the declared one (the signed limit) and the bytes an accepted type. A refused
 * file is deleted at once, so nothing unchecked stays in storage. Accepted files become media items straight away
 * when the applicant is known, in the same transaction that queues their processing; otherwise they wait, COMPLETED,
 * for `attachUploads`.
 */
export async function finishUpload(context: AppContext, upload: UploadRow): Promise<UploadResult> {
  const { storage } = context;
  const info = await storage.head(upload.objectKey);
  if (!info) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notUploaded);
  let sniffed: Sniffed | null = null;
  let head: Buffer | null = null;
  if (info.size === upload.declaredSize) {
    const stream = await storage.getObjectStream(upload.objectKey);
    head = stream ? await readHead(stream) : null;
    sniffed = head ? await sniffBytes(head, upload.fileName) : null;
  }
  if (!sniffed) {
    await storage.delete(upload.objectKey);
    await context.database.db.delete(mediaUploads).where(eq(mediaUploads.id, upload.id));
    // The refusal is about the file, not a field of the form: its message is the answer's own, as the upload row
    // shows it to the person who sent the file.
    const message =
      info.size !== upload.declaredSize
        ? MEDIA_MESSAGES.sizeMismatch
        : MEDIA_MESSAGES.refusedContent(upload.fileName, head ? await describeContent(head) : null);
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: 'body.Key', message }] });
  }
  const found = sniffed;
  // A single upload's signed URL stays valid for a while after this call; the accepted file moves to a key that URL
  // does not name, so bytes sent to it later (another file swapped in after the check) reach nothing anyone reads.
  // A multipart upload needs no move: once completed, its upload id takes no more parts.
  const sealedKey = upload.multipartId ? upload.objectKey : storage.newKey(originalPrefix(upload.projectId));
  const result = await context.database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(mediaUploads)
      .set({ state: 'COMPLETED', sniffedType: found.contentType, kind: found.kind, objectKey: sealedKey })
      .where(and(eq(mediaUploads.id, upload.id), eq(mediaUploads.state, 'OPEN')))
      .returning();
    if (!claimed) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.uploadNotFound);
    const moved = sealedKey !== upload.objectKey;
    if (moved) await storage.moveObject(upload.objectKey, sealedKey);
    let media: { id: string; status: UploadResult['status'] } | null = null;
    try {
      if (claimed.applicantId) {
        const [created] = await attachRows(tx as unknown as Db, context.jobs, [claimed], claimed.applicantId);
        media = created ?? null;
      }
    } catch (error) {
      // The row goes back to OPEN under its first key with the transaction; the file goes back with it.
      if (moved) await storage.moveObject(sealedKey, upload.objectKey).catch(() => undefined);
      throw error;
    }
    return {
      Key: claimed.objectKey,
      kind: found.kind,
      contentType: found.contentType,
      size: info.size,
      mediaId: media?.id ?? null,
      status: media?.status ?? null,
      // The original, viewable at once (its derived files follow from processing, announced by live events).
      url: await context.storage.presignGet(claimed.objectKey, {
        expiresIn: VIEW_URL_TTL_SECONDS,
        contentType: found.contentType,
      }),
      thumbnailUrl: null,
      convertedUrl: null,
    };
  });
  uploadBytes.inc({ kind: found.kind }, info.size);
  return result;
}

async function attachRows(tx: Db, jobs: Pick<Jobs, 'send'>, rows: UploadRow[], applicantId: string) {
  if (rows.length === 0) return [];
  const created = await tx
    .insert(mediaItems)
    .values(
      rows.map((row) => ({
        projectId: row.projectId,
        applicantId,
        kind: row.kind!,
        originalKey: row.objectKey,
        name: row.fileName,
        contentType: row.sniffedType!,
        size: row.declaredSize,
        createdById: row.createdById,
      })),
    )
    .returning({ id: mediaItems.id, status: mediaItems.status });
  await tx
    .update(mediaUploads)
    .set({ state: 'ATTACHED', applicantId })
    .where(
      inArray(
        mediaUploads.id,
        rows.map((row) => row.id),
      ),
    );
  for (const item of created) {
    await jobs.send<ProcessJob>(MEDIA_PROCESS_QUEUE, { mediaId: item.id }, { tx });
  }
  await choosePrimaryPhotoIfNone(tx, applicantId);
  return created;
}

/**
 * An applicant's first photo becomes their primary photo (the picture candidate lists and the preview show) while
 * they have none, so a talent who applies with a headshot is seen with it at once; the team can choose another
 * (`PUT .../primary`). A concurrent attach that chose first wins (the one-primary index), without failing this one.
 */
async function choosePrimaryPhotoIfNone(tx: Db, applicantId: string) {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql`
        update ${mediaItems} set is_primary_photo = true
        where id = (
          select id from ${mediaItems}
          where applicant_id = ${applicantId} and kind = 'image' and not is_selfie
          order by created_at, id
          limit 1
        )
        and not exists (
          select 1 from ${mediaItems} where applicant_id = ${applicantId} and is_primary_photo
        )`);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

export interface AttachUploadsInput {
  projectId: string;
  applicantId: string;
  /** Object keys the apply page received from the upload calls (`Key`). */
  uploads: readonly string[];
  /** Only uploads started under this grant (the apply page's), when given. */
  grantId?: string;
}

/**
 * Turns completed uploads into media items of an applicant and queues their processing, in the caller's transaction
 * (the submission that creates the applicant). Every key must be a completed upload of the project, not yet
 * attached (or already attached to this applicant, so a retried submission is harmless); otherwise nothing is
 * written and a field error names the first bad key. Answers the media item ids, in the order of `uploads`.
 */
export async function attachUploads(
  tx: Db,
  input: AttachUploadsInput,
  ports: { jobs: Pick<Jobs, 'send'> },
): Promise<string[]> {
  const keys = [...new Set(input.uploads)];
  if (keys.length === 0) return [];
  await assertApplicantInProject(tx, input.projectId, input.applicantId);
  const rows = await tx
    .select()
    .from(mediaUploads)
    .where(
      and(
        inArray(mediaUploads.objectKey, keys),
        eq(mediaUploads.projectId, input.projectId),
        input.grantId ? eq(mediaUploads.grantId, input.grantId) : sql`true`,
        or(
          eq(mediaUploads.state, 'COMPLETED'),
          and(eq(mediaUploads.state, 'ATTACHED'), eq(mediaUploads.applicantId, input.applicantId)),
        ),
      ),
    );
  const missing = keys.findIndex((key) => !rows.some((row) => row.objectKey === key));
  if (missing >= 0) {
    throw fieldErrors([{ path: `body.uploads.${missing}`, message: MEDIA_MESSAGES.uploadNotFound }]);
  }
  await attachRows(
    tx,
    ports.jobs,
    rows.filter((row) => row.state === 'COMPLETED'),
    input.applicantId,
  );
  const items = await tx
    .select({ id: mediaItems.id, key: mediaItems.originalKey })
    .from(mediaItems)
    .where(and(eq(mediaItems.applicantId, input.applicantId), inArray(mediaItems.originalKey, keys)));
  return input.uploads.map((key) => items.find((item) => item.key === key)!.id);
}
