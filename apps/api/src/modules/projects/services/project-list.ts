import { and, desc, eq, inArray, isNotNull, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LIST_TOTAL_CAP,
  PROJECT_SEARCH_MIN_CHARS,
  type Option,
  type AccessedProjects,
  type AccessedProjectsQuery,
  type ProjectList,
  type ProjectListQuery,
} from '@casting/domain';
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
import { isUuid } from '../../../platform/db/ids';
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
import { strongestScope } from '../../../platform/http/project-access';
import { fullName } from '../../identity';

/**
 * The ids of the projects a user may open, as a union of three index lookups: projects they own
 * (projects_owner_idx), access rows linked to their account (project_accesses_user_idx), and invitations to their
 * confirmed e-mail not yet linked to an account (project_accesses_pending_email_idx). Written as one `OR` across both
 * tables, the same rule cannot use any index and every list, count and switcher call read both tables whole.
 */
function visibleProjectIds(userId: string | Placeholder): SQL {
  return sql`(
    select p.id from ${projects} p where p.owner_id = ${userId}
    union all
    select a.project_id from ${projectAccesses} a where a.user_id = ${userId}
    union all
    select a.project_id from ${projectAccesses} a where a.user_id is null and a.email = (
      select u.email from ${users} u where u.id = ${userId} and u.confirmed_at is not null
    )
  )`;
}

/** Projects the caller may open: every project for a super admin, else those they own or are on the team of. */
function accessible(principal: Principal): SQL | undefined {
  if (principal.accountRole === 'SUPER_ADMIN') return undefined;
  return inArray(projects.id, visibleProjectIds(principal.userId));
}

/** The name-search pattern: lower-cased, with LIKE's own characters escaped, or undefined below three characters. */
function searchPattern(q: string | undefined): string | undefined {
  if (!q || q.length < PROJECT_SEARCH_MIN_CHARS) return undefined;
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** At most LIST_TOTAL_CAP + 1 matching rows are counted, so a total never costs more than a bounded index read. */
function cappedCount(db: Db, where: SQL | undefined) {
  const capped = db
    .select({ one: sql`1` })
    .from(projects)
    .where(where)
    .limit(LIST_TOTAL_CAP + 1)
    .as('capped');
  return db.select({ counted: sql<number>`count(*)::int` }).from(capped);
}

async function totalOf(count: ReturnType<typeof cappedCount>) {
  const [row] = await count;
  return cappedTotal(Number(row?.counted ?? 0), LIST_TOTAL_CAP);
}

/** The same capped count as a column of the page query, so a page is one round trip to the database. */
function cappedCountColumn(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${projects} where ${where ?? sql`true`} limit ${literalRowCount(LIST_TOTAL_CAP + 1)}) capped)`;
}

/**
 * A project's submissions, counted to at most LIST_TOTAL_CAP + 1 through submissions_project_newest_idx (an
 * index-only read of that project's entries): a card says '1,000+ submissions' rather than make every page of the
 * list walk a large project's every submission.
 */
function cappedSubmissionCount(): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${submissions} where ${submissions.projectId} = ${projects.id} limit ${literalRowCount(LIST_TOTAL_CAP + 1)}) submitted)`;
}

/**
 * The total, read from the page's own rows; only a page past the end (no rows to carry it) counts separately.
 * Every query costs most on the embedded database, where each one is in-process work of a few milliseconds.
 */
async function pageTotal(
  rows: readonly { total: number }[],
  count: () => ReturnType<typeof cappedCount>,
  beyondFirstPage: boolean,
) {
  const [first] = rows;
  if (first) return cappedTotal(Number(first.total), LIST_TOTAL_CAP);
  return beyondFirstPage ? totalOf(count()) : cappedTotal(0, LIST_TOTAL_CAP);
}

/** Name search: below three characters a trigram index cannot help, so shorter terms are ignored. */
function nameMatches(q: string | undefined): SQL | undefined {
  const pattern = searchPattern(q);
  return pattern === undefined ? undefined : sql`lower(${projects.name}) like ${pattern}`;
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
  /** Whether the spec's `offset` skips rows: a first page (or one after a cursor) has a literal zero instead. */
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
    everyProject: principal.accountRole === 'SUPER_ADMIN',
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
  const where = and(
    shape.everyProject ? undefined : inArray(projects.id, visibleProjectIds(params.userId)),
    shape.search ? sql`lower(${projects.name}) like ${params.pattern}` : undefined,
    archivedFilter(shape.archived),
  );
  // The page's ids first, through the sort index; the details (owner, lookups, scopes, counts) are then
  // read for those rows only. Selected in one level, they were computed for every visible project before the sort.
  const ids = db
    .select({ id: projects.id, updatedAt: projects.updatedAt })
    .from(projects)
    .where(
      and(
        where,
        shape.cursor
          ? afterPosition(projects.updatedAt, projects.id, { key: params.afterKey, id: params.afterId })
          : undefined,
      ),
    )
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(literalRowCount(shape.rows))
    .offset(shape.skips ? params.offset : literalRowCount(0))
    .as('page_ids');
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
      total: shape.everyProject ? cappedCountColumn(where) : sql<number | null>`null`,
    })
    .from(ids)
    .innerJoin(projects, eq(projects.id, ids.id))
    .innerJoin(users, eq(users.id, projects.ownerId))
    .leftJoin(projectType, eq(projectType.id, projects.projectTypeId))
    .leftJoin(projectStatus, eq(projectStatus.id, projects.projectStatusId))
    .orderBy(desc(ids.updatedAt), desc(ids.id));
  return { count: cappedCount(db, where), page };
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
 * sort index is entered at the cursor, so page 5,000 costs what page 1 does); without it the spec's `offset` applies.
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

/**
 * The project switcher: active projects by last change, plus the current one (first) even when it is archived. The
 * current project is read by its id and the others through the sort index; ordering by "is current" first would
 * force a sort of every visible project.
 */
export async function accessedProjects(
  db: Db,
  principal: Principal,
  query: AccessedProjectsQuery,
): Promise<AccessedProjects> {
  const currentId = query.currentProjectId && isUuid(query.currentProjectId) ? query.currentProjectId : null;
  const [current] = currentId ? await switcherQueries(db, principal, query, currentId).current : [];
  const queries = switcherQueries(db, principal, query, current?.id ?? null);
  const rows = await queries.page;
  // With a one-row page the current project fills it and the page query reads nothing to carry the total.
  const totals = await pageTotal(
    rows,
    () => queries.count,
    query.offset > 0 || (current !== undefined && query.limit === 1),
  );
  const items = current && query.offset === 0 ? [current, ...rows] : rows;
  return {
    items: items.map((row) => ({ id: row.id, name: row.name, archived: row.archivedAt !== null })),
    total: totals.total + (current ? 1 : 0),
    totalCapped: totals.totalCapped,
    limit: query.limit,
    offset: query.offset,
  };
}

/**
 * The switcher's queries, unawaited: the current project by id, and the other active ones through the sort index.
 * The current project takes the first slot of the first page, so later pages shift by one.
 */
export function switcherQueries(
  db: Db,
  principal: Principal,
  query: AccessedProjectsQuery,
  currentId: string | null,
) {
  const base = and(accessible(principal), nameMatches(query.q));
  const columns = { id: projects.id, name: projects.name, archivedAt: projects.archivedAt };
  const others = and(
    base,
    isNull(projects.archivedAt),
    isNull(projects.draftStep),
    currentId ? ne(projects.id, currentId) : undefined,
  );
  const first = currentId !== null && query.offset === 0;
  return {
    current: db
      .select(columns)
      .from(projects)
      .where(and(base, eq(projects.id, currentId ?? ''))),
    count: cappedCount(db, others),
    page: db
      .select({ ...columns, total: cappedCountColumn(others) })
      .from(projects)
      .where(others)
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(first ? query.limit - 1 : query.limit)
      .offset(currentId !== null && !first ? query.offset - 1 : query.offset),
  };
}
