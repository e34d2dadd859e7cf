import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { SELF_TAPE_TEXTS, type SelfTapeRecipient, type SelfTapeTracking } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Database, Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { applicants, selfTapeRecipients, selfTapeRequests } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/errors';
import { queueReminders } from './send-job';
import { presentRequest } from './view';

/** A request of the project (an id of another project or office is not found). */
export async function requestInProject(db: Queryable, projectId: string, requestId: string) {
  if (!isUuid(requestId)) throw notFound('The self-tape request');
  const [row] = await db
    .select()
    .from(selfTapeRequests)
    .where(and(eq(selfTapeRequests.id, requestId), eq(selfTapeRequests.projectId, projectId)));
  if (!row) throw notFound('The self-tape request');
  return row;
}

type RecipientRow = typeof selfTapeRecipients.$inferSelect;

export function presentRecipient(row: RecipientRow, candidateName: string): SelfTapeRecipient {
  return {
    id: row.id,
    submissionId: row.submissionId,
    applicantId: row.applicantId,
    candidateName,
    kind: row.kind as SelfTapeRecipient['kind'],
    email: row.email,
    status: row.status as SelfTapeRecipient['status'],
    deadline: row.deadline.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    late: row.late,
    declineReason: row.declineReason,
    extension: row.extension as SelfTapeRecipient['extension'],
    extensionNote: row.extensionNote,
  };
}

/** The project's requests, newest first, keyset-paged on (created_at, id). */
export async function listRequests(
  db: Queryable,
  projectId: string,
  cursor: string | undefined,
  limit: number,
) {
  let after = sql`true`;
  if (cursor) {
    const [at, id] = cursor.split('_');
    const when = new Date(at ?? '');
    if (!id || !isUuid(id) || Number.isNaN(when.getTime())) throw new AppError('BAD_REQUEST', 'Bad cursor.');
    after = or(
      lt(selfTapeRequests.createdAt, when),
      and(eq(selfTapeRequests.createdAt, when), lt(selfTapeRequests.id, id)),
    )!;
  }
  const rows = await db
    .select()
    .from(selfTapeRequests)
    .where(and(eq(selfTapeRequests.projectId, projectId), after))
    .orderBy(desc(selfTapeRequests.createdAt), desc(selfTapeRequests.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentRequest),
    nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

/**
 * A request's tracking: the request, totals over all its recipients (one aggregate over the request's index range),
 * and one page of recipients in id order (keyset on the id), read from one snapshot. Read statement by statement, a
 * sending job or a submission that committed in between showed recipients that the totals and the progress did not
 * count yet. On PostgreSQL the transaction asks for that snapshot; the embedded engine runs one transaction at a time,
 * so any transaction there is one snapshot (and its transactions set their scope first, after which no isolation
 * level may be asked for).
 */
export async function requestTracking(
  database: Pick<Database, 'db' | 'kind'>,
  projectId: string,
  requestId: string,
  query: { cursor?: string; limit: number },
): Promise<SelfTapeTracking> {
  const snapshot =
    database.kind === 'postgres'
      ? ({ isolationLevel: 'repeatable read', accessMode: 'read only' } as const)
      : undefined;
  return database.db.transaction((tx) => readTracking(tx, projectId, requestId, query), snapshot);
}

async function readTracking(
  db: Queryable,
  projectId: string,
  requestId: string,
  query: { cursor?: string; limit: number },
): Promise<SelfTapeTracking> {
  const request = await requestInProject(db, projectId, requestId);
  if (query.cursor && !isUuid(query.cursor)) throw new AppError('BAD_REQUEST', 'Bad cursor.');
  const [totals] = await db
    .select({
      recipients: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where ${selfTapeRecipients.status} = 'SENT')::int`,
      opened: sql<number>`count(*) filter (where ${selfTapeRecipients.openedAt} is not null)::int`,
      submitted: sql<number>`count(*) filter (where ${selfTapeRecipients.status} = 'SUBMITTED')::int`,
      late: sql<number>`count(*) filter (where ${selfTapeRecipients.late})::int`,
      declined: sql<number>`count(*) filter (where ${selfTapeRecipients.status} = 'DECLINED')::int`,
      extensionsAsked: sql<number>`count(*) filter (where ${selfTapeRecipients.extension} = 'ASKED')::int`,
    })
    .from(selfTapeRecipients)
    .where(eq(selfTapeRecipients.requestId, request.id));
  const rows = await db
    .select({
      row: selfTapeRecipients,
      candidateName: sql<string>`trim(${applicants.firstName} || ' ' || coalesce(${applicants.lastName}, ''))`,
    })
    .from(selfTapeRecipients)
    .innerJoin(applicants, eq(applicants.id, selfTapeRecipients.applicantId))
    .where(
      and(
        eq(selfTapeRecipients.requestId, request.id),
        query.cursor ? gt(selfTapeRecipients.id, query.cursor) : sql`true`,
      ),
    )
    .orderBy(asc(selfTapeRecipients.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    request: presentRequest(request),
    totals: totals!,
    items: page.map(({ row, candidateName }) => presentRecipient(row, candidateName)),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.row.id ?? null) : null,
  };
}

/**
 * The office answers a recipient's request for more time: granting moves that recipient's deadline (later than the
 * one they have) and queues its reminders afresh; refusing keeps it. Published to the tracking page.
 */
export async function answerExtension(
  context: AppContext,
  projectId: string,
  requestId: string,
  recipientId: string,
  answer: { grant: boolean; deadline?: string },
) {
  return context.database.db.transaction(async (tx) => {
    const request = await requestInProject(tx, projectId, requestId);
    if (!isUuid(recipientId)) throw notFound('The recipient');
    const [recipient] = await tx
      .select()
      .from(selfTapeRecipients)
      .where(and(eq(selfTapeRecipients.id, recipientId), eq(selfTapeRecipients.requestId, request.id)))
      .for('update');
    if (!recipient) throw notFound('The recipient');
    if (recipient.extension !== 'ASKED') throw new AppError('CONFLICT', SELF_TAPE_TEXTS.noExtensionAsked);
    let deadline = recipient.deadline;
    if (answer.grant) {
      const next = answer.deadline ? new Date(answer.deadline) : null;
      if (!next || next.getTime() <= recipient.deadline.getTime()) {
        throw new AppError('BAD_REQUEST', SELF_TAPE_TEXTS.laterDeadline);
      }
      deadline = next;
    }
    const [updated] = await tx
      .update(selfTapeRecipients)
      .set({
        extension: answer.grant ? 'GRANTED' : 'REFUSED',
        deadline,
        ...(answer.grant ? { remindedHours: [] } : {}),
      })
      .where(eq(selfTapeRecipients.id, recipient.id))
      .returning();
    if (answer.grant) {
      // Only the granted deadline's reminders: the request's own were queued when it was sent.
      await queueReminders(context, tx as Db, { ...request, deadline, agencyDeadline: null }, new Date());
    }
    await context.events.publish(projectId, 'SELF_TAPES_UPDATED', { requestId, status: 'EXTENSION' }, { tx });
    const [who] = await tx
      .select({
        name: sql<string>`trim(${applicants.firstName} || ' ' || coalesce(${applicants.lastName}, ''))`,
      })
      .from(applicants)
      .where(eq(applicants.id, recipient.applicantId));
    return presentRecipient(updated!, who?.name ?? '');
  });
}
