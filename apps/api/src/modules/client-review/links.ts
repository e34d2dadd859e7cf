import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CLIENT_REVIEW_MESSAGES,
  CLIENT_VIEWER_HEADER,
  clientLinkSecretSchema,
  clientLinkSettingsSchema,
  type ClientLinkList,
  type ClientLinkStatus,
  type ClientLinkSummary,
  type CreateClientLink,
  type CreatedClientLink,
  type PatchClientLink,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import { clientLinkItems, clientLinks, clientLinkViewers, users } from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError, fieldErrors } from '../../platform/errors';
import type { ClientLinkScope } from '../../platform/http/access';
import { endClientLinkDownloads } from '../media';
import { chosenSubmissions } from './link-choice';

export type ClientLinkRow = typeof clientLinks.$inferSelect;

/** The review page's address: the secret is its last segment. */
export function clientLinkUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/$/, '')}/client/review-submission/${secret}`;
}

export function clientLinkStatus(
  link: Pick<ClientLinkRow, 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): ClientLinkStatus {
  if (link.revokedAt) return 'REVOKED';
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

const unknownLink = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.linkNotFound);

/** Refuses a link that no longer works, with its own code so the page can say why. */
export function assertLive(link: Pick<ClientLinkRow, 'revokedAt' | 'expiresAt'>): void {
  const status = clientLinkStatus(link);
  if (status === 'REVOKED') throw new AppError('CLIENT_LINK_REVOKED', CLIENT_REVIEW_MESSAGES.linkRevoked);
  if (status === 'EXPIRED') throw new AppError('CLIENT_LINK_EXPIRED', CLIENT_REVIEW_MESSAGES.linkExpired);
}

/**
 * The link a secret names, looked up by its digest (a lookup's timing never depends on how much of a guess
 * matched). A malformed secret is the same 404 as an unknown one. With `projectId`, a link of another project is
 * also that 404, in the same query.
 */
export async function linkBySecret(
  db: Queryable,
  secret: string,
  projectId?: string,
): Promise<ClientLinkRow> {
  if (!clientLinkSecretSchema.safeParse(secret).success) throw unknownLink();
  if (projectId !== undefined && !isUuid(projectId)) throw unknownLink();
  const conditions: SQL[] = [eq(clientLinks.tokenDigest, tokenDigest(secret))];
  if (projectId !== undefined) conditions.push(eq(clientLinks.projectId, projectId));
  const [row] = await db
    .select()
    .from(clientLinks)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw unknownLink();
  return row;
}

/** The identified viewer of a request: the portal header's session secret, valid for this link only. */
export async function viewerOfRequest(
  db: Queryable,
  linkId: string,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<typeof clientLinkViewers.$inferSelect | null> {
  const header = request.headers[CLIENT_VIEWER_HEADER];
  if (typeof header !== 'string' || header.length < 16 || header.length > 128) return null;
  const [viewer] = await db
    .select()
    .from(clientLinkViewers)
    .where(
      and(
        eq(clientLinkViewers.linkId, linkId),
        eq(clientLinkViewers.sessionDigest, tokenDigest(header)),
        sql`${clientLinkViewers.sessionExpiresAt} > now()`,
      ),
    )
    .limit(1);
  return viewer ?? null;
}

/**
 * The access-control port of portal mode: the link must be of this project and live; a link that requires
 * identification answers its data only to an identified viewer (401 VIEWER_IDENTIFICATION_REQUIRED otherwise).
 */
export function createClientLinkResolver(db: Db) {
  return async (secret: string, projectId: string, request: FastifyRequest): Promise<ClientLinkScope> => {
    const link = await linkBySecret(db, secret, projectId);
    assertLive(link);
    const viewer = await viewerOfRequest(db, link.id, request);
    if (!viewer && link.settings.requireIdentification) {
      throw new AppError('VIEWER_IDENTIFICATION_REQUIRED', CLIENT_REVIEW_MESSAGES.identificationRequired);
    }
    return {
      linkId: link.id,
      projectId: link.projectId,
      folderIds: link.folderIds,
      viewerId: viewer?.id ?? null,
    };
  };
}

function futureOrNull(value: string | null | undefined, path: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  if (date.getTime() <= Date.now())
    throw fieldErrors([{ path, message: CLIENT_REVIEW_MESSAGES.expiryInPast }]);
  return date;
}

async function summaries(db: Queryable, rows: ClientLinkRow[]): Promise<ClientLinkSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counts = await db
    .select({
      linkId: clientLinkItems.linkId,
      count: sql<number>`count(*)::int`,
    })
    .from(clientLinkItems)
    .where(inArray(clientLinkItems.linkId, ids))
    .groupBy(clientLinkItems.linkId);
  const viewerCounts = await db
    .select({ linkId: clientLinkViewers.linkId, count: sql<number>`count(*)::int` })
    .from(clientLinkViewers)
    .where(and(inArray(clientLinkViewers.linkId, ids), sql`${clientLinkViewers.verifiedAt} is not null`))
    .groupBy(clientLinkViewers.linkId);
  const creatorIds = [...new Set(rows.flatMap((row) => (row.createdById ? [row.createdById] : [])))];
  const creators =
    creatorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, creatorIds));
  const items = new Map(counts.map((row) => [row.linkId, Number(row.count)]));
  const viewers = new Map(viewerCounts.map((row) => [row.linkId, Number(row.count)]));
  const names = new Map(creators.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  return rows.map((row) => ({
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    message: row.message,
    settings: clientLinkSettingsSchema.parse(row.settings),
    status: clientLinkStatus(row),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById ? (names.get(row.createdById) ?? null) : null,
    candidateCount: items.get(row.id) ?? 0,
    viewerCount: viewers.get(row.id) ?? 0,
  }));
}

/** Makes a link from a selection, folders and/or whole opportunities, in one transaction; answers its address once. */
export async function createClientLink(
  db: Db,
  publicUrl: string,
  projectId: string,
  userId: string,
  input: CreateClientLink,
): Promise<CreatedClientLink> {
  const expiresAt = futureOrNull(input.expiresAt, 'body.expiresAt');
  const secret = newLinkToken();
  const row = await db.transaction(async (tx) => {
    const chosen = await chosenSubmissions(tx, projectId, input);
    const [link] = await tx
      .insert(clientLinks)
      .values({
        projectId,
        tokenDigest: tokenDigest(secret),
        title: input.title,
        message: input.message,
        settings: clientLinkSettingsSchema.parse(input.settings),
        folderIds: [...new Set(input.folderIds)],
        expiresAt,
        createdById: userId,
      })
      .returning();
    await tx.insert(clientLinkItems).values(
      chosen.map((item, position) => ({
        linkId: link!.id,
        projectId,
        submissionId: item.submissionId,
        folderId: item.folderId,
        position,
      })),
    );
    return link!;
  });
  const [summary] = await summaries(db, [row]);
  return { ...summary!, clientLink: secret, link: clientLinkUrl(publicUrl, secret) };
}

/** A link of this project by id (the team's routes name links by id: they never see a secret again). */
export async function linkOfProject(
  db: Queryable,
  projectId: string,
  linkId: string,
): Promise<ClientLinkRow> {
  if (!isUuid(linkId) || !isUuid(projectId)) throw unknownLink();
  const [row] = await db
    .select()
    .from(clientLinks)
    .where(and(eq(clientLinks.id, linkId), eq(clientLinks.projectId, projectId)));
  if (!row) throw unknownLink();
  return row;
}

/** One page of a project's links, newest first: one range of `client_links_project_newest_idx` (plan-tested). */
export function clientLinkPageQuery(
  db: Queryable,
  projectId: string,
  query: { limit: number; cursor?: string },
) {
  const conditions: SQL[] = [eq(clientLinks.projectId, projectId)];
  if (query.cursor) {
    conditions.push(afterPosition(clientLinks.createdAt, clientLinks.id, decodeCursor(query.cursor)));
  }
  return db
    .select({ link: clientLinks, sortKey: keyText(clientLinks.createdAt) })
    .from(clientLinks)
    .where(and(...conditions))
    .orderBy(desc(clientLinks.createdAt), desc(clientLinks.id))
    .limit(query.limit + 1);
}

export async function listClientLinks(
  db: Queryable,
  projectId: string,
  query: { limit: number; cursor?: string },
): Promise<ClientLinkList> {
  const rows = await clientLinkPageQuery(db, projectId, query);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.sortKey, id: row.link.id }));
  return {
    items: await summaries(
      db,
      page.items.map((row) => row.link),
    ),
    limit: query.limit,
    nextCursor: page.nextCursor,
    totalCapped: false,
  };
}

export async function summaryOf(db: Queryable, row: ClientLinkRow): Promise<ClientLinkSummary> {
  const [summary] = await summaries(db, [row]);
  return summary!;
}

/**
 * Edits a link: title, message, settings, expiry (extend or shorten), or revoke. Revocation takes effect on the next
 * request (every portal call resolves the link) and cannot be undone; viewer sessions of a revoked link end with it,
 * and so do the zips its viewers asked for (as do those past an expiry brought forward).
 */
export async function patchClientLink(
  db: Db,
  projectId: string,
  linkId: string,
  input: PatchClientLink,
): Promise<ClientLinkSummary> {
  const link = await linkOfProject(db, projectId, linkId);
  const values: Partial<typeof clientLinks.$inferInsert> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.message !== undefined) values.message = input.message;
  if (input.settings)
    values.settings = clientLinkSettingsSchema.parse({ ...link.settings, ...input.settings });
  if (input.expiresAt !== undefined) values.expiresAt = futureOrNull(input.expiresAt, 'body.expiresAt');
  if (input.revoked) values.revokedAt = link.revokedAt ?? new Date();
  const [updated] = await db.transaction(async (tx) => {
    if (input.revoked) {
      await tx
        .update(clientLinkViewers)
        .set({ sessionDigest: null, sessionExpiresAt: null })
        .where(eq(clientLinkViewers.linkId, link.id));
    }
    // What the link gave ends with it: its viewers' zips last no longer than the link.
    const endsAt = values.revokedAt ?? values.expiresAt;
    if (endsAt) await endClientLinkDownloads(tx, link.id, endsAt);
    return Object.keys(values).length > 0
      ? tx.update(clientLinks).set(values).where(eq(clientLinks.id, link.id)).returning()
      : [link];
  });
  return summaryOf(db, updated!);
}
