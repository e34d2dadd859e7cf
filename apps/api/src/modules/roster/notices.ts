import { and, eq, sql } from 'drizzle-orm';
import {
  renderEmail,
  ROSTER_NOTICE_STARTERS,
  ROSTER_STATUS_LABELS,
  starterTemplate,
  type EmailDoc,
  type RosterStatus,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  agents,
  applicantRepresentatives,
  applicants,
  emailTemplates,
  projects,
  roles,
  rosterEntries,
  rosterEvents,
  submissions,
} from '../../platform/db/schema';
import type { MailMessage } from '../../platform/mail/ports';
import { ensureStarterTemplates } from '../email';
import { enqueueMail } from '../../platform/mail/queue';

/** The queue of roster notices: one job per roster change the director chose to announce. */
export const ROSTER_NOTICE_QUEUE = 'roster-notice';
export interface RosterNoticeJob {
  eventId: string;
}

/**
 * THE one place that chooses the text of a roster notice (decision 0052): the project's e-mail template of the
 * status's kind (the roster starters, as the team edited them: availability check, hold, booking, release), or the
 * built-in starter text when the team deleted that template, so a director who asked for a notice still gets one
 * sent.
 */
export async function noticeTemplate(
  db: Queryable,
  projectId: string,
  status: RosterStatus,
): Promise<{ subject: string; body: EmailDoc }> {
  const key = ROSTER_NOTICE_STARTERS[status];
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.starterKey, key)));
  return row ?? starterTemplate(key);
}

function datesText(startDate: string | null, endDate: string | null): string {
  if (!startDate) return 'dates to be confirmed';
  if (!endDate || endDate === startDate) return startDate;
  return `${startDate} to ${endDate}`;
}

/**
 * Sends the notice of one roster event, at most once: the event is claimed (`notified_at` set) and the mails are
 * queued on the `mail` queue in the same transaction, so a retried or duplicated job finds the event claimed and
 * sends nothing, and a failure before the commit leaves it unclaimed for the retry. Recipients: the talent's
 * e-mail, and the agent who submitted them or represents them in the project (each address once).
 */
export async function sendRosterNotice(context: Pick<AppContext, 'jobs'>, db: Db, eventId: string) {
  const [pending] = await db
    .select({ projectId: rosterEvents.projectId })
    .from(rosterEvents)
    .where(and(eq(rosterEvents.id, eventId), sql`${rosterEvents.notifiedAt} is null`));
  if (!pending) return;
  // A project that never opened its templates gets its starters now, so the notice comes from its own template.
  await ensureStarterTemplates(db, pending.projectId);
  await db.transaction(async (tx) => {
    const [event] = await tx
      .update(rosterEvents)
      .set({ notifiedAt: new Date() })
      .where(
        and(
          eq(rosterEvents.id, eventId),
          eq(rosterEvents.notify, true),
          sql`${rosterEvents.notifiedAt} is null`,
        ),
      )
      .returning();
    if (!event) return;
    const [row] = await tx
      .select({
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        email: applicants.email,
        applicantId: applicants.id,
        projectName: projects.name,
        roleName: roles.name,
        referringAgentId: submissions.referringAgentId,
      })
      .from(rosterEntries)
      .innerJoin(applicants, eq(applicants.id, rosterEntries.applicantId))
      .innerJoin(projects, eq(projects.id, rosterEntries.projectId))
      .innerJoin(roles, eq(roles.id, rosterEntries.roleId))
      .innerJoin(submissions, eq(submissions.id, rosterEntries.submissionId))
      .where(eq(rosterEntries.id, event.entryId));
    if (!row) return;
    const agentRows = await tx
      .select({ email: agents.email })
      .from(agents)
      .where(
        sql`${agents.id} = ${row.referringAgentId} or ${agents.id} in (
          select ${applicantRepresentatives.agentId} from ${applicantRepresentatives}
          where ${applicantRepresentatives.applicantId} = ${row.applicantId}
            and ${applicantRepresentatives.status} <> 'DENIED')`,
      );
    const status = event.status as RosterStatus;
    const template = await noticeTemplate(tx, event.projectId, status);
    const message = renderEmail(
      template,
      {
        firstName: row.firstName,
        lastName: row.lastName,
        projectName: row.projectName,
        opportunityName: row.roleName,
        rosterStatus: ROSTER_STATUS_LABELS[status],
        dates: datesText(event.startDate, event.endDate),
        rate: event.rate ?? 'as agreed',
        bookedAs: event.bookedAs ?? row.roleName,
        rosterNote: event.note ?? '',
      },
      { note: `Sent for the casting team of “${row.projectName}”. Reply to this e-mail to answer them.` },
    );
    const recipients = [...new Set([row.email, ...agentRows.map((agent) => agent.email)].filter(Boolean))];
    for (const to of recipients as string[]) {
      const mail: MailMessage = { to, subject: message.subject, text: message.text, html: message.html };
      await enqueueMail(context.jobs, { kind: 'notice', message: mail }, tx as Db);
    }
  });
}

/** The notice queue: retried with backoff (a mail server may be down), then kept for an operator. */
export function defineNoticeJobs(context: AppContext) {
  context.jobs.define<RosterNoticeJob>(
    ROSTER_NOTICE_QUEUE,
    async (job) => sendRosterNotice(context, context.database.db, job.eventId),
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true },
  );
}
