import { and, eq, inArray, sql } from 'drizzle-orm';
import { AUDITION_REMINDERS, type AuditionKind, type AuditionReminder } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { forEachOffice } from '../../platform/db/office-of';
import { auditionInvitations, auditionSessions, auditionSlots } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/queue';
import { noticeMail } from './mail';
import { addressesFor, contactsOf } from './recipients';
import { HOLDING_STATUSES, projectNameOf } from './sessions';

export const AUDITION_REMINDER_QUEUE = 'audition-reminders';
const MINUTE_MS = 60_000;

/** Which reminder is due at `now` for a slot, if any: the latest whose time has come, while the slot is ahead. */
export function dueReminder(startsAt: Date, now: Date, sent: readonly string[]): AuditionReminder | null {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead <= 0) return null;
  const due = (Object.entries(AUDITION_REMINDERS) as [AuditionReminder, number][])
    .filter(([, minutes]) => ahead <= minutes * MINUTE_MS)
    .sort((a, b) => a[1] - b[1])[0];
  if (!due || sent.includes(due[0])) return null;
  return due[0];
}

/**
 * Sends the reminders due at `now` (the day before and two hours before a held slot) in the current office, each
 * once: a reminder whose time passed while an earlier one was being sent is marked with it, never sent late twice.
 * Reminders are the office's own notices about an invitation already sent: they are not counted in the candidate
 * mail allowance, which limits what people send.
 */
export async function sendDueReminders(context: AppContext, db: Db, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + AUDITION_REMINDERS.DAY_BEFORE * MINUTE_MS);
  const rows = await db
    .select({ invitation: auditionInvitations, slot: auditionSlots, session: auditionSessions })
    .from(auditionInvitations)
    .innerJoin(auditionSlots, eq(auditionSlots.id, auditionInvitations.slotId))
    .innerJoin(auditionSessions, eq(auditionSessions.id, auditionInvitations.sessionId))
    .where(
      and(
        inArray(auditionInvitations.status, [...HOLDING_STATUSES]),
        sql`${auditionSlots.startsAt} > ${now.toISOString()}::timestamptz`,
        sql`${auditionSlots.startsAt} <= ${horizon.toISOString()}::timestamptz`,
      ),
    )
    .limit(500);
  let sent = 0;
  for (const { invitation, slot, session } of rows) {
    const due = dueReminder(slot.startsAt, now, invitation.remindersSent);
    if (!due) continue;
    const passed = (Object.keys(AUDITION_REMINDERS) as AuditionReminder[]).filter(
      (name) => AUDITION_REMINDERS[name] >= AUDITION_REMINDERS[due],
    );
    await db.transaction(async (tx) => {
      const person = (await contactsOf(tx, invitation.projectId, [invitation.applicantId])).get(
        invitation.applicantId,
      );
      const projectName = await projectNameOf(tx, invitation.projectId);
      for (const address of person ? addressesFor(person, invitation.recipients as never) : []) {
        const message = noticeMail(
          address.to,
          {
            kind: session.kind as AuditionKind,
            projectName,
            candidateName: person!.name,
            timeZone: session.timeZone,
            startsAt: slot.startsAt,
            place: session.place,
            videoLink: session.videoLink,
            forAgent: address.forAgent,
          },
          'REMINDER',
        );
        await enqueueMail(context.jobs, { kind: 'notice', message }, tx);
        sent += 1;
      }
      await tx
        .update(auditionInvitations)
        .set({ remindersSent: [...new Set([...invitation.remindersSent, ...passed])] })
        .where(eq(auditionInvitations.id, invitation.id));
    });
  }
  return sent;
}

/** Every quarter of an hour, each office's due reminders. */
export function defineReminderJobs(context: AppContext) {
  const { jobs } = context;
  jobs.define(
    AUDITION_REMINDER_QUEUE,
    async () => {
      const { db } = context.database;
      await forEachOffice(db, () => sendDueReminders(context, db, new Date()));
    },
    { policy: 'stately', retryLimit: 2 },
  );
  jobs.schedule(AUDITION_REMINDER_QUEUE, '*/15 * * * *');
}
