import { inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { RosterDuplicateList } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { people, personDuplicateDismissals } from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import {
  decodeTextCursor,
  encodeTextCursor,
  itemsOf,
  notDismissed,
  personColumns,
  personRow,
} from './people-rows';

const pairCursor = z.tuple([z.string().max(500), z.string().max(500), z.iso.date(), z.uuid(), z.uuid()]);

/**
 * The likely-duplicate pairs' statement (exported for the plan test). It walks `people_identity_idx` in its order
 * (names, date of birth) from the cursor and, for each person, probes the same index for their namesakes born the
 * same day; the inner LIMIT keeps that probe a nested loop (no hash join over every person), and the page stops
 * the walk as soon as it holds `limit + 1` pairs.
 */
export function duplicatePairsStatement(limit: number, cursorWhere: SQL = sql``): SQL {
  return sql`
    select p.id as a, q.id as b, p.sort_last_name as last, p.sort_first_name as first,
      to_char(p.date_of_birth, 'YYYY-MM-DD') as born
    from ${people} p
    cross join lateral (
      select q.id from ${people} q
      where q.sort_last_name = p.sort_last_name and q.sort_first_name = p.sort_first_name
        and q.date_of_birth = p.date_of_birth and q.id > p.id
      order by q.id
      limit 100
    ) q
    where p.date_of_birth is not null ${cursorWhere}
      and ${notDismissed(sql`p.id`, sql`q.id`)}
    order by p.sort_last_name, p.sort_first_name, p.date_of_birth, p.id, q.id
    limit ${limit + 1}`;
}

/**
 * Likely duplicates across the office: pairs with the same folded names and date of birth, not dismissed, in name
 * order, keyset-paged on (names, first id, second id). The join walks `people_identity_idx`.
 */
export async function listDuplicates(
  db: Db,
  query: { limit: number; cursor?: string | undefined },
): Promise<RosterDuplicateList> {
  const cursorWhere = query.cursor
    ? (() => {
        const [last, first, born, a, b] = decodeTextCursor(query.cursor, pairCursor);
        return sql`and (p.sort_last_name, p.sort_first_name, p.date_of_birth, p.id, q.id)
          > (${last}, ${first}, ${born}::date, ${a}::uuid, ${b}::uuid)`;
      })()
    : sql``;
  const result = await db.execute(duplicatePairsStatement(query.limit, cursorWhere));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    a: string;
    b: string;
    last: string;
    first: string;
    born: string;
  }[];
  const page = rows.slice(0, query.limit);
  const ids = [...new Set(page.flatMap((row) => [row.a, row.b]))];
  const items =
    ids.length === 0
      ? []
      : await itemsOf(db, await db.select(personColumns).from(people).where(inArray(people.id, ids)));
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      a: items.find((item) => item.id === row.a)!,
      b: items.find((item) => item.id === row.b)!,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeTextCursor([last.last, last.first, last.born, last.a, last.b])
        : null,
  };
}

/** "Not the same person": the pair is no longer proposed. */
export async function dismissDuplicate(db: Db, principal: Principal, personIds: readonly [string, string]) {
  await personRow(db, personIds[0]);
  await personRow(db, personIds[1]);
  const [a, b] = [...personIds].sort() as [string, string];
  await db
    .insert(personDuplicateDismissals)
    .values({ personAId: a, personBId: b, decidedById: principal.userId })
    .onConflictDoNothing();
}
