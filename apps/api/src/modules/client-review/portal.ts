import { createHash, randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_REVIEW_MESSAGES,
  CLIENT_VIEWER_CODE_MAX_ATTEMPTS,
  CLIENT_VIEWER_CODE_TTL_MINUTES,
  CLIENT_VIEWER_SESSION_DAYS,
  clientLinkSettingsSchema,
  type ClientApplicants,
  type ClientCandidate,
  type ClientCandidateDetail,
  type ClientFeedbackInput,
  type ClientLinkPortal,
  type ClientLinkSettings,
  type ClientMedia,
  type ClientVote,
  type IdentifyViewer,
  type ViewerSession,
} from '@casting/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import {
  agencies,
  agents,
  applicants,
  clientFeedback,
  clientLinkItems,
  clientLinks,
  clientLinkViewers,
  clientLinkVisits,
  mediaItems,
  projects,
  roles,
  submissions,
  votes,
} from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';
import type { ClientLinkScope } from '../../platform/http/access';
import type { MailMessage } from '../../platform/mail/ports';
import { enqueueMail } from '../../platform/mail/queue';
import { presentItem } from '../media';
import { assertLive, clientLinkStatus, linkBySecret, viewerOfRequest, type ClientLinkRow } from './links';

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The page's first call: the link's state, and its texts only while it is live (a dead link shows nothing more). */
export async function portalOf(
  db: Queryable,
  secret: string,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<ClientLinkPortal> {
  const link = await linkBySecret(db, secret);
  const status = clientLinkStatus(link);
  if (status !== 'ACTIVE') {
    return {
      status,
      projectId: null,
      projectName: null,
      title: null,
      message: null,
      settings: null,
      expiresAt: null,
      viewer: null,
    };
  }
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, link.projectId));
  const viewer = await viewerOfRequest(db, link.id, request);
  return {
    status,
    projectId: link.projectId,
    projectName: project?.name ?? null,
    title: link.title,
    message: link.message,
    settings: clientLinkSettingsSchema.parse(link.settings),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    viewer: viewer ? { id: viewer.id, name: viewer.name, email: viewer.email } : null,
  };
}

const codeDigest = (viewerId: string, code: string) =>
  createHash('sha256').update(`client-viewer\n${viewerId}\n${code}`, 'utf8').digest('hex');

function codeMail(to: string, name: string, code: string, title: string): MailMessage {
  return {
    to,
    subject: `Your review code: ${code}`,
    text:
      `Hello ${oneLine(name)},\n\nYour code to open "${oneLine(title)}" is ${code}. ` +
      `It expires in ${CLIENT_VIEWER_CODE_TTL_MINUTES} minutes.\n\n` +
      `If you did not ask for it, ignore this e-mail.\n`,
  };
}

/**
 * A viewer gives a name and e-mail; a 6-digit code goes to that address by the mail job (queued in the same
 * transaction). The answer is the same whoever asks, so it tells nothing about who else reviews the link.
 */
export async function identifyViewer(context: AppContext, secret: string, input: IdentifyViewer) {
  const { db } = context.database;
  const link = await linkBySecret(db, secret);
  assertLive(link);
  const email = input.email.toLowerCase();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    const [viewer] = await tx
      .insert(clientLinkViewers)
      .values({ linkId: link.id, projectId: link.projectId, name: input.name, email })
      .onConflictDoUpdate({
        target: [clientLinkViewers.linkId, clientLinkViewers.email],
        set: { name: input.name },
      })
      .returning();
    await tx
      .update(clientLinkViewers)
      .set({
        codeDigest: codeDigest(viewer!.id, code),
        codeExpiresAt: new Date(Date.now() + CLIENT_VIEWER_CODE_TTL_MINUTES * 60_000),
        codeAttempts: 0,
      })
      .where(eq(clientLinkViewers.id, viewer!.id));
    await enqueueMail(
      context.jobs,
      { kind: 'notice', message: codeMail(email, input.name, code, link.title) },
      tx as unknown as Db,
    );
  });
  return { message: CLIENT_REVIEW_MESSAGES.codeSent };
}

/** The code for a viewer session: single use, a few tries, then ask again. */
export async function verifyViewer(
  db: Db,
  secret: string,
  input: { email: string; code: string },
): Promise<ViewerSession> {
  const link = await linkBySecret(db, secret);
  assertLive(link);
  const [viewer] = await db
    .select()
    .from(clientLinkViewers)
    .where(
      and(eq(clientLinkViewers.linkId, link.id), eq(clientLinkViewers.email, input.email.toLowerCase())),
    );
  const invalid = () => new AppError('INVALID_CODE', CLIENT_REVIEW_MESSAGES.codeInvalid);
  if (!viewer?.codeDigest || !viewer.codeExpiresAt) throw invalid();
  const issued = viewer.codeDigest;
  // Each try is counted before the code is compared, in one conditional update: guesses sent at the same time
  // cannot all pass a read of the count before any of them writes it, so no more than the allowed tries are ever
  // compared. A code past its expiry or its tries is void (ask for a new one).
  const [counted] = await db
    .update(clientLinkViewers)
    .set({ codeAttempts: sql`${clientLinkViewers.codeAttempts} + 1` })
    .where(
      and(
        eq(clientLinkViewers.id, viewer.id),
        eq(clientLinkViewers.codeDigest, issued),
        lt(clientLinkViewers.codeAttempts, CLIENT_VIEWER_CODE_MAX_ATTEMPTS),
        gt(clientLinkViewers.codeExpiresAt, new Date()),
      ),
    )
    .returning({ id: clientLinkViewers.id });
  if (!counted) throw new AppError('CODE_EXPIRED', CLIENT_REVIEW_MESSAGES.codeExpired);
  if (issued !== codeDigest(viewer.id, input.code)) throw invalid();
  const session = newLinkToken();
  // Single use: only the request that clears this code gets a session.
  const [used] = await db
    .update(clientLinkViewers)
    .set({
      codeDigest: null,
      codeExpiresAt: null,
      sessionDigest: tokenDigest(session),
      sessionExpiresAt: new Date(Date.now() + CLIENT_VIEWER_SESSION_DAYS * 24 * 3600_000),
      verifiedAt: viewer.verifiedAt ?? new Date(),
    })
    .where(and(eq(clientLinkViewers.id, viewer.id), eq(clientLinkViewers.codeDigest, issued)))
    .returning({ id: clientLinkViewers.id });
  if (!used) throw invalid();
  return { viewerToken: session, viewer: { id: viewer.id, name: viewer.name, email: viewer.email } };
}

type CandidateRow = Awaited<ReturnType<typeof candidateRows>>[number];

/** The link's candidates with exactly the columns a client view may read (others are never selected). */
async function candidateRows(db: Queryable, scope: ClientLinkScope, filters: SQL[] = []) {
  return db
    .select({
      submissionId: clientLinkItems.submissionId,
      position: clientLinkItems.position,
      folderId: clientLinkItems.folderId,
      applicantId: submissions.applicantId,
      roleId: submissions.roleId,
      roleName: roles.name,
      referringAgentId: submissions.referringAgentId,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      email: applicants.email,
      phone: applicants.phone,
      playingAgeMin: applicants.playingAgeMin,
      playingAgeMax: applicants.playingAgeMax,
      location: applicants.location,
      bio: applicants.bio,
    })
    .from(clientLinkItems)
    .innerJoin(submissions, eq(submissions.id, clientLinkItems.submissionId))
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .innerJoin(roles, eq(roles.id, submissions.roleId))
    .where(
      and(
        eq(clientLinkItems.linkId, scope.linkId),
        eq(clientLinkItems.projectId, scope.projectId),
        ...filters,
      ),
    )
    .orderBy(asc(clientLinkItems.position));
}

function playingAge(row: CandidateRow): string | null {
  if (row.playingAgeMin == null && row.playingAgeMax == null) return null;
  if (row.playingAgeMin != null && row.playingAgeMax != null)
    return `${row.playingAgeMin}-${row.playingAgeMax}`;
  return String(row.playingAgeMin ?? row.playingAgeMax);
}

/** Media kinds the link's settings let a viewer see; only items shared with everyone (never TEAM-only ones). */
function sharedKinds(settings: ClientLinkSettings): ('image' | 'video' | 'document')[] {
  const kinds: ('image' | 'video' | 'document')[] = [];
  if (settings.showPhotos) kinds.push('image');
  if (settings.showVideos) kinds.push('video');
  if (settings.showDocuments) kinds.push('document');
  return kinds;
}

async function present(
  context: Pick<AppContext, 'database' | 'storage'>,
  link: ClientLinkRow,
  rows: CandidateRow[],
  viewerId: string | null,
): Promise<ClientCandidate[]> {
  const { db } = context.database;
  const settings = clientLinkSettingsSchema.parse(link.settings);
  const applicantIds = [...new Set(rows.map((row) => row.applicantId))];
  const submissionIds = rows.map((row) => row.submissionId);
  const photos =
    settings.showPhotos && applicantIds.length > 0
      ? await db
          .select({
            applicantId: mediaItems.applicantId,
            thumb: mediaItems.thumbnailKey,
            key: mediaItems.originalKey,
          })
          .from(mediaItems)
          .where(
            and(
              inArray(mediaItems.applicantId, applicantIds),
              eq(mediaItems.isPrimaryPhoto, true),
              eq(mediaItems.visibility, 'ALL'),
            ),
          )
      : [];
  const photoUrls = new Map<string, string>();
  for (const photo of photos) {
    // The thumbnail carries no camera metadata; the original (GPS...) only where the link allows downloads.
    const key = photo.thumb ?? (settings.allowDownload ? photo.key : null);
    if (key) photoUrls.set(photo.applicantId, await context.storage.presignGet(key, { expiresIn: 3600 }));
  }
  const agentIds = [...new Set(rows.flatMap((row) => (row.referringAgentId ? [row.referringAgentId] : [])))];
  const agentRows =
    settings.showRepresentation && agentIds.length > 0
      ? await db
          .select({
            id: agents.id,
            firstName: agents.firstName,
            lastName: agents.lastName,
            agency: agencies.name,
          })
          .from(agents)
          .leftJoin(agencies, eq(agencies.id, agents.agencyId))
          .where(inArray(agents.id, agentIds))
      : [];
  const agentsById = new Map(agentRows.map((row) => [row.id, row]));
  const tallies =
    settings.showTeamFeedback && submissionIds.length > 0
      ? await db
          .select({ submissionId: votes.submissionId, vote: votes.vote, count: sql<number>`count(*)::int` })
          .from(votes)
          .where(inArray(votes.submissionId, submissionIds))
          .groupBy(votes.submissionId, votes.vote)
      : [];
  const mine =
    viewerId && submissionIds.length > 0
      ? await db
          .select()
          .from(clientFeedback)
          .where(
            and(eq(clientFeedback.viewerId, viewerId), inArray(clientFeedback.submissionId, submissionIds)),
          )
      : [];
  const mineBySubmission = new Map(mine.map((row) => [row.submissionId, row]));
  return rows.map((row) => {
    const agent = row.referringAgentId ? agentsById.get(row.referringAgentId) : undefined;
    const own = mineBySubmission.get(row.submissionId);
    const tally = { UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 0 };
    for (const entry of tallies) {
      if (entry.submissionId === row.submissionId && entry.vote in tally) {
        tally[entry.vote as keyof typeof tally] = Number(entry.count);
      }
    }
    return {
      submissionId: row.submissionId,
      applicantId: row.applicantId,
      position: row.position,
      folderId: row.folderId,
      roleId: row.roleId,
      roleName: row.roleName,
      firstName: row.firstName,
      lastName: row.lastName,
      playingAge: playingAge(row),
      location: row.location,
      bio: row.bio,
      primaryPhotoUrl: photoUrls.get(row.applicantId) ?? null,
      contact: settings.showContactDetails ? { email: row.email, phone: row.phone } : null,
      representation:
        settings.showRepresentation && agent
          ? { agentName: `${agent.firstName} ${agent.lastName}`.trim(), agencyName: agent.agency ?? null }
          : null,
      teamTally: settings.showTeamFeedback ? tally : null,
      myFeedback: viewerId
        ? { vote: (own?.vote as ClientVote | null | undefined) ?? null, comment: own?.comment ?? null }
        : null,
    };
  });
}

async function linkOfScope(db: Queryable, scope: ClientLinkScope): Promise<ClientLinkRow> {
  const [row] = await db.select().from(clientLinks).where(eq(clientLinks.id, scope.linkId));
  return row!;
}

/** GET /projects/{id}/applicants/{clientLink}: the link's candidates, and no one else. */
export async function listLinkCandidates(
  context: AppContext,
  scope: ClientLinkScope,
  query: { folderId?: string; roleId?: string },
): Promise<ClientApplicants> {
  const { db } = context.database;
  const link = await linkOfScope(db, scope);
  const filters: SQL[] = [];
  if (query.folderId) filters.push(eq(clientLinkItems.folderId, query.folderId));
  if (query.roleId) filters.push(eq(submissions.roleId, query.roleId));
  const rows = await candidateRows(db, scope, filters);
  return { items: await present(context, link, rows, scope.viewerId), total: rows.length };
}

/** One candidate of the link with the media its settings share, and its neighbours for next and previous. */
export async function linkCandidate(
  context: AppContext,
  scope: ClientLinkScope,
  submissionId: string,
): Promise<ClientCandidateDetail> {
  const { db } = context.database;
  const link = await linkOfScope(db, scope);
  const notInLink = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
  if (!isUuid(submissionId)) throw notInLink();
  const rows = await candidateRows(db, scope);
  const index = rows.findIndex((row) => row.submissionId === submissionId);
  if (index < 0) throw notInLink();
  const row = rows[index]!;
  const [candidate] = await present(context, link, [row], scope.viewerId);
  const settings = clientLinkSettingsSchema.parse(link.settings);
  const kinds = sharedKinds(settings);
  const items =
    kinds.length === 0
      ? []
      : await db
          .select()
          .from(mediaItems)
          .where(
            and(
              eq(mediaItems.projectId, scope.projectId),
              eq(mediaItems.applicantId, row.applicantId),
              eq(mediaItems.visibility, 'ALL'),
              inArray(mediaItems.kind, kinds),
            ),
          )
          .orderBy(asc(mediaItems.createdAt), asc(mediaItems.id));
  const media: ClientMedia[] = [];
  for (const item of items) {
    const shown = await presentItem(context.storage, item);
    // A photo's or video's original keeps the camera's metadata (GPS location, device, time). Unless the link allows
    // downloads, viewers get only the converted rendition, which processing writes without metadata; an item not
    // converted yet (or whose conversion failed) is left out until it is. Documents carry no camera metadata.
    const url = settings.allowDownload || item.kind === 'document' ? shown.url : (shown.convertedUrl ?? null);
    if (url === null) continue;
    media.push({
      id: shown.id,
      kind: shown.kind,
      name: shown.name,
      fileType: shown.fileType,
      status: shown.status,
      isPrimaryPhoto: shown.isPrimaryPhoto,
      durationSeconds: shown.durationSeconds,
      url,
      convertedUrl: shown.convertedUrl,
      thumbnailUrl: shown.thumbnailUrl,
      posterUrl: shown.posterUrl,
      downloadUrl: settings.allowDownload ? shown.downloadUrl : null,
    });
  }
  return {
    ...candidate!,
    media,
    previousSubmissionId: rows[index - 1]?.submissionId ?? null,
    nextSubmissionId: rows[index + 1]?.submissionId ?? null,
  };
}

/**
 * A named viewer's vote and/or comment on a candidate of the link; the team's pages hear of it on the live channel
 * (published in the transaction, so it arrives once committed).
 */
export async function saveFeedback(
  context: AppContext,
  scope: ClientLinkScope,
  submissionId: string,
  input: ClientFeedbackInput,
) {
  const { db } = context.database;
  if (!scope.viewerId) {
    throw new AppError('VIEWER_IDENTIFICATION_REQUIRED', CLIENT_REVIEW_MESSAGES.identificationRequired);
  }
  const viewerId = scope.viewerId;
  const notInLink = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
  if (!isUuid(submissionId)) throw notInLink();
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ submissionId: clientLinkItems.submissionId })
      .from(clientLinkItems)
      .where(and(eq(clientLinkItems.linkId, scope.linkId), eq(clientLinkItems.submissionId, submissionId)));
    if (!item) throw notInLink();
    const set: { vote?: string | null; comment?: string | null; updatedAt: Date } = { updatedAt: new Date() };
    if (input.vote !== undefined) set.vote = input.vote;
    if (input.comment !== undefined) set.comment = input.comment ? input.comment : null;
    const [row] = await tx
      .insert(clientFeedback)
      .values({
        viewerId,
        submissionId,
        linkId: scope.linkId,
        projectId: scope.projectId,
        vote: set.vote ?? null,
        comment: set.comment ?? null,
      })
      .onConflictDoUpdate({ target: [clientFeedback.viewerId, clientFeedback.submissionId], set })
      .returning();
    await context.events.publish(
      scope.projectId,
      'CLIENT_FEEDBACK_UPDATED',
      { linkId: scope.linkId },
      { tx },
    );
    return { vote: (row!.vote as ClientVote | null) ?? null, comment: row!.comment };
  });
}

/**
 * The view log: the page's first call opens a visit; later calls name the candidate on screen, which is added to the
 * visit's seen set (how far the viewer got).
 */
export async function recordView(
  context: AppContext,
  scope: ClientLinkScope,
  input: { visitId?: string; submissionId?: string },
): Promise<{ visitId: string }> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    let seen: string[] = [];
    if (input.submissionId) {
      const [item] = await tx
        .select({ id: clientLinkItems.submissionId })
        .from(clientLinkItems)
        .where(
          and(eq(clientLinkItems.linkId, scope.linkId), eq(clientLinkItems.submissionId, input.submissionId)),
        );
      if (!item) throw new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
      seen = [item.id];
    }
    if (input.visitId) {
      const [updated] = await tx
        .update(clientLinkVisits)
        .set({
          lastActiveAt: new Date(),
          viewerId: sql`coalesce(${clientLinkVisits.viewerId}, ${scope.viewerId}::uuid)`,
          seenSubmissionIds:
            seen.length > 0
              ? sql`(select array_agg(distinct s) from unnest(${clientLinkVisits.seenSubmissionIds} || ${seen[0]}::uuid) s)`
              : clientLinkVisits.seenSubmissionIds,
        })
        .where(and(eq(clientLinkVisits.id, input.visitId), eq(clientLinkVisits.linkId, scope.linkId)))
        .returning({ id: clientLinkVisits.id });
      if (updated) {
        await context.events.publish(
          scope.projectId,
          'CLIENT_FEEDBACK_UPDATED',
          { linkId: scope.linkId },
          { tx },
        );
        return { visitId: updated.id };
      }
    }
    const [visit] = await tx
      .insert(clientLinkVisits)
      .values({
        linkId: scope.linkId,
        projectId: scope.projectId,
        viewerId: scope.viewerId,
        seenSubmissionIds: seen,
      })
      .returning({ id: clientLinkVisits.id });
    await context.events.publish(
      scope.projectId,
      'CLIENT_FEEDBACK_UPDATED',
      { linkId: scope.linkId },
      { tx },
    );
    return { visitId: visit!.id };
  });
}
