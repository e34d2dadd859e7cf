import { and, asc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import {
  LINK_MESSAGES,
  submitterLinkSettings,
  type ProjectActor,
  type ShareLinkSettings,
  type ShareLinkUpsert,
} from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { agencies, agents, roles, shareLinkGroups, shareLinks } from '../../platform/db/schema';
import { fieldErrors, notFound } from '../../platform/errors';
import { agentOfUser, agentsWithAgencies } from '../agencies';

// The rules of who may make which link: a talent submitter's links, opportunities and representation.

/**
 * Who creates the link, for the talent-submitter rules: a submitter shares links only with their own agency, and only
 * for the opportunities the team shared with it.
 */
export interface LinkCreator {
  userId: string;
  actor: ProjectActor;
}

/** A link shared with the agency: directly, or through one of its agents. Never null (a plain link is false). */
export function sharedWithAgency(agencyId: string): SQL {
  return sql`(coalesce(${shareLinks.agencyId} = ${agencyId}::uuid, false) or exists (select 1 from ${agents} a where a.id = ${shareLinks.agentId} and a.agency_id = ${agencyId}::uuid))`;
}

/**
 * A talent submitter changes a group of links only when every link of it is shared with their own agency: a change
 * (closing, renaming, re-timing, settings) applies to the whole group, and links of the director or of another
 * agency are not theirs. Anything else is "not found", as it is absent from their links page. Other actors are
 * governed by the permission matrix alone.
 */
export async function assertGroupOfSubmitter(
  db: Queryable,
  creator: LinkCreator,
  groupId: string,
  what: 'The submission link' | 'The submission link group',
) {
  if (creator.actor !== 'TS') return;
  const agent = await agentOfUser(db, creator.userId);
  if (!agent) throw notFound(what);
  const [outside] = await db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(and(eq(shareLinks.groupId, groupId), not(sharedWithAgency(agent.agencyId))))
    .limit(1);
  if (outside) throw notFound(what);
}

/** The settings to store: a talent submitter's only where they may choose (the review and communication ones). */
export function chosenSettings(
  creator: LinkCreator,
  base: ShareLinkSettings,
  requested: Partial<ShareLinkSettings>,
): ShareLinkSettings {
  return creator.actor === 'TS' ? submitterLinkSettings(base, requested) : { ...base, ...requested };
}

/**
 * The representation a link is pre-filled with. Selecting an agency drops its selected agents, so
 * an agent is kept only when their agency is not chosen. A talent submitter who is not a verified agent cannot
 * choose agencies; a verified one shares only with their own agency, which is filled in when nothing is chosen.
 */
export async function representationOf(
  db: Queryable,
  creator: LinkCreator,
  input: Pick<ShareLinkUpsert, 'agencyIds' | 'agentIds'>,
): Promise<{ agencyIds: string[]; agentIds: string[] }> {
  let agencyIds = [...new Set(input.agencyIds)];
  let agentIds = [...new Set(input.agentIds)];
  if (creator.actor === 'TS') {
    const agent = await agentOfUser(db, creator.userId);
    if (!agent?.isVerified) {
      if (agencyIds.length > 0 || agentIds.length > 0) {
        throw fieldErrors([{ path: 'body.agencyIds', message: LINK_MESSAGES.tsNotVerifiedAgent }]);
      }
    } else if (agencyIds.length === 0 && agentIds.length === 0) {
      agencyIds = [agent.agencyId];
    }
  }
  const agencyRows =
    agencyIds.length === 0
      ? []
      : await db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.id, agencyIds));
  if (agencyRows.length !== agencyIds.length) {
    throw fieldErrors([{ path: 'body.agencyIds', message: LINK_MESSAGES.agencyUnknown }]);
  }
  const agentRows = await agentsWithAgencies(db, agentIds);
  if (agentRows.size !== agentIds.length) {
    throw fieldErrors([{ path: 'body.agentIds', message: LINK_MESSAGES.agentUnknown }]);
  }
  agentIds = agentIds.filter((id) => !agencyIds.includes(agentRows.get(id)!.agent.agencyId));
  if (creator.actor === 'TS' && (agencyIds.length > 0 || agentIds.length > 0)) {
    const own = (await agentOfUser(db, creator.userId))!.agencyId;
    const foreign =
      agencyIds.some((id) => id !== own) || agentIds.some((id) => agentRows.get(id)!.agent.agencyId !== own);
    if (foreign) throw fieldErrors([{ path: 'body.agencyIds', message: LINK_MESSAGES.tsMustUseOwnAgency }]);
  }
  return { agencyIds, agentIds };
}

/**
 * The opportunities the casting team has shared with an agency in a project: those of the project's link groups
 * with a link shared with it (directly or through one of its agents), whoever made the group and whatever its
 * state. A talent submitter works only in these: sharing a link with an agency is how the team
 * says which opportunities it may submit to (decision 0054).
 */
async function opportunitiesSharedWithAgency(
  db: Queryable,
  projectId: string,
  agencyId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ roleId: sql<string>`unnest(${shareLinkGroups.roleIds})` })
    .from(shareLinkGroups)
    .where(
      and(
        eq(shareLinkGroups.projectId, projectId),
        sql`exists (select 1 from ${shareLinks} where ${shareLinks.groupId} = ${shareLinkGroups.id} and ${sharedWithAgency(agencyId)})`,
      ),
    );
  return new Set(rows.map((row) => row.roleId));
}

/**
 * The opportunities a link creator may target, or null when the permission matrix alone governs (every actor but
 * a talent submitter). A submitter with no agent record belongs to no agency, so nothing is shared with them.
 */
export async function opportunitiesOfSubmitter(
  db: Queryable,
  projectId: string,
  creator: LinkCreator,
): Promise<Set<string> | null> {
  if (creator.actor !== 'TS') return null;
  const agent = await agentOfUser(db, creator.userId);
  return agent ? opportunitiesSharedWithAgency(db, projectId, agent.agencyId) : new Set();
}

/** The opportunities the link dialog offers its user, in the project's order: a talent submitter sees only theirs. */
export async function linkOpportunities(db: Queryable, projectId: string, creator: LinkCreator) {
  const allowed = await opportunitiesOfSubmitter(db, projectId, creator);
  const rows = await db
    .select({ value: roles.id, label: roles.name, description: roles.description })
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.createdAt));
  return { items: allowed ? rows.filter((row) => allowed.has(row.value)) : rows };
}

export async function assertOpportunitiesOfCreator(
  db: Queryable,
  projectId: string,
  creator: LinkCreator,
  roleIds: readonly string[],
) {
  const allowed = await opportunitiesOfSubmitter(db, projectId, creator);
  if (allowed && roleIds.some((id) => !allowed.has(id))) {
    throw fieldErrors([{ path: 'body.roleIds', message: LINK_MESSAGES.opportunityNotSharedWithAgency }]);
  }
}

export async function assertRolesInProject(db: Queryable, projectId: string, roleIds: readonly string[]) {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.projectId, projectId), inArray(roles.id, [...roleIds])));
  if (rows.length !== new Set(roleIds).size) {
    throw fieldErrors([{ path: 'body.roleIds', message: LINK_MESSAGES.opportunityNotInProject }]);
  }
}
