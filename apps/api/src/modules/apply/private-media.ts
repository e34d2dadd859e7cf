import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  PRIVATE_MEDIA_MAX,
  PRIVATE_MEDIA_TEXTS,
  type PrivateMedia,
  type PrivateMediaAdd,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { mediaItems } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { requestStoragePurge } from '../../platform/storage/purge';
import {
  attachUploads,
  createUploadGrant,
  holderOwner,
  presentItem,
  privateMediaGrantHolder,
} from '../media';
import { applicantByPrivateToken } from './private-link';

/**
 * The files a talent sent with their submission, as their private page lists them: photos, tapes and documents they
 * uploaded themselves (on the apply page or here), not the team's own files about them and not the selfie, which
 * has its own section. Oldest first, as they were sent.
 */
const talentsOwn = (applicantId: string) =>
  and(
    eq(mediaItems.applicantId, applicantId),
    isNull(mediaItems.createdById),
    eq(mediaItems.isSelfie, false),
  );

async function view(
  context: AppContext,
  db: Queryable,
  applicant: { id: string; projectId: string },
): Promise<PrivateMedia> {
  const rows = await db
    .select()
    .from(mediaItems)
    .where(talentsOwn(applicant.id))
    .orderBy(asc(mediaItems.createdAt), asc(mediaItems.id));
  const items = await Promise.all(rows.map((row) => presentItem(context.storage, row)));
  return {
    items: items.map((item, index) => ({
      id: item.id,
      name: item.name,
      kind: rows[index]!.kind,
      status: item.status,
      url: item.url,
      thumbnailUrl: item.thumbnailUrl,
      createdAt: rows[index]!.createdAt.toISOString(),
    })),
    // The grant's holder is this talent's page: what they upload here can only be added to their own submission.
    uploadGrant: createUploadGrant(context.config, {
      projectId: applicant.projectId,
      holder: privateMediaGrantHolder(applicant.id),
    }),
  };
}

/** An application waiting for its address's owner changes nothing until confirmed (409). */
function assertConfirmed(applicant: { unconfirmedEmail: string | null }) {
  if (applicant.unconfirmedEmail !== null) throw new AppError('CONFLICT', PRIVATE_MEDIA_TEXTS.confirmFirst);
}

/** `GET /v2/applicants/{id}/standalone/media`: opened with the private link's token (404 for a wrong one). */
export async function privateMedia(context: AppContext, applicantId: string, token: string) {
  const { db } = context.database;
  return view(context, db, await applicantByPrivateToken(db, applicantId, token));
}

/**
 * The talent adds finished uploads of this page's grant to their submission; they are processed like the apply
 * page's. A submission keeps at most PRIVATE_MEDIA_MAX files of the talent's own: more is refused whole.
 */
export async function addPrivateMedia(context: AppContext, applicantId: string, input: PrivateMediaAdd) {
  return context.database.db.transaction(async (tx) => {
    const applicant = await applicantByPrivateToken(tx, applicantId, input.accessToken);
    assertConfirmed(applicant);
    const [held] = await tx.select({ n: count() }).from(mediaItems).where(talentsOwn(applicant.id));
    if ((held?.n ?? 0) + new Set(input.keys).size > PRIVATE_MEDIA_MAX) {
      throw new AppError('CONFLICT', PRIVATE_MEDIA_TEXTS.tooMany(PRIVATE_MEDIA_MAX));
    }
    await attachUploads(
      tx as unknown as Db,
      {
        projectId: applicant.projectId,
        applicantId: applicant.id,
        uploads: input.keys,
        grantId: holderOwner(privateMediaGrantHolder(applicant.id)),
      },
      { jobs: context.jobs },
    );
    return view(context, tx, applicant);
  });
}

/**
 * The talent removes one of their own files (to replace it, they add the new one): the item goes and its stored
 * files go to the storage purge queued in the same transaction. A file of the team's, or of another submission, is
 * not theirs to remove (404).
 */
export async function removePrivateMedia(
  context: AppContext,
  applicantId: string,
  mediaId: string,
  token: string,
) {
  return context.database.db.transaction(async (tx) => {
    const applicant = await applicantByPrivateToken(tx, applicantId, token);
    assertConfirmed(applicant);
    const [removed] = isUuid(mediaId)
      ? await tx
          .delete(mediaItems)
          .where(and(eq(mediaItems.id, mediaId), talentsOwn(applicant.id)))
          .returning({ id: mediaItems.id })
      : [];
    if (!removed) throw new AppError('NOT_FOUND', PRIVATE_MEDIA_TEXTS.onlyYours);
    await requestStoragePurge(context.jobs, { tx });
    return view(context, tx, applicant);
  });
}
