import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';

// What the chat operations share: raw row reads, their dependencies, and the unread count's SQL.

type Rows<T> = { rows: T[] };
export async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export type ChatDeps = Pick<AppContext, 'jobs' | 'events' | 'storage'> & { db: Db };

export const PREVIEW_LENGTH = 140;

export const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Messages of others after the member's last read, deleted ones excepted. */
export function unreadCountSql(threadId: SQL, userId: string): SQL {
  return sql`(select count(*)::int from chat_messages m
    where m.thread_id = ${threadId} and m.deleted_at is null
      and m.author_user_id is distinct from ${userId}::uuid
      and m.created_at > coalesce((select r.last_read_at from chat_thread_reads r
        where r.thread_id = ${threadId} and r.user_id = ${userId}::uuid), '-infinity'::timestamptz))`;
}
