import { and, eq, isNull, sql } from 'drizzle-orm';
import { renderEmail, SELF_TAPE_TEXTS, starterTemplate } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import {
  applicants,
  emailTemplates,
  projects,
  roles,
  selfTapeRecipients,
  selfTapeRequests,
  users,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { allowanceLimits, ensureStarterTemplates, spendAllowance } from '../email';
import { requestInProject } from './tracking';
import { presentRequest } from './view';

/** Closes a request: its private pages take nothing more. Closing a closed request changes nothing. */
export async function closeRequest(
  context: AppContext,
  projectId: string,
  requestId: string,
  now = new Date(),
) {
  const { db } = context.database;
  const row = await requestInProject(db, projectId, requestId);
  if (row.closedAt) return presentRequest(row);
  const [updated] = await db
    .update(selfTapeRequests)
    .set({ closedAt: now })
    .where(eq(selfTapeRequests.id, row.id))
    .returning();
  await context.events.publish(projectId, 'SELF_TAPES_UPDATED', { requestId, status: 'CLOSED' });
  return presentRequest(updated!);
}

/**
 * Sends the release notice of a closed request, once (decision 0826): every candidate of the request whose row is not
 * in `keep` gets the project's "Release" template (its built-in starter when the team deleted it), to every address
 * the request went to for them (talent and agents). Counted in the office's mail allowance per candidate, like any
 * mail to candidates; the mails are queued in the transaction that records the notice as sent.
 */
export async function sendReleaseNotice(
  context: AppContext,
  caller: { userId: string },
  projectId: string,
  requestId: string,
  keep: readonly string[],
  now = new Date(),
) {
  const { db } = context.database;
  const request = await requestInProject(db, projectId, requestId);
  if (!request.closedAt) throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closeFirst);
  await ensureStarterTemplates(db, projectId);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(selfTapeRequests)
      .set({ releaseSentAt: now })
      .where(and(eq(selfTapeRequests.id, request.id), isNull(selfTapeRequests.releaseSentAt)))
      .returning({ id: selfTapeRequests.id });
    if (!claimed) throw new AppError('CONFLICT', SELF_TAPE_TEXTS.releaseSent);
    const kept = new Set(keep.map((id) => id.toLowerCase()));
    const rows = await tx
      .select({
        submissionId: selfTapeRecipients.submissionId,
        email: selfTapeRecipients.email,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
      })
      .from(selfTapeRecipients)
      .innerJoin(applicants, eq(applicants.id, selfTapeRecipients.applicantId))
      .where(eq(selfTapeRecipients.requestId, request.id))
      .orderBy(selfTapeRecipients.submissionId, selfTapeRecipients.id);
    const released = rows.filter((row) => !kept.has(row.submissionId));
    const candidates = new Set(released.map((row) => row.submissionId));
    await spendAllowance(
      tx as Db,
      allowanceLimits(context.config),
      caller.userId,
      projectId,
      candidates.size,
    );
    const [names] = await tx
      .select({
        projectName: projects.name,
        roleName: roles.name,
        senderName: sql<string>`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users}
          where ${users.id} = ${caller.userId})`,
      })
      .from(projects)
      .innerJoin(roles, eq(roles.id, request.roleId))
      .where(eq(projects.id, projectId));
    const [own] = await tx
      .select({ subject: emailTemplates.subject, body: emailTemplates.body })
      .from(emailTemplates)
      .where(and(eq(emailTemplates.projectId, projectId), eq(emailTemplates.starterKey, 'RELEASE')));
    const template = own ?? starterTemplate('RELEASE');
    const sent = new Set<string>();
    for (const row of released) {
      const address = `${row.submissionId}:${row.email.toLowerCase()}`;
      if (sent.has(address)) continue;
      sent.add(address);
      const message = renderEmail(
        template,
        {
          firstName: row.firstName,
          lastName: row.lastName ?? '',
          projectName: names!.projectName,
          opportunityName: names!.roleName,
          senderName: names!.senderName ?? '',
        },
        {
          note: `Sent for the casting team of “${names!.projectName}”. Reply to this e-mail to answer them.`,
        },
      );
      await enqueueMail(
        context.jobs,
        {
          kind: 'notice',
          message: { to: row.email, subject: message.subject, text: message.text, html: message.html },
        },
        tx as Db,
      );
    }
    return { candidates: candidates.size, mails: sent.size };
  });
}
