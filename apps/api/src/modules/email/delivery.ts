import { and, eq, lt, sql } from 'drizzle-orm';
import { EMAIL_MESSAGES, renderEmail } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import type { Db } from '../../platform/db/client';
import { emailBounces, emailOptOuts, emailRecipients, emailSends, projects } from '../../platform/db/schema';
import { isPermanentRefusal, type Mailer } from '../../platform/mail/ports';
import { EMAIL_SEND_QUEUE, type EmailSendJob } from './sends';

/** Attempts per recipient before a failure that might pass (a server down, a 4xx answer) is final. */
export const DELIVERY_ATTEMPTS = 4;
/** A row left SENDING this long was interrupted (the process stopped mid-delivery); it is failed, never resent. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;

export function optOutUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/email/opt-out/${token}`;
}

type Outcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'nothing';

/**
 * Delivers one recipient's message at most once. The row is claimed (QUEUED to SENDING, one statement, so two
 * workers cannot both win) before the message leaves and marked SENT after; a job run again for a SENT row does
 * nothing, and a row still SENDING long after its claim is failed as interrupted rather than sent a second time.
 * A permanent refusal (5xx) marks the address as bounced; a passing failure puts the row back to QUEUED and throws,
 * so the queue retries it, until DELIVERY_ATTEMPTS.
 */
export async function deliverRecipient(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  recipientId: string,
): Promise<Outcome> {
  const optOutToken = newLinkToken();
  const [claimed] = await db
    .update(emailRecipients)
    .set({
      status: 'SENDING',
      attempts: sql`${emailRecipients.attempts} + 1`,
      optOutDigest: sql`case when ${emailRecipients.offersOptOut} then ${tokenDigest(optOutToken)} else null end`,
      updatedAt: new Date(),
    })
    .where(and(eq(emailRecipients.id, recipientId), eq(emailRecipients.status, 'QUEUED')))
    .returning();
  if (!claimed) {
    const interrupted = await db
      .update(emailRecipients)
      .set({ status: 'FAILED', reason: EMAIL_MESSAGES.interrupted, updatedAt: new Date() })
      .where(
        and(
          eq(emailRecipients.id, recipientId),
          eq(emailRecipients.status, 'SENDING'),
          lt(emailRecipients.updatedAt, new Date(Date.now() - INTERRUPTED_AFTER_MS)),
        ),
      )
      .returning({ id: emailRecipients.id });
    return interrupted.length > 0 ? 'failed' : 'nothing';
  }
  const email = claimed.email!;
  const [context] = await db
    .select({
      send: emailSends,
      projectName: projects.name,
      bounced: sql<boolean>`exists (select 1 from ${emailBounces} b where b.email = ${email})`,
      optedOut: sql<boolean>`exists (select 1 from ${emailOptOuts} o where o.project_id = ${emailSends.projectId} and o.email = ${email})`,
    })
    .from(emailSends)
    .innerJoin(projects, eq(projects.id, emailSends.projectId))
    .where(eq(emailSends.id, claimed.sendId));
  const finish = (values: Partial<typeof emailRecipients.$inferInsert>) =>
    db
      .update(emailRecipients)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(emailRecipients.id, recipientId));
  if (!context) {
    await finish({ status: 'FAILED', reason: 'The e-mail was deleted before it was sent' });
    return 'failed';
  }
  // An opt-out or bounce recorded since the send was made still stops this message.
  if (context.bounced || context.optedOut) {
    await finish({
      status: 'SKIPPED',
      reason: context.bounced ? EMAIL_MESSAGES.bounced : EMAIL_MESSAGES.optedOut,
    });
    return 'skipped';
  }
  const unsubscribe = claimed.offersOptOut ? optOutUrl(publicUrl, optOutToken) : undefined;
  const rendered = renderEmail(
    context.send,
    {
      firstName: claimed.firstName,
      lastName: claimed.lastName,
      email,
      projectName: context.projectName,
      opportunityName: claimed.opportunityName,
      submissionLink: context.send.submissionLink,
      senderName: context.send.senderName,
    },
    {
      note: `Sent by ${context.send.senderName} for the casting team of “${context.projectName}”. Reply to this e-mail to answer them.`,
      optOutUrl: unsubscribe,
    },
  );
  try {
    await mailer.send({
      to: email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      replyTo: context.send.replyTo,
      ...(unsubscribe ? { headers: { 'List-Unsubscribe': `<${unsubscribe}>` } } : {}),
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (isPermanentRefusal(error)) {
      const reason = `Refused by the receiving mail server: ${detail}`.slice(0, 500);
      await db.transaction(async (tx) => {
        await tx
          .update(emailRecipients)
          .set({ status: 'FAILED', reason, updatedAt: new Date() })
          .where(eq(emailRecipients.id, recipientId));
        await tx.insert(emailBounces).values({ email, reason }).onConflictDoNothing();
      });
      return 'failed';
    }
    const reason = `Could not reach the mail server: ${detail}`.slice(0, 500);
    if (claimed.attempts >= DELIVERY_ATTEMPTS) {
      await finish({ status: 'FAILED', reason });
      return 'failed';
    }
    await finish({ status: 'QUEUED', reason });
    throw error;
  }
  await finish({ status: 'SENT', reason: null, sentAt: new Date() });
  return 'sent';
}

/** The `email-send` queue: one job per recipient, retried with backoff while a failure may pass. */
export function defineEmailJobs(context: AppContext) {
  context.jobs.define<EmailSendJob>(
    EMAIL_SEND_QUEUE,
    async (job) => {
      await deliverRecipient(context.database.db, context.mailer, context.config.publicUrl, job.recipientId);
    },
    { retryLimit: DELIVERY_ATTEMPTS - 1, retryDelaySeconds: 20, retryBackoff: true, concurrency: 2 },
  );
}
