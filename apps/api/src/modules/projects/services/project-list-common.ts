import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_CAP, PROJECT_SEARCH_MIN_CHARS } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { cappedTotal, literalRowCount } from '../../../platform/db/keyset';
import { projectAccesses, projects, users } from '../../../platform/db/schema';
import type { Principal } from '../../../platform/http/access';

// What the projects list and the project switcher share: who sees which projects, the name search, capped counts.

/**
 * The ids of the projects a user may open, as a union of three index lookups: projects they own
 * (projects_owner_idx), access rows linked to their account (project_accesses_user_idx), and invitations to their
 * confirmed e-mail not yet linked to an account (project_accesses_pending_email_idx). Written as one `OR` across both
 * tables, the same rule cannot use any index and every list, count and switcher call read both tables whole.
 */
export function visibleProjectIds(userId: string | Placeholder): SQL {
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
export function accessible(principal: Principal): SQL | undefined {
  if (principal.accountRole === 'SUPER_ADMIN') return undefined;
  return inArray(projects.id, visibleProjectIds(principal.userId));
}

/** The name-search pattern: lower-cased, with LIKE's own characters escaped, or undefined below three characters. */
export function searchPattern(q: string | undefined): string | undefined {
  if (!q || q.length < PROJECT_SEARCH_MIN_CHARS) return undefined;
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** At most LIST_TOTAL_CAP + 1 matching rows are counted, so a total never costs more than a bounded index read. */
export function cappedCount(db: Db, where: SQL | undefined) {
  const capped = db
    .select({ one: sql`1` })
    .from(projects)
    .where(where)
    .limit(LIST_TOTAL_CAP + 1)
    .as('capped');
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
