import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { applicants, projects, roles, selfTapeRecipients, selfTapeRequests } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/queue';
import { selfTapeReminderMail } from './mail';

/** The queue of reminder jobs: each is sent with `startAfter` at one reminder's moment. */
export const SELF_TAPES_REMINDER_QUEUE = 'self-tapes-reminder';
export interface SelfTapeReminderJob {
  requestId: string;
}

const HOUR_MS = 3_600_000;

/**
 * Mails a reminder to every recipient of the request who has neither submitted nor declined and whose own deadline
 * (moved by an extension) is ahead of `now` but within one of the request's reminder offsets not yet sent to them.
 * The offsets sent are recorded per recipient, so a job run twice, or two jobs due together, mail once. Answers how
 * many reminders were queued.
 */
export async function runSelfTapeReminders(context: AppContext, requestId: string, now = new Date()) {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ row: selfTapeRequests, projectName: projects.name, roleName: roles.name })
      .from(selfTapeRequests)
      .innerJoin(projects, eq(projects.id, selfTapeRequests.projectId))
      .innerJoin(roles, eq(roles.id, selfTapeRequests.roleId))
      .where(eq(selfTapeRequests.id, requestId));
    if (!request) return 0;
    const waiting = await tx
      .select({
        recipient: selfTapeRecipients,
        candidateName: sql<string>`trim(${applicants.firstName} || ' ' || coalesce(${applicants.lastName}, ''))`,
      })
      .from(selfTapeRecipients)
      .innerJoin(applicants, eq(applicants.id, selfTapeRecipients.applicantId))
      .where(
        and(
          eq(selfTapeRecipients.requestId, requestId),
          inArray(selfTapeRecipients.status, ['SENT', 'OPENED']),
          gt(selfTapeRecipients.deadline, now),
          // A talent whose takes are with their agents for review has handed in: no reminder.
          sql`${selfTapeRecipients.review} is distinct from 'PENDING'`,
          // A co-agent or the talent already sent this candidate's tape: nobody else of theirs is reminded.
          sql`not exists (select 1 from self_tape_recipients other where other.request_id = ${requestId}
            and other.submission_id = ${selfTapeRecipients.submissionId} and other.status = 'SUBMITTED')`,
        ),
      )
      .for('update', { of: selfTapeRecipients });
    let sent = 0;
    for (const { recipient, candidateName } of waiting) {
      const due = request.row.reminderHours.filter(
        (hours) =>
          !recipient.remindedHours.includes(hours) &&
          recipient.deadline.getTime() - hours * HOUR_MS <= now.getTime(),
      );
      if (due.length === 0) continue;
      const hours = Math.min(...due);
      await enqueueMail(
        context.jobs,
        {
          kind: 'notice',
          message: selfTapeReminderMail({
            to: recipient.email,
            candidateName,
            forAgent: recipient.kind === 'AGENT',
            projectName: request.projectName,
            roleName: request.roleName,
            title: request.row.title,
            deadline: recipient.deadline,
            timeZone: request.row.timeZone,
            hours,
          }),
        },
        tx as Db,
      );
      await tx
        .update(selfTapeRecipients)
        .set({ remindedHours: [...recipient.remindedHours, ...due] })
        .where(eq(selfTapeRecipients.id, recipient.id));
      sent += 1;
    }
    return sent;
  });
}
