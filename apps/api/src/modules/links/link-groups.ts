import { and, eq } from 'drizzle-orm';
import {
  MESSAGES,
  effectiveDefaultRoleId,
  normaliseLinkSettings,
  shareLinkSettingsSchema,
  type ShareLinkSettings,
  type ShareLinkUpsert,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import {
  shareLinkGroups,
  shareLinks,
  type ShareLinkSettings as StoredSettings,
} from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { fieldErrors, notFound } from '../../platform/errors';
import {
  assertGroupOfSubmitter,
  assertOpportunitiesOfCreator,
  assertRolesInProject,
  chosenSettings,
  representationOf,
  type LinkCreator,
} from './link-creator';
import { linkStatus, linkUrl, titleKey } from './link-lookup';

function settingsOf(input: ShareLinkSettings): StoredSettings {
  return shareLinkSettingsSchema.parse(input);
}

const titleTaken = () => fieldErrors([{ path: 'body.title', message: MESSAGES.linkTitleNotUnique }]);

export interface CreatedLink {
  id: string;
  projectId: string;
  groupId: string;
  createdAt: string;
  link: string;
}

/**
 * Creates a group of links (one per chosen agency or agent, or one plain link) or, with `id`, updates the group of
 * that link: title, opportunities, default and settings. A group's representation is fixed once made, because each
 * link's secret may already be in people's hands.
 */
export async function upsertShareLinks(
  db: Db,
  publicUrl: string,
  projectId: string,
  creator: LinkCreator,
  input: ShareLinkUpsert,
): Promise<CreatedLink[]> {
  const roleIds = [...new Set(input.roleIds)];
  const defaultRoleId = effectiveDefaultRoleId(roleIds, input.defaultRoleId);
  if (!defaultRoleId)
    throw fieldErrors([{ path: 'body.defaultRoleId', message: MESSAGES.defaultOpportunityRequired }]);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  try {
    return await db.transaction(async (tx) => {
      await assertRolesInProject(tx, projectId, roleIds);
      if (input.id) {
        const [existing] = await tx
          .select({ groupId: shareLinks.groupId })
          .from(shareLinks)
          .where(and(eq(shareLinks.id, input.id), eq(shareLinks.projectId, projectId)));
        if (!existing) throw notFound('The submission link');
        await assertGroupOfSubmitter(tx, creator, existing.groupId, 'The submission link');
        await assertOpportunitiesOfCreator(tx, projectId, creator, roleIds);
        const [group] = await tx
          .select({ settings: shareLinkGroups.settings })
          .from(shareLinkGroups)
          .where(eq(shareLinkGroups.id, existing.groupId));
        const links = await tx.select().from(shareLinks).where(eq(shareLinks.groupId, existing.groupId));
        const hasRepresentation = links.some((link) => link.agencyId || link.agentId);
        const settings = chosenSettings(creator, group!.settings, settingsOf(input));
        await tx
          .update(shareLinkGroups)
          .set({
            title: input.title,
            titleKey: titleKey(input.title),
            roleIds,
            defaultRoleId,
            settings: settingsOf(normaliseLinkSettings(settings, hasRepresentation)),
            ...(input.expiresAt !== undefined ? { expiresAt } : {}),
          })
          .where(eq(shareLinkGroups.id, existing.groupId));
        return links.map((link) => ({
          id: link.id,
          projectId,
          groupId: link.groupId,
          createdAt: link.createdAt.toISOString(),
          link: linkUrl(publicUrl, link.token),
        }));
      }
      const representation = await representationOf(tx, creator, input);
      await assertOpportunitiesOfCreator(tx, projectId, creator, roleIds);
      const hasRepresentation = representation.agencyIds.length + representation.agentIds.length > 0;
      const settings = chosenSettings(creator, shareLinkSettingsSchema.parse({}), settingsOf(input));
      const [group] = await tx
        .insert(shareLinkGroups)
        .values({
          projectId,
          title: input.title,
          titleKey: titleKey(input.title),
          roleIds,
          defaultRoleId,
          settings: settingsOf(normaliseLinkSettings(settings, hasRepresentation)),
          isRepresentative: input.isRepresentative ?? representation.agentIds.length > 0,
          expiresAt,
          createdById: creator.userId,
        })
        .returning({ id: shareLinkGroups.id });
      if (!group) throw new Error('group insert returned nothing');
      const targets: { agencyId: string | null; agentId: string | null }[] = hasRepresentation
        ? [
            ...representation.agencyIds.map((agencyId) => ({ agencyId, agentId: null })),
            ...representation.agentIds.map((agentId) => ({ agencyId: null, agentId })),
          ]
        : [{ agencyId: null, agentId: null }];
      const rows = await tx
        .insert(shareLinks)
        .values(
          targets.map((target) => {
            const token = newLinkToken();
            return { projectId, groupId: group.id, token, tokenHash: tokenDigest(token), ...target };
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
    if (isUniqueViolation(error)) throw titleTaken();
    throw error;
  }
}

export interface GroupPatch {
  title?: string;
  closed?: boolean;
  expiresAt?: string | null;
  settings?: Partial<ShareLinkSettings>;
}

/**
 * Renames, re-sets, closes or reopens a group of links, or sets its expiry. A talent submitter changes only groups
 * wholly shared with their own agency, and only the review and communication settings.
 */
export async function patchGroup(
  db: Db,
  projectId: string,
  actor: LinkCreator,
  groupId: string,
  patch: GroupPatch,
) {
  try {
    return await db.transaction(async (tx) => {
      const [group] = await tx
        .select()
        .from(shareLinkGroups)
        .where(and(eq(shareLinkGroups.id, groupId), eq(shareLinkGroups.projectId, projectId)))
        .for('update');
      if (!group) throw notFound('The submission link group');
      await assertGroupOfSubmitter(tx, actor, groupId, 'The submission link group');
      const links = await tx
        .select({ agencyId: shareLinks.agencyId, agentId: shareLinks.agentId })
        .from(shareLinks)
        .where(eq(shareLinks.groupId, groupId));
      const hasRepresentation = links.some((link) => link.agencyId || link.agentId);
      const settings = patch.settings
        ? settingsOf(
            normaliseLinkSettings(chosenSettings(actor, group.settings, patch.settings), hasRepresentation),
          )
        : group.settings;
      const [row] = await tx
        .update(shareLinkGroups)
        .set({
          settings,
          ...(patch.title !== undefined ? { title: patch.title, titleKey: titleKey(patch.title) } : {}),
          ...(patch.closed !== undefined
            ? { closedAt: patch.closed ? (group.closedAt ?? new Date()) : null }
            : {}),
          ...(patch.expiresAt !== undefined
            ? { expiresAt: patch.expiresAt ? new Date(patch.expiresAt) : null }
            : {}),
        })
        .where(eq(shareLinkGroups.id, groupId))
        .returning();
      return {
        id: row!.id,
        title: row!.title,
        settings: row!.settings,
        status: linkStatus(row!),
        closedAt: row!.closedAt?.toISOString() ?? null,
        expiresAt: row!.expiresAt?.toISOString() ?? null,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw titleTaken();
    throw error;
  }
}
