import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  CANDIDATE_MESSAGES,
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatAttachmentGrant,
  type ChatAttachmentRequest,
  type ChatDeliveryStatus,
  type ChatMessage,
  type ChatMessageList,
  type ChatThreadDetail,
  type ChatThreadList,
  type ChatThreadSummary,
  type UnreadCount,
  searchFold,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage } from '../../platform/db/keyset';
import { escapeLike } from '../../platform/db/like';
import { chatAttachments, chatDeliveries } from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import { fullName } from '../identity';
import { viewerCondition, type ChatViewer, type ThreadRef } from './access';
import { CHAT_MAIL_QUEUE, type ChatMailJob } from './mail';
import { participantViews, threadRecipients } from './participants';
import { announceThread } from './live';

type Rows<T> = { rows: T[] };
async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export type ChatDeps = Pick<AppContext, 'jobs' | 'events' | 'storage'> & { db: Db };

/** Signed download addresses for attachments live this long; the page refetches long before. */
const ATTACHMENT_URL_SECONDS = 3600;
const UPLOAD_URL_SECONDS = 900;
const PREVIEW_LENGTH = 140;

const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Messages of others after the member's last read, deleted ones excepted. */
export function unreadCountSql(threadId: SQL, userId: string): SQL {
  return sql`(select count(*)::int from chat_messages m
    where m.thread_id = ${threadId} and m.deleted_at is null
      and m.author_user_id is distinct from ${userId}::uuid
      and m.created_at > coalesce((select r.last_read_at from chat_thread_reads r
        where r.thread_id = ${threadId} and r.user_id = ${userId}::uuid), '-infinity'::timestamptz))`;
}

interface ThreadRow {
  id: string;
  project_id: string;
  applicant_id: string;
  first_name: string;
  last_name: string;
  last_message_at: string | null;
  last_message_preview: string | null;
  unread: number;
}

function summaryOf(row: ThreadRow): ChatThreadSummary {
  return {
    id: row.id,
    projectId: row.project_id,
    applicantId: row.applicant_id,
    candidateName: `${row.first_name} ${row.last_name}`,
    lastMessageAt: row.last_message_at,
    lastMessagePreview: row.last_message_preview,
    unreadCount: row.unread,
  };
}

const threadColumns = (userId: string) => sql`t.id, t.project_id, t.applicant_id, a.first_name, a.last_name,
  ${isoText(sql`t.last_message_at`)} as last_message_at, t.last_message_preview,
  ${unreadCountSql(sql`t.id`, userId)} as unread`;

/**
 * A project's threads with messages, newest message first, keyset paged on (last_message_at, id) through
 * `chat_threads_project_recent_idx`; `q` filters by candidate name (the applicants' folded search text).
 */
export function threadListSql(
  viewer: ChatViewer,
  query: { projectId: string; q?: string; limit: number; cursor?: string },
): SQL {
  const conditions: SQL[] = [
    sql`t.project_id = ${query.projectId}::uuid`,
    sql`t.last_message_at is not null`,
    viewerCondition(viewer, sql`t.applicant_id`),
  ];
  if (query.cursor) {
    conditions.push(afterPosition(sql`t.last_message_at`, sql`t.id`, decodeCursor(query.cursor)));
  }
  const search = query.q ? searchFold(query.q).trim() : '';
  if (search) conditions.push(sql`a.search_text like ${`%${escapeLike(search)}%`}`);
  return sql`select ${threadColumns(viewer.userId)} from chat_threads t
      join applicants a on a.id = t.applicant_id
      where ${sql.join(conditions, sql` and `)}
      order by t.last_message_at desc, t.id desc limit ${query.limit + 1}`;
}

export async function listThreads(
  db: Db,
  viewer: ChatViewer,
  query: { projectId: string; q?: string; limit: number; cursor?: string },
): Promise<ChatThreadList> {
  const found = await rows<ThreadRow>(db, threadListSql(viewer, query));
  const page = keysetPage(found, query.limit, (row) => ({ key: row.last_message_at!, id: row.id }));
  return {
    items: page.items.map(summaryOf),
    limit: query.limit,
    nextCursor: page.nextCursor,
    totalCapped: false,
  };
}

async function threadSummary(
  db: Queryable,
  viewer: ChatViewer,
  threadId: string,
): Promise<ChatThreadSummary> {
  const [row] = await rows<ThreadRow>(
    db,
    sql`select ${threadColumns(viewer.userId)} from chat_threads t join applicants a on a.id = t.applicant_id
      where t.id = ${threadId}::uuid`,
  );
  if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.threadNotFound);
  return summaryOf(row);
}

export async function threadDetail(
  db: Queryable,
  viewer: ChatViewer,
  thread: ThreadRef,
): Promise<ChatThreadDetail> {
  const summary = await threadSummary(db, viewer, thread.id);
  return { ...summary, participants: participantViews(await threadRecipients(db, thread.applicantId)) };
}

/**
 * The applicant's thread, made on first use: one per applicant (an applicant belongs to one project). The applicant
 * must be in the project named by the request; another project's id is "not in this project", in one query.
 */
export async function openThread(
  db: Db,
  viewer: ChatViewer,
  input: { projectId: string; applicantId: string },
): Promise<{ thread: ChatThreadDetail; created: boolean }> {
  const [applicant] = await rows<{ id: string }>(
    db,
    sql`select id from applicants where id = ${input.applicantId}::uuid and project_id = ${input.projectId}::uuid`,
  );
  if (!applicant) {
    throw fieldErrors([{ path: 'body.applicantId', message: CANDIDATE_MESSAGES.candidateNotFound }]);
  }
  const inserted = await rows<{ id: string }>(
    db,
    sql`insert into chat_threads (id, project_id, applicant_id)
      values (${uuidv7()}::uuid, ${input.projectId}::uuid, ${input.applicantId}::uuid)
      on conflict (applicant_id) do nothing returning id`,
  );
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from chat_threads where applicant_id = ${input.applicantId}::uuid`,
  );
  const ref: ThreadRef = { id: row!.id, projectId: input.projectId, applicantId: input.applicantId };
  return { thread: await threadDetail(db, viewer, ref), created: inserted.length > 0 };
}

interface MessageRow {
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

const messageColumns = sql`m.id, m.thread_id, m.author_kind, m.author_user_id, m.author_name, m.body,
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

async function messageById(db: Queryable, messageId: string): Promise<MessageRow | null> {
  const [row] = await rows<MessageRow>(
    db,
    sql`select ${messageColumns} from chat_messages m where m.id = ${messageId}::uuid`,
  );
  return row ?? null;
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

/** Checks the uploads a message names: this thread's, by this member, not yet attached, and really in storage. */
async function usableAttachments(
  deps: ChatDeps,
  viewer: ChatViewer,
  thread: ThreadRef,
  ids: readonly string[],
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await rows<{ id: string; object_key: string; size: string | number; file_name: string }>(
    deps.db,
    sql`select id, object_key, size, file_name from chat_attachments
      where thread_id = ${thread.id}::uuid and message_id is null and uploaded_by_id = ${viewer.userId}::uuid
        and id in (${sql.join(
          unique.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const refused = () =>
    fieldErrors([{ path: 'body.attachmentIds', message: CHAT_MESSAGES.attachmentUnknown }]);
  if (found.length !== unique.length) throw refused();
  for (const row of found) {
    const info = await deps.storage.head(row.object_key);
    if (!info || info.size !== Number(row.size)) throw refused();
  }
  return found;
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
  const attachments = await usableAttachments(deps, viewer, thread, input.attachmentIds);
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
    if (attachments.length > 0) {
      await tx.execute(sql`update chat_attachments set message_id = ${message.id}::uuid
        where message_id is null and id in (${sql.join(
          attachments.map((attachment) => sql`${attachment.id}::uuid`),
          sql`, `,
        )})`);
    }
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
 * survives; the thread shows "edited" or "deleted". Mails already sent are not recalled or re-sent (decision 0030).
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

/**
 * Marks a thread read (everything up to now) or unread (from the latest message of someone else on) for one member.
 */
export async function markRead(
  tx: Queryable,
  userId: string,
  thread: ThreadRef,
  isRead: boolean,
): Promise<void> {
  if (isRead) {
    await tx.execute(sql`insert into chat_thread_reads (thread_id, user_id, project_id, last_read_at)
      values (${thread.id}::uuid, ${userId}::uuid, ${thread.projectId}::uuid, clock_timestamp())
      on conflict (thread_id, user_id) do update set last_read_at = excluded.last_read_at`);
    return;
  }
  await tx.execute(sql`insert into chat_thread_reads (thread_id, user_id, project_id, last_read_at)
    select ${thread.id}::uuid, ${userId}::uuid, ${thread.projectId}::uuid,
      coalesce(max(m.created_at) - interval '1 microsecond', '-infinity'::timestamptz)
    from chat_messages m
    where m.thread_id = ${thread.id}::uuid and m.deleted_at is null and m.author_user_id is distinct from ${userId}::uuid
    on conflict (thread_id, user_id) do update set last_read_at = excluded.last_read_at`);
}

export async function threadUnread(db: Queryable, viewer: ChatViewer, thread: ThreadRef) {
  const summary = await threadSummary(db, viewer, thread.id);
  return { threadId: thread.id, isRead: summary.unreadCount === 0, unreadCount: summary.unreadCount };
}

/**
 * The member's unread messages in a project: walks the project's threads with a message newer than the member's last
 * read (`chat_threads_project_recent_idx`), then counts each one's newer messages by others.
 */
export async function unreadCount(
  db: Queryable,
  viewer: ChatViewer,
  projectId: string,
): Promise<UnreadCount> {
  const [row] = await rows<{ count: number; threads: number }>(
    db,
    sql`select coalesce(sum(u.n), 0)::int as count, (count(*) filter (where u.n > 0))::int as threads
      from chat_threads t
        left join chat_thread_reads r on r.thread_id = t.id and r.user_id = ${viewer.userId}::uuid
        cross join lateral (select count(*)::int as n from chat_messages m
          where m.thread_id = t.id and m.deleted_at is null
            and m.author_user_id is distinct from ${viewer.userId}::uuid
            and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)) u
      where t.project_id = ${projectId}::uuid and t.last_message_at is not null
        and t.last_message_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
        and ${viewerCondition(viewer, sql`t.applicant_id`)}`,
  );
  return { count: row?.count ?? 0, threads: row?.threads ?? 0 };
}

/** Marks every thread of the project the member may see as read (the spec's read-notification call). */
export async function readAll(db: Db, viewer: ChatViewer, projectId: string): Promise<UnreadCount> {
  await db.execute(sql`insert into chat_thread_reads (thread_id, user_id, project_id, last_read_at)
    select t.id, ${viewer.userId}::uuid, t.project_id, clock_timestamp() from chat_threads t
    where t.project_id = ${projectId}::uuid and t.last_message_at is not null
      and ${viewerCondition(viewer, sql`t.applicant_id`)}
    on conflict (thread_id, user_id) do update set last_read_at = excluded.last_read_at`);
  return unreadCount(db, viewer, projectId);
}

/** An attachment's upload: a server-made key and one signed PUT of exactly the declared size and type. */
export async function grantAttachmentUpload(
  deps: ChatDeps,
  viewer: ChatViewer,
  thread: ThreadRef,
  input: ChatAttachmentRequest,
): Promise<ChatAttachmentGrant> {
  const objectKey = deps.storage.newKey(`chat/${thread.projectId}`);
  const [row] = await deps.db
    .insert(chatAttachments)
    .values({
      projectId: thread.projectId,
      threadId: thread.id,
      objectKey,
      fileName: input.fileName.replace(/[\\/]/g, '_'),
      contentType: input.contentType,
      size: input.size,
      uploadedById: viewer.userId,
    })
    .returning({ id: chatAttachments.id });
  const upload = await deps.storage.presignPut(objectKey, {
    contentType: input.contentType,
    contentLength: input.size,
    expiresIn: UPLOAD_URL_SECONDS,
  });
  return { attachmentId: row!.id, upload };
}

export type { MessageRow };
export { rows as queryRows, messageColumns };
