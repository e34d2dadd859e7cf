import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EMAIL_MESSAGES,
  RECIPIENT_STATUSES,
  renderEmail,
  type EmailDoc,
  type EmailSendDetail,
  type EmailSendRequest,
  type EmailSendSummary,
  type ProjectActor,
  type RecipientStatus,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage, keyText } from '../../platform/db/keyset';
import {
  applicants,
  emailBounces,
  emailOptOuts,
  emailRecipients,
  emailSends,
  roles,
  submissions,
} from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import { assertSubmitterMay, rowsInProject } from '../candidates';
import { spendAllowance, type AllowanceLimits } from './allowance';
import { chooseLink, composeMessage, senderAndProject, type ComposedMessage } from './compose';

export const EMAIL_SEND_QUEUE = 'email-send';
export interface EmailSendJob {
  recipientId: string;
}

export interface NewRecipient {
  email: string | null;
  firstName: string;
  lastName: string;
  opportunityName: string | null;
  submissionId?: string | null;
  applicantId?: string | null;
  /** Whether the message carries an unsubscribe line (people who applied on their own, and invitees). */
  offersOptOut: boolean;
}

/**
 * Writes a send and one row per recipient, and queues one job per recipient that will be mailed, all in the caller's
 * transaction. A recipient without an address, or whose address bounced or opted out of this project, is recorded
 * as SKIPPED with the reason, so the history says why they got nothing. One message per address: a second row for an
 * address already in the send is dropped.
 */
export async function createSend(
  tx: Db,
  jobs: Jobs,
  input: {
    projectId: string;
    kind: 'CANDIDATES' | 'INVITATION';
    message: ComposedMessage;
    link: { shareLinkId: string | null; url: string | null };
    sender: { userId: string; senderName: string; replyTo: string };
    recipients: readonly NewRecipient[];
  },
) {
  const [send] = await tx
    .insert(emailSends)
    .values({
      projectId: input.projectId,
      kind: input.kind,
      templateId: input.message.templateId,
      templateName: input.message.templateName,
      subject: input.message.subject,
      body: input.message.body,
      shareLinkId: input.link.shareLinkId,
      submissionLink: input.link.url,
      senderName: input.sender.senderName,
      replyTo: input.sender.replyTo,
      createdById: input.sender.userId,
    })
    .returning();
  const addresses = [...new Set(input.recipients.flatMap((row) => (row.email ? [row.email] : [])))];
  const [bounced, optedOut] = addresses.length
    ? await Promise.all([
        tx
          .select({ email: emailBounces.email })
          .from(emailBounces)
          .where(inArray(emailBounces.email, addresses)),
        tx
          .select({ email: emailOptOuts.email })
          .from(emailOptOuts)
          .where(and(eq(emailOptOuts.projectId, input.projectId), inArray(emailOptOuts.email, addresses))),
      ])
    : [[], []];
  const bouncedSet = new Set(bounced.map((row) => row.email));
  const optedOutSet = new Set(optedOut.map((row) => row.email));
  const seen = new Set<string>();
  const rows = input.recipients.flatMap((recipient) => {
    if (recipient.email && seen.has(recipient.email)) return [];
    if (recipient.email) seen.add(recipient.email);
    const reason = !recipient.email
      ? EMAIL_MESSAGES.noAddress
      : bouncedSet.has(recipient.email)
        ? EMAIL_MESSAGES.bounced
        : optedOutSet.has(recipient.email)
          ? EMAIL_MESSAGES.optedOut
          : null;
    return [
      {
        sendId: send!.id,
        projectId: input.projectId,
        submissionId: recipient.submissionId ?? null,
        applicantId: recipient.applicantId ?? null,
        email: recipient.email,
        firstName: recipient.firstName,
        lastName: recipient.lastName,
        opportunityName: recipient.opportunityName,
        status: reason ? 'SKIPPED' : 'QUEUED',
        reason,
        offersOptOut: recipient.offersOptOut,
      },
    ];
  });
  let place = await officeBacklog(tx);
  const inserted = rows.length
    ? await tx
        .insert(emailRecipients)
        .values(rows)
        .returning({ id: emailRecipients.id, status: emailRecipients.status, email: emailRecipients.email })
    : [];
  // Fair share between offices (decision 0162): each message is queued behind this office's own messages still
  // waiting, never behind other offices'. Its priority is minus its place in the office's backlog, and the queue
  // takes the highest first, so offices' messages go out in turns: another office's first message is taken before
  // this office's second one still waiting, however large this office's send.
  for (const row of inserted) {
    if (row.status !== 'QUEUED') continue;
    await jobs.send<EmailSendJob>(EMAIL_SEND_QUEUE, { recipientId: row.id }, { tx, priority: -place });
    place += 1;
  }
  return { send: send!, recipients: inserted };
}

/**
 * The office's messages to candidates still waiting to go out (the transaction's office, whose key the rows carry),
 * counted on the partial index of waiting rows.
 */
async function officeBacklog(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ waiting: sql<number>`count(*)::int` })
    .from(emailRecipients)
    .where(and(eq(emailRecipients.officeId, sql`current_office_id()`), eq(emailRecipients.status, 'QUEUED')));
  return row?.waiting ?? 0;
}

/** Candidates who came to the project themselves (a submission link or the standalone form, with no agent). */
const appliedOnTheirOwn = sql<boolean>`${submissions.source} in ('SUBMISSION_LINK', 'STANDALONE') and ${submissions.referringAgentId} is null`;

/**
 * Sends a message to the candidates picked in the workspace (rows are submissions of this project). The messages
 * that will go out count against the daily allowance (`spendAllowance`); a send over it is refused whole.
 */
export async function sendToCandidates(
  db: Db,
  jobs: Jobs,
  publicUrl: string,
  limits: AllowanceLimits,
  projectId: string,
  caller: { userId: string; actor: ProjectActor },
  request: EmailSendRequest,
) {
  return db.transaction(async (tx) => {
    const rows = await rowsInProject(tx, projectId, request.submissionIds, caller.actor);
    assertSubmitterMay(caller.actor, rows, 'SEND_EMAIL');
    const message = await composeMessage(tx, projectId, request);
    const link = await chooseLink(tx, publicUrl, projectId, request.shareLinkId, message, caller);
    const sender = await senderAndProject(tx, projectId, caller.userId);
    const people = await tx
      .select({
        submissionId: submissions.id,
        applicantId: applicants.id,
        email: applicants.email,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        opportunityName: roles.name,
        offersOptOut: appliedOnTheirOwn,
      })
      .from(submissions)
      .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
      .innerJoin(roles, eq(roles.id, submissions.roleId))
      .where(
        and(
          eq(submissions.projectId, projectId),
          inArray(
            submissions.id,
            rows.map((row) => row.id),
          ),
        ),
      );
    // The workspace's order: the first row of a person decides their opportunity name.
    const order = new Map(request.submissionIds.map((id, index) => [id.toLowerCase(), index]));
    people.sort((a, b) => (order.get(a.submissionId) ?? 0) - (order.get(b.submissionId) ?? 0));
    const { send, recipients } = await createSend(tx, jobs, {
      projectId,
      kind: 'CANDIDATES',
      message,
      link,
      sender: { userId: caller.userId, senderName: sender.senderName, replyTo: sender.replyTo },
      recipients: people,
    });
    const queued = recipients.filter((row) => row.status === 'QUEUED').length;
    await spendAllowance(tx, limits, caller.userId, projectId, queued);
    return { id: send.id, queued };
  });
}

/** The message as one candidate (or a sample person) would get it. */
export async function previewMessage(
  db: Db,
  publicUrl: string,
  projectId: string,
  caller: { userId: string; actor: ProjectActor },
  request: {
    templateId?: string | undefined;
    subject?: string | undefined;
    body?: EmailDoc | undefined;
    shareLinkId?: string | null | undefined;
    submissionId?: string | undefined;
  },
) {
  // A talent submitter previews only for a candidate they may e-mail: the folder rule sending applies.
  if (request.submissionId && caller.actor === 'TS') {
    assertSubmitterMay(
      caller.actor,
      await rowsInProject(db, projectId, [request.submissionId], caller.actor),
      'SEND_EMAIL',
    );
  }
  const message = await composeMessage(db, projectId, request);
  const link = request.shareLinkId
    ? await chooseLink(db, publicUrl, projectId, request.shareLinkId, message, caller)
    : { url: null };
  const sender = await senderAndProject(db, projectId, caller.userId);
  let person: { email: string | null; firstName: string; lastName: string; opportunityName: string | null } =
    {
      email: null,
      firstName: '',
      lastName: '',
      opportunityName: null,
    };
  if (request.submissionId) {
    const [row] = await db
      .select({
        email: applicants.email,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        opportunityName: roles.name,
      })
      .from(submissions)
      .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
      .innerJoin(roles, eq(roles.id, submissions.roleId))
      .where(and(eq(submissions.id, request.submissionId), eq(submissions.projectId, projectId)));
    if (!row) throw notFound('The candidate');
    person = row;
  }
  const rendered = renderEmail(message, {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    projectName: sender.projectName,
    opportunityName: person.opportunityName,
    submissionLink: link.url ?? (request.shareLinkId ? null : '[submission link]'),
    senderName: sender.senderName,
  });
  return { ...rendered, to: person.email };
}

// The outer column is written out: drizzle leaves columns unqualified in a one-table select, and a bare "id" would
// resolve to the recipient's inside the subquery.
const countsSql = sql<Record<RecipientStatus, number>>`(
  select json_build_object(${sql.raw(
    RECIPIENT_STATUSES.map((status) => `'${status}', count(*) filter (where r.status = '${status}')`).join(
      ', ',
    ),
  )})
  from email_recipients r where r.send_id = email_sends.id)`;

function summaryView(row: {
  id: string;
  kind: string;
  subject: string;
  templateName: string | null;
  senderName: string;
  createdAt: Date;
  counts: Record<RecipientStatus, number>;
}): EmailSendSummary {
  return {
    id: row.id,
    kind: row.kind as EmailSendSummary['kind'],
    subject: row.subject,
    templateName: row.templateName,
    sentBy: row.senderName,
    createdAt: row.createdAt.toISOString(),
    counts: Object.fromEntries(
      RECIPIENT_STATUSES.map((status) => [status, Number(row.counts[status] ?? 0)]),
    ) as Record<RecipientStatus, number>,
  };
}

const summaryColumns = {
  id: emailSends.id,
  kind: emailSends.kind,
  subject: emailSends.subject,
  templateName: emailSends.templateName,
  senderName: emailSends.senderName,
  createdAt: emailSends.createdAt,
  key: keyText(emailSends.createdAt),
  counts: countsSql,
};

/**
 * Whose sends a caller reads. A talent submitter (an agent outside the casting office) sees only the sends they made,
 * because a send lists every recipient's name and address, and other people's sends name candidates of other
 * agencies. Everyone else on the team sees the whole history.
 */
export interface SendsViewer {
  userId: string;
  actor: ProjectActor;
}
const onlyOwn = (viewer: SendsViewer) =>
  viewer.actor === 'TS' ? eq(emailSends.createdById, viewer.userId) : undefined;

/** The query of one page of a project's sends (the plan test reads it too). */
export function sendsPageQuery(
  db: Queryable,
  projectId: string,
  query: { limit: number; cursor?: string | undefined },
  viewer?: SendsViewer,
) {
  const position = query.cursor ? decodeCursor(query.cursor) : null;
  return db
    .select(summaryColumns)
    .from(emailSends)
    .where(
      and(
        eq(emailSends.projectId, projectId),
        viewer ? onlyOwn(viewer) : undefined,
        position ? afterPosition(emailSends.createdAt, emailSends.id, position) : undefined,
      ),
    )
    .orderBy(desc(emailSends.createdAt), desc(emailSends.id))
    .limit(query.limit + 1);
}

/** The project's sends, newest first, keyset paged on `(created_at, id)`. */
export async function listSends(
  db: Queryable,
  projectId: string,
  viewer: SendsViewer,
  query: { limit: number; cursor?: string | undefined },
) {
  const rows = await sendsPageQuery(db, projectId, query, viewer);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.key, id: row.id }));
  return { items: page.items.map(summaryView), nextCursor: page.nextCursor, totalCapped: false };
}

/**
 * One send with every recipient's status (a send holds at most 500 people). Another person's send is "not found"
 * for a talent submitter, as it is absent from their list.
 */
export async function sendDetail(
  db: Queryable,
  projectId: string,
  viewer: SendsViewer,
  sendId: string,
): Promise<EmailSendDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(emailSends)
    .where(and(eq(emailSends.id, sendId), eq(emailSends.projectId, projectId), onlyOwn(viewer)));
  if (!row) throw notFound('The e-mail');
  const recipients = await db
    .select()
    .from(emailRecipients)
    .where(eq(emailRecipients.sendId, sendId))
    .orderBy(emailRecipients.id);
  return {
    ...summaryView(row),
    recipients: recipients.map((recipient) => ({
      id: recipient.id,
      email: recipient.email,
      name: `${recipient.firstName} ${recipient.lastName}`.trim() || (recipient.email ?? ''),
      status: recipient.status as RecipientStatus,
      reason: recipient.reason,
      sentAt: recipient.sentAt?.toISOString() ?? null,
    })),
  };
}
