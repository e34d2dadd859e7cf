import { and, asc, count, eq } from 'drizzle-orm';
import { TAG_NAME_TAKEN, type LookupPage, type Option, type TagQuery } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { tags } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { containsText } from './lookup-service';

export async function listTags(db: Db, query: TagQuery): Promise<LookupPage> {
  const where = and(eq(tags.projectId, query.projectId), containsText(tags.name, query.q));
  const [totalRow] = await db.select({ total: count() }).from(tags).where(where);
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(where)
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((row) => ({ value: row.id, label: row.name, description: null })),
    total: totalRow?.total ?? 0,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function tagNames(db: Db, query: TagQuery): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(and(eq(tags.projectId, query.projectId), containsText(tags.name, query.q)))
    .orderBy(asc(tags.name))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => row.name);
}

export async function createTag(db: Db, projectId: string, name: string): Promise<Option> {
  const [row] = await db.insert(tags).values({ projectId, name }).onConflictDoNothing().returning();
  if (!row) throw new AppError('CONFLICT', TAG_NAME_TAKEN);
  return { value: row.id, label: row.name, description: null };
}
