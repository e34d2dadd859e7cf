import { and, asc, eq, sql } from 'drizzle-orm';
import {
  AUDITION_MESSAGES,
  type AuditionKind,
  type PrivateAudition,
  type PrivateAuditionAnswer,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { isUuid } from '../../platform/db/ids';
import { applicants, auditionInvitations, auditionSessions, auditionSlots } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { emitWebhookEvent } from '../webhooks';
import { invitationCalendar, invitationEvent } from './calendar';
import { hashSecret, invitationPageUrl } from './secret';
import { HOLDING_STATUSES, projectNameOf, sessionOf } from './sessions';

const notFound = () => new AppError('NOT_FOUND', AUDITION_MESSAGES.invitationNotFound);

/** The invitation a secret opens, within the project the link names (one query); 404 for anything else. */
async function invitationBySecret(db: Queryable, projectId: string, secret: string, lock = false) {
  if (!isUuid(projectId)) throw notFound();
  const query = db
    .select({
      invitation: auditionInvitations,
      session: auditionSessions,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
    })
    .from(auditionInvitations)
    .innerJoin(auditionSessions, eq(auditionSessions.id, auditionInvitations.sessionId))
    .innerJoin(applicants, eq(applicants.id, auditionInvitations.applicantId))
    .where(
      and(
        eq(auditionInvitations.secretHash, hashSecret(secret)),
        eq(auditionInvitations.projectId, projectId),
      ),
    );
  const [row] = lock ? await query.for('update', { of: auditionInvitations }) : await query;
  if (!row) throw notFound();
  return row;
}

/** The session's slots with room left (the invitation's own slot aside). */
async function openSlotsOf(db: Queryable, sessionId: string, ownSlotId: string | null) {
  const rows = await db
    .select({ id: auditionSlots.id, startsAt: auditionSlots.startsAt, endsAt: auditionSlots.endsAt })
    .from(auditionSlots)
    .where(
      and(
        eq(auditionSlots.sessionId, sessionId),
        sql`${auditionSlots.capacity} > (select count(*) from audition_invitations i where i.slot_id = ${auditionSlots.id}
          and i.status in ('INVITED', 'CONFIRMED', 'CHANGE_REQUESTED'))`,
      ),
    )
    .orderBy(asc(auditionSlots.position));
  return rows.filter((row) => row.id !== ownSlotId);
}

const iso = (slot: { id: string; startsAt: Date; endsAt: Date }) => ({
  id: slot.id,
  startsAt: slot.startsAt.toISOString(),
  endsAt: slot.endsAt.toISOString(),
});

async function present(
  db: Queryable,
  projectId: string,
  row: Awaited<ReturnType<typeof invitationBySecret>>,
) {
  const { invitation, session } = row;
  const [slot] = invitation.slotId
    ? await db.select().from(auditionSlots).where(eq(auditionSlots.id, invitation.slotId))
    : [];
  const closed = !HOLDING_STATUSES.includes(invitation.status);
  const answer: PrivateAudition = {
    projectName: await projectNameOf(db, projectId),
    candidateName: `${row.firstName} ${row.lastName}`.trim(),
    kind: session.kind as AuditionKind,
    sessionName: session.name,
    timeZone: session.timeZone,
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    place: session.place,
    videoLink: closed ? null : session.videoLink,
    notes: session.notes,
    status: invitation.status as PrivateAudition['status'],
    mode: invitation.mode as PrivateAudition['mode'],
    slot: slot ? iso(slot) : null,
    openSlots: closed ? [] : (await openSlotsOf(db, session.id, invitation.slotId)).map(iso),
    declineReason: invitation.declineReason,
    requestedSlotId: invitation.requestedSlotId,
  };
  return answer;
}

/** `GET /auditions/invitations/{projectId}?token=`: the recipient's page. */
export async function privateInvitation(context: AppContext, projectId: string, token: string) {
  const { db } = context.database;
  return present(db, projectId, await invitationBySecret(db, projectId, token));
}

/**
 * The recipient answers: confirm (a slot must be held), decline with a reason (the slot frees), pick an open slot
 * (when candidates pick; a full slot is refused), or ask for another time (the office accepts or not). Each answer
 * tells the office live and sends the `audition.answered` webhook event; one that changes the time or cancels
 * raises the calendar sequence. A cancelled or declined invitation takes no further answer (409).
 */
export async function answerInvitation(
  context: AppContext,
  projectId: string,
  answer: PrivateAuditionAnswer,
) {
  return context.database.db.transaction(async (tx) => {
    // The session's row first, then the invitation's: the order every change that fills a slot takes (the office's
    // invitations, moves and accepted changes too), so a pick never races them for a place nor deadlocks with them.
    const found = await invitationBySecret(tx, projectId, answer.token);
    await sessionOf(tx, projectId, found.invitation.sessionId, true);
    const row = await invitationBySecret(tx, projectId, answer.token, true);
    const { invitation } = row;
    if (!HOLDING_STATUSES.includes(invitation.status))
      throw new AppError('CONFLICT', AUDITION_MESSAGES.closed);
    const now = new Date();
    const bump = sql`${auditionInvitations.calendarSequence} + 1`;
    let set: Partial<typeof auditionInvitations.$inferInsert> = {};
    switch (answer.action) {
      case 'CONFIRM':
        if (!invitation.slotId) throw new AppError('CONFLICT', AUDITION_MESSAGES.slotNotFound);
        set = { status: 'CONFIRMED' };
        break;
      case 'DECLINE':
        set = {
          status: 'DECLINED',
          declineReason: answer.reason,
          slotId: null,
          calendarSequence: bump as never,
        };
        break;
      case 'PICK': {
        if (invitation.mode !== 'CANDIDATE_PICKS')
          throw new AppError('CONFLICT', AUDITION_MESSAGES.notPicking);
        await takeSlot(tx, invitation.sessionId, answer.slotId);
        set = {
          status: 'CONFIRMED',
          slotId: answer.slotId,
          waitlisted: false,
          calendarSequence: bump as never,
        };
        break;
      }
      case 'REQUEST_CHANGE':
        if (answer.slotId) await slotInSession(tx, invitation.sessionId, answer.slotId);
        set = {
          status: 'CHANGE_REQUESTED',
          requestedSlotId: answer.slotId ?? null,
          changeMessage: answer.message,
        };
        break;
    }
    await tx
      .update(auditionInvitations)
      .set({ ...set, answeredAt: now, updatedAt: now })
      .where(eq(auditionInvitations.id, invitation.id));
    await context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId: invitation.sessionId }, { tx });
    await emitWebhookEvent(context.jobs, tx, 'audition.answered', {
      projectId,
      sessionId: invitation.sessionId,
      invitationId: invitation.id,
      applicantId: invitation.applicantId,
      answer: answer.action,
    });
    return present(tx, projectId, await invitationBySecret(tx, projectId, answer.token));
  });
}

async function slotInSession(db: Queryable, sessionId: string, slotId: string) {
  const [slot] = await db
    .select()
    .from(auditionSlots)
    .where(and(eq(auditionSlots.id, slotId), eq(auditionSlots.sessionId, sessionId)))
    .for('update');
  if (!slot) throw new AppError('NOT_FOUND', AUDITION_MESSAGES.slotNotFound);
  return slot;
}

/**
 * Locks the slot and checks it has room (409 when full), counting after the lock is held so the count sees every
 * place taken by a transaction that held it before: two recipients picking the last place at once, one gets it.
 */
export async function takeSlot(db: Db | Queryable, sessionId: string, slotId: string) {
  const slot = await slotInSession(db, sessionId, slotId);
  const [{ taken } = { taken: 0 }] = await db
    .select({ taken: sql<number>`count(*)::int` })
    .from(auditionInvitations)
    .where(
      and(
        eq(auditionInvitations.slotId, slotId),
        sql`${auditionInvitations.status} in ('INVITED', 'CONFIRMED', 'CHANGE_REQUESTED')`,
      ),
    );
  if (Number(taken) >= slot.capacity) throw new AppError('CONFLICT', AUDITION_MESSAGES.slotFull);
  return slot;
}

/** The invitation's calendar file: its slot, or the session while no slot is held; a cancellation when closed. */
export async function privateCalendar(context: AppContext, projectId: string, token: string) {
  const { db } = context.database;
  const { invitation, session } = await invitationBySecret(db, projectId, token);
  const [slot] = invitation.slotId
    ? await db.select().from(auditionSlots).where(eq(auditionSlots.id, invitation.slotId))
    : [];
  return invitationCalendar(
    invitationEvent({
      invitation,
      session,
      slot: slot ?? null,
      projectName: await projectNameOf(db, projectId),
      cancelled: !HOLDING_STATUSES.includes(invitation.status),
      pageUrl: invitationPageUrl(context.config.publicUrl, projectId, token),
      publicUrl: context.config.publicUrl,
    }),
  );
}
