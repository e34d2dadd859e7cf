import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_CAP, type AccessedProjects, type AccessedProjectsQuery } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { cappedTotal } from '../../../platform/db/keyset';
import { isUuid } from '../../../platform/db/ids';
import { projects } from '../../../platform/db/schema';
import type { Principal } from '../../../platform/http/access';
import {
  accessible,
  cappedCount,
  cappedCountColumn,
  nameMatches,
  totalOf,
  visibleWays,
} from './project-list-common';

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
 * The switcher's queries, unawaited: the current project by id, and the other active ones through the sort index,
 * each way of reading a member's projects (`visibleWays`) limited on its own so that someone on the team of most of
 * a large office never has every visible project sorted. The current project takes the first slot of the first page,
 * so later pages shift by one.
 */
export function switcherQueries(
  db: Db,
  principal: Principal,
  query: AccessedProjectsQuery,
  currentId: string | null,
) {
  const columns = { id: projects.id, name: projects.name, archivedAt: projects.archivedAt };
  const active = and(
    nameMatches(query.q),
    isNull(projects.archivedAt),
    isNull(projects.draftStep),
    currentId ? ne(projects.id, currentId) : undefined,
  );
  const first = currentId !== null && query.offset === 0;
  const sorted = (visible: SQL | undefined) =>
    db
      .select({ id: projects.id, updatedAt: projects.updatedAt })
      .from(projects)
      .where(and(visible, active))
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(first ? query.limit - 1 : query.limit)
      .offset(currentId !== null && !first ? query.offset - 1 : query.offset);
  const [one, other] = visibleWays(principal);
  const ids = (other === undefined ? sorted(one) : sorted(one).unionAll(sorted(other))).as('page_ids');
  const total =
    other === undefined
      ? cappedCountColumn(and(one, active))
      : sql<number>`(${cappedCountColumn(and(one, active))} + ${cappedCountColumn(and(other, active))})`;
  return {
    current: db
      .select(columns)
      .from(projects)
      .where(and(accessible(principal), nameMatches(query.q), eq(projects.id, currentId ?? ''))),
    count: cappedCount(db, and(one, active), other === undefined ? undefined : and(other, active)),
    page: db
      .select({ ...columns, total })
      .from(ids)
      .innerJoin(projects, eq(projects.id, ids.id))
      .orderBy(desc(ids.updatedAt), desc(ids.id)),
  };
}
