import { sql } from 'drizzle-orm';
import type { WebhookEventType, WebhookPayload } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import type { Jobs } from '../../platform/jobs/ports';
import { newMessageId } from './signing';

/** The queue every webhook attempt goes through (decision 0773). */
export const WEBHOOKS_QUEUE = 'webhooks';

/** One attempt of one delivery; `manual` for a send again by hand, which is not retried. */
export interface WebhookJob {
  officeId: string;
  deliveryId: string;
  attempt: number;
  manual?: boolean;
}

/**
 * Records an event for every active endpoint of the transaction's office that subscribes to it: an outbox row per
 * endpoint and the job of its first attempt, both written through the change's own transaction, so a change that
 * rolls back sends nothing and one that commits is delivered (decision 0772). Answers the deliveries made.
 */
export async function emitWebhookEvent(
  jobs: Pick<Jobs, 'send'> | undefined,
  tx: Queryable,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<number> {
  if (!jobs) return 0;
  const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
  const created = rowsOf<{ id: string; office_id: string }>(
    await tx.execute(sql`insert into webhook_deliveries (id, endpoint_id, message_id, event_type, payload)
      select gen_random_uuid(), e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${type},
        ${JSON.stringify(payload)}::jsonb
      from webhook_endpoints e
      where e.paused_at is null and ${type} = any(e.events)
      returning id, office_id`),
  );
  for (const row of created) {
    await jobs.send<WebhookJob>(
      WEBHOOKS_QUEUE,
      { officeId: row.office_id, deliveryId: row.id, attempt: 1 },
      { tx: tx as unknown as Db },
    );
  }
  return created.length;
}

/** One delivery to one endpoint whatever it subscribes to (the test event), with its first attempt queued. */
export async function emitToEndpoint(
  jobs: Pick<Jobs, 'send'>,
  tx: Queryable,
  endpointId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<string> {
  const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
  const [row] = rowsOf<{ id: string; office_id: string }>(
    await tx.execute(sql`insert into webhook_deliveries (id, endpoint_id, message_id, event_type, payload)
      values (gen_random_uuid(), ${endpointId}::uuid, ${newMessageId()}, ${type}, ${JSON.stringify(payload)}::jsonb)
      returning id, office_id`),
  );
  await jobs.send<WebhookJob>(
    WEBHOOKS_QUEUE,
    { officeId: row!.office_id, deliveryId: row!.id, attempt: 1 },
    { tx: tx as unknown as Db },
  );
  return row!.id;
}
