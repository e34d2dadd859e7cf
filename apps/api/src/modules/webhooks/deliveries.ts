import { sql } from 'drizzle-orm';
import {
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage, keyText } from '../../platform/db/keyset';
import { rowsOf } from '../../platform/db/rows';
import { AppError } from '../../platform/errors';
import { emitToEndpoint, WEBHOOKS_QUEUE, type WebhookJob } from './emit';
import { endpointRow } from './endpoints';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * One endpoint's deliveries, newest first, keyset-paged on the office-led index, each with its attempts (at most
 * eight plus any sent by hand).
 */
export async function listDeliveries(
  db: Db,
  officeId: string,
  endpointId: string,
  query: { limit: number; cursor?: string },
): Promise<WebhookDeliveryPage> {
  const endpoint = await endpointRow(db, endpointId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = rowsOf<{
    id: string;
    message_id: string;
    event_type: string;
    status: WebhookDeliveryStatus;
    created_at: Date | string;
    next_attempt_at: Date | string | null;
    key: string;
  }>(
    await db.execute(sql`select d.id, d.message_id, d.event_type, d.status, d.created_at, d.next_attempt_at,
        ${keyText(sql`d.created_at`)} as key
      from webhook_deliveries d
      where d.office_id = ${officeId}::uuid and d.endpoint_id = ${endpoint.id}::uuid
        ${after ? sql`and ${afterPosition(sql`d.created_at`, sql`d.id`, after)}` : sql``}
      order by d.created_at desc, d.id desc
      limit ${query.limit + 1}`),
  );
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.key, id: row.id }));
  const attempts = rowsOf<{
    delivery_id: string;
    attempt: number;
    created_at: Date | string;
    status_code: number | null;
    duration_ms: number;
    error: string | null;
    manual: boolean;
  }>(
    page.items.length === 0
      ? []
      : await db.execute(sql`select delivery_id, attempt, created_at, status_code, duration_ms, error, manual
          from webhook_attempts
          where office_id = ${officeId}::uuid
            and delivery_id = any(${`{${page.items.map((row) => row.id).join(',')}}`}::uuid[])
          order by delivery_id, attempt, created_at`),
  );
  const items: WebhookDelivery[] = page.items.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    createdAt: iso(row.created_at)!,
    nextAttemptAt: iso(row.next_attempt_at),
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        at: iso(attempt.created_at)!,
        statusCode: attempt.status_code,
        durationMs: attempt.duration_ms,
        error: attempt.error,
        manual: attempt.manual,
      })),
  }));
  return { items, nextCursor: page.nextCursor, totalCapped: false };
}

/**
 * Sends a delivery again by hand: a new attempt, now, with the same `webhook-id` and body (a receiver that already
 * has it can drop it). Not retried if it fails. Refused while the endpoint is paused.
 */
export async function resendDelivery(
  context: AppContext,
  endpointId: string,
  deliveryId: string,
): Promise<void> {
  const { db } = context.database;
  const endpoint = await endpointRow(db, endpointId);
  if (endpoint.pausedAt) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointPaused);
  const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  if (!isUuid(deliveryId)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = rowsOf<{ attempts: number; office_id: string }>(
      await tx.execute(sql`update webhook_deliveries set status = 'PENDING', next_attempt_at = null, updated_at = now()
        where id = ${deliveryId}::uuid and endpoint_id = ${endpoint.id}::uuid
        returning attempts, office_id`),
    );
    if (!row) throw notFound();
    await context.jobs.send<WebhookJob>(
      WEBHOOKS_QUEUE,
      { officeId: row.office_id, deliveryId, attempt: row.attempts + 1, manual: true },
      { tx: tx as unknown as Db },
    );
  });
}

/** Sends the test event to one endpoint (whatever it subscribes to); answers the delivery's id. */
export async function sendTestEvent(
  context: AppContext,
  endpointId: string,
): Promise<{ deliveryId: string }> {
  const { db } = context.database;
  const endpoint = await endpointRow(db, endpointId);
  if (endpoint.pausedAt) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointPaused);
  const deliveryId = await db.transaction((tx) =>
    emitToEndpoint(context.jobs, tx, endpoint.id, 'webhook.test', { endpointId: endpoint.id }),
  );
  return { deliveryId };
}
