import { eq } from 'drizzle-orm';
import { CLIENT_REVIEW_MESSAGES, type CreatedClientLink } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { clientLinks, clientLinkViewers } from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';
import { endClientLinkDownloads } from '../media';
import { clientLinkUrl, linkOfProject, summaryOf } from './links';

/**
 * Gives a link a new secret, for a team that lost the address (it is stored only as a digest, so it cannot be shown
 * again) or wants to stop a forwarded one. The link itself stays: its candidates, viewers, votes, comments and view
 * log. What the old address gave ends with it, in the same transaction: viewer sessions (viewers identify again
 * through the new address) and the zips downloaded through it. A revoked link stays revoked.
 */
export async function renewClientLinkAddress(
  db: Db,
  publicUrl: string,
  projectId: string,
  linkId: string,
): Promise<CreatedClientLink> {
  const link = await linkOfProject(db, projectId, linkId);
  if (link.revokedAt) throw new AppError('CLIENT_LINK_REVOKED', CLIENT_REVIEW_MESSAGES.newAddressOfRevoked);
  const secret = newLinkToken();
  const updated = await db.transaction(async (tx) => {
    await tx
      .update(clientLinkViewers)
      .set({ sessionDigest: null, sessionExpiresAt: null })
      .where(eq(clientLinkViewers.linkId, link.id));
    await endClientLinkDownloads(tx, link.id, new Date());
    const [row] = await tx
      .update(clientLinks)
      .set({ tokenDigest: tokenDigest(secret) })
      .where(eq(clientLinks.id, link.id))
      .returning();
    return row!;
  });
  return { ...(await summaryOf(db, updated)), clientLink: secret, link: clientLinkUrl(publicUrl, secret) };
}
