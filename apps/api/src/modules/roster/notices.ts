import { and, eq, sql } from 'drizzle-orm';
import { ROSTER_NOTICE_TEMPLATES, ROSTER_STATUS_LABELS, type RosterStatus } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  agents,
  applicantRepresentatives,
  applicants,
  projects,
  roles,
  rosterEntries,
  rosterEvents,
  submissions,
} from '../../platform/db/schema';
import type { MailMessage } from '../../platform/mail/ports';
import { MAIL_QUEUE } from '../identity';

/** The queue of roster notices: one job per roster change the director chose to announce. */
export const ROSTER_NOTICE_QUEUE = 'roster-notice';
export interface RosterNoticeJob {
  eventId: string;
}

export interface NoticeTemplate {
  subject: string;
  body: string;
}

/**
 * THE one place that chooses the text of a roster notice. Today: the default texts of the domain catalogue. When
 * project e-mail templates exist (a parallel branch builds them), this looks up the project's template for the
 * status first and falls back to the default, and nothing else changes.
 */
export async function noticeTemplate(
  _db: Queryable,
  _projectId: string,
  status: RosterStatus,
): Promise<NoticeTemplate> {
  return ROSTER_NOTICE_TEMPLATES[status];
}

function datesText(startDate: string | null, endDate: string | null): string {
  if (!startDate) return 'dates to be confirmed';
  if (!endDate || endDate === startDate) return startDate;
  return `${startDate} to ${endDate}`;
}

/** Fills `{placeholder}`s; an unknown one stays as written. Blank lines left by an empty note are trimmed. */
export function renderNotice(template: NoticeTemplate, values: Record<string, string>): NoticeTemplate {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  return { subject: fill(template.subject), body: fill(template.body).trim() + '\n' };
}

/**
 * Sends the notice of one roster event, at most once: the event is claimed (`notified_at` set) and the mails are
 * queued on the `mail` queue in the same transaction, so a retried or duplicated job finds the event claimed and
 * sends nothing, and a failure before the commit leaves it unclaimed for the retry. Recipients: the talent's
 * e-mail, and the agent who submitted them or represents them in the project (each address once).
 */
export async function sendRosterNotice(context: Pick<AppContext, 'jobs'>, db: Db, eventId: string) {
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
    const message = renderNotice(template, {
      firstName: row.firstName,
      projectName: row.projectName,
      roleName: row.roleName,
      dates: datesText(event.startDate, event.endDate),
      rate: event.rate ?? 'as agreed',
      bookedAs: event.bookedAs ?? row.roleName,
      note: event.note ?? '',
      status: ROSTER_STATUS_LABELS[status],
    });
    const recipients = [...new Set([row.email, ...agentRows.map((agent) => agent.email)].filter(Boolean))];
    for (const to of recipients as string[]) {
      const mail: MailMessage = { to, subject: message.subject, text: message.body };
      await context.jobs.send(MAIL_QUEUE, { kind: 'notice', message: mail }, { tx: tx as Db });
    }
  });
}

export function defineRosterJobs(context: AppContext) {
  context.jobs.define<RosterNoticeJob>(
    ROSTER_NOTICE_QUEUE,
    async (job) => sendRosterNotice(context, context.database.db, job.eventId),
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true },
  );
}
