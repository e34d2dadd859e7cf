import { and, asc, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  LOOKUP_NAMES,
  LOOKUP_NAME_TAKEN,
  LOOKUP_TITLES,
  type LookupName,
  type LookupPage,
  type LookupQuery,
  type LookupSummary,
  type Option,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { isUuid } from '../../../platform/db/ids';
import { escapeLike } from '../../../platform/db/like';
import { lookupValues } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { AppError, notFound } from '../../../platform/errors';

export function asLookupName(value: string): LookupName {
  const name = LOOKUP_NAMES.find((candidate) => candidate === value);
  if (!name) throw notFound(`The lookup '${value}'`);
  return name;
}

/** Lookups are small, so a plain substring match is fine at any length. */
export function containsText(column: AnyColumn, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return sql`lower(${column}) like ${`%${escapeLike(q.toLowerCase())}%`}`;
}

const toOption = (row: { id: string; name: string; description: string | null }): Option => ({
  value: row.id,
  label: row.name,
  description: row.description,
});

export async function listLookupValues(db: Db, lookup: LookupName, query: LookupQuery): Promise<LookupPage> {
  const where = and(eq(lookupValues.lookup, lookup), containsText(lookupValues.name, query.q));
  const [totalRow] = await db.select({ total: count() }).from(lookupValues).where(where);
  const rows = await db
    .select({ id: lookupValues.id, name: lookupValues.name, description: lookupValues.description })
    .from(lookupValues)
    .where(where)
    .orderBy(asc(lookupValues.position), asc(lookupValues.name), asc(lookupValues.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items: rows.map(toOption), total: totalRow?.total ?? 0, limit: query.limit, offset: query.offset };
}

const taken = () => new AppError('CONFLICT', LOOKUP_NAME_TAKEN);

/** Adds a value at the end of the lookup; names are unique per lookup regardless of case. */
export async function addLookupValue(db: Db, lookup: LookupName, name: string): Promise<Option> {
  const [last] = await db
    .select({ position: sql<number>`coalesce(max(${lookupValues.position}), -1)::int` })
    .from(lookupValues)
    .where(eq(lookupValues.lookup, lookup));
  const [row] = await db
    .insert(lookupValues)
    .values({ lookup, name, position: Number(last?.position ?? -1) + 1 })
    .onConflictDoNothing()
    .returning();
  if (!row) throw taken();
  return toOption(row);
}

export async function renameLookupValue(
  db: Db,
  lookup: LookupName,
  valueId: string,
  name: string,
): Promise<Option> {
  if (!isUuid(valueId)) throw notFound('The value');
  try {
    const [row] = await db
      .update(lookupValues)
      .set({ name })
      .where(and(eq(lookupValues.id, valueId), eq(lookupValues.lookup, lookup)))
      .returning();
    if (!row) throw notFound('The value');
    return toOption(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** The /enums screen's list: every lookup with its number of values. */
export async function lookupSummaries(db: Db): Promise<LookupSummary[]> {
  const rows = await db
    .select({ lookup: lookupValues.lookup, valueCount: count() })
    .from(lookupValues)
    .groupBy(lookupValues.lookup);
  return LOOKUP_NAMES.map((lookup) => ({
    lookup,
    title: LOOKUP_TITLES[lookup],
    valueCount: rows.find((row) => row.lookup === lookup)?.valueCount ?? 0,
  }));
}
