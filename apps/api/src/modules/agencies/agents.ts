import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Agent, Representative } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { agencies, agents, users } from '../../platform/db/schema';

// Agents and agencies: a user's agent record, the API's views of them, and lookups by id.

export interface AgentRecord {
  id: string;
  agencyId: string;
  isVerified: boolean;
  userId: string | null;
}

/**
 * The agent record of a user: having one makes the user a representative. Agents are made by the
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

export type AgentRow = typeof agents.$inferSelect;
export type AgencyRow = typeof agencies.$inferSelect;

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
