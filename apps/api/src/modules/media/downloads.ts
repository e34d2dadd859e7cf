import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  CANDIDATE_MESSAGES,
  formatOfficeMoment,
  MEDIA_MESSAGES,
  VIEW_URL_TTL_SECONDS,
  type Download,
  type DownloadZipRequest,
  type MediaKind,
  type MediaVisibility,
  type ProjectActor,
} from '@casting/domain';
import type { Config } from '../../config';
import type { AppContext } from '../../platform/context';
import { resolveAuthSecret } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import {
  applicants,
  clientLinkItems,
  downloadBundles,
  folderMemberships,
  mediaItems,
  roles,
  storagePurges,
  submissions,
  users,
} from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import type { Principal, ProjectActorResolver } from '../../platform/http/access';
import { purgeDeletedObjects, requestStoragePurge } from '../../platform/storage/purge';
import { enqueueMail } from '../../platform/mail/queue';
import { getsOriginals, visibleTo } from './items';
import { queueDownload } from './download-queue';
import { assertSubmitterReaches } from './submitter';
import { writeZip, type ZipEntry } from './zip-writer';
import { clientFileName, safeName } from './zip-names';
import { officeClock } from '../../platform/mail/office-clock';

type BundleRow = typeof downloadBundles.$inferSelect;

/** At most this many candidates in one zip (a folder larger than this is refused: ask for a selection). */
export const MAX_ZIP_APPLICANTS = 1000;

const linkKeys = new WeakMap<Config, Buffer>();
function linkKey(config: Config): Buffer {
  let key = linkKeys.get(config);
  if (!key) {
    const secret = resolveAuthSecret(config.AUTH_SECRET, config.dataDir);
    key = Buffer.from(hkdfSync('sha256', secret, 'casting', 'media-download-link', 32));
    linkKeys.set(config, key);
  }
  return key;
}

/**
 * The token of an e-mailed download link: HMAC of the bundle id and its recipient. Whoever holds the mail may
 * download (the recipient may have no account); everyone else needs a session and a place on the project team.
 */
export function downloadToken(config: Config, bundle: Pick<BundleRow, 'id' | 'recipientEmail'>): string {
  return createHmac('sha256', linkKey(config))
    .update(`${bundle.id}\n${bundle.recipientEmail}`)
    .digest('base64url');
}

function tokenMatches(config: Config, bundle: BundleRow, token: string): boolean {
  const expected = Buffer.from(downloadToken(config, bundle));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The applicants a request names: ids of applicants or of their submissions (list rows), or a folder's. */
async function chosenApplicants(db: Db, input: DownloadZipRequest): Promise<string[]> {
  if (input.applicantIds && input.applicantIds.length > 0) {
    const ids = input.applicantIds;
    const rows = await db
      .selectDistinct({ id: applicants.id })
      .from(applicants)
      .leftJoin(submissions, eq(submissions.applicantId, applicants.id))
      .where(
        and(
          eq(applicants.projectId, input.projectId),
          or(inArray(applicants.id, ids), inArray(submissions.id, ids)),
        ),
      );
    if (rows.length === 0)
      throw fieldErrors([{ path: 'body.applicantIds', message: MEDIA_MESSAGES.noMediaChosen }]);
    return rows.map((row) => row.id);
  }
  if (input.folderId) {
    const rows = await db
      .selectDistinct({ id: submissions.applicantId })
      .from(folderMemberships)
      .innerJoin(submissions, eq(submissions.id, folderMemberships.submissionId))
      .where(
        and(eq(folderMemberships.folderId, input.folderId), eq(folderMemberships.projectId, input.projectId)),
      )
      .limit(MAX_ZIP_APPLICANTS + 1);
    if (rows.length > MAX_ZIP_APPLICANTS) {
      throw fieldErrors([
        { path: 'body.folderId', message: `Choose at most ${MAX_ZIP_APPLICANTS} candidates.` },
      ]);
    }
    if (rows.length === 0)
      throw fieldErrors([{ path: 'body.folderId', message: MEDIA_MESSAGES.noMediaChosen }]);
    return rows.map((row) => row.id);
  }
  throw fieldErrors([{ path: 'body.applicantIds', message: MEDIA_MESSAGES.noMediaChosen }]);
}

/**
 * Download zip / send download link: records a bundle for the chosen candidates and queues the job that builds it
 * and mails the link (to `email`, by default the caller's own address), in one transaction.
 */
export async function requestDownload(
  context: AppContext,
  principal: Principal,
  actor: ProjectActor,
  input: DownloadZipRequest,
) {
  const { db } = context.database;
  const applicantIds = await chosenApplicants(db, input);
  // A talent submitter zips only candidates in their submitter folders; any other one is "not in this project".
  await assertSubmitterReaches(db, actor, input.projectId, applicantIds, CANDIDATE_MESSAGES.notInProject);
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, principal.userId));
  const recipientEmail = (input.email ?? me?.email ?? '').toLowerCase();
  if (!recipientEmail) throw fieldErrors([{ path: 'body.email', message: 'Email is required' }]);
  // The caller's visibility travels with the job: a client account (CLIENT) zips only items shared with everyone,
  // and only their converted copies (no originals with the camera's metadata, as in its media list).
  return queueDownload(context, {
    projectId: input.projectId,
    requestedById: principal.userId,
    recipientEmail,
    applicantIds,
    visibility: visibleTo(actor),
    convertedOnly: !getsOriginals(actor),
  });
}

/** The opportunities a client link shares each of its candidates for, by name. */
async function linkOpportunities(db: Db, linkId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectDistinct({ applicantId: submissions.applicantId, name: roles.name })
    .from(clientLinkItems)
    .innerJoin(submissions, eq(submissions.id, clientLinkItems.submissionId))
    .innerJoin(roles, eq(roles.id, submissions.roleId))
    .where(eq(clientLinkItems.linkId, linkId))
    .orderBy(asc(roles.name));
  const byApplicant = new Map<string, string[]>();
  for (const row of rows)
    byApplicant.set(row.applicantId, [...(byApplicant.get(row.applicantId) ?? []), row.name]);
  return byApplicant;
}

/** A photo's or video's converted copy (named after the original), a document as it is; null when not converted. */
function convertedCopy(row: {
  kind: string;
  key: string;
  name: string;
  contentType: string;
  displayKey: string | null;
  mp4Key: string | null;
}): { key: string; name: string; contentType: string } | null {
  const base = row.name.replace(/\.[^.]*$/, '') || row.name;
  if (row.kind === 'document') return row;
  if (row.kind === 'image') {
    return row.displayKey ? { key: row.displayKey, name: `${base}.webp`, contentType: 'image/webp' } : null;
  }
  return row.mp4Key ? { key: row.mp4Key, name: `${base}.mp4`, contentType: 'video/mp4' } : null;
}

/**
 * The job: the chosen candidates' media streamed one file at a time from storage into a zip written to a temporary
 * file, which is then stored and mailed as a link. Memory stays flat whatever the sizes; the disk holds one zip.
 * Entries are `{Last}_{First}/{nn}_{original name}`, numbered in upload order per candidate; a client link's zip
 * names each file by candidate, opportunity, kind and number instead (`clientFileName`).
 */
export async function buildZip(
  context: AppContext,
  bundleId: string,
  // A job queued before the visibility travelled with it zips only what everyone may see (never more).
  visibility: readonly MediaVisibility[] = ['ALL'],
  convertedOnly = false,
  kinds?: readonly MediaKind[],
): Promise<void> {
  const { db } = context.database;
  const [bundle] = await db.select().from(downloadBundles).where(eq(downloadBundles.id, bundleId));
  if (!bundle || bundle.status === 'READY') return;
  const rows = await db
    .select({
      applicantId: mediaItems.applicantId,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      key: mediaItems.originalKey,
      name: mediaItems.name,
      contentType: mediaItems.contentType,
      kind: mediaItems.kind,
      displayKey: mediaItems.displayKey,
      mp4Key: mediaItems.mp4Key,
    })
    .from(mediaItems)
    .innerJoin(applicants, eq(applicants.id, mediaItems.applicantId))
    .where(
      and(
        eq(mediaItems.projectId, bundle.projectId),
        inArray(mediaItems.applicantId, bundle.applicantIds),
        inArray(mediaItems.visibility, [...visibility]),
        ...(kinds ? [inArray(mediaItems.kind, [...kinds])] : []),
      ),
    )
    .orderBy(
      asc(applicants.lastName),
      asc(applicants.firstName),
      asc(applicants.id),
      asc(mediaItems.createdAt),
      asc(mediaItems.id),
    );

  const opportunities = bundle.clientLinkId ? await linkOpportunities(db, bundle.clientLinkId) : null;

  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'casting-zip-'));
  const file = path.join(dir, 'bundle.zip');
  try {
    const folders = new Map<string, string>();
    const used = new Set<string>();
    const counters = new Map<string, number>();
    const entries = rows.flatMap((row): ZipEntry[] => {
      const file = convertedOnly ? convertedCopy(row) : row;
      // Without originals, a photo or video not converted (yet) is left out.
      if (!file) return [];
      let folder = folders.get(row.applicantId);
      if (!folder) {
        const base = safeName(`${row.lastName}_${row.firstName}`);
        folder = base;
        for (let n = 2; used.has(folder); n += 1) folder = `${base}_${n}`;
        used.add(folder);
        folders.set(row.applicantId, folder);
      }
      // A client's files are numbered within their kind, the team's within the candidate.
      const counter = opportunities ? `${row.applicantId}:${row.kind}` : row.applicantId;
      const index = (counters.get(counter) ?? 0) + 1;
      counters.set(counter, index);
      const name = opportunities
        ? clientFileName({
            ...row,
            name: file.name,
            number: index,
            opportunities: opportunities.get(row.applicantId) ?? [],
          })
        : `${String(index).padStart(2, '0')}_${safeName(file.name)}`;
      return [
        {
          name: `${folder}/${name}`,
          contentType: file.contentType,
          open: () => context.storage.getObjectStream(file.key),
        },
      ];
    });
    const count = await writeZip(entries, fs.createWriteStream(file));
    const { size } = await fs.promises.stat(file);
    const key = `downloads/${bundle.projectId}/${bundle.id}.zip`;
    await context.storage.putObject(key, fs.createReadStream(file), 'application/zip', size);
    const stillWanted = await db
      .update(downloadBundles)
      .set({ status: 'READY', objectKey: key, size, fileCount: count })
      .where(eq(downloadBundles.id, bundle.id))
      .returning({ id: downloadBundles.id });
    if (stillWanted.length === 0) {
      // The bundle (or its project) was deleted while zipping: the zip just stored goes to the storage purge.
      await db.insert(storagePurges).values({ objectKey: key });
      await requestStoragePurge(context.jobs);
      return;
    }
    const link = `${context.config.publicUrl}/downloads/${bundle.id}?token=${downloadToken(context.config, bundle)}`;
    const clock = await officeClock(db);
    await enqueueMail(context.jobs, {
      kind: 'notice',
      message: {
        to: bundle.recipientEmail,
        subject: 'Your download is ready',
        text: [
          `The media of ${folders.size} candidate(s), ${count} file(s), is ready to download:`,
          link,
          `The link expires on ${formatOfficeMoment(bundle.expiresAt, clock)}.`,
        ].join('\n\n'),
      },
    });
  } catch (error) {
    await db
      .update(downloadBundles)
      .set({ status: 'FAILED', failureReason: (error as Error).message.slice(0, 500) })
      .where(eq(downloadBundles.id, bundle.id));
    throw error;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A bundle as the /downloads/{id} page shows it. Allowed: the holder of the e-mailed link's token; a signed-in
 * recipient; any member of the project team. Everyone else gets the same 404 as for an unknown id.
 */
export async function readDownload(
  context: AppContext,
  resolveActor: ProjectActorResolver,
  principal: Principal | null,
  id: string,
  token: string | undefined,
): Promise<Download> {
  const { db } = context.database;
  const [bundle] = isUuid(id)
    ? await db.select().from(downloadBundles).where(eq(downloadBundles.id, id))
    : [];
  if (!bundle) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.downloadNotFound);
  let allowed = token !== undefined && tokenMatches(context.config, bundle, token);
  if (!allowed && principal) {
    const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, principal.userId));
    allowed = me?.email.toLowerCase() === bundle.recipientEmail;
    if (!allowed) {
      const actor: ProjectActor | null = await resolveActor(principal, bundle.projectId).catch(() => null);
      allowed = actor !== null && actor !== 'CLIENT';
      // A talent submitter of the team only when every candidate of the zip is in their submitter folders.
      if (allowed && actor === 'TS') {
        allowed = await assertSubmitterReaches(
          db,
          actor,
          bundle.projectId,
          bundle.applicantIds,
          MEDIA_MESSAGES.downloadNotFound,
        ).then(
          () => true,
          () => false,
        );
      }
    }
  }
  if (!allowed) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.downloadNotFound);
  const expired = bundle.expiresAt.getTime() <= Date.now();
  const ready = bundle.status === 'READY' && !expired && bundle.objectKey;
  return {
    id: bundle.id,
    projectId: bundle.projectId,
    status: expired ? 'EXPIRED' : bundle.status,
    fileCount: bundle.fileCount,
    size: bundle.size,
    expiresAt: bundle.expiresAt.toISOString(),
    url: ready
      ? await context.storage.presignGet(bundle.objectKey!, {
          expiresIn: VIEW_URL_TTL_SECONDS,
          downloadName: `media-${bundle.createdAt.toISOString().slice(0, 10)}.zip`,
        })
      : null,
  };
}

/** Daily: expired bundles lose their row; their zips follow through the storage purge (the delete trigger). */
export async function purgeExpiredDownloads(context: AppContext): Promise<void> {
  const { db } = context.database;
  const expired = await db
    .delete(downloadBundles)
    .where(lt(downloadBundles.expiresAt, sql`now()`))
    .returning({ id: downloadBundles.id });
  if (expired.length > 0) await purgeDeletedObjects(context);
}
