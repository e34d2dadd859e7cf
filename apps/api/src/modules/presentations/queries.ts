import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  PRESENTATION_TEXTS,
  type PresentationItem,
  type PresentationLayout,
  type PresentationList,
  type PresentationPdfStatus,
  type PresentationSummary,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import {
  applicants,
  mediaItems,
  presentationItems,
  presentations,
  roles,
  submissions,
  users,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

export type PresentationRow = typeof presentations.$inferSelect;

export const presentationNotFound = () => new AppError('NOT_FOUND', PRESENTATION_TEXTS.notFound);

/** A presentation of this project by id; one of another project or office is the same 404 as an unknown id. */
export async function presentationOfProject(
  db: Queryable,
  projectId: string,
  presentationId: string,
): Promise<PresentationRow> {
  if (!isUuid(projectId) || !isUuid(presentationId)) throw presentationNotFound();
  const [row] = await db
    .select()
    .from(presentations)
    .where(and(eq(presentations.id, presentationId), eq(presentations.projectId, projectId)));
  if (!row) throw presentationNotFound();
  return row;
}

export async function summaries(db: Queryable, rows: PresentationRow[]): Promise<PresentationSummary[]> {
  if (rows.length === 0) return [];
  const roleIds = [...new Set(rows.map((row) => row.roleId))];
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, roleIds));
  const creatorIds = [...new Set(rows.flatMap((row) => (row.createdById ? [row.createdById] : [])))];
  const creators =
    creatorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, creatorIds));
  const roleNames = new Map(roleRows.map((row) => [row.id, row.name]));
  const names = new Map(creators.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    roleId: row.roleId,
    roleName: roleNames.get(row.roleId) ?? '',
    title: row.title,
    layout: row.layout as PresentationLayout,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdById ? (names.get(row.createdById) ?? null) : null,
    pdf: {
      status: (row.pdfStatus as PresentationPdfStatus | null) ?? null,
      progress: row.pdfProgress,
      requestedAt: row.pdfRequestedAt?.toISOString() ?? null,
    },
  }));
}

/** One page of a project's presentations, newest first: one range of `presentations_project_newest_idx`. */
export async function listPresentations(
  db: Queryable,
  projectId: string,
  query: { limit: number; cursor?: string },
): Promise<PresentationList> {
  const conditions: SQL[] = [eq(presentations.projectId, projectId)];
  if (query.cursor) {
    conditions.push(afterPosition(presentations.createdAt, presentations.id, decodeCursor(query.cursor)));
  }
  const rows = await db
    .select({ row: presentations, sortKey: keyText(presentations.createdAt) })
    .from(presentations)
    .where(and(...conditions))
    .orderBy(desc(presentations.createdAt), desc(presentations.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.sortKey, id: row.row.id }));
  return {
    items: await summaries(
      db,
      page.items.map((row) => row.row),
    ),
    limit: query.limit,
    nextCursor: page.nextCursor,
    totalCapped: false,
  };
}

export function playingAge(min: number | null, max: number | null): string | null {
  if (min == null && max == null) return null;
  if (min != null && max != null) return `${min}-${max}`;
  return String(min ?? max);
}

/** The presentation's candidates in its order, with their key facts. */
export function orderedCandidates(db: Queryable, presentationId: string) {
  return db
    .select({
      submissionId: presentationItems.submissionId,
      position: presentationItems.position,
      mediaIds: presentationItems.mediaIds,
      applicantId: applicants.id,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      playingAgeMin: applicants.playingAgeMin,
      playingAgeMax: applicants.playingAgeMax,
      location: applicants.location,
      sizes: applicants.sizes,
    })
    .from(presentationItems)
    .innerJoin(submissions, eq(submissions.id, presentationItems.submissionId))
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(eq(presentationItems.presentationId, presentationId))
    .orderBy(asc(presentationItems.position), asc(presentationItems.submissionId));
}

/** The media a client may be shown of these candidates in the project (shared with everyone, never team-only). */
export function clientMediaOf(db: Queryable, projectId: string, applicantIds: string[]) {
  if (applicantIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: mediaItems.id,
      applicantId: mediaItems.applicantId,
      kind: mediaItems.kind,
      name: mediaItems.name,
      thumbnailKey: mediaItems.thumbnailKey,
    })
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.projectId, projectId),
        inArray(mediaItems.applicantId, applicantIds),
        eq(mediaItems.visibility, 'ALL'),
      ),
    )
    .orderBy(asc(mediaItems.createdAt), asc(mediaItems.id));
}

/** The editor's view: the summary and each candidate with the media that could be shown and which are chosen. */
export async function presentationDetail(
  context: Pick<AppContext, 'database' | 'storage'>,
  row: PresentationRow,
) {
  const { db } = context.database;
  const [summary] = await summaries(db, [row]);
  const candidates = await orderedCandidates(db, row.id);
  const media = await clientMediaOf(
    db,
    row.projectId,
    candidates.map((candidate) => candidate.applicantId),
  );
  const items: PresentationItem[] = [];
  for (const candidate of candidates) {
    const chosen = candidate.mediaIds ? new Set(candidate.mediaIds) : null;
    const own = media.filter((item) => item.applicantId === candidate.applicantId);
    items.push({
      submissionId: candidate.submissionId,
      applicantId: candidate.applicantId,
      firstName: candidate.firstName,
      lastName: candidate.lastName,
      playingAge: playingAge(candidate.playingAgeMin, candidate.playingAgeMax),
      height: candidate.sizes.height ?? null,
      mediaChosen: chosen !== null,
      media: await Promise.all(
        own.map(async (item) => ({
          id: item.id,
          kind: item.kind as 'image' | 'video' | 'document',
          name: item.name,
          thumbnailUrl: item.thumbnailKey
            ? await context.storage.presignGet(item.thumbnailKey, { expiresIn: 3600 })
            : null,
          chosen: chosen === null || chosen.has(item.id),
        })),
      ),
    });
  }
  return { ...summary!, items };
}
