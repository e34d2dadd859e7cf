import { and, asc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { seal } from '../../platform/crypto/secret-box';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { webhookEndpoints } from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import { resolveAllowed, WebhookRefusal } from './address-policy';
import { configuredNetwork, sealingKey, type DeliveryNetwork } from './deliver';
import { schemeAllowed } from './sender';
import { newWebhookSecret } from './signing';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    state: row.pausedAt ? 'PAUSED' : 'ACTIVE',
    pausedAt: row.pausedAt?.toISOString() ?? null,
    pausedReason: (row.pausedReason as WebhookEndpoint['pausedReason']) ?? null,
    failureStreak: row.failureStreak,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Checks an endpoint's address as a delivery would: a URL with an allowed scheme and no credentials, whose host
 * resolves to public addresses only. Checked again at every delivery, since DNS answers change (decision 0774).
 */
export async function checkEndpointUrl(text: string, network: DeliveryNetwork): Promise<string> {
  const refuse = (message: string) => fieldErrors([{ path: 'body.url', message }]);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (!schemeAllowed(url, network.allowHttp)) throw refuse(WEBHOOK_MESSAGES.urlNotHttps);
  if (url.username || url.password) throw refuse(WEBHOOK_MESSAGES.urlCredentials);
  try {
    await resolveAllowed(url.hostname, network);
  } catch (error) {
    if (!(error instanceof WebhookRefusal)) throw error;
    throw refuse(
      error.message.includes('non-public') ? WEBHOOK_MESSAGES.urlPrivate : WEBHOOK_MESSAGES.urlUnresolvable,
    );
  }
  return url.toString();
}

export async function endpointRow(db: Queryable, id: string): Promise<EndpointRow> {
  const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound();
  return row;
}

/** The office's endpoints, oldest first (an office has at most a few; the office key leads the index). */
export async function listEndpoints(db: Db, officeId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.officeId, officeId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .limit(WEBHOOK_LIMITS.endpointsPerOffice);
  return rows.map(endpointView);
}

/** Registers an endpoint and answers its secret, which is shown this once and kept sealed (decision 0776). */
export async function createEndpoint(
  context: AppContext,
  caller: { userId: string; officeId: string },
  input: CreateWebhookEndpoint,
  network: DeliveryNetwork = configuredNetwork(context.config),
): Promise<WebhookEndpointWithSecret> {
  const url = await checkEndpointUrl(input.url, network);
  const secret = newWebhookSecret();
  return context.database.db.transaction(async (tx) => {
    // The office's row is locked so two creations at once cannot both pass the limit.
    await tx.execute(sql`select 1 from offices where id = ${caller.officeId}::uuid for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.officeId, caller.officeId));
    if (n >= WEBHOOK_LIMITS.endpointsPerOffice)
      throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooManyEndpoints);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        events: [...new Set(input.events)],
        description: input.description || null,
        secretSealed: seal(secret, sealingKey(context.config)),
        createdById: caller.userId,
      })
      .returning();
    return { endpoint: endpointView(row!), secret };
  });
}

/** Changes an endpoint; resuming (paused: false) forgets its failure streak. */
export async function updateEndpoint(
  context: AppContext,
  id: string,
  input: UpdateWebhookEndpoint,
  network: DeliveryNetwork = configuredNetwork(context.config),
): Promise<WebhookEndpoint> {
  const { db } = context.database;
  const current = await endpointRow(db, id);
  const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url, network);
  const set: Partial<EndpointRow> = {};
  if (url !== undefined) set.url = url;
  if (input.events) set.events = [...new Set(input.events)];
  if (input.description !== undefined) set.description = input.description || null;
  if (input.paused === true && !current.pausedAt)
    Object.assign(set, { pausedAt: new Date(), pausedReason: 'MANUAL' });
  if (input.paused === false)
    Object.assign(set, { pausedAt: null, pausedReason: null, failureStreak: 0, failingSince: null });
  if (Object.keys(set).length === 0) return endpointView(current);
  const [row] = await db
    .update(webhookEndpoints)
    .set(set)
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  return endpointView(row!);
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  const row = await endpointRow(db, id);
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, row.id)));
}

/** A new secret for the endpoint, replacing the old one at once; shown this once. */
export async function rotateSecret(context: AppContext, id: string): Promise<WebhookEndpointWithSecret> {
  const { db } = context.database;
  const current = await endpointRow(db, id);
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ secretSealed: seal(secret, sealingKey(context.config)) })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  return { endpoint: endpointView(row!), secret };
}
