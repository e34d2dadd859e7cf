import { and, eq, sql, type SQL } from 'drizzle-orm';
import { LINK_MESSAGES, type LinkStatus } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { projects, shareLinkGroups, shareLinks } from '../../platform/db/schema';
import { tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';

// A link by its secret, its public address, its status, and whether a group's title is free.

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
