import { liveEventNameSchema, liveEventPayloadSchema } from '@casting/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { LiveEvent, SqlExecutor } from './ports';

/** The one notification channel every instance listens on; the project id travels in the payload. */
export const EVENTS_CHANNEL = 'casting_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and names, never records. */
export const MAX_NOTIFICATION_BYTES = 7999;

const notificationSchema = z.object({
  projectId: z.string().min(1),
  event: liveEventNameSchema,
  payload: liveEventPayloadSchema.optional(),
});

export function encodeEvent(event: LiveEvent): string {
  const text = JSON.stringify(event);
  if (Buffer.byteLength(text, 'utf8') > MAX_NOTIFICATION_BYTES) {
    // A programming error: the publisher put data where an id belongs.
    throw new Error(`Live event ${event.event} is larger than ${MAX_NOTIFICATION_BYTES} bytes`);
  }
  return text;
}

/** Null for a payload this version does not understand (e.g. an event name added by a newer instance). */
export function decodeEvent(text: string): LiveEvent | null {
  try {
    const parsed = notificationSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const { projectId, event, payload } = parsed.data;
    return payload ? { projectId, event, payload } : { projectId, event };
  } catch {
    return null;
  }
}

export async function notify(executor: SqlExecutor, event: LiveEvent): Promise<void> {
  await executor.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${encodeEvent(event)})`);
}
