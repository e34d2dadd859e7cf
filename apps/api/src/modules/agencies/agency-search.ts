import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  PAGING_MESSAGES,
  searchFold,
  type AdminAgencyListQuery,
  type Agency,
  type AgencySearchQuery,
  type Agent,
} from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { escapeLike } from '../../platform/db/like';
import { agencies, agents, projectAccesses } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { agentView, type AgencyRow } from './agents';

/** What a talent submitter may see of agencies: only their own. */
export interface AgencyScope {
  onlyAgencyId: string | null;
}

/**
 * The agency picker: name search (trigram-indexed), offset pages of 20 (the picker's limit and offset), newest
 * spelling of a name first by name then id. `onlyVerifiedOrAccessProject` keeps verified agencies and those whose
 * agents are on the project's team.
 */
export async function searchAgencies(
  db: Queryable,
  scope: AgencyScope,
  query: AgencySearchQuery,
): Promise<{ items: Agency[]; limit: number; offset: number; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (scope.onlyAgencyId) conditions.push(eq(agencies.id, scope.onlyAgencyId));
  if (query.agencyId) conditions.push(eq(agencies.id, query.agencyId));
  if (query.text)
    conditions.push(sql`${agencies.searchText} like ${`%${escapeLike(searchFold(query.text))}%`}`);
  if (query.onlyVerifiedOrAccessProject) {
    const onProject = query.projectId
      ? sql`exists (select 1 from ${agents} a join ${projectAccesses} pa on pa.user_id = a.user_id
          where a.agency_id = ${agencies.id} and pa.project_id = ${query.projectId}::uuid)`
      : sql`false`;
    conditions.push(sql`(${agencies.isVerified} or ${onProject})`);
  }
  const rows = await db
    .select()
    .from(agencies)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(agencies.name), asc(agencies.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const page = rows.slice(0, query.limit);
  return {
    items: await withAgents(db, page),
    limit: query.limit,
    offset: query.offset,
    hasMore: rows.length > query.limit,
  };
}

/** Agencies as the API shows them, each with its agents (one query for the whole page), by last then first name. */
async function withAgents(db: Queryable, page: readonly AgencyRow[]): Promise<Agency[]> {
  const agentRows =
    page.length === 0
      ? []
      : await db
          .select()
          .from(agents)
          .where(
            inArray(
              agents.agencyId,
              page.map((row) => row.id),
            ),
          )
          .orderBy(asc(agents.lastName), asc(agents.firstName));
  return page.map((agency) => ({
    id: agency.id,
    name: agency.name,
    websiteUrl: agency.websiteUrl,
    avatarUrl: agency.avatarUrl,
    isVerified: agency.isVerified,
    agents: agentRows
      .filter((agent) => agent.agencyId === agency.id)
      .map((agent) => ({
        id: agent.id,
        name: `${agent.firstName} ${agent.lastName}`,
        firstName: agent.firstName,
        lastName: agent.lastName,
        email: agent.email,
        isVerified: agent.isVerified,
      })),
  }));
}

const nameCursorSchema = z.tuple([z.string().max(500), z.uuid()]);

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', PAGING_MESSAGES.invalidCursor, {
    issues: [{ path: 'query.cursor', message: PAGING_MESSAGES.invalidCursor }],
  });
}

/** Reads the admin list's cursor (the last row's name and id); anything else is a 400 on `query.cursor`. */
function decodeNameCursor(cursor: string): [string, string] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = nameCursorSchema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
}

/**
 * The super admin's agency list: by name then id, keyset paged on the `(name, id)` index (no offset, no count), a
 * name search through the trigram index once 3 characters are typed (shorter text would scan every row, so it is
 * ignored), each agency with its agents.
 */
export async function listAgenciesForAdmin(
  db: Queryable,
  query: AdminAgencyListQuery,
): Promise<{ items: Agency[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  const text = query.text ? searchFold(query.text) : '';
  if (text.length >= 3) conditions.push(sql`${agencies.searchText} like ${`%${escapeLike(text)}%`}`);
  if (query.cursor) {
    const [name, id] = decodeNameCursor(query.cursor);
    conditions.push(sql`(${agencies.name}, ${agencies.id}) > (${name}, ${id}::uuid)`);
  }
  const rows = await db
    .select()
    .from(agencies)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(agencies.name), asc(agencies.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await withAgents(db, page),
    nextCursor:
      rows.length > query.limit && last
        ? Buffer.from(JSON.stringify([last.name, last.id]), 'utf8').toString('base64url')
        : null,
  };
}

/** Agents by name or e-mail, with their agency; a talent submitter sees only their own agency's. */
export async function searchRepresentatives(
  db: Queryable,
  scope: AgencyScope,
  query: { text?: string; limit: number; offset: number },
): Promise<{ items: Agent[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (scope.onlyAgencyId) conditions.push(eq(agents.agencyId, scope.onlyAgencyId));
  if (query.text)
    conditions.push(sql`${agents.searchText} like ${`%${escapeLike(searchFold(query.text))}%`}`);
  const rows = await db
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(agents.lastName), asc(agents.firstName), asc(agents.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  return {
    items: rows.slice(0, query.limit).map((row) => agentView(row.agent, row.agency)),
    hasMore: rows.length > query.limit,
  };
}
