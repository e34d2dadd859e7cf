import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { can, type ApplicantList, type ApplicantListQuery, type ProjectActor } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import { minorSql } from '../../../platform/db/minors';
import { applicants, folderMemberships, mediaItems, submissions } from '../../../platform/db/schema';
import { roleInProject } from '../../opportunities';
import { NO_RATINGS, ratingSummaries } from '../../ratings';
import { initialsOf, seesContactDetails, shownLocation } from './applicant-detail';
import { detailsOf, type Details } from './applicant-list-details';
import { listWhere } from './applicant-list-filters';
import { afterCursor, cursorAfter, orderOf, sortKeyColumns } from './list-sorts';
import { folderInProject } from './project-rows';

/**
 * The page's rows: ids through the sort's index first, the people joined in. The manual order reads the folder's
 * places (folder_memberships) in order and joins the submissions.
 */
function pageQuery(
  db: Queryable,
  where: SQL | undefined,
  query: Pick<ApplicantListQuery, 'sort' | 'cursor' | 'limit' | 'folderId'>,
) {
  const base = db
    .select({
      ...sortKeyColumns(query.sort),
      id: submissions.id,
      applicantId: submissions.applicantId,
      projectId: submissions.projectId,
      roleId: submissions.roleId,
      source: submissions.source,
      createdAt: submissions.createdAt,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      email: applicants.email,
      phone: applicants.phone,
      age: sql<number | null>`extract(year from age(current_date, ${applicants.dateOfBirth}))::int`,
      playingAgeMin: applicants.playingAgeMin,
      playingAgeMax: applicants.playingAgeMax,
      genderId: applicants.genderId,
      // The person is joined already: their location columns cost the page query nothing.
      location: applicants.location,
      address: applicants.address,
      minor: minorSql(),
      emailUnconfirmed: sql<boolean>`${applicants.unconfirmedEmail} is not null`,
      referringAgentId: submissions.referringAgentId,
    })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .$dynamic();
  const rows =
    query.sort === 'manual' && query.folderId
      ? base.innerJoin(
          folderMemberships,
          and(
            eq(folderMemberships.submissionId, submissions.id),
            eq(folderMemberships.folderId, query.folderId),
          ),
        )
      : base;
  return rows
    .where(and(where, afterCursor(query.sort, query.cursor)))
    .orderBy(...orderOf(query.sort))
    .limit(query.limit + 1);
}

/** The list query with its values, unawaited: what the plan test EXPLAINs. */
export async function applicantListQuery(
  db: Queryable,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  query: ApplicantListQuery,
) {
  // Checked first: a malformed cursor is a 400 before any other query runs.
  afterCursor(query.sort, query.cursor);
  const { where, checks } = listWhere(db, projectId, userId, actor, query);
  // Wrapped, so that awaiting this function does not run the query (a drizzle query is a thenable).
  return { page: pageQuery(db, where, query), checks };
}

/**
 * A page of a project's candidates in the order asked for (newest by default). Newest, name and manual orders have
 * keys no vote, move or tag changes, so paging on while others work neither repeats nor skips a row; new submissions
 * appear only before the first page (newest). The votes order's key changes with each up vote, so a row voted across
 * the cursor may be skipped on this pass or shown again on a later page (decision 0124).
 */
export async function listApplicants(
  db: Db,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  query: ApplicantListQuery,
  /** The page's primary photo URLs by applicant id (the media module's, wired by the route); none without it. */
  photosOf?: (applicantIds: string[]) => Promise<Map<string, string>>,
): Promise<ApplicantList> {
  const { page: pageRows, checks } = await applicantListQuery(db, projectId, userId, actor, query);
  const [rows] = await Promise.all([pageRows, checks]);
  if (rows.length === 0) {
    // Nothing matched: an opportunity or folder of another project (or none) must say so, not look empty.
    await Promise.all([
      query.roleId ? roleInProject(db, projectId, query.roleId) : undefined,
      query.folderId ? folderInProject(db, projectId, query.folderId) : undefined,
    ]);
  }
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const page = {
    items,
    nextCursor: rows.length > query.limit && last ? cursorAfter(query.sort, last) : null,
  };
  const ids = page.items.map((row) => row.id);
  const contact = seesContactDetails(actor);
  const applicantIds = [...new Set(page.items.map((row) => row.applicantId))];
  const [details, photos, selfies, rated] =
    ids.length === 0
      ? [new Map<string, Details>(), new Map<string, string>(), new Set<string>(), new Map()]
      : await Promise.all([
          detailsOf(db, ids, userId, can(actor, 'VIEW_FEEDBACK'), can(actor, 'VIEW_PROJECT_ROSTER')),
          photosOf?.(applicantIds) ?? new Map<string, string>(),
          withSelfie(db, applicantIds),
          ratingSummaries(db, projectId, userId, actor, ids),
        ]);
  return {
    items: page.items.map((row) => {
      const extra = details.get(row.id);
      return {
        id: row.id,
        applicantId: row.applicantId,
        projectId: row.projectId,
        roleId: row.roleId,
        firstName: row.firstName,
        lastName: row.lastName,
        name: `${row.firstName} ${row.lastName}`,
        initials: initialsOf(row.firstName, row.lastName),
        email: contact ? row.email : null,
        phone: contact ? row.phone : null,
        age: row.age === null ? null : Number(row.age),
        playingAgeMin: row.playingAgeMin,
        playingAgeMax: row.playingAgeMax,
        genderId: row.genderId,
        source: row.source,
        folderIds: extra?.folderIds ?? [],
        tags: extra?.tags ?? [],
        votes: extra?.votes ?? { UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 0 },
        myVote: extra?.myVote ?? null,
        clientFeedback: extra?.clientFeedback ?? null,
        submittedAt: new Date(row.createdAt).toISOString(),
        location: shownLocation(actor, Boolean(row.minor), row.location, row.address ?? null),
        representation: extra?.representation ?? null,
        photoUrl: photos.get(row.applicantId) ?? null,
        roster: extra?.roster ?? null,
        minor: Boolean(row.minor),
        emailUnconfirmed: Boolean(row.emailUnconfirmed),
        hasSelfie: selfies.has(row.applicantId),
        rating: rated.get(row.id) ?? NO_RATINGS,
      };
    }),
    limit: query.limit,
    nextCursor: page.nextCursor,
    totalCapped: false,
  };
}

/** Which of a page's candidates have a selfie, in one query the partial index on selfies serves (decision 0460). */
async function withSelfie(db: Queryable, applicantIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ applicantId: mediaItems.applicantId })
    .from(mediaItems)
    .where(and(inArray(mediaItems.applicantId, applicantIds), eq(mediaItems.isSelfie, true)));
  return new Set(rows.map((row) => row.applicantId));
}
