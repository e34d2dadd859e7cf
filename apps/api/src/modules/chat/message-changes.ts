import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { CHAT_MESSAGES, type ChatMessage } from '@casting/domain';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { AppError } from '../../platform/errors';
import type { ChatViewer, ThreadRef } from './access';
import { announceThread } from './live';
import { rows, PREVIEW_LENGTH, type ChatDeps } from './chat-common';
import { attachmentsOf, messageById, messageColumns, messageView, type MessageRow } from './message-rows';

async function ownMessage(db: Queryable, viewer: ChatViewer, thread: ThreadRef, messageId: string) {
  const message = isUuid(messageId) ? await messageById(db, messageId) : null;
  if (!message || message.thread_id !== thread.id) {
    throw new AppError('NOT_FOUND', CHAT_MESSAGES.messageNotFound);
  }
  if (message.author_kind !== 'TEAM' || message.author_user_id !== viewer.userId) {
    throw new AppError('FORBIDDEN', CHAT_MESSAGES.notYourMessage);
  }
  if (message.deleted_at) throw new AppError('CONFLICT', CHAT_MESSAGES.messageAlreadyDeleted);
  return message;
}

/** The thread a message belongs to, for the message routes (which name only the message). */
export async function threadOfMessage(db: Queryable, messageId: string): Promise<string | null> {
  if (!isUuid(messageId)) return null;
  const [row] = await rows<{ thread_id: string }>(
    db,
    sql`select thread_id from chat_messages where id = ${messageId}::uuid`,
  );
  return row?.thread_id ?? null;
}

/**
 * Edits or deletes the caller's own message. The previous text is kept in `chat_message_revisions`, so the history
 * survives; the thread shows "edited" or "deleted". Mails already sent are not recalled or re-sent (decision 0301).
 */
export async function changeMessage(
  deps: ChatDeps,
  viewer: ChatViewer,
  thread: ThreadRef,
  messageId: string,
  change: { kind: 'EDIT'; text: string } | { kind: 'DELETE' },
): Promise<ChatMessage> {
  const row = await deps.db.transaction(async (tx) => {
    const message = await ownMessage(tx, viewer, thread, messageId);
    await tx.execute(sql`insert into chat_message_revisions (id, message_id, project_id, change, previous_body, changed_by_id)
      values (${uuidv7()}::uuid, ${message.id}::uuid, ${thread.projectId}::uuid, ${change.kind}, ${message.body},
        ${viewer.userId}::uuid)`);
    const [updated] = await rows<MessageRow>(
      tx,
      change.kind === 'EDIT'
        ? sql`update chat_messages m set body = ${change.text}, edited_at = now() where m.id = ${message.id}::uuid
            returning ${messageColumns}`
        : sql`update chat_messages m set body = '', deleted_at = now() where m.id = ${message.id}::uuid
            returning ${messageColumns}`,
    );
    await refreshPreview(tx, thread.id);
    await announceThread(deps.events, tx, thread.projectId, thread.id);
    return updated!;
  });
  return messageView(row, await attachmentsOf(deps, [row]), viewer.userId);
}

/** The list's preview follows the latest message still standing. */
async function refreshPreview(tx: Queryable, threadId: string): Promise<void> {
  await tx.execute(sql`update chat_threads t set last_message_preview = coalesce((
      select left(regexp_replace(m.body, '\\s+', ' ', 'g'), ${PREVIEW_LENGTH}) from chat_messages m
      where m.thread_id = t.id and m.deleted_at is null order by m.created_at desc, m.id desc limit 1), '')
    where t.id = ${threadId}::uuid`);
}
