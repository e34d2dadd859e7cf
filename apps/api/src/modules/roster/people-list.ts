import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { searchFold, type RosterList, type RosterListQuery } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, encodeCursor } from '../../platform/db/keyset';
import { escapeLike } from '../../platform/db/like';
import { applicants, people, personTags } from '../../platform/db/schema';
import { decodeTextCursor, encodeTextCursor, itemsOf, personColumns } from './people-rows';

const nameCursor = z.tuple([z.string().max(500), z.string().max(500), z.uuid()]);

/** The filters of the roster list, each a predicate an index serves or that filters rows met on the sort's index. */
function rosterFilters(query: RosterListQuery): SQL[] {
  const where: SQL[] = [];
  if (query.q) where.push(sql`${people.searchText} like ${`%${escapeLike(searchFold(query.q))}%`}`);
  if (query.genderId) where.push(eq(people.genderId, query.genderId));
  if (query['age[min]'] !== undefined) {
    where.push(
      sql`${people.dateOfBirth} <= (current_date - make_interval(years => ${query['age[min]']}))::date`,
    );
  }
  if (query['age[max]'] !== undefined) {
    where.push(
      sql`${people.dateOfBirth} > (current_date - make_interval(years => ${query['age[max]'] + 1}))::date`,
    );
  }
  if (query.location) {
    // A part of the place in any case; served by people_location_trgm_idx from 3 characters.
    where.push(sql`${people.location} ilike ${`%${escapeLike(query.location)}%`}`);
  }
  if (query.tagId) {
    where.push(
      sql`exists (select 1 from ${personTags} pt where pt.person_id = ${people.id} and pt.tag_id = ${query.tagId})`,
    );
  }
  if (query.skill) {
    // Any case; served by people_skills_lower_idx (GIN on the lower-cased skills, migration 0020).
    where.push(sql`text_array_lower(${people.skills}) @> array[lower(${query.skill})]::text[]`);
  }
  if (query.projectId) {
    where.push(
      sql`exists (select 1 from ${applicants} a where a.person_id = ${people.id} and a.project_id = ${query.projectId})`,
    );
  }
  return where;
}

/** The roster page's query (exported for the plan test): one sort index walked from the cursor, filters on the way. */
export function rosterListQuery(db: Queryable, query: RosterListQuery) {
  const where = rosterFilters(query);
  if (query.sort === 'newest') {
    if (query.cursor) where.push(afterPosition(people.createdAt, people.id, decodeCursor(query.cursor)));
    return db
      .select(personColumns)
      .from(people)
      .where(and(...where))
      .orderBy(desc(people.createdAt), desc(people.id))
      .limit(query.limit + 1);
  }
  if (query.cursor) {
    const [last, first, id] = decodeTextCursor(query.cursor, nameCursor);
    where.push(
      sql`(${people.sortLastName}, ${people.sortFirstName}, ${people.id}) > (${last}, ${first}, ${id}::uuid)`,
    );
  }
  return db
    .select(personColumns)
    .from(people)
    .where(and(...where))
    .orderBy(asc(people.sortLastName), asc(people.sortFirstName), asc(people.id))
    .limit(query.limit + 1);
}

export async function listRoster(db: Db, query: RosterListQuery): Promise<RosterList> {
  const rows = await rosterListQuery(db, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    nextCursor =
      query.sort === 'newest'
        ? encodeCursor({ key: last.createdKey, id: last.id })
        : encodeTextCursor([last.sortLastName, last.sortFirstName, last.id]);
  }
  return { items: await itemsOf(db, page), nextCursor };
}
