import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { reminderTimes } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  agents,
  applicantRepresentatives,
  applicants,
  projects,
  roles,
  selfTapeRecipients,
  selfTapeRequests,
  submissions,
} from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/queue';
import { selfTapeRequestMail } from './mail';
import { SELF_TAPES_REMINDER_QUEUE, type SelfTapeReminderJob } from './reminders';
import { newRecipientSecret, recipientPageLink, secretDigest } from './secret';
import { queueWatermark } from './sides';

/** The queue of the one job that sends a request to all its candidates. */
export const SELF_TAPES_SEND_QUEUE = 'self-tapes-send';
export interface SelfTapeSendJob {
  requestId: string;
}

const BATCH = 50;

interface Person {
  kind: 'TALENT' | 'AGENT';
  /** A represented talent of a request with agency review hands in to their agents first. */
  reviewed: boolean;
  agentId: string | null;
  name: string;
  email: string;
}

/**
 * Who a candidate's request goes to: a represented candidate's every agent of every agency representing them (so
 * co-agents see it), and the talent too when the request says so or has agency review (then the talent's deadline is
 * the agency's, earlier); a candidate without representation directly.
 * A representation the agent denied does not count. Nobody with an address: nobody.
 */
async function peopleFor(
  tx: Queryable,
  rows: { submissionId: string; applicantId: string; name: string; email: string | null }[],
  sendToTalent: boolean,
  agencyReview: boolean,
): Promise<Map<string, Person[]>> {
  const applicantIds = rows.map((row) => row.applicantId);
  const agentRows = applicantIds.length
    ? await tx
        .selectDistinct({
          applicantId: applicantRepresentatives.applicantId,
          agentId: agents.id,
          firstName: agents.firstName,
          lastName: agents.lastName,
          email: agents.email,
        })
        .from(applicantRepresentatives)
        .innerJoin(agents, eq(agents.agencyId, applicantRepresentatives.agencyId))
        .where(
          and(
            inArray(applicantRepresentatives.applicantId, applicantIds),
            ne(applicantRepresentatives.status, 'DENIED'),
          ),
        )
    : [];
  const result = new Map<string, Person[]>();
  for (const row of rows) {
    const agentsOf = agentRows
      .filter((agent) => agent.applicantId === row.applicantId)
      .map<Person>((agent) => ({
        kind: 'AGENT',
        reviewed: false,
        agentId: agent.agentId,
        name: `${agent.firstName} ${agent.lastName}`.trim(),
        email: agent.email,
      }));
    const reviewed = agencyReview && agentsOf.length > 0;
    const talent: Person[] =
      row.email && (agentsOf.length === 0 || sendToTalent || reviewed)
        ? [{ kind: 'TALENT', reviewed, agentId: null, name: row.name, email: row.email }]
        : [];
    result.set(row.submissionId, [...agentsOf, ...talent]);
  }
  return result;
}

/**
 * Sends a request, fifty candidates per transaction: recipients are inserted with their secrets' digests and each new
 * one's mail queued in the same transaction; a recipient already there (a retried job) is skipped, so nobody is mailed
 * twice. `handled` counts the candidates done; the last batch sets `done_at`, publishes, and queues the reminders.
 */
export async function runSelfTapeSend(
  context: AppContext,
  requestId: string,
  now = new Date(),
): Promise<void> {
  const { db } = context.database;
  const [request] = await db
    .select({
      row: selfTapeRequests,
      projectName: projects.name,
      roleName: roles.name,
    })
    .from(selfTapeRequests)
    .innerJoin(projects, eq(projects.id, selfTapeRequests.projectId))
    .innerJoin(roles, eq(roles.id, selfTapeRequests.roleId))
    .where(eq(selfTapeRequests.id, requestId));
  if (!request || request.row.doneAt) return;
  const { submissionIds } = request.row.selection as { submissionIds: string[] };
  for (let start = request.row.handled; start < submissionIds.length; start += BATCH) {
    const batch = submissionIds.slice(start, start + BATCH);
    await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          submissionId: submissions.id,
          applicantId: applicants.id,
          name: sql<string>`trim(${applicants.firstName} || ' ' || coalesce(${applicants.lastName}, ''))`,
          email: applicants.email,
        })
        .from(submissions)
        .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
        .where(inArray(submissions.id, batch));
      const people = await peopleFor(tx, rows, request.row.sendToTalent, request.row.agencyReview);
      for (const row of rows) {
        for (const person of people.get(row.submissionId) ?? []) {
          const secret = newRecipientSecret();
          const [inserted] = await tx
            .insert(selfTapeRecipients)
            .values({
              requestId,
              submissionId: row.submissionId,
              applicantId: row.applicantId,
              kind: person.kind,
              agentId: person.agentId,
              name: person.name,
              email: person.email,
              secretHash: secretDigest(secret),
              deadline: person.reviewed ? request.row.agencyDeadline! : request.row.deadline,
              review: person.reviewed ? 'OPEN' : null,
            })
            .onConflictDoNothing()
            .returning({ id: selfTapeRecipients.id });
          if (!inserted) continue;
          if ((request.row.sides as unknown[]).length > 0)
            await queueWatermark(context, tx as Db, inserted.id);
          const message = selfTapeRequestMail({
            to: person.email,
            candidateName: row.name,
            forAgent: person.kind === 'AGENT',
            projectName: request.projectName,
            roleName: request.roleName,
            title: request.row.title,
            deadline: person.reviewed ? request.row.agencyDeadline! : request.row.deadline,
            timeZone: request.row.timeZone,
            link: recipientPageLink(context.config.publicUrl, secret),
          });
          await enqueueMail(context.jobs, { kind: 'notice', message }, tx as Db);
        }
      }
      const handled = Math.min(start + BATCH, submissionIds.length);
      const done = handled >= submissionIds.length;
      const [updated] = await tx
        .update(selfTapeRequests)
        .set({ handled, ...(done ? { doneAt: now } : {}) })
        .where(and(eq(selfTapeRequests.id, requestId), isNull(selfTapeRequests.doneAt)))
        .returning({ id: selfTapeRequests.id });
      if (done && updated) await queueReminders(context, tx as Db, request.row, now);
      await context.events?.publish(
        request.row.projectId,
        'SELF_TAPES_UPDATED',
        { requestId, status: done ? 'SENT' : 'SENDING' },
        { tx },
      );
    });
  }
}

/**
 * One reminder job per offset still ahead, each not before its moment. Under agency review the talent hand their
 * takes to their agents by the earlier internal deadline, so the offsets are counted from it as well: a reminder
 * counted from the office's deadline alone would come after the talent's own had passed.
 */
export async function queueReminders(
  context: AppContext,
  tx: Db,
  request: { id: string; deadline: Date; agencyDeadline?: Date | null; reminderHours: number[] },
  now: Date,
) {
  const deadlines = [request.deadline, ...(request.agencyDeadline ? [request.agencyDeadline] : [])];
  const moments = deadlines.flatMap((deadline) => reminderTimes(deadline, request.reminderHours, now));
  const distinct = [...new Set(moments.map((at) => at.getTime()))].sort((a, b) => a - b);
  for (const at of distinct.map((time) => new Date(time))) {
    await context.jobs.send<SelfTapeReminderJob>(
      SELF_TAPES_REMINDER_QUEUE,
      { requestId: request.id },
      { tx, startAfter: at },
    );
  }
}
