import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAGING_MESSAGES, ROSTER_MESSAGES, type RosterPersonItem } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { isUuid } from '../../platform/db/ids';
import { keyText } from '../../platform/db/keyset';
import {
  applicants,
  officeTags,
  people,
  personDuplicateDismissals,
  personTags,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

// What the roster's operations share: the person lookup, the list item and its cursors.

export const personNotFound = () => new AppError('NOT_FOUND', ROSTER_MESSAGES.personNotFound);

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', PAGING_MESSAGES.invalidCursor, {
    issues: [{ path: 'query.cursor', message: PAGING_MESSAGES.invalidCursor }],
  });
}

/** A cursor over text keys and ids (the name sort, the duplicate pairs): base64url JSON, checked on the way in. */
export function encodeTextCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}
export function decodeTextCursor<T extends z.ZodTypeAny>(cursor: string, schema: T): z.infer<T> {
  try {
    const result = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (result.success) return result.data;
  } catch {
    // falls through to the refusal
  }
  throw invalidCursor();
}

function ageOf(dateOfBirth: string | null, today = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day))
    age -= 1;
  return age;
}

export const personColumns = {
  id: people.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  phone: people.phone,
  dateOfBirth: people.dateOfBirth,
  location: people.location,
  sortLastName: people.sortLastName,
  sortFirstName: people.sortFirstName,
  createdAt: people.createdAt,
  createdKey: keyText(people.createdAt),
};
export type PersonListRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  location: string | null;
  sortLastName: string;
  sortFirstName: string;
  createdAt: Date;
  createdKey: string;
};

/** Tags and project counts for a page of people, two indexed queries whatever the page size. */
export async function itemsOf(db: Queryable, rows: readonly PersonListRow[]): Promise<RosterPersonItem[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const tagRows = await db
    .select({ personId: personTags.personId, id: officeTags.id, name: officeTags.name })
    .from(personTags)
    .innerJoin(officeTags, eq(officeTags.id, personTags.tagId))
    .where(inArray(personTags.personId, ids))
    .orderBy(asc(officeTags.name));
  const counts = await db
    .select({
      personId: applicants.personId,
      projects: sql<number>`count(distinct ${applicants.projectId})::int`,
    })
    .from(applicants)
    .where(inArray(applicants.personId, ids))
    .groupBy(applicants.personId);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    age: ageOf(row.dateOfBirth),
    location: row.location,
    tags: tagRows.filter((tag) => tag.personId === row.id).map(({ id, name }) => ({ id, name })),
    projectCount: counts.find((count) => count.personId === row.id)?.projects ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function personRow(db: Queryable, personId: string, lock = false) {
  if (!isUuid(personId)) throw personNotFound();
  const query = db.select().from(people).where(eq(people.id, personId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw personNotFound();
  return row;
}

export const notDismissed = (a: SQL | typeof people.id, b: SQL | typeof people.id) =>
  sql`not exists (select 1 from ${personDuplicateDismissals} d
    where d.person_a_id = least(${a}, ${b}) and d.person_b_id = greatest(${a}, ${b}))`;
