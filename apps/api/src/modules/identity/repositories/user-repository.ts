import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { USER_SEARCH_MIN_CHARS } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { escapeLike } from '../../../platform/db/like';
import { users } from '../../../platform/db/schema';

/** The queries on the users table: accounts belong to identity; the users module reads and edits them through here. */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** E-mails are stored lower-cased, so the lookup lower-cases too. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returning();
  if (!row) throw new Error('Insert into users returned no row');
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<NewUserRow>): Promise<UserRow | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

export interface UserSearch {
  q?: string | undefined;
  limit: number;
  offset: number;
}

// The same expression as users_name_trgm_idx, so a LIKE on it can use the trigram index.
const searchable = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

/** Newest first; a term shorter than USER_SEARCH_MIN_CHARS is ignored rather than scanning every row. */
export async function searchUsers(db: Db, search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  const filters: SQL[] = [];
  const term = search.q?.trim().toLowerCase() ?? '';
  if (term.length >= USER_SEARCH_MIN_CHARS) filters.push(sql`${searchable} like ${`%${escapeLike(term)}%`}`);
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
