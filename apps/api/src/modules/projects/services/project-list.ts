import { and, desc, eq, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP, type Option, type ProjectList, type ProjectListQuery } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import {
  afterPosition,
  cappedTotal,
  decodeCursor,
  keysetPage,
  keyText,
  literalRowCount,
  type KeysetPosition,
} from '../../../platform/db/keyset';
import { accessOfUser } from '../../../platform/db/project-membership';
import {
  lookupValues,
  projectAccesses,
  projects,
  roles,
  submissions,
  users,
} from '../../../platform/db/schema';
import type { Principal } from '../../../platform/http/access';
import { isOfficeOwner } from '../../../platform/http/principal';
import { strongestScope } from '../../../platform/http/project-access';
import { fullName } from '../../identity';
import { cappedCount, cappedCountColumn, memberWays, searchPattern, totalOf } from './project-list-common';

/**
 * A project's submissions, counted to at most LIST_TOTAL_CAP + 1 through submissions_project_newest_idx (an
 * index-only read of that project's entries): a card says '1,000+ submissions' rather than make every page of the
 * list walk a large project's every submission. The index's order is asked for so that the planner reads the index:
 * where one project holds nearly every submission (an office with one large project and many new ones), the table's
 * statistics say any project matches most rows, and without the order it read the whole table for each empty card.
 */
function cappedSubmissionCount(): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${submissions} where ${submissions.projectId} = ${projects.id} order by ${submissions.createdAt} desc nulls first, ${submissions.id} desc nulls first limit ${literalRowCount(LIST_TOTAL_CAP + 1)}) submitted)`;
}

/** The archived filter; drafts of the project wizard are never listed here (the projects page lists them apart). */
function archivedFilter(archived: ProjectListQuery['archived']): SQL | undefined {
  const notDraft = isNull(projects.draftStep);
  if (archived === 'all') return notDraft;
  return and(archived === 'true' ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt), notDraft);
}

/** What decides the text of the list query; the values (user, pattern, cursor, limit, offset) are parameters. */
interface ListShape {
  everyProject: boolean;
  search: boolean;
  archived: ProjectListQuery['archived'];
  cursor: boolean;
  /** Whether `offset` (paging by offset, kept beside the cursor) skips rows; a first page has a literal zero. */
  skips: boolean;
  /** The page's size plus the one row that says whether another page follows: a literal, see `literalRowCount`. */
  rows: number;
}

type Param<T> = T | Placeholder;

interface ListParams {
  userId: Param<string>;
  pattern: Param<string>;
  afterKey: Param<string>;
  afterId: Param<string>;
  offset: Param<number>;
}

const PLACEHOLDERS: ListParams = {
  userId: sql.placeholder('userId'),
  pattern: sql.placeholder('pattern'),
  afterKey: sql.placeholder('afterKey'),
  afterId: sql.placeholder('afterId'),
  offset: sql.placeholder('offset'),
};

function listShape(
  principal: Principal,
  query: ProjectListQuery,
  after: KeysetPosition | undefined,
): ListShape {
  return {
    everyProject: isOfficeOwner(principal),
    search: searchPattern(query.q) !== undefined,
    archived: query.archived,
    cursor: after !== undefined,
    skips: after === undefined && query.offset > 0,
    rows: query.limit + 1,
  };
}

function listValues(principal: Principal, query: ProjectListQuery, after: KeysetPosition | undefined) {
  return {
    userId: principal.userId,
    pattern: searchPattern(query.q) ?? '',
    afterKey: after?.key ?? '',
    afterId: after?.id ?? '',
    offset: after ? 0 : query.offset,
  };
}

/**
 * The list's two queries, unawaited, for one shape: the page and (for a page past the end) the capped count. Built
 * with placeholders they are prepared once per shape (building a query costs more than running it); built with
 * values they are what the plan test EXPLAINs. The text is the same either way.
 */
function buildListQueries(db: Db, shape: ListShape, params: ListParams) {
  const filters = and(
    shape.search ? sql`lower(${projects.name}) like ${params.pattern}` : undefined,
    archivedFilter(shape.archived),
  );
  const after = shape.cursor
    ? afterPosition(projects.updatedAt, projects.id, { key: params.afterKey, id: params.afterId })
    : undefined;
  // The page's ids first, through the sort index; the details (owner, lookups, scopes, counts) are then
  // read for those rows only. Selected in one level, they were computed for every visible project before the sort.
  const sorted = (visible: SQL | undefined) =>
    db
      .select({ id: projects.id, updatedAt: projects.updatedAt })
      .from(projects)
      .where(and(visible, filters, after))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(literalRowCount(shape.rows))
      .offset(shape.skips ? params.offset : literalRowCount(0));
  // A member's page is listed one of two ways, chosen once per statement by how many projects they see: their few
  // projects collected through the access indexes and sorted, or the office's sort index walked and each project
  // checked (MANY_VISIBLE_PROJECTS). The count takes the same two ways.
  const ways = shape.everyProject ? undefined : memberWays(params.userId);
  const ids = ways
    ? sorted(ways[0]).unionAll(sorted(ways[1])).as('page_ids')
    : sorted(undefined).as('page_ids');
  const page = db
    .select({
      id: projects.id,
      name: projects.name,
      archivedAt: projects.archivedAt,
      projectTypeId: projects.projectTypeId,
      projectStatusId: projects.projectStatusId,
      submissionDeadline: projects.submissionDeadline,
      ownerId: projects.ownerId,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      sortKey: keyText(projects.updatedAt),
      scopes: sql<
        string[]
      >`array(select ${projectAccesses.scope} from ${projectAccesses} where ${projectAccesses.projectId} = ${projects.id} and ${accessOfUser(params.userId)})`,
      opportunityCount: sql<number>`(select count(*)::int from ${roles} where ${roles.projectId} = ${projects.id})`,
      submissionCount: cappedSubmissionCount(),
      projectType: { name: projectType.name, description: projectType.description },
      projectStatus: { name: projectStatus.name, description: projectStatus.description },
      // A super admin's page carries the capped total (planned once with it, decision 0064); see `listTotal`.
      total: shape.everyProject ? cappedCountColumn(filters) : sql<number | null>`null`,
    })
    .from(ids)
    .innerJoin(projects, eq(projects.id, ids.id))
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(projectType, eq(projectType.id, projects.projectTypeId))
    .leftJoin(projectStatus, eq(projectStatus.id, projects.projectStatusId))
    .orderBy(desc(ids.updatedAt), desc(ids.id));
  const count = ways
    ? cappedCount(db, and(ways[0], filters), and(ways[1], filters))
    : cappedCount(db, filters);
  return { count, page };
}

type PreparedPage = ReturnType<ReturnType<typeof buildListQueries>['page']['prepare']>;
const preparedPages = new WeakMap<Db, Map<string, PreparedPage>>();

/** The page query of a shape, prepared on first use (on PostgreSQL a named statement, planned once per connection). */
function preparedPage(db: Db, shape: ListShape): PreparedPage {
  let byShape = preparedPages.get(db);
  if (!byShape) preparedPages.set(db, (byShape = new Map()));
  const key = `projects_list_${shape.everyProject ? 'all' : 'visible'}_${shape.search ? 'q' : 'noq'}_${shape.archived}_${shape.cursor ? 'cursor' : shape.skips ? 'offset' : 'first'}_${shape.rows}`;
  let prepared = byShape.get(key);
  if (!prepared) {
    prepared = buildListQueries(db, shape, PLACEHOLDERS).page.prepare(key);
    byShape.set(key, prepared);
  }
  return prepared;
}

/**
 * A page of the projects list, newest change first. With `cursor` it continues after the previous page (keyset: the
 * sort index is entered at the cursor, so page 5,000 costs what page 1 does); without it `offset` applies (paging by
 * offset, kept for the callers that page that way).
 */
export async function listProjects(
  db: Db,
  principal: Principal,
  query: ProjectListQuery,
): Promise<ProjectList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const shape = listShape(principal, query, after);
  const values = listValues(principal, query, after);
  const rows = await preparedPage(db, shape).execute(values);
  const totals = await listTotal(rows, query, shape, () => buildListQueries(db, shape, values).count);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.sortKey, id: row.id }));
  return {
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      archived: row.archivedAt !== null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      projectType: optionFrom(row.projectTypeId, row.projectType),
      projectStatus: optionFrom(row.projectStatusId, row.projectStatus),
      submissionDeadline: row.submissionDeadline,
      projectAccessScope: strongestScope(row.scopes),
      opportunityCount: Number(row.opportunityCount),
      ...submissionsOf(Number(row.submissionCount)),
      owner: {
        id: row.ownerId,
        fullName: fullName({ firstName: row.ownerFirstName, lastName: row.ownerLastName }),
      },
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
    ...totals,
    limit: query.limit,
    offset: after ? 0 : query.offset,
    nextCursor: page.nextCursor,
  };
}

/**
 * The list's capped total. A super admin's page carries it as a column. A member's page does not: their projects are
 * found through three index lookups, and finding them again for the count made the statement cost about half as much
 * again to plan and to run, on every page (decision 0064). Most members see fewer projects than a page holds, so a
 * page that is not full and not after a cursor is its own total (its offset plus its rows); only a full page or one
 * after a cursor counts separately.
 */
async function listTotal(
  rows: readonly { total: number | null }[],
  query: ProjectListQuery,
  shape: ListShape,
  count: () => ReturnType<typeof cappedCount>,
) {
  const [first] = rows;
  if (first && first.total !== null) return cappedTotal(Number(first.total), LIST_TOTAL_CAP);
  const lastPage = rows.length <= query.limit && !shape.cursor;
  if (lastPage && (rows.length > 0 || query.offset === 0))
    return cappedTotal(query.offset + rows.length, LIST_TOTAL_CAP);
  return totalOf(count());
}

function submissionsOf(counted: number) {
  const { total, totalCapped } = cappedTotal(counted, LIST_TOTAL_CAP);
  return { submissionCount: total, submissionCountCapped: totalCapped };
}

const projectType = alias(lookupValues, 'project_type');
const projectStatus = alias(lookupValues, 'project_status');

/** A lookup value joined into the page: null when the project has none or the value was removed. */
function optionFrom(
  id: string | null,
  value: { name: string | null; description: string | null } | null,
): Option | null {
  if (!id || !value?.name) return null;
  return { value: id, label: value.name, description: value.description };
}

/** The list's two queries with their values, unawaited: what the plan test EXPLAINs. */
export function projectListQueries(
  db: Db,
  principal: Principal,
  query: ProjectListQuery,
  after: KeysetPosition | undefined,
) {
  return buildListQueries(db, listShape(principal, query, after), listValues(principal, query, after));
}
