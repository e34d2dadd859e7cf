import { PAGING_MESSAGES } from '@casting/domain';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../errors';

/**
 * Keyset (cursor) paging, the pattern every list follows (docs/decisions/0016-keyset-lists.md).
 *
 * A list sorts by one key column, newest first, with the row's id as tie-breaker, and has an index on exactly
 * `(key desc, id desc)`. A page reads `limit + 1` rows after the cursor: the extra row only says whether another
 * page exists, so no count is needed to offer "next". The cursor is the last row's key and id, base64url-encoded
 * JSON: opaque to clients, so the sort may change without breaking their links, and checked on the way in, so a
 * tampered cursor is a 400, never a 500 or a query on garbage. It grants nothing: the list's access filter still
 * applies to every row after it.
 */

/** A sort key as `keyText` prints it (timestamps keep their microseconds, which a JS Date would lose). */
export interface KeysetPosition {
  key: string;
  id: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A timestamp key as text in UTC with all six fractional digits, whatever the session's DateStyle or TimeZone. */
export function keyText(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A real instant: the regex lets 30 February through, which the database would refuse with an error (a 500). */
function isRealInstant(text: string): boolean {
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed) || parsed < 0) return false;
  return new Date(parsed).toISOString().slice(0, 19) === text.slice(0, 19);
}

const positionSchema = z.tuple([z.string().regex(TIMESTAMP_TEXT).refine(isRealInstant), z.uuid()]);

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.key, position.id]), 'utf8').toString('base64url');
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', PAGING_MESSAGES.invalidCursor, {
    issues: [{ path: 'query.cursor', message: PAGING_MESSAGES.invalidCursor }],
  });
}

/** Reads a cursor made by `encodeCursor`; anything else is VALIDATION_FAILED on `query.cursor`. */
export function decodeCursor(cursor: string): KeysetPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = positionSchema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  const [key, id] = result.data;
  return { key, id };
}

/**
 * Rows strictly after a position in `(key desc, id desc)` order. Written as a row comparison so that the index on
 * `(key desc, id desc)` serves it as one range condition.
 */
export function afterPosition(
  key: SQLWrapper,
  id: SQLWrapper,
  position: { key: string | Placeholder; id: string | Placeholder },
): SQL {
  return sql`(${key}, ${id}) < (${position.key}::timestamptz, ${position.id}::uuid)`;
}

/**
 * A row limit or offset written into the statement's text instead of bound as a parameter. PostgreSQL plans a
 * prepared statement once (a generic plan) only when that plan looks no costlier than planning for each call's
 * values; with the limit or offset unknown it assumes a share of the table and keeps re-planning every call, which
 * cost the projects list about 0.6 ms of the database's time per page, as much as running it. A list prepared per
 * page size, with its caps and a first page's zero offset as literals, is planned once per connection. Drizzle
 * binds numbers as parameters, so the literal is passed as SQL (which its `limit()` and `offset()` embed as
 * written); only whole, non-negative numbers are accepted, never text from a request.
 */
export function literalRowCount(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}

/** The page's rows (without the extra one) and the cursor of the next page, or null on the last page. */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => KeysetPosition,
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}

/**
 * A total that costs at most LIST_TOTAL_CAP index entries: `select count(*) from (… limit cap + 1)`. The caller
 * passes the capped subquery; this reads the answer.
 */
export function cappedTotal(counted: number, cap: number): { total: number; totalCapped: boolean } {
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}
