import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AUDITION_MESSAGES,
  ROSTER_STATUS_LABELS,
  doublePlacements,
  type AuditionConflict,
  type RosterStatus,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { applicants, auditionInvitations, auditionSlots } from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { allowanceLimits, spendAllowance } from '../email';
import { conflictsFor } from '../roster';
import { calendarAttachment } from './calendar';
import { mailFacts, noticeMail } from './mail';
import { addressesFor, contactsOf } from './recipients';
import { HOLDING_STATUSES, projectNameOf, scheduleOf, sessionOf } from './sessions';

export interface ScheduleMove {
  invitationId: string;
  slotId: string | null;
  waitlisted?: boolean;
}

const invitationNotFound = () => new AppError('NOT_FOUND', AUDITION_MESSAGES.invitationNotFound);

/**
 * Assigns, moves, swaps or takes candidates off the grid in one call. The conflicts come back before anything is
 * saved: a slot over its capacity, a person in two slots at once (in any session of the office), a person held or
 * booked by another project in the roster on the session's day. With `save` and no conflict (or `force`), the moves
 * are written in one transaction, each moved invitation's calendar sequence rises and its recipients are told.
 */
export async function changeSchedule(
  context: AppContext,
  tx: Db,
  caller: { userId: string; principal: Principal },
  projectId: string,
  sessionId: string,
  change: { moves: readonly ScheduleMove[]; save: boolean; force: boolean },
) {
  const session = await sessionOf(tx, projectId, sessionId, true);
  const rows = await tx
    .select({
      invitation: auditionInvitations,
      personId: applicants.personId,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
    })
    .from(auditionInvitations)
    .innerJoin(applicants, eq(applicants.id, auditionInvitations.applicantId))
    .where(eq(auditionInvitations.sessionId, session.id))
    .for('update', { of: auditionInvitations });
  const byId = new Map(rows.map((row) => [row.invitation.id, row]));
  const slots = await tx.select().from(auditionSlots).where(eq(auditionSlots.sessionId, session.id));
  const slotById = new Map(slots.map((slot) => [slot.id, slot]));
  const after = new Map(rows.map((row) => [row.invitation.id, row.invitation.slotId]));
  for (const move of change.moves) {
    if (!byId.has(move.invitationId)) throw invitationNotFound();
    if (move.slotId !== null && !slotById.has(move.slotId))
      throw new AppError('NOT_FOUND', AUDITION_MESSAGES.slotNotFound);
    after.set(move.invitationId, move.slotId);
  }
  const name = (id: string) => `${byId.get(id)!.firstName} ${byId.get(id)!.lastName}`.trim();
  const holding = rows.filter((row) => HOLDING_STATUSES.includes(row.invitation.status));
  const moved = new Set(change.moves.map((move) => move.invitationId));
  const conflicts: AuditionConflict[] = [];

  // Capacity, after every move.
  const counts = new Map<string, string[]>();
  for (const row of holding) {
    const slotId = after.get(row.invitation.id);
    if (slotId) counts.set(slotId, [...(counts.get(slotId) ?? []), row.invitation.id]);
  }
  for (const [slotId, ids] of counts) {
    if (ids.length <= slotById.get(slotId)!.capacity) continue;
    for (const id of ids.filter((item) => moved.has(item))) {
      conflicts.push({ kind: 'FULL_SLOT', invitationId: id, message: AUDITION_MESSAGES.fullSlot(name(id)) });
    }
  }

  // The same person in two slots at once: this session after the moves, and their other sessions' held slots.
  const placedHere = holding.filter((row) => moved.has(row.invitation.id) && after.get(row.invitation.id));
  const personKey = (row: { personId: string | null; invitation: { applicantId: string } }) =>
    row.personId ?? row.invitation.applicantId;
  const personIds = [...new Set(placedHere.map((row) => row.personId).filter((id): id is string => !!id))];
  const elsewhere = personIds.length
    ? await tx
        .select({
          id: auditionInvitations.id,
          personId: applicants.personId,
          startsAt: auditionSlots.startsAt,
          endsAt: auditionSlots.endsAt,
        })
        .from(auditionInvitations)
        .innerJoin(applicants, eq(applicants.id, auditionInvitations.applicantId))
        .innerJoin(auditionSlots, eq(auditionSlots.id, auditionInvitations.slotId))
        .where(
          and(
            inArray(applicants.personId, personIds),
            ne(auditionInvitations.sessionId, session.id),
            inArray(auditionInvitations.status, [...HOLDING_STATUSES]),
          ),
        )
    : [];
  const placements = [
    ...holding
      .filter((row) => after.get(row.invitation.id))
      .map((row) => {
        const slot = slotById.get(after.get(row.invitation.id)!)!;
        return {
          personKey: personKey(row),
          slotKey: row.invitation.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
        };
      }),
    ...elsewhere.map((row) => ({ personKey: row.personId!, slotKey: `other:${row.id}`, ...row })),
  ];
  const flagged = new Set<string>();
  for (const pair of doublePlacements(placements)) {
    const id = pair.slotKeys.find((key) => moved.has(key));
    if (!id || flagged.has(id)) continue;
    flagged.add(id);
    conflicts.push({
      kind: 'DOUBLE_PLACEMENT',
      invitationId: id,
      message: AUDITION_MESSAGES.doublePlacement(name(id)),
    });
  }

  // Holds and bookings of another project in the roster on the session's day.
  const targets = placedHere
    .filter((row) => row.personId)
    .map((row) => ({
      key: row.invitation.id,
      personId: row.personId!,
      startDate: session.day,
      endDate: session.day,
    }));
  const roster = await conflictsFor(tx, caller.principal, projectId, targets);
  for (const [id, clashes] of roster) {
    for (const clash of clashes) {
      conflicts.push({
        kind: 'ROSTER',
        invitationId: id,
        message: AUDITION_MESSAGES.rosterClash(
          name(id),
          clash.projectName,
          ROSTER_STATUS_LABELS[clash.status as RosterStatus],
        ),
      });
    }
  }

  const saved = change.save && (conflicts.length === 0 || change.force);
  if (saved) {
    const changed = change.moves.filter(
      (move) => byId.get(move.invitationId)!.invitation.slotId !== move.slotId,
    );
    for (const move of change.moves) {
      await tx
        .update(auditionInvitations)
        .set({
          slotId: move.slotId,
          waitlisted: move.slotId
            ? false
            : (move.waitlisted ?? byId.get(move.invitationId)!.invitation.waitlisted),
          calendarSequence: changed.includes(move)
            ? sql`${auditionInvitations.calendarSequence} + 1`
            : auditionInvitations.calendarSequence,
          updatedAt: new Date(),
        })
        .where(eq(auditionInvitations.id, move.invitationId));
    }
    await tellMoved(context, tx, caller.userId, projectId, session, changed, byId, slotById);
    await context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId: session.id }, { tx });
  }
  return { saved, conflicts, schedule: await scheduleOf(tx, projectId, session.id) };
}

/**
 * Mails the recipients of invitations whose answered slot moved (a placement before any answer is not news), each
 * with the event's calendar file at its new time. Also used when the office accepts a requested change.
 */
export async function tellMoved(
  context: AppContext,
  tx: Db,
  userId: string,
  projectId: string,
  session: Awaited<ReturnType<typeof sessionOf>>,
  changed: readonly ScheduleMove[],
  byId: Map<string, { invitation: typeof auditionInvitations.$inferSelect }>,
  slotById: Map<string, typeof auditionSlots.$inferSelect>,
) {
  const told = changed.filter((move) => {
    const invitation = byId.get(move.invitationId)!.invitation;
    return invitation.slotId !== null && HOLDING_STATUSES.includes(invitation.status);
  });
  if (told.length === 0) return;
  const contacts = await contactsOf(
    tx,
    projectId,
    told.map((move) => byId.get(move.invitationId)!.invitation.applicantId),
  );
  const projectName = await projectNameOf(tx, projectId);
  const mails = told.flatMap((move) => {
    const invitation = byId.get(move.invitationId)!.invitation;
    const person = contacts.get(invitation.applicantId)!;
    const slot = move.slotId ? slotById.get(move.slotId)! : null;
    // The same event at its new time (its row's sequence was raised by the move); back to the waiting list, the
    // held time is cancelled.
    const calendar = calendarAttachment({
      invitation: { id: invitation.id, calendarSequence: invitation.calendarSequence + 1 },
      session,
      slot,
      projectName,
      cancelled: slot === null,
      pageUrl: null,
      publicUrl: context.config.publicUrl,
    });
    return addressesFor(person, invitation.recipients as never).map((address) =>
      noticeMail(
        address.to,
        mailFacts(session, projectName, person.name, slot?.startsAt ?? null, address.forAgent),
        'MOVED',
        calendar,
      ),
    );
  });
  if (mails.length === 0) return;
  await spendAllowance(tx, allowanceLimits(context.config), userId, projectId, mails.length);
  for (const message of mails) await enqueueMail(context.jobs, { kind: 'notice', message }, tx);
}
