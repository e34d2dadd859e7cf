import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import { formatOffsetText } from './offset';

/** A note as a client link's export prints it. */
export interface ExportedNote {
  submissionId: string;
  authorName: string;
  /** The body, preceded by the tape's time for a time-coded note ("[0:07] ..."). */
  text: string;
  createdAt: string;
}

/**
 * The notes a client link's export may carry: what the link's viewers read (the team's CLIENT_LINKS notes and this
 * link's viewers' notes) on its candidates, oldest first. The export can be mailed outside the office, so TEAM and
 * ONLY_ME notes never go in it.
 */
export async function linkNotesForExport(db: Queryable, linkId: string): Promise<ExportedNote[]> {
  const rows = rowsOf<{
    submission_id: string;
    author_name: string;
    body: string;
    offset_ms: number | null;
    created_at: Date | string;
  }>(
    await db.execute(sql`select n.submission_id, n.author_name, n.body, n.offset_ms, n.created_at
      from client_link_items i
      join notes n on n.office_id = current_office_id() and n.submission_id = i.submission_id
      where i.link_id = ${linkId}::uuid
        and (n.client_link_id = ${linkId}::uuid or (n.client_link_id is null and n.visibility = 'CLIENT_LINKS'))
      order by n.created_at, n.id`),
  );
  return rows.map((row) => ({
    submissionId: row.submission_id,
    authorName: row.author_name,
    text: row.offset_ms === null ? row.body : `[${formatOffsetText(row.offset_ms)}] ${row.body}`,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** A shared note as a presentation's PDF prints it under its candidate. */
export interface PresentationNote {
  submissionId: string;
  authorName: string;
  /** The tape's time of a time-coded note ('0:07'), else null. */
  time: string | null;
  body: string;
}

/**
 * The notes a presentation's PDF carries: the team's notes shared with client links (CLIENT_LINKS, written by the
 * team) on its candidates, oldest first. The PDF goes to clients, so TEAM and ONLY_ME notes never go in; nor do
 * the notes of a client link's viewers, which belong to that link's audience and no other (decision 0866).
 */
export async function presentationNotesForPdf(
  db: Queryable,
  presentationId: string,
): Promise<PresentationNote[]> {
  const rows = rowsOf<{ submission_id: string; author_name: string; body: string; offset_ms: number | null }>(
    await db.execute(sql`select n.submission_id, n.author_name, n.body, n.offset_ms
      from presentation_items i
      join notes n on n.office_id = i.office_id and n.submission_id = i.submission_id
      where i.presentation_id = ${presentationId}::uuid
        and n.client_link_id is null and n.visibility = 'CLIENT_LINKS'
      order by n.created_at, n.id`),
  );
  return rows.map((row) => ({
    submissionId: row.submission_id,
    authorName: row.author_name,
    time: row.offset_ms === null ? null : formatOffsetText(row.offset_ms),
    body: row.body,
  }));
}
