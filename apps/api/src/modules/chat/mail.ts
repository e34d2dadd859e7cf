import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  CHAT_MESSAGES,
  CHAT_REPLY_LINK_DAYS,
  escapeHtml,
  formatOfficeMoment,
  type OfficeClock,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import type { Queryable } from '../../platform/db/ids';
import type { MailMessage } from '../../platform/mail/ports';
import { officeClock } from '../../platform/mail/office-clock';
import { announceThread } from './live';

export const CHAT_MAIL_QUEUE = 'chat-mail';

/** One e-mail of one team message to one participant: the job names the delivery row, never the secret. */
export interface ChatMailJob {
  deliveryId: string;
}

/**
 * A delivery still SENDING this long after its claim was interrupted mid-send (a mail send takes seconds): the mail
 * may or may not have left, so it is marked failed, never sent again (as the e-mail module does: nothing twice).
 */
const STALE_CLAIM_MINUTES = 10;

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The reply page's address: the thread in the path, the secret in the query (masked in logs). */
export function replyUrl(publicUrl: string, threadId: string, token: string): string {
  return `${base(publicUrl)}/chat/reply/${threadId}?token=${token}`;
}

export interface ChatMailContent {
  to: string;
  recipientName: string;
  projectName: string;
  authorName: string;
  text: string;
  fileNames: readonly string[];
  link: string;
  expiresAt: Date;
  /** The sending office's clock, in which the link's end is written. */
  clock: OfficeClock;
}

/**
 * The team's message as an e-mail. The text part carries the message as written; the HTML part escapes every
 * character that means something in HTML, so a message can never inject markup into the mail.
 */
export function chatMessageMail(content: ChatMailContent): MailMessage {
  const until = formatOfficeMoment(content.expiresAt, content.clock);
  const files =
    content.fileNames.length > 0
      ? `\nAttached (open the conversation to download): ${content.fileNames.join(', ')}\n`
      : '';
  const text =
    `Hello ${oneLine(content.recipientName)},\n\n` +
    `${oneLine(content.authorName)} of the casting team of "${oneLine(content.projectName)}" wrote:\n\n` +
    `${content.text}\n${files}\n` +
    `Read the conversation and reply with this private link (keep it to yourself): ${content.link}\n` +
    `The link works until ${until}.\n\n` +
    `${CHAT_MESSAGES.mailRepliesNotRead}\n`;
  const html =
    `<p>Hello ${escapeHtml(oneLine(content.recipientName))},</p>` +
    `<p>${escapeHtml(oneLine(content.authorName))} of the casting team of ` +
    `&ldquo;${escapeHtml(oneLine(content.projectName))}&rdquo; wrote:</p>` +
    `<blockquote style="white-space:pre-wrap">${escapeHtml(content.text)}</blockquote>` +
    (content.fileNames.length > 0
      ? `<p>Attached (open the conversation to download): ${content.fileNames.map(escapeHtml).join(', ')}</p>`
      : '') +
    `<p><a href="${escapeHtml(content.link)}">Read the conversation and reply</a> ` +
    `(a private link, keep it to yourself; it works until ${until}).</p>` +
    `<p>${escapeHtml(CHAT_MESSAGES.mailRepliesNotRead)}</p>`;
  return {
    to: content.to,
    subject: `New message about ${oneLine(content.projectName)}`,
    text,
    html,
  };
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Queryable, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The message's status follows its deliveries: FAILED if one failed, EMAILED once all went out, else SENT. */
async function refreshMessageStatus(db: Queryable, messageId: string): Promise<void> {
  await db.execute(sql`update chat_messages set delivery_status = case
      when exists (select 1 from chat_deliveries d where d.message_id = ${messageId}::uuid and d.state = 'FAILED')
        then 'FAILED'
      when not exists (select 1 from chat_deliveries d where d.message_id = ${messageId}::uuid and d.state <> 'EMAILED')
        then 'EMAILED'
      else 'SENT' end
    where id = ${messageId}::uuid`);
}

/**
 * Sends one delivery at most once. The row is claimed first (QUEUED, or FAILED by a passing error, to SENDING) in one
 * conditional update, so a retry, a doubled job or a second worker finds nothing to claim once the mail went out
 * (EMAILED) or while another attempt holds it. A failed send marks the row FAILED and throws, so the queue retries.
 * A claim gone stale (the worker stopped mid-send) is marked FAILED as interrupted, which is final: the mail may have
 * left, and a duplicate to a candidate is worse than the team resending one message.
 */
export async function deliverChatMail(
  context: Pick<AppContext, 'database' | 'mailer' | 'events' | 'config'>,
  job: ChatMailJob,
  now: () => Date = () => new Date(),
): Promise<'sent' | 'skipped' | 'interrupted'> {
  const { db } = context.database;
  const [claimed] = await rowsOf<{
    id: string;
    message_id: string;
    recipient_kind: 'CANDIDATE' | 'AGENT';
    agent_id: string | null;
    email: string;
    recipient_name: string;
  }>(
    db,
    sql`update chat_deliveries set state = 'SENDING', claimed_at = now(), attempts = attempts + 1
      where id = ${job.deliveryId}::uuid and (state = 'QUEUED'
        or (state = 'FAILED' and last_error is distinct from ${CHAT_MESSAGES.deliveryInterrupted}))
      returning id, message_id, recipient_kind, agent_id, email, recipient_name`,
  );
  if (!claimed) {
    const [interrupted] = await rowsOf<{ message_id: string; project_id: string; thread_id: string }>(
      db,
      sql`update chat_deliveries d set state = 'FAILED', last_error = ${CHAT_MESSAGES.deliveryInterrupted}
        from chat_messages m
        where d.id = ${job.deliveryId}::uuid and m.id = d.message_id and d.state = 'SENDING'
          and d.claimed_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES})
        returning d.message_id, d.project_id, m.thread_id`,
    );
    if (!interrupted) return 'skipped';
    await db.transaction(async (tx) => {
      await refreshMessageStatus(tx, interrupted.message_id);
      await announceThread(context.events, tx, interrupted.project_id, interrupted.thread_id);
    });
    return 'interrupted';
  }
  const [message] = await rowsOf<{
    thread_id: string;
    project_id: string;
    author_name: string;
    body: string;
    deleted_at: string | null;
    project_name: string;
  }>(
    db,
    sql`select m.thread_id, m.project_id, m.author_name, m.body, m.deleted_at, p.name as project_name
      from chat_messages m join projects p on p.id = m.project_id where m.id = ${claimed.message_id}::uuid`,
  );
  if (!message || message.deleted_at) {
    // Deleted before its mail went out: nothing is sent, and the row says why.
    await db.execute(sql`update chat_deliveries set state = 'FAILED', last_error = 'The message was deleted before it was e-mailed.'
      where id = ${claimed.id}::uuid`);
    return 'skipped';
  }
  const files = await rowsOf<{ file_name: string }>(
    db,
    sql`select file_name from chat_attachments where message_id = ${claimed.message_id}::uuid order by created_at, id`,
  );
  const token = newLinkToken();
  const expiresAt = new Date(now().getTime() + CHAT_REPLY_LINK_DAYS * 24 * 3600 * 1000);
  await db.execute(sql`insert into chat_reply_links
      (id, thread_id, project_id, delivery_id, participant_kind, agent_id, email, participant_name, token_hash, expires_at)
    values (${uuidv7()}::uuid, ${message.thread_id}::uuid, ${message.project_id}::uuid, ${claimed.id}::uuid,
      ${claimed.recipient_kind}, ${claimed.agent_id}::uuid, ${claimed.email}, ${claimed.recipient_name},
      ${tokenDigest(token)}, ${expiresAt.toISOString()}::timestamptz)`);
  const mail = chatMessageMail({
    to: claimed.email,
    recipientName: claimed.recipient_name,
    projectName: message.project_name,
    authorName: message.author_name,
    text: message.body,
    fileNames: files.map((file) => file.file_name),
    link: replyUrl(context.config.publicUrl, message.thread_id, token),
    expiresAt,
    clock: await officeClock(db),
  });
  try {
    await context.mailer.send(mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 500) : 'The mail could not be sent.';
    await db.execute(sql`update chat_deliveries set state = 'FAILED', last_error = ${reason}
      where id = ${claimed.id}::uuid`);
    await refreshMessageStatus(db, claimed.message_id);
    await announceThread(context.events, db, message.project_id, message.thread_id);
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`update chat_deliveries set state = 'EMAILED', sent_at = now(), last_error = null
      where id = ${claimed.id}::uuid`);
    await refreshMessageStatus(tx, claimed.message_id);
    await announceThread(context.events, tx, message.project_id, message.thread_id);
  });
  return 'sent';
}

/** The `chat-mail` queue: a failed delivery is retried with backoff, then kept in `chat-mail-dead`. */
export function defineChatMailJobs(context: AppContext) {
  context.jobs.define<ChatMailJob>(
    CHAT_MAIL_QUEUE,
    async (job) => {
      await deliverChatMail(context, job);
    },
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true, concurrency: 2 },
  );
}
