import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  LINK_MESSAGES,
  MESSAGES,
  effectiveDefaultRoleId,
  normaliseLinkSettings,
  shareLinkSettingsSchema,
  type LinkGenerationRequest,
  type ReferralUser,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { fieldErrors } from '../../platform/errors';
import {
  agencies,
  agents,
  projectAccesses,
  shareLinkGroups,
  shareLinks,
  users,
} from '../../platform/db/schema';
import { agentOfUser } from '../agencies';
import { assertRolesInProject, type LinkCreator } from './link-creator';
import type { CreatedLink } from './link-groups';
import { linkUrl, titleKey } from './link-lookup';

/**
 * The people links may be generated for: the project's team members who hold an account, with the agency of their
 * agent record when they have one (which makes them a representative). Agents are matched to accounts by e-mail the
 * first time they are looked up (decision 0047), so the list links them first.
 */
export async function listReferralUsers(
  db: Queryable,
  projectId: string,
): Promise<{ items: ReferralUser[] }> {
  const members = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(projectAccesses)
    .innerJoin(users, eq(users.id, projectAccesses.userId))
    .where(and(eq(projectAccesses.projectId, projectId), isNotNull(projectAccesses.userId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  for (const member of members) await agentOfUser(db, member.id);
  const agencyRows =
    members.length === 0
      ? []
      : await db
          .select({ userId: agents.userId, agencyId: agencies.id, agencyName: agencies.name })
          .from(agents)
          .innerJoin(agencies, eq(agencies.id, agents.agencyId))
          .where(
            inArray(
              agents.userId,
              members.map((member) => member.id),
            ),
          );
  const agencyOf = new Map(agencyRows.map((row) => [row.userId, row]));
  return {
    items: members.map((member) => ({
      id: member.id,
      name: `${member.firstName} ${member.lastName}`,
      email: member.email,
      agencyId: agencyOf.get(member.id)?.agencyId ?? null,
      agencyName: agencyOf.get(member.id)?.agencyName ?? null,
    })),
  };
}

/**
 * The link generation form with referral users (SELECT_LINK_REFERRAL_USERS): one group named `name`, one link per chosen
 * team member, each recording that member as its referral user. With representation on, each link is pre-filled
 * with that member's agent record, so every member must belong to a talent agency; the refusal names those who do
 * not. Settings are the defaults (the form has none), with the toggle rules applied.
 */
export async function generateReferralLinks(
  db: Db,
  publicUrl: string,
  projectId: string,
  creator: LinkCreator,
  input: LinkGenerationRequest,
): Promise<CreatedLink[]> {
  const roleIds = [...new Set(input.roleIds)];
  const userIds = [...new Set(input.referralUserIds)];
  const defaultRoleId = effectiveDefaultRoleId(roleIds, input.defaultRoleId);
  if (!defaultRoleId)
    throw fieldErrors([{ path: 'body.defaultRoleId', message: MESSAGES.defaultOpportunityRequired }]);
  try {
    return await db.transaction(async (tx) => {
      await assertRolesInProject(tx, projectId, roleIds);
      const { items: team } = await listReferralUsers(tx, projectId);
      const chosen = team.filter((member) => userIds.includes(member.id));
      if (chosen.length !== userIds.length) {
        throw fieldErrors([{ path: 'body.referralUserIds', message: LINK_MESSAGES.referralUserNotOnTeam }]);
      }
      const agentOf = new Map<string, string>();
      if (input.representation) {
        const withoutAgency: string[] = [];
        for (const member of chosen) {
          const agent = await agentOfUser(tx, member.id);
          if (agent) agentOf.set(member.id, agent.id);
          else withoutAgency.push(member.name);
        }
        if (withoutAgency.length > 0) {
          throw fieldErrors([
            {
              path: 'body.referralUserIds',
              message: MESSAGES.referralUsersWithoutAgency(withoutAgency.join(', ')),
            },
          ]);
        }
      }
      const settings = normaliseLinkSettings(shareLinkSettingsSchema.parse({}), input.representation);
      const [group] = await tx
        .insert(shareLinkGroups)
        .values({
          projectId,
          title: input.name,
          titleKey: titleKey(input.name),
          roleIds,
          defaultRoleId,
          settings: shareLinkSettingsSchema.parse(settings),
          isRepresentative: input.representation,
          createdById: creator.userId,
        })
        .returning({ id: shareLinkGroups.id });
      if (!group) throw new Error('group insert returned nothing');
      const rows = await tx
        .insert(shareLinks)
        .values(
          chosen.map((member) => {
            const token = newLinkToken();
            return {
              projectId,
              groupId: group.id,
              token,
              tokenHash: tokenDigest(token),
              agentId: agentOf.get(member.id) ?? null,
              referralUserId: member.id,
            };
          }),
        )
        .returning();
      return rows.map((row) => ({
        id: row.id,
        projectId,
        groupId: row.groupId,
        createdAt: row.createdAt.toISOString(),
        link: linkUrl(publicUrl, row.token),
      }));
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldErrors([{ path: 'body.name', message: MESSAGES.linkTitleNotUnique }]);
    throw error;
  }
}
