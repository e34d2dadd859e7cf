import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { CHAT_MESSAGES, type ChatMessage, type ChatMessageList } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage } from '../../platform/db/keyset';
import { chatDeliveries } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import { fullName } from '../identity';
import type { ChatViewer, ThreadRef } from './access';
import { CHAT_MAIL_QUEUE, type ChatMailJob } from './mail';
import { threadRecipients } from './participants';
import { announceThread } from './live';
import { rows, PREVIEW_LENGTH, type ChatDeps } from './chat-common';
import { attachmentsOf, messageColumns, messageView, type MessageRow } from './message-rows';
import { markRead } from './unread';
import { attachTo, usableAttachments } from './attachment-upload';

export function messageListSql(threadId: string, query: { limit: number; cursor?: string }): SQL {
  const conditions: SQL[] = [sql`m.thread_id = ${threadId}::uuid`];
  if (query.cursor) conditions.push(afterPosition(sql`m.created_at`, sql`m.id`, decodeCursor(query.cursor)));
  return sql`select ${messageColumns} from chat_messages m where ${sql.join(conditions, sql` and `)}
      order by m.created_at desc, m.id desc limit ${query.limit + 1}`;
}

/** A thread's messages, newest first, keyset paged through `chat_messages_thread_recent_idx`. */
export async function listMessages(
  deps: ChatDeps,
  viewer: ChatViewer,
  thread: ThreadRef,
  query: { limit: number; cursor?: string },
): Promise<ChatMessageList> {
  const found = await rows<MessageRow>(deps.db, messageListSql(thread.id, query));
  const page = keysetPage(found, query.limit, (row) => ({ key: row.created_at, id: row.id }));
  const attachments = await attachmentsOf(deps, page.items);
  return {
    items: page.items.map((row) => messageView(row, attachments, viewer.userId)),
    limit: query.limit,
    nextCursor: page.nextCursor,
  };
}

function previewOf(text: string, fileNames: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const base = flat || fileNames.join(', ');
  return base.length > PREVIEW_LENGTH ? `${base.slice(0, PREVIEW_LENGTH - 1)}…` : base;
}

/** Records a message in its thread and moves the thread to the top of the list (inside the caller's transaction). */
export async function insertMessage(
  tx: Queryable,
  thread: ThreadRef,
  input: {
    authorKind: 'TEAM' | 'CANDIDATE' | 'AGENT';
    authorUserId: string | null;
    authorName: string;
    text: string;
    fileNames?: readonly string[];
  },
): Promise<MessageRow> {
  const id = uuidv7();
  const [row] = await rows<MessageRow>(
    tx,
    sql`insert into chat_messages as m (id, thread_id, project_id, author_kind, author_user_id, author_name, body)
      values (${id}::uuid, ${thread.id}::uuid, ${thread.projectId}::uuid, ${input.authorKind}, ${input.authorUserId}::uuid,
        ${input.authorName}, ${input.text})
      returning ${messageColumns}`,
  );
  // greatest(): a slower transaction that started earlier never moves the thread's last message back in time.
  await tx.execute(sql`update chat_threads set
      last_message_at = greatest(coalesce(last_message_at, '-infinity'::timestamptz), ${row!.created_at}::timestamptz),
      last_message_preview = ${previewOf(input.text, input.fileNames ?? [])}
    where id = ${thread.id}::uuid`);
  return row!;
}

/**
 * A team member's message: recorded, e-mailed to every participant the communication settings include (one job
 * per recipient, queued in the same transaction so nothing is sent for a message that did not commit), and
 * announced on the live channel as NEW_MESSAGE.
 */
export async function sendTeamMessage(
  deps: ChatDeps,
  viewer: ChatViewer,
  thread: ThreadRef,
  input: { text: string; attachmentIds: readonly string[] },
): Promise<ChatMessage> {
  if (!input.text && input.attachmentIds.length === 0) {
    throw fieldErrors([{ path: 'body.text', message: CHAT_MESSAGES.emptyMessage }]);
  }
  const attachments = await usableAttachments(deps, { userId: viewer.userId }, thread, input.attachmentIds);
  const [author] = await rows<{ first_name: string; last_name: string }>(
    deps.db,
    sql`select first_name, last_name from users where id = ${viewer.userId}::uuid`,
  );
  const recipients = (await threadRecipients(deps.db, thread.applicantId)).filter(
    (recipient) => recipient.emailed && recipient.email,
  );
  const row = await deps.db.transaction(async (tx) => {
    const message = await insertMessage(tx, thread, {
      authorKind: 'TEAM',
      authorUserId: viewer.userId,
      authorName: author ? fullName({ firstName: author.first_name, lastName: author.last_name }) : '',
      text: input.text,
      fileNames: attachments.map((attachment) => attachment.file_name),
    });
    await attachTo(tx, message.id, attachments);
    const seen = new Set<string>();
    for (const recipient of recipients) {
      const email = recipient.email!.toLowerCase();
      if (seen.has(email)) continue;
      seen.add(email);
      const [delivery] = await tx
        .insert(chatDeliveries)
        .values({
          messageId: message.id,
          projectId: thread.projectId,
          recipientKind: recipient.kind,
          agentId: recipient.agentId,
          email,
          recipientName: recipient.name,
        })
        .returning({ id: chatDeliveries.id });
      await deps.jobs.send<ChatMailJob>(CHAT_MAIL_QUEUE, { deliveryId: delivery!.id }, { tx });
    }
    // The author has read their own thread up to here.
    await markRead(tx, viewer.userId, thread, true);
    await announceThread(deps.events, tx, thread.projectId, thread.id);
    return message;
  });
  const attachmentViews = await attachmentsOf(deps, [row]);
  return messageView(row, attachmentViews, viewer.userId);
}
