import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ShareLinkList, ShareLinkListItem } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import { agencies, roles, shareLinkGroups, shareLinks, users } from '../../platform/db/schema';
import { agentOfUser, agentsWithAgencies } from '../agencies';
import { sharedWithAgency, type LinkCreator } from './link-creator';
import { linkStatus, linkUrl } from './link-lookup';

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
