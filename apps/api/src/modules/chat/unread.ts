import { sql } from 'drizzle-orm';
import type { UnreadCount } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { viewerCondition, type ChatViewer, type ThreadRef } from './access';
import { rows } from './chat-common';
import { threadSummary } from './threads';

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

/** Marks every thread of the project the member may see as read (the read-notification call). */
export async function readAll(db: Db, viewer: ChatViewer, projectId: string): Promise<UnreadCount> {
  await db.execute(sql`insert into chat_thread_reads (thread_id, user_id, project_id, last_read_at)
    select t.id, ${viewer.userId}::uuid, t.project_id, clock_timestamp() from chat_threads t
    where t.project_id = ${projectId}::uuid and t.last_message_at is not null
      and ${viewerCondition(viewer, sql`t.applicant_id`)}
    on conflict (thread_id, user_id) do update set last_read_at = excluded.last_read_at`);
  return unreadCount(db, viewer, projectId);
}
