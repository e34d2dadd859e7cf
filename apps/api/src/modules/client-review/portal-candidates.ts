import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_REVIEW_MESSAGES,
  clientLinkSettingsSchema,
  type ClientApplicants,
  type ClientCandidate,
  type ClientCandidateDetail,
  type ClientLinkSettings,
  type ClientMedia,
  type ClientVote,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { minorSql } from '../../platform/db/minors';
import {
  agencies,
  agents,
  applicants,
  clientFeedback,
  clientLinkItems,
  clientLinks,
  mediaItems,
  roles,
  submissions,
  votes,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ClientLinkScope } from '../../platform/http/access';
import { presentItem } from '../media';
import type { ClientLinkRow } from './links';
import { chosenMediaFilter, presentationSnapshot } from './presentation-snapshot';

// What a client review link shows of its candidates: only the columns and media its settings share.

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
      minor: minorSql(),
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
      // A minor's contact details and whereabouts never reach a client, whatever the link shares (decision 0104).
      location: row.minor ? null : row.location,
      bio: row.bio,
      primaryPhotoUrl: photoUrls.get(row.applicantId) ?? null,
      contact: settings.showContactDetails && !row.minor ? { email: row.email, phone: row.phone } : null,
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
  const snapshot = await presentationSnapshot(db, link.id);
  return {
    items: await present(context, link, rows, scope.viewerId),
    total: rows.length,
    presentationLayout: snapshot?.layout ?? null,
  };
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
  // A link made from a presentation shows only the media chosen for this candidate there.
  const chosen = chosenMediaFilter(await presentationSnapshot(db, link.id), row.submissionId);
  for (const item of items.filter(chosen)) {
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
      isSelfie: shown.isSelfie,
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
