import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  LINK_MESSAGES,
  MESSAGES,
  PAGING_MESSAGES,
  type AdminAgencyListQuery,
  searchFold,
  type Agency,
  type Agent,
  type AgencySearchQuery,
  type ClaimStatus,
  type ClaimView,
  type Representative,
  type RepresentativeForm,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { escapeLike } from '../../platform/db/like';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicants,
  projectAccesses,
  projects,
  users,
} from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError, fieldErrors, notFound } from '../../platform/errors';

export interface AgentRecord {
  id: string;
  agencyId: string;
  isVerified: boolean;
  userId: string | null;
}

/**
 * The agent record of a user: having one makes the user a representative (spec section 6). Agents are made by the
 * apply pages' Add Representation form, by e-mail, before the agent has an account; the record becomes the user's
 * once they hold an account with that e-mail (sign-up confirms the address), linked the first time it is looked up
 * (decision 0047). An agent already linked to another user stays theirs.
 */
export async function agentOfUser(db: Queryable, userId: string): Promise<AgentRecord | null> {
  const columns = {
    id: agents.id,
    agencyId: agents.agencyId,
    isVerified: agents.isVerified,
    userId: agents.userId,
  };
  const [row] = await db.select(columns).from(agents).where(eq(agents.userId, userId));
  if (row) return row;
  const [linked] = await db
    .update(agents)
    .set({ userId })
    .where(
      and(
        isNull(agents.userId),
        eq(agents.email, sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`),
      ),
    )
    .returning(columns);
  return linked ?? null;
}

type AgentRow = typeof agents.$inferSelect;
type AgencyRow = typeof agencies.$inferSelect;

export function agentView(agent: AgentRow, agency: Pick<AgencyRow, 'name'>): Agent {
  return {
    id: agent.id,
    name: `${agent.firstName} ${agent.lastName}`,
    firstName: agent.firstName,
    lastName: agent.lastName,
    email: agent.email,
    phoneNumber: agent.phoneNumber,
    agencyId: agent.agencyId,
    agencyName: agency.name,
    userId: agent.userId,
    isVerified: agent.isVerified,
  };
}

export function representativeView(
  agent: AgentRow,
  agency: AgencyRow,
  shortLinkId: string | null,
): Representative {
  return {
    id: agent.id,
    shortLinkId,
    agent: agentView(agent, agency),
    agency: { agencyId: agency.id, name: agency.name, websiteUrl: agency.websiteUrl },
  };
}

/** Agents with their agencies, by agent id. */
export async function agentsWithAgencies(db: Queryable, agentIds: readonly string[]) {
  if (agentIds.length === 0) return new Map<string, { agent: AgentRow; agency: AgencyRow }>();
  const rows = await db
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(inArray(agents.id, [...agentIds]));
  return new Map(rows.map((row) => [row.agent.id, row]));
}

export async function agenciesByIds(db: Queryable, agencyIds: readonly string[]) {
  if (agencyIds.length === 0) return new Map<string, AgencyRow>();
  const rows = await db
    .select()
    .from(agencies)
    .where(inArray(agencies.id, [...agencyIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What a talent submitter may see of agencies: only their own (spec section 6). */
export interface AgencyScope {
  onlyAgencyId: string | null;
}

/**
 * The agency picker: name search (trigram-indexed), offset pages of 20 as the spec's search params say, newest
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

/**
 * The representative named on an apply page's Add Representation form. An agent is one per e-mail: an existing one
 * is reused as it is (an anonymous caller never rewrites an agent's record); otherwise a new unverified agent is
 * made in the chosen agency, or in a new unverified agency the form describes.
 */
export async function findOrCreateRepresentative(
  tx: Queryable,
  form: RepresentativeForm,
): Promise<{ agent: AgentRow; agency: AgencyRow }> {
  const email = form.agent.email;
  const [existing] = await tx
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(eq(agents.email, email));
  if (existing) return existing;
  let agency: AgencyRow | undefined;
  if (form.agencyId) {
    [agency] = await tx.select().from(agencies).where(eq(agencies.id, form.agencyId));
    if (!agency) throw fieldErrors([{ path: 'body.agencyId', message: LINK_MESSAGES.agencyUnknown }]);
  } else {
    const name = form.agency?.name ?? '';
    [agency] = await tx
      .insert(agencies)
      .values({ name, websiteUrl: form.agency?.websiteUrl ?? null, searchText: searchFold(name) })
      .returning();
  }
  if (!agency) throw new Error('agency insert returned nothing');
  const [agent] = await tx
    .insert(agents)
    .values({
      agencyId: agency.id,
      firstName: form.agent.firstName,
      lastName: form.agent.lastName,
      email,
      phoneNumber: form.agent.phoneNumber ?? null,
      searchText: searchFold(`${form.agent.firstName} ${form.agent.lastName} ${email}`),
    })
    .onConflictDoNothing({ target: agents.email })
    .returning();
  if (agent) return { agent, agency };
  // A concurrent request made the same agent first: use theirs.
  const [raced] = await tx
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(eq(agents.email, email));
  if (!raced) throw new Error('agent upsert found nothing');
  return raced;
}

export async function setAgencyVerified(db: Db, agencyId: string, isVerified: boolean) {
  const [row] = await db.update(agencies).set({ isVerified }).where(eq(agencies.id, agencyId)).returning();
  if (!row) throw notFound('The agency');
  return { id: row.id, isVerified: row.isVerified };
}

export async function setAgentVerified(db: Db, agentId: string, isVerified: boolean) {
  const [row] = await db.update(agents).set({ isVerified }).where(eq(agents.id, agentId)).returning();
  if (!row) throw notFound('The agent');
  return { id: row.id, isVerified: row.isVerified };
}

/**
 * Names an agent as an applicant's representative and opens the claim the agent answers. Answers the claim's id and
 * secret for the e-mail, or null when this agent already represents the applicant (no second mail).
 */
export async function openClaim(
  tx: Queryable,
  claim: {
    projectId: string;
    applicantId: string;
    agentId: string;
    agencyId: string;
    shareLinkId: string | null;
  },
): Promise<{ id: string; token: string } | null> {
  const token = newLinkToken();
  const [row] = await tx
    .insert(applicantRepresentatives)
    .values({ ...claim, claimTokenHash: tokenDigest(token) })
    .onConflictDoNothing({ target: [applicantRepresentatives.applicantId, applicantRepresentatives.agentId] })
    .returning({ id: applicantRepresentatives.id });
  return row ? { id: row.id, token } : null;
}

/** Removes an applicant's representation (a change of representative on the private link). */
export async function clearRepresentation(tx: Queryable, applicantId: string) {
  await tx.delete(applicantRepresentatives).where(eq(applicantRepresentatives.applicantId, applicantId));
}

/**
 * The agent's answer from the claim e-mail. Confirming twice is harmless; a denied claim cannot be answered again
 * (APPLICANT_REPRESENTATIVE_ALREADY_DENIED) and a confirmed one cannot be denied afterwards.
 */
export async function answerClaim(
  db: Db,
  projectId: string,
  input: { claimId: string; token: string },
  answer: 'CONFIRMED' | 'DENIED',
): Promise<{ id: string; status: ClaimStatus; message: string }> {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(applicantRepresentatives)
      .where(
        and(
          eq(applicantRepresentatives.id, input.claimId),
          eq(applicantRepresentatives.projectId, projectId),
          eq(applicantRepresentatives.claimTokenHash, tokenDigest(input.token)),
        ),
      )
      .for('update');
    if (!claim) throw new AppError('NOT_FOUND', LINK_MESSAGES.claimInvalid);
    if (claim.status === 'DENIED') {
      throw new AppError('APPLICANT_REPRESENTATIVE_ALREADY_DENIED', MESSAGES.representationAlreadyDeclined);
    }
    if (claim.status === 'CONFIRMED' && answer === 'DENIED') {
      throw new AppError('CONFLICT', LINK_MESSAGES.claimAlreadyConfirmed);
    }
    await tx
      .update(applicantRepresentatives)
      .set({ status: answer, answeredAt: claim.answeredAt ?? new Date() })
      .where(eq(applicantRepresentatives.id, claim.id));
    return {
      id: claim.id,
      status: answer,
      message: answer === 'CONFIRMED' ? LINK_MESSAGES.claimConfirmed : LINK_MESSAGES.claimDenied,
    };
  });
}

/** The claim the e-mailed link names, for the page that asks the agent; 404 for a wrong id or secret alike. */
export async function claimView(
  db: Queryable,
  projectId: string,
  claimId: string,
  token: string,
): Promise<ClaimView> {
  const [row] = await db
    .select({
      id: applicantRepresentatives.id,
      status: applicantRepresentatives.status,
      projectName: projects.name,
      talentFirst: applicants.firstName,
      talentLast: applicants.lastName,
      agentFirst: agents.firstName,
      agentLast: agents.lastName,
      agencyName: agencies.name,
    })
    .from(applicantRepresentatives)
    .innerJoin(projects, eq(projects.id, applicantRepresentatives.projectId))
    .innerJoin(applicants, eq(applicants.id, applicantRepresentatives.applicantId))
    .innerJoin(agents, eq(agents.id, applicantRepresentatives.agentId))
    .innerJoin(agencies, eq(agencies.id, applicantRepresentatives.agencyId))
    .where(
      and(
        eq(applicantRepresentatives.id, claimId),
        eq(applicantRepresentatives.projectId, projectId),
        eq(applicantRepresentatives.claimTokenHash, tokenDigest(token)),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', LINK_MESSAGES.claimInvalid);
  return {
    id: row.id,
    status: row.status as ClaimStatus,
    projectName: row.projectName,
    talentName: `${row.talentFirst} ${row.talentLast}`,
    agentName: `${row.agentFirst} ${row.agentLast}`,
    agencyName: row.agencyName,
  };
}

/** Each applicant's representatives with the claim status; all applicants must be of one project. */
export async function representativesOfApplicants(db: Queryable, applicantIds: readonly string[]) {
  const rows = await db
    .select({
      applicantId: applicantRepresentatives.applicantId,
      shareLinkId: applicantRepresentatives.shareLinkId,
      status: applicantRepresentatives.status,
      agent: agents,
      agency: agencies,
    })
    .from(applicantRepresentatives)
    .innerJoin(agents, eq(agents.id, applicantRepresentatives.agentId))
    .innerJoin(agencies, eq(agencies.id, applicantRepresentatives.agencyId))
    .where(inArray(applicantRepresentatives.applicantId, [...applicantIds]))
    .orderBy(asc(applicantRepresentatives.createdAt));
  return applicantIds.map((applicantId) => ({
    applicantId,
    representatives: rows
      .filter((row) => row.applicantId === applicantId)
      .map((row) => ({
        ...representativeView(row.agent, row.agency, row.shareLinkId),
        status: row.status as ClaimStatus,
      })),
  }));
}

/** The one project all these applicants belong to, or a field error (unknown ids answer the same). */
export async function projectOfApplicants(db: Queryable, applicantIds: readonly string[]): Promise<string> {
  const rows = await db
    .selectDistinct({ projectId: applicants.projectId })
    .from(applicants)
    .where(inArray(applicants.id, [...applicantIds]));
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applicants)
    .where(inArray(applicants.id, [...applicantIds]));
  if (rows.length !== 1 || count[0]?.n !== new Set(applicantIds).size) {
    throw fieldErrors([{ path: 'query.applicantIds[]', message: LINK_MESSAGES.applicantsInOneProject }]);
  }
  return rows[0]!.projectId;
}

/**
 * The agencies already representing a project: those of agents on its team (linked accounts or pending invitations
 * by address) and those its submission links are shared with. A representative of another agency joining the team
 * is the spec's "different agency" case.
 */
export async function projectAgencyIds(db: Queryable, projectId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct a.agency_id from ${agents} a
      join ${projectAccesses} pa on pa.project_id = ${projectId}::uuid and (pa.user_id = a.user_id or pa.email = a.email)
    union
    select distinct coalesce(l.agency_id, la.agency_id) from share_links l
      left join ${agents} la on la.id = l.agent_id
      where l.project_id = ${projectId}::uuid and coalesce(l.agency_id, la.agency_id) is not null`)) as {
    rows: { agency_id: string }[];
  };
  return result.rows.map((row) => row.agency_id);
}

/** The agents behind these invitees, by address or by their account. */
export async function agentsOfInvitees(db: Queryable, emails: readonly string[], userIds: readonly string[]) {
  if (emails.length === 0) return [];
  const byUser = userIds.length > 0 ? sql` or ${inArray(agents.userId, [...userIds])}` : sql``;
  return db
    .select({ email: agents.email, agencyId: agents.agencyId, userId: agents.userId })
    .from(agents)
    .where(sql`${inArray(agents.email, [...emails])}${byUser}`);
}

/**
 * Team rows a talent submitter may see and manage (spec section 6: only their own agency's representatives): rows
 * of agents of their agency, by account or address, and their own row. Without an agent record, only their own.
 */
export async function submitterTeamFilter(db: Queryable, userId: string): Promise<SQL> {
  const agent = await agentOfUser(db, userId);
  const own = eq(projectAccesses.userId, userId);
  if (!agent) return own;
  return sql`(${own} or exists (select 1 from ${agents} a where a.agency_id = ${agent.agencyId}::uuid
    and (a.user_id = ${projectAccesses.userId} or a.email = ${projectAccesses.email})))`;
}
