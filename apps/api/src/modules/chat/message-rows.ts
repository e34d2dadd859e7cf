import { sql } from 'drizzle-orm';
import type { ChatAttachment, ChatDeliveryStatus, ChatMessage } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { rows, isoText, type ChatDeps } from './chat-common';

// A message as the API shows it, and its attachments' download addresses.

/** Signed download addresses for attachments live this long; the page refetches long before. */
const ATTACHMENT_URL_SECONDS = 3600;

export interface MessageRow {
  id: string;
  thread_id: string;
  author_kind: 'TEAM' | 'CANDIDATE' | 'AGENT';
  author_user_id: string | null;
  author_name: string;
  body: string;
  delivery_status: ChatDeliveryStatus;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
}

export const messageColumns = sql`m.id, m.thread_id, m.author_kind, m.author_user_id, m.author_name, m.body,
  m.delivery_status, ${isoText(sql`m.created_at`)} as created_at, ${isoText(sql`m.edited_at`)} as edited_at,
  ${isoText(sql`m.deleted_at`)} as deleted_at`;

/** The attachments of these messages with short-lived download addresses; deleted messages show none. */
export async function attachmentsOf(
  deps: Pick<ChatDeps, 'storage'> & { db: Queryable },
  messages: readonly MessageRow[],
): Promise<Map<string, ChatAttachment[]>> {
  const ids = messages.filter((message) => !message.deleted_at).map((message) => message.id);
  const byMessage = new Map<string, ChatAttachment[]>();
  if (ids.length === 0) return byMessage;
  const found = await rows<{
    id: string;
    message_id: string;
    object_key: string;
    file_name: string;
    content_type: string;
    size: string | number;
  }>(
    deps.db,
    sql`select id, message_id, object_key, file_name, content_type, size from chat_attachments
      where message_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by created_at, id`,
  );
  for (const row of found) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push({
      id: row.id,
      fileName: row.file_name,
      contentType: row.content_type,
      size: Number(row.size),
      url: await deps.storage.presignGet(row.object_key, {
        expiresIn: ATTACHMENT_URL_SECONDS,
        downloadName: row.file_name,
      }),
    });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

export function messageView(
  row: MessageRow,
  attachments: Map<string, ChatAttachment[]>,
  viewerUserId: string | null,
): ChatMessage {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    threadId: row.thread_id,
    authorKind: row.author_kind,
    authorName: row.author_name,
    mine: viewerUserId !== null && row.author_user_id === viewerUserId,
    text: deleted ? '' : row.body,
    attachments: deleted ? [] : (attachments.get(row.id) ?? []),
    deliveryStatus: row.delivery_status,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deletedAt: row.deleted_at,
  };
}

export async function messageById(db: Queryable, messageId: string): Promise<MessageRow | null> {
  const [row] = await rows<MessageRow>(
    db,
    sql`select ${messageColumns} from chat_messages m where m.id = ${messageId}::uuid`,
  );
  return row ?? null;
}
