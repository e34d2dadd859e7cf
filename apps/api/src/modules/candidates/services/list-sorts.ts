import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { PAGING_MESSAGES, type ApplicantSort } from '@casting/domain';
import { z } from 'zod';
import { afterPosition, decodeCursor, encodeCursor, keyText } from '../../../platform/db/keyset';
import { folderMemberships, submissions } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';

/**
 * The list's orders and their keyset cursors (docs/decisions/0123-candidate-sort-keys-on-submissions.md). Each
 * order is total (the row id breaks ties) and matches one index exactly, so a page is an index range read after the
 * cursor, at any depth:
 * - newest: `(created_at desc, id desc)` on submissions_{project,role}_newest_idx; the cursor of decision 0016;
 * - name: `(sort_last_name, sort_first_name, id)` ascending on submissions_{project,role}_name_idx;
 * - votes: `(up_votes desc, created_at desc, id desc)` on submissions_{project,role}_votes_idx;
 * - manual: the folder's `(position, submission_id)` ascending on folder_memberships_folder_position_idx;
 * - rating: `(rating_average desc, created_at desc, id desc)` on submissions_{project,role}_rating_idx (decision 0861).
 * Cursors of the other orders are base64url JSON `[sort, ...key, id]`: a cursor of one order given with another is
 * refused like a tampered one (400 on query.cursor), never read as something else.
 */

const uuid = z.uuid();
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const keyTextSchema = z.string().max(400);

const cursorSchemas = {
  name: z.tuple([z.literal('name'), keyTextSchema, keyTextSchema, uuid]),
  votes: z.tuple([
    z.literal('votes'),
    z.number().int().min(0).max(1_000_000),
    z.string().regex(TIMESTAMP_TEXT),
    uuid,
  ]),
  rating: z.tuple([
    z.literal('rating'),
    z.number().int().min(0).max(5000),
    z.string().regex(TIMESTAMP_TEXT),
    uuid,
  ]),
  manual: z.tuple([
    z.literal('manual'),
    z
      .number()
      .int()
      .min(-(2 ** 52))
      .max(2 ** 52),
    uuid,
  ]),
} as const;

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', PAGING_MESSAGES.invalidCursor, {
    issues: [{ path: 'query.cursor', message: PAGING_MESSAGES.invalidCursor }],
  });
}

function decodeTuple<S extends keyof typeof cursorSchemas>(sort: S, cursor: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorSchemas[sort].safeParse(parsed);
  if (!result.success) throw invalidCursor();
  // A timestamp the regex lets through but that is no real instant (30 February) would be a database error.
  if (
    (sort === 'votes' || sort === 'rating') &&
    Number.isNaN(Date.parse(String((result.data as unknown[])[2])))
  ) {
    throw invalidCursor();
  }
  return result.data as z.infer<(typeof cursorSchemas)[S]>;
}

const encode = (values: unknown[]) => Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');

/** The columns a page row carries for its cursor, per order. */
export function sortKeyColumns(sort: ApplicantSort) {
  return {
    sortKey: keyText(submissions.createdAt),
    sortLast: submissions.sortLastName,
    sortFirst: submissions.sortFirstName,
    upVotes: submissions.upVotes,
    ratingAverage: submissions.ratingAverage,
    position:
      sort === 'manual'
        ? sql<number>`${folderMemberships.position}`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
  };
}

export interface SortKeyRow {
  id: string;
  sortKey: string;
  sortLast: string;
  sortFirst: string;
  upVotes: number;
  ratingAverage: number;
  position: number;
}

/** The cursor after a row, in the order asked for. */
export function cursorAfter(sort: ApplicantSort, row: SortKeyRow): string {
  switch (sort) {
    case 'newest':
      return encodeCursor({ key: row.sortKey, id: row.id });
    case 'name':
      return encode(['name', row.sortLast, row.sortFirst, row.id]);
    case 'votes':
      return encode(['votes', row.upVotes, row.sortKey, row.id]);
    case 'manual':
      return encode(['manual', row.position, row.id]);
    case 'rating':
      return encode(['rating', row.ratingAverage, row.sortKey, row.id]);
  }
}

/** The condition "after the cursor" in the order asked for, written as one row comparison the index serves. */
export function afterCursor(sort: ApplicantSort, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  switch (sort) {
    case 'newest':
      return afterPosition(submissions.createdAt, submissions.id, decodeCursor(cursor));
    case 'name': {
      const [, last, first, id] = decodeTuple('name', cursor);
      return sql`(${submissions.sortLastName}, ${submissions.sortFirstName}, ${submissions.id}) > (${last}, ${first}, ${id}::uuid)`;
    }
    case 'votes': {
      const [, votes, at, id] = decodeTuple('votes', cursor);
      return sql`(${submissions.upVotes}, ${submissions.createdAt}, ${submissions.id}) < (${votes}::int, ${at}::timestamptz, ${id}::uuid)`;
    }
    case 'manual': {
      const [, position, id] = decodeTuple('manual', cursor);
      return sql`(${folderMemberships.position}, ${folderMemberships.submissionId}) > (${position}::bigint, ${id}::uuid)`;
    }
    case 'rating': {
      const [, average, at, id] = decodeTuple('rating', cursor);
      return sql`(${submissions.ratingAverage}, ${submissions.createdAt}, ${submissions.id}) < (${average}::int, ${at}::timestamptz, ${id}::uuid)`;
    }
  }
}

/** ORDER BY of each order; the same columns, in the same directions, as its index. */
export function orderOf(sort: ApplicantSort): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(submissions.createdAt), desc(submissions.id)];
    case 'name':
      return [asc(submissions.sortLastName), asc(submissions.sortFirstName), asc(submissions.id)];
    case 'votes':
      return [desc(submissions.upVotes), desc(submissions.createdAt), desc(submissions.id)];
    case 'manual':
      return [asc(folderMemberships.position), asc(folderMemberships.submissionId)];
    case 'rating':
      return [desc(submissions.ratingAverage), desc(submissions.createdAt), desc(submissions.id)];
  }
}
