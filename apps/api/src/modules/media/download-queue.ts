import { sql } from 'drizzle-orm';
import { DOWNLOAD_EXPIRY_DAYS, MEDIA_MESSAGES, type MediaKind, type MediaVisibility } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { downloadBundles } from '../../platform/db/schema';
import { MEDIA_ZIP_QUEUE, type ZipJob } from './queues';

export interface QueueDownloadInput {
  projectId: string;
  /** The signed-in asker, or null for a client review link's viewer (who has no account). */
  requestedById: string | null;
  recipientEmail: string;
  /** Applicants of `projectId`, already checked by the caller. */
  applicantIds: string[];
  visibility: MediaVisibility[];
  /** The asker may not have originals (items.ts getsOriginals): the zip holds the converted copies instead. */
  convertedOnly?: boolean;
  /** Only these kinds of media; absent: every kind. */
  kinds?: MediaKind[];
  /** The client review link whose viewer asks: the zip lasts no longer than the link does. */
  clientLink?: { id: string; expiresAt: Date | null };
}

/**
 * Records a bundle and queues the job that builds its zip and mails the link, in one transaction. The caller has
 * decided who may ask and which candidates; what the zip may hold (visibility, kinds) travels with the job.
 */
export async function queueDownload(context: AppContext, input: QueueDownloadInput) {
  const { db } = context.database;
  const ownExpiry = Date.now() + DOWNLOAD_EXPIRY_DAYS * 24 * 3600_000;
  const linkExpiry = input.clientLink?.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const expiresAt = new Date(Math.min(ownExpiry, linkExpiry));
  const id = await db.transaction(async (tx) => {
    const [bundle] = await tx
      .insert(downloadBundles)
      .values({
        projectId: input.projectId,
        requestedById: input.requestedById,
        recipientEmail: input.recipientEmail.toLowerCase(),
        applicantIds: input.applicantIds,
        clientLinkId: input.clientLink?.id ?? null,
        expiresAt,
      })
      .returning({ id: downloadBundles.id });
    await context.jobs.send<ZipJob>(
      MEDIA_ZIP_QUEUE,
      {
        bundleId: bundle!.id,
        visibility: input.visibility,
        ...(input.convertedOnly ? { convertedOnly: true } : {}),
        ...(input.kinds ? { kinds: input.kinds } : {}),
      },
      { tx: tx as unknown as Db },
    );
    return bundle!.id;
  });
  return { id, message: MEDIA_MESSAGES.downloadLinkSent };
}

/**
 * Ends the zips a client review link's viewers asked for no later than `until`: the link's revocation (now) or its
 * new, earlier expiry. An ended zip reads as expired to whoever opens its mailed link, and the hourly purge of expired
 * bundles deletes its file. A later expiry never lengthens a zip.
 */
export async function endClientLinkDownloads(db: Queryable, linkId: string, until: Date): Promise<void> {
  await db.execute(sql`update ${downloadBundles} set expires_at = least(expires_at, ${until.toISOString()}::timestamptz)
    where client_link_id = ${linkId}::uuid`);
}
