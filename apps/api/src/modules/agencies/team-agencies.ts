import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/ids';
import { agents, projectAccesses } from '../../platform/db/schema';
import { agentOfUser } from './agents';

// What the team module asks of agencies: which agencies a project's team already has, and a submitter's rows.

/**
 * The agencies already representing a project: those of agents on its team (linked accounts or pending invitations
 * by address) and those its submission links are shared with. A representative of another agency joining the team
 * is warned about first (AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY).
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
 * Team rows a talent submitter may see and manage (a submitter sees only their own agency's representatives): rows
 * of agents of their agency, by account or address, and their own row. Without an agent record, only their own.
 */
export async function submitterTeamFilter(db: Queryable, userId: string): Promise<SQL> {
  const agent = await agentOfUser(db, userId);
  const own = eq(projectAccesses.userId, userId);
  if (!agent) return own;
  return sql`(${own} or exists (select 1 from ${agents} a where a.agency_id = ${agent.agencyId}::uuid
    and (a.user_id = ${projectAccesses.userId} or a.email = ${projectAccesses.email})))`;
}
