import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  CANDIDATE_MESSAGES,
  CHAT_MESSAGES,
  type ChatThreadDetail,
  type ChatThreadList,
  type ChatThreadSummary,
  searchFold,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage } from '../../platform/db/keyset';
import { escapeLike } from '../../platform/db/like';
import { AppError, fieldErrors } from '../../platform/errors';
import { viewerCondition, type ChatViewer, type ThreadRef } from './access';
import { participantViews, threadRecipients } from './participants';
import { rows, isoText, unreadCountSql } from './chat-common';

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

export async function threadSummary(
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
