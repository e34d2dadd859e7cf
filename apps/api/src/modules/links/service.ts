import { and, asc, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import {
  LINK_MESSAGES,
  MESSAGES,
  effectiveDefaultRoleId,
  normaliseLinkSettings,
  shareLinkSettingsSchema,
  submitterLinkSettings,
  type LinkStatus,
  type ProjectActor,
  type Option,
  type ResolvedLink,
  type ShareLinkList,
  type ShareLinkListItem,
  type ShareLinkSettings,
  type ShareLinkUpsert,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import {
  agencies,
  agents,
  projects,
  roles,
  shareLinkGroups,
  shareLinks,
  users,
  type ShareLinkSettings as StoredSettings,
} from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError, fieldErrors, notFound } from '../../platform/errors';
import { agentOfUser, agentsWithAgencies, representativeView } from '../agencies';
import { lookupChoices } from '../lookups';

export const titleKey = (title: string) => title.trim().toLowerCase();
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The public apply address of a link: its secret is the slug. */
export function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/castingcall/apply/${token}`;
}

export function linkStatus(
  group: { closedAt: Date | null; expiresAt: Date | null },
  now = new Date(),
): LinkStatus {
  if (group.closedAt) return 'CLOSED';
  if (group.expiresAt && group.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'OPEN';
}

export async function isTitleUnique(
  db: Queryable,
  projectId: string,
  title: string,
  excludeGroupId?: string,
): Promise<boolean> {
  const conditions: SQL[] = [
    eq(shareLinkGroups.projectId, projectId),
    eq(shareLinkGroups.titleKey, titleKey(title)),
  ];
  if (excludeGroupId) conditions.push(sql`${shareLinkGroups.id} <> ${excludeGroupId}::uuid`);
  const [row] = await db
    .select({ id: shareLinkGroups.id })
    .from(shareLinkGroups)
    .where(and(...conditions))
    .limit(1);
  return !row;
}

/** Who creates the link, for the talent-submitter rules of spec sections 5 and 6. */
export interface LinkCreator {
  userId: string;
  actor: ProjectActor;
}

/** A link shared with the agency: directly, or through one of its agents. Never null (a plain link is false). */
function sharedWithAgency(agencyId: string): SQL {
  return sql`(coalesce(${shareLinks.agencyId} = ${agencyId}::uuid, false) or exists (select 1 from ${agents} a where a.id = ${shareLinks.agentId} and a.agency_id = ${agencyId}::uuid))`;
}

/**
 * A talent submitter changes a group of links only when every link of it is shared with their own agency: a change
 * (closing, renaming, re-timing, settings) applies to the whole group, and links of the director or of another
 * agency are not theirs. Anything else is "not found", as it is absent from their links page. Other actors are
 * governed by the permission matrix alone.
 */
async function assertGroupOfSubmitter(
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
function chosenSettings(
  creator: LinkCreator,
  base: ShareLinkSettings,
  requested: Partial<ShareLinkSettings>,
): ShareLinkSettings {
  return creator.actor === 'TS' ? submitterLinkSettings(base, requested) : { ...base, ...requested };
}

/**
 * The representation a link is pre-filled with. Selecting an agency drops its selected agents (spec section 4), so
 * an agent is kept only when their agency is not chosen. A talent submitter who is not a verified agent cannot
 * choose agencies; a verified one shares only with their own agency, which is filled in when nothing is chosen.
 */
async function representationOf(
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
 * state. A talent submitter works only in these (spec section 6): sharing a link with an agency is how the team
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

async function assertOpportunitiesOfCreator(
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

/**
 * The links page, newest first, keyset paged over `(project_id, created_at desc, id desc)`. A talent submitter sees
 * only the links shared with their own agency (directly or through one of its agents).
 */
export async function listShareLinks(
  db: Queryable,
  publicUrl: string,
  projectId: string,
  viewer: LinkCreator,
  query: { limit: number; cursor?: string },
): Promise<ShareLinkList> {
  const conditions: SQL[] = [eq(shareLinks.projectId, projectId)];
  if (query.cursor) {
    conditions.push(afterPosition(shareLinks.createdAt, shareLinks.id, decodeCursor(query.cursor)));
  }
  if (viewer.actor === 'TS') {
    const agent = await agentOfUser(db, viewer.userId);
    if (!agent) return { items: [], limit: query.limit, nextCursor: null, totalCapped: false };
    conditions.push(sharedWithAgency(agent.agencyId));
  }
  const rows = await db
    .select({
      link: shareLinks,
      group: shareLinkGroups,
      agency: { id: agencies.id, name: agencies.name },
      sortKey: keyText(shareLinks.createdAt),
    })
    .from(shareLinks)
    .innerJoin(shareLinkGroups, eq(shareLinkGroups.id, shareLinks.groupId))
    .leftJoin(agencies, eq(agencies.id, shareLinks.agencyId))
    .where(and(...conditions))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.sortKey, id: row.link.id }));
  const roleIds = [...new Set(page.items.flatMap((row) => row.group.roleIds))];
  const roleRows =
    roleIds.length === 0
      ? []
      : await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds));
  const roleNames = new Map(roleRows.map((row) => [row.id, row.name]));
  const agentRows = await agentsWithAgencies(
    db,
    page.items.flatMap((row) => (row.link.agentId ? [row.link.agentId] : [])),
  );
  const referralIds = [...new Set(page.items.flatMap((row) => row.link.referralUserId ?? []))];
  const referralRows =
    referralIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, referralIds));
  const referralNames = new Map(referralRows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
  const items: ShareLinkListItem[] = page.items.map(({ link, group, agency }) => {
    const agent = link.agentId ? agentRows.get(link.agentId) : undefined;
    return {
      id: link.id,
      groupId: group.id,
      projectId,
      title: group.title,
      token: link.token,
      link: linkUrl(publicUrl, link.token),
      opportunities: group.roleIds
        .filter((id) => roleNames.has(id))
        .map((id) => ({ id, name: roleNames.get(id)! })),
      defaultRoleId: group.defaultRoleId,
      agency: agency?.id ? { id: agency.id, name: agency.name } : null,
      agent: agent
        ? {
            id: agent.agent.id,
            name: `${agent.agent.firstName} ${agent.agent.lastName}`,
            agencyName: agent.agency.name,
          }
        : null,
      referralUser:
        link.referralUserId && referralNames.has(link.referralUserId)
          ? { id: link.referralUserId, name: referralNames.get(link.referralUserId)! }
          : null,
      isRepresentative: group.isRepresentative,
      settings: group.settings,
      submissionCount: link.submissionCount,
      status: linkStatus(group),
      closedAt: group.closedAt?.toISOString() ?? null,
      expiresAt: group.expiresAt?.toISOString() ?? null,
      createdAt: link.createdAt.toISOString(),
    };
  });
  return { items, limit: query.limit, nextCursor: page.nextCursor, totalCapped: false };
}

export type LinkRow = typeof shareLinks.$inferSelect;
export type GroupRow = typeof shareLinkGroups.$inferSelect;

/** A link and its group by the secret, or null. */
export async function linkByToken(
  db: Queryable,
  token: string,
  forShare = false,
): Promise<{ link: LinkRow; group: GroupRow; projectName: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const query = db
    .select({ link: shareLinks, group: shareLinkGroups, projectName: projects.name })
    .from(shareLinks)
    .innerJoin(shareLinkGroups, eq(shareLinkGroups.id, shareLinks.groupId))
    .innerJoin(projects, eq(projects.id, shareLinks.projectId))
    .where(eq(shareLinks.tokenHash, tokenDigest(token)));
  // A submission holds the group row (FOR KEY SHARE) so a concurrent close waits for it and then takes effect.
  const [row] = forShare ? await query.for('key share', { of: shareLinkGroups }) : await query;
  return row ?? null;
}

/** The link behind a secret, open for submissions; a closed or expired one is 410 LINK_CLOSED with its reason. */
export async function openLinkByToken(db: Queryable, token: string) {
  const found = await linkByToken(db, token, true);
  if (!found) throw new AppError('NOT_FOUND', LINK_MESSAGES.linkNotFound);
  const status = linkStatus(found.group);
  if (status === 'CLOSED') throw new AppError('LINK_CLOSED', LINK_MESSAGES.linkClosed);
  if (status === 'EXPIRED') throw new AppError('LINK_CLOSED', LINK_MESSAGES.linkExpired);
  return found;
}

/**
 * What an apply page shows. A closed or expired link answers its status and message only, so the page can say so
 * at once instead of offering a form that fails on submit. Project and opportunity details only when allowed.
 */
export async function resolveLink(
  db: Queryable,
  token: string,
  uploadGrant: (projectId: string, shareLinkId: string) => Promise<string | null>,
): Promise<ResolvedLink> {
  const found = await linkByToken(db, token);
  if (!found) throw new AppError('NOT_FOUND', LINK_MESSAGES.linkNotFound);
  const { link, group } = found;
  const status = linkStatus(group);
  const base = { status, shareLinkId: link.id, projectId: link.projectId, title: group.title };
  if (status !== 'OPEN') {
    return {
      ...base,
      message: status === 'CLOSED' ? LINK_MESSAGES.linkClosed : LINK_MESSAGES.linkExpired,
      project: null,
      opportunities: [],
      defaultRoleId: null,
      settings: null,
      representative: null,
      agency: null,
      uploadGrant: null,
      lookups: null,
    };
  }
  const [project] = await db
    .select({ name: projects.name, description: projects.description })
    .from(projects)
    .where(eq(projects.id, link.projectId));
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(and(eq(roles.projectId, link.projectId), inArray(roles.id, group.roleIds)));
  const ordered = group.roleIds.flatMap((id) => roleRows.filter((row) => row.id === id));
  const agentRow = link.agentId
    ? (await agentsWithAgencies(db, [link.agentId])).get(link.agentId)
    : undefined;
  const [agency] = link.agencyId
    ? await db
        .select({ id: agencies.id, name: agencies.name })
        .from(agencies)
        .where(eq(agencies.id, link.agencyId))
    : [];
  return {
    ...base,
    message: null,
    project: group.settings.displayProjectDetails && project ? project : null,
    opportunities: ordered.map((row) => ({
      id: row.id,
      name: row.name,
      description: group.settings.displayOpportunityDetails ? row.description : null,
    })),
    defaultRoleId: group.defaultRoleId,
    settings: group.settings,
    representative: agentRow ? representativeView(agentRow.agent, agentRow.agency, link.id) : null,
    agency: agency ?? (agentRow ? { id: agentRow.agency.id, name: agentRow.agency.name } : null),
    uploadGrant: await uploadGrant(link.projectId, link.id),
    lookups: await applyFormLookups(db),
  };
}

/**
 * The apply form's lookup choices: the genders and ethnic appearances candidates are filtered by. The lookups are
 * shared with role breakdowns, whose wildcards ('Any Gender', 'Any Ethnicity') describe a role, never a person, so
 * they are not offered to talent (decision 0047).
 */
async function applyFormLookups(db: Queryable): Promise<NonNullable<ResolvedLink['lookups']>> {
  const choices = await lookupChoices(db, ['role-genders', 'ethnic-appearances']);
  const forPeople = (options: Option[]) => options.filter((option) => !/^any\b/i.test(option.label.trim()));
  return {
    genders: forPeople(choices['role-genders']),
    ethnicAppearances: forPeople(choices['ethnic-appearances']),
  };
}

/** The slug at the end of an apply address (or the bare slug), resolved to its link. */
export async function urlMapping(db: Queryable, url: string, projectId?: string) {
  const path = url.split(/[?#]/)[0] ?? '';
  const slug = path.split('/').filter(Boolean).at(-1) ?? '';
  const found = await linkByToken(db, slug);
  if (!found || (projectId && found.link.projectId !== projectId)) throw notFound('The submission link');
  return {
    projectId: found.link.projectId,
    shareLinkId: found.link.id,
    token: found.link.token,
    status: linkStatus(found.group),
  };
}
