import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import {
  AUDIT_MESSAGES,
  type AuditEventList,
  type AuditEventListQuery,
  type AuditOutcome,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { forEachOffice } from '../../platform/db/office-of';
import { auditEvents } from '../../platform/db/schema';
import { currentOfficeId, runInOffice } from '../../platform/db/scope';
import { AppError } from '../../platform/errors';

type AuditRow = typeof auditEvents.$inferSelect;
interface Cursor {
  at: Date;
  id: string;
}

/** The cursor names the last event of a page by (at, id), the listing order; base64url so it travels in a URL. */
export function encodeCursor(row: Pick<AuditRow, 'at' | 'id'>): string {
  return Buffer.from(`${row.at.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [at, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (extra !== undefined || Number.isNaN(date.getTime()) || !id || !uuid.test(id)) {
    throw new AppError('BAD_REQUEST', AUDIT_MESSAGES.cursorInvalid);
  }
  return { at: date, id };
}

function toDto(row: AuditRow) {
  return {
    ...row,
    at: row.at.toISOString(),
    outcome: row.outcome as AuditOutcome,
    details: row.details ?? {},
  };
}

/**
 * Newest first, one page at a time: the next page starts strictly after the cursor's (at, id), so events written
 * meanwhile never shift a page, and no page counts the whole log. Each filter has an index leading with its column.
 */
export async function listAuditEvents(db: Db, query: AuditEventListQuery): Promise<AuditEventList> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.outcome) conditions.push(eq(auditEvents.outcome, query.outcome));
  if (query.actorUserId) conditions.push(eq(auditEvents.actorUserId, query.actorUserId));
  if (query.actorEmail) conditions.push(eq(auditEvents.actorEmail, query.actorEmail));
  if (query.projectId) conditions.push(eq(auditEvents.projectId, query.projectId));
  if (query.from) conditions.push(gte(auditEvents.at, new Date(query.from)));
  if (query.to) conditions.push(lt(auditEvents.at, new Date(query.to)));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const before = or(
      lt(auditEvents.at, cursor.at),
      and(eq(auditEvents.at, cursor.at), lt(auditEvents.id, cursor.id)),
    );
    if (before) conditions.push(before);
  }
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toDto),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/** Events deleted per statement, so a first purge of years of events never holds one long transaction. */
const PURGE_BATCH = 5_000;

/**
 * Retention: deletes the events older than `retentionDays` from the log the code runs in (an office's, or outside
 * any office the installation's), in batches. The office key is named so each batch is a range of
 * `audit_events_at_idx`, office first. Answers the events deleted.
 */
export async function purgeOldAuditEvents(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const officeId = currentOfficeId();
  const log = officeId ? eq(auditEvents.officeId, officeId) : isNull(auditEvents.officeId);
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(log, lte(auditEvents.at, cutoff)))
      .limit(PURGE_BATCH);
    const rows = await db
      .delete(auditEvents)
      .where(inArray(auditEvents.id, batch))
      .returning({ id: auditEvents.id });
    deleted += rows.length;
    if (rows.length < PURGE_BATCH) return deleted;
  }
}

/**
 * The retention of every audit log: each office's in turn (decision 0102), then the installation's. Answers the
 * events deleted.
 */
export async function purgeOldAuditEventsEverywhere(db: Db, retentionDays: number, now = new Date()) {
  const inOffices = await forEachOffice(db, () => purgeOldAuditEvents(db, retentionDays, now));
  return inOffices + (await runInOffice(null, () => purgeOldAuditEvents(db, retentionDays, now)));
}
