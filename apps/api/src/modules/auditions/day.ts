import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AUDITION_ATTENDANCE_LABELS,
  AUDITION_MESSAGES,
  AUDITION_STATUS_LABELS,
  type AuditionAttendance,
  type AuditionStatus,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import {
  auditionInvitations,
  auditionResults,
  auditionSessions,
  auditionSlots,
  submissions,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { requestStoragePurge } from '../../platform/storage/purge';
import { allowanceLimits, spendAllowance } from '../email';
import { rateInTransaction, type RatedCandidate } from '../ratings';
import { calendarAttachment } from './calendar';
import { mailFacts, noticeMail } from './mail';
import { addressesFor, contactsOf } from './recipients';
import { runningOrder } from './running-order';
import { tellMoved } from './schedule';
import { takeSlot } from './private-page';
import {
  HOLDING_STATUSES,
  projectNameOf,
  scheduleOf,
  sessionOf,
  tellSessionChanged,
  type SessionRow,
} from './sessions';

const notFound = () => new AppError('NOT_FOUND', AUDITION_MESSAGES.invitationNotFound);

/** The session's invitation, locked; 404 for one of another session or project. */
export async function invitationOf(db: Queryable, sessionId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw notFound();
  const [row] = await db
    .select()
    .from(auditionInvitations)
    .where(and(eq(auditionInvitations.id, invitationId), eq(auditionInvitations.sessionId, sessionId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The submission a session's candidate stands for: theirs (visible to the team, not held for an agency's review) for
 * the first of the session's opportunities, in the session's order, they applied for; for a session naming no
 * opportunity, their earliest. None when they applied for none of the session's opportunities (decision 0845).
 */
async function sessionSubmissionOf(
  db: Queryable,
  session: SessionRow,
  applicantId: string,
): Promise<RatedCandidate | null> {
  const rows = await db
    .select({ submissionId: submissions.id, roleId: submissions.roleId })
    .from(submissions)
    .where(
      and(
        eq(submissions.projectId, session.projectId),
        eq(submissions.applicantId, applicantId),
        sql`not ${submissions.reviewHeld}`,
      ),
    )
    .orderBy(asc(submissions.createdAt), asc(submissions.id));
  if (session.roleIds.length === 0) return rows[0] ?? null;
  for (const roleId of session.roleIds) {
    const row = rows.find((item) => item.roleId === roleId);
    if (row) return row;
  }
  return null;
}

/**
 * The session day's record for one candidate: attendance (the first arrival is timed), notes, rating. A rating given
 * here is also the staff member's rating of the candidate for the session's opportunity, written by the ratings
 * module in this transaction, so the candidates workspace averages, sorts and filters on one scale (decision 0845);
 * clearing the session's rating leaves that rating as it is.
 */
export async function recordResult(
  context: AppContext,
  tx: Db,
  userId: string,
  projectId: string,
  sessionId: string,
  invitationId: string,
  input: { attendance?: AuditionAttendance | null; notes?: string | null; rating?: number | null },
) {
  const session = await sessionOf(tx, projectId, sessionId);
  const invitation = await invitationOf(tx, session.id, invitationId);
  const arrived = input.attendance && input.attendance !== 'NO_SHOW' ? new Date() : null;
  const values = {
    ...(input.attendance !== undefined ? { attendance: input.attendance } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(input.rating !== undefined ? { rating: input.rating } : {}),
    updatedById: userId,
    updatedAt: new Date(),
  };
  await tx
    .insert(auditionResults)
    .values({
      invitationId: invitation.id,
      sessionId: session.id,
      applicantId: invitation.applicantId,
      checkedInAt: arrived,
      ...values,
    })
    .onConflictDoUpdate({
      target: auditionResults.invitationId,
      set: {
        ...values,
        checkedInAt: sql`coalesce(${auditionResults.checkedInAt}, ${arrived?.toISOString() ?? null}::timestamptz)`,
      },
    });
  if (typeof input.rating === 'number') {
    const candidate = await sessionSubmissionOf(tx, session, invitation.applicantId);
    if (candidate) await rateInTransaction(tx, context.events, projectId, userId, candidate, input.rating);
  }
  await context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId: session.id }, { tx });
  return scheduleOf(tx, projectId, session.id);
}

/**
 * The office cancels an invitation: the slot frees, the calendar file becomes a cancellation and the recipients are
 * told by mail (counted in the candidate-mail allowance, as a moved slot's notice is), unless they had declined.
 * Colleagues' screens refresh live, as for every other change of the schedule.
 */
export async function cancelInvitation(
  context: AppContext,
  tx: Db,
  userId: string,
  projectId: string,
  sessionId: string,
  invitationId: string,
) {
  const session = await sessionOf(tx, projectId, sessionId);
  const invitation = await invitationOf(tx, session.id, invitationId);
  if (invitation.status !== 'CANCELLED') {
    await tx
      .update(auditionInvitations)
      .set({
        status: 'CANCELLED',
        slotId: null,
        requestedSlotId: null,
        calendarSequence: sql`${auditionInvitations.calendarSequence} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(auditionInvitations.id, invitation.id));
    if (HOLDING_STATUSES.includes(invitation.status))
      await tellCancelled(context, tx, userId, session, [invitation]);
    await context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId: session.id }, { tx });
  }
  return scheduleOf(tx, projectId, session.id);
}

/**
 * The cancellation notice to each recipient of the invitations, naming the time that no longer holds (the slot's, or
 * the session's start while none was held), counted in the allowance in one spend (decision 0844).
 */
async function tellCancelled(
  context: AppContext,
  tx: Db,
  userId: string,
  session: SessionRow,
  invitations: readonly (typeof auditionInvitations.$inferSelect)[],
) {
  if (invitations.length === 0) return;
  const contacts = await contactsOf(
    tx,
    session.projectId,
    invitations.map((item) => item.applicantId),
  );
  const projectName = await projectNameOf(tx, session.projectId);
  const slots = await tx.select().from(auditionSlots).where(eq(auditionSlots.sessionId, session.id));
  const slotOf = new Map(slots.map((slot) => [slot.id, slot]));
  const mails = invitations.flatMap((invitation) => {
    const person = contacts.get(invitation.applicantId);
    if (!person) return [];
    const slot = (invitation.slotId && slotOf.get(invitation.slotId)) || null;
    // The rows are as they were before the cancellation, whose update (or the session's delete) counts one more.
    const calendar = calendarAttachment({
      invitation: { id: invitation.id, calendarSequence: invitation.calendarSequence + 1 },
      session,
      slot,
      projectName,
      cancelled: true,
      pageUrl: null,
      publicUrl: context.config.publicUrl,
    });
    return addressesFor(person, invitation.recipients as never).map((address) =>
      noticeMail(
        address.to,
        mailFacts(session, projectName, person.name, slot?.startsAt ?? session.startsAt, address.forAgent),
        'CANCELLED',
        calendar,
      ),
    );
  });
  if (mails.length === 0) return;
  await spendAllowance(tx, allowanceLimits(context.config), userId, session.projectId, mails.length);
  for (const message of mails) await enqueueMail(context.jobs, { kind: 'notice', message }, tx);
}

/**
 * Deletes a session with its slots, invitations and results (the foreign keys cascade). Everyone whose invitation
 * still held is told it is cancelled, as a cancelled invitation's recipients are; colleagues' pages refresh live.
 */
export async function deleteSession(
  context: AppContext,
  tx: Db,
  userId: string,
  projectId: string,
  sessionId: string,
) {
  const session = await sessionOf(tx, projectId, sessionId, true);
  const holding = await tx
    .select()
    .from(auditionInvitations)
    .where(
      and(
        eq(auditionInvitations.sessionId, session.id),
        inArray(auditionInvitations.status, [...HOLDING_STATUSES]),
      ),
    );
  await tellCancelled(context, tx, userId, session, holding);
  // The table's delete trigger queues the printed schedule's files for the storage purge.
  await tx.delete(auditionSessions).where(eq(auditionSessions.id, session.id));
  await requestStoragePurge(context.jobs, { tx });
  await tellSessionChanged(context, tx, projectId, session.id);
}

/** The office accepts a requested change: the asked-for slot (when one was named, and it has room) is confirmed. */
export async function acceptChange(
  context: AppContext,
  tx: Db,
  userId: string,
  projectId: string,
  sessionId: string,
  invitationId: string,
) {
  // Locked as the recipient's pick and the office's moves lock it: the place asked for cannot be taken meanwhile.
  const session = await sessionOf(tx, projectId, sessionId, true);
  const invitation = await invitationOf(tx, session.id, invitationId);
  if (invitation.status !== 'CHANGE_REQUESTED')
    throw new AppError('CONFLICT', AUDITION_MESSAGES.noChangeRequested);
  const slotId = invitation.requestedSlotId ?? invitation.slotId;
  if (invitation.requestedSlotId && invitation.requestedSlotId !== invitation.slotId) {
    await takeSlot(tx, session.id, invitation.requestedSlotId);
  }
  await tx
    .update(auditionInvitations)
    .set({
      status: 'CONFIRMED',
      slotId,
      waitlisted: false,
      requestedSlotId: null,
      changeMessage: null,
      calendarSequence: sql`${auditionInvitations.calendarSequence} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(auditionInvitations.id, invitation.id));
  // A new time is news to the recipients (the same mail and calendar file as a move by the office).
  if (slotId && slotId !== invitation.slotId) {
    const [slot] = await tx.select().from(auditionSlots).where(eq(auditionSlots.id, slotId));
    await tellMoved(
      context,
      tx,
      userId,
      projectId,
      session,
      [{ invitationId: invitation.id, slotId }],
      new Map([[invitation.id, { invitation }]]),
      new Map([[slotId, slot!]]),
    );
  }
  await context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId: session.id }, { tx });
  return scheduleOf(tx, projectId, session.id);
}

/** A cell as spreadsheets read it: quoted, and a leading formula character neutralised. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The session as CSV, in running order (placed first, then waiting): time in the session's zone, candidate, status,
 * attendance, rating and notes; e-mail, phone and agents only for those who may manage the roster (`contacts`).
 */
export async function sessionCsv(db: Queryable, projectId: string, sessionId: string, contacts: boolean) {
  const { session, rows } = await runningOrder(db, projectId, sessionId, contacts);
  const header = [
    `Time (${session.timeZone})`,
    'First name',
    'Last name',
    'Status',
    'Attendance',
    'Rating',
    'Notes',
  ];
  if (contacts) header.push('E-mail', 'Phone', 'Agents');
  const lines = [header.map(cell).join(',')];
  for (const { invitation: item, time, contacts: person } of rows) {
    const row: (string | number | null)[] = [
      time,
      item.firstName,
      item.lastName,
      AUDITION_STATUS_LABELS[item.status as AuditionStatus],
      item.result.attendance ? AUDITION_ATTENDANCE_LABELS[item.result.attendance] : '',
      item.result.rating,
      item.result.notes,
    ];
    if (contacts) {
      row.push(
        person?.email ?? '',
        person?.phone ?? '',
        (person?.agents ?? []).map((agent) => `${agent.name} <${agent.email}>`).join('; '),
      );
    }
    lines.push(row.map(cell).join(','));
  }
  return { name: session.name, csv: `${lines.join('\r\n')}\r\n` };
}

export { HOLDING_STATUSES };
