import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_CAP, PROJECT_SEARCH_MIN_CHARS } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { cappedTotal, literalRowCount } from '../../../platform/db/keyset';
import { projectAccesses, projects, users } from '../../../platform/db/schema';
import type { Principal } from '../../../platform/http/access';
import { isOfficeOwner } from '../../../platform/http/principal';

// What the projects list and the project switcher share: who sees which projects, the name search, capped counts.

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

/**
 * From this many visible projects on, a member's list walks the office's sort index and keeps the projects they may
 * open, instead of collecting every visible project and sorting them: someone on the team of most of an office's
 * 100,000 projects waited 300-390 ms for a page that way. Below it, the walk could pass most of the office for a
 * page, while sorting this many rows costs a few milliseconds.
 */
export const MANY_VISIBLE_PROJECTS = 2000;

/**
 * Whether a user sees at least MANY_VISIBLE_PROJECTS projects, counted through the three access indexes and never
 * past that number. It names no row of the outer query, so PostgreSQL evaluates it once per statement and uses it to
 * switch one of the two ways of listing off (a one-time filter); the other then costs nothing.
 */
function seesManyProjects(userId: string | Placeholder): SQL {
  return sql`((select count(*) from (select 1 from ${visibleProjectIds(userId)} visible limit ${literalRowCount(MANY_VISIBLE_PROJECTS)}) counted) >= ${literalRowCount(MANY_VISIBLE_PROJECTS)})`;
}

/**
 * The same rule as `visibleProjectIds`, asked of each project in turn (owned, or an access row of the user on it,
 * found by project_accesses_project_email_key): what a walk along a sort index checks row by row. `offset 0` keeps
 * it a check per row: without it PostgreSQL may first hash every access row of the user (100,000 for someone on
 * every project), which is the cost the walk is there to avoid.
 */
function mayOpenProject(userId: string | Placeholder): SQL {
  return sql`(${projects.ownerId} = ${userId} or exists (
    select 1 from ${projectAccesses} a where a.project_id = ${projects.id} and (a.user_id = ${userId} or (
      a.user_id is null and a.email = (select u.email from ${users} u where u.id = ${userId} and u.confirmed_at is not null)))
    offset 0))`;
}

/**
 * The ways a caller's visible projects are read along a sort index: for the office's owner one way with no
 * condition; for a member two, of which each statement takes exactly one (a one-time filter on
 * `seesManyProjects`): their few projects collected through the access indexes, or the office's sort index walked
 * and each project checked. Each way is given its own sorted, limited subquery; the other then reads nothing.
 */
export function visibleWays(principal: Principal): [SQL | undefined] | [SQL, SQL] {
  return isOfficeOwner(principal) ? [undefined] : memberWays(principal.userId);
}

/** A member's two ways of `visibleWays`, for a user id or a prepared statement's placeholder. */
export function memberWays(userId: string | Placeholder): [SQL, SQL] {
  const many = seesManyProjects(userId);
  return [
    sql`(not ${many} and ${inArray(projects.id, visibleProjectIds(userId))})`,
    sql`(${many} and ${mayOpenProject(userId)})`,
  ];
}

/**
 * Projects the caller may open: every project of the office for its owner, else those they own or are on the team
 * of. The office itself is row-level security's part (db/scope.ts).
 */
export function accessible(principal: Principal): SQL | undefined {
  if (isOfficeOwner(principal)) return undefined;
  return inArray(projects.id, visibleProjectIds(principal.userId));
}

/** The name-search pattern: lower-cased, with LIKE's own characters escaped, or undefined below three characters. */
export function searchPattern(q: string | undefined): string | undefined {
  if (!q || q.length < PROJECT_SEARCH_MIN_CHARS) return undefined;
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * At most LIST_TOTAL_CAP + 1 matching rows are counted, so a total never costs more than a bounded index read. With
 * `otherwise`, the rows matching either condition: for two conditions of which only one can hold for a statement
 * (a member's two ways of listing), each read on its own.
 */
export function cappedCount(db: Db, where: SQL | undefined, otherwise?: SQL) {
  const matching = (condition: SQL | undefined) =>
    db
      .select({ one: sql`1` })
      .from(projects)
      .where(condition)
      .limit(LIST_TOTAL_CAP + 1);
  const capped = otherwise
    ? matching(where).unionAll(matching(otherwise)).as('capped')
    : matching(where).as('capped');
  return db.select({ counted: sql<number>`count(*)::int` }).from(capped);
}

export async function totalOf(count: ReturnType<typeof cappedCount>) {
  const [row] = await count;
  return cappedTotal(Number(row?.counted ?? 0), LIST_TOTAL_CAP);
}

/** The same capped count as a column of the page query, so a page is one round trip to the database. */
export function cappedCountColumn(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${projects} where ${where ?? sql`true`} limit ${literalRowCount(LIST_TOTAL_CAP + 1)}) capped)`;
}

/** Name search: below three characters a trigram index cannot help, so shorter terms are ignored. */
export function nameMatches(q: string | undefined): SQL | undefined {
  const pattern = searchPattern(q);
  return pattern === undefined ? undefined : sql`lower(${projects.name}) like ${pattern}`;
}
