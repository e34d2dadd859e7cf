import { eq, sql, type SQL } from 'drizzle-orm';
import {
  RETENTION,
  RETENTION_MESSAGES,
  type RetentionPreview,
  type RetentionPreviewQuery,
} from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import { offices } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { holdsPurgeableData, purgeAt, selected } from './selection';

interface Cursor {
  /** The archive moment as PostgreSQL wrote it, to the microsecond, so the next page starts exactly after it. */
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  const [at, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !MOMENT.test(at) || !id || !UUID.test(id)) {
    throw new AppError('BAD_REQUEST', RETENTION_MESSAGES.cursorInvalid);
  }
  return { at, id };
}

/** The office's retention in days, or null while it keeps candidates' data. */
export async function retentionDaysOf(db: Queryable, officeId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: offices.retentionDays })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row?.days ?? null;
}

interface PreviewRow {
  project_id: string;
  project_name: string;
  at: string;
  archived_at: string;
  notice_sent_at: string | null;
  purge_at: string;
  candidates: number;
  media_items: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * One page of the preview: a range of `project_retention_due_idx` (office, archive, project) after the cursor, then
 * per project its name and the two counts.
 */
export function previewStatement(officeId: string, days: number, cursor: Cursor | null, rows: number): SQL {
  const after = cursor
    ? sql`and (r.archived_at, r.project_id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const a = sql.raw('a');
  return sql`
    select r.project_id, p.name as project_name, r.archived_at, r.notice_sent_at,
      to_char(r.archived_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
      ${purgeAt(sql.raw('r'), days)} as purge_at,
      (select count(*) from applicants a where a.project_id = r.project_id
        and not ${selected(a)} and ${holdsPurgeableData(a)})::int as candidates,
      (select count(*) from media_items i join applicants a on a.id = i.applicant_id
        where i.project_id = r.project_id and not ${selected(a)})::int as media_items
    from (select * from project_retention r
      where r.office_id = ${officeId}::uuid and r.purged_at is null ${after}
      order by r.archived_at, r.project_id limit ${rows}) r
    join projects p on p.id = r.project_id
    order by r.archived_at, r.project_id`;
}

/**
 * The page of the office's archived projects still to purge, oldest archive first: when each purge runs and how many
 * candidates it clears. One index range (`project_retention_due_idx`, office first) per page and two counts per
 * project on the page; no total, so a page costs the same with 20 projects or 100,000.
 */
export async function retentionPreview(
  db: Queryable,
  officeId: string,
  query: RetentionPreviewQuery,
): Promise<RetentionPreview> {
  const days = await retentionDaysOf(db, officeId);
  const empty = { retentionDays: days, noticeDays: RETENTION.noticeDays, items: [], nextCursor: null };
  if (days === null) return empty;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = rowsOf<PreviewRow>(
    await db.execute(previewStatement(officeId, days, cursor, query.limit + 1)),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    ...empty,
    items: page.map((row) => ({
      projectId: row.project_id,
      projectName: row.project_name,
      archivedAt: iso(row.archived_at),
      noticeSentAt: row.notice_sent_at ? iso(row.notice_sent_at) : null,
      purgeAt: iso(row.purge_at),
      candidates: row.candidates,
      mediaItems: row.media_items,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.at, id: last.project_id }) : null,
  };
}
