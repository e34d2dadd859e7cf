import { sql, type SQL } from 'drizzle-orm';
import {
  NOTE_MESSAGES,
  NOTE_SEARCH_MIN,
  type Note,
  type NotePage,
  type NoteVisibility,
} from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage, keyText } from '../../platform/db/keyset';
import { escapeLike } from '../../platform/db/like';
import { rowsOf } from '../../platform/db/rows';
import { fieldErrors } from '../../platform/errors';

/** A note as the database holds it, with its keyset position. */
export interface NoteRow {
  id: string;
  applicant_id: string;
  role_id: string;
  body: string;
  visibility: NoteVisibility;
  author_name: string;
  author_user_id: string | null;
  client_link_id: string | null;
  client_viewer_id: string | null;
  media_id: string | null;
  offset_ms: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  key: string;
}

/** Whose note it is, as the caller is: a team member by account, a client-link viewer by viewer id. */
export type NoteReader = { userId: string } | { viewerId: string | null };

const iso = (value: Date | string) => new Date(value).toISOString();

/** The wire shape of a note for this reader. */
export function presentNote(row: NoteRow, reader: NoteReader): Note {
  const mine =
    'userId' in reader
      ? row.author_user_id === reader.userId
      : reader.viewerId !== null && row.client_viewer_id === reader.viewerId;
  return {
    id: row.id,
    applicantId: row.applicant_id,
    roleId: row.role_id,
    body: row.body,
    visibility: row.visibility,
    authorName: row.author_name,
    byClient: row.client_link_id !== null,
    mine,
    mediaId: row.media_id,
    offsetMs: row.offset_ms,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The columns every note read selects. */
export const NOTE_COLUMNS = sql`n.id, n.applicant_id, n.role_id, n.body, n.visibility, n.author_name,
  n.author_user_id, n.client_link_id, n.client_viewer_id, n.media_id, n.offset_ms, n.created_at, n.updated_at,
  ${keyText(sql`n.created_at`)} as key`;

/** A search term as a trigram-served predicate; shorter than the minimum is refused rather than scanned. */
function searchPredicate(q: string | undefined): SQL {
  if (!q) return sql``;
  if (q.length < NOTE_SEARCH_MIN) {
    throw fieldErrors([{ path: 'query.q', message: NOTE_MESSAGES.searchTooShort }]);
  }
  return sql`and lower(n.body) like ${`%${escapeLike(q.toLowerCase())}%`}`;
}

/**
 * One page of notes newest first. `scope` says which candidate (or opportunity, or tape) and `visible` who may read
 * which: both are predicates on the office-led indexes, so a page reads at most `limit + 1` index entries after the
 * cursor whatever the candidate's total.
 */
export async function notePage(
  db: Queryable,
  scope: SQL,
  visible: SQL,
  query: { q?: string; cursor?: string; limit: number },
  reader: NoteReader,
): Promise<NotePage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = rowsOf<NoteRow>(
    await db.execute(sql`select ${NOTE_COLUMNS}
      from notes n
      where n.office_id = current_office_id() and ${scope} and ${visible}
        ${searchPredicate(query.q)}
        ${after ? sql`and ${afterPosition(sql`n.created_at`, sql`n.id`, after)}` : sql``}
      order by n.created_at desc, n.id desc
      limit ${query.limit + 1}`),
  );
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.key, id: row.id }));
  return { items: page.items.map((row) => presentNote(row, reader)), nextCursor: page.nextCursor };
}
