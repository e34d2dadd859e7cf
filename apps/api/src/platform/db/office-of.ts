import { sql } from 'drizzle-orm';
import type { Queryable } from './ids';
import { enterOffice, hasScope, runInOffice } from './scope';
import { rowsOf } from './rows';

/**
 * What a public request can name, each resolved to its office by the database (`office_of`, a function that answers
 * an office id and nothing else): ids of projects, applicants, chat threads, downloads and client exports; the
 * secrets of submission links, client links and unsubscribe links; an upload's storage key.
 */
export const OFFICE_KEY_KINDS = [
  'project',
  'applicant',
  'chat_thread',
  'download',
  'client_link_export',
  'share_link',
  'client_link',
  'opt_out',
  'upload',
] as const;
export type OfficeKeyKind = (typeof OFFICE_KEY_KINDS)[number];

/**
 * Moves the request into the office that owns what `key` names, and an open transaction with it (`db` may be one):
 * from here on its queries see that office's rows. An unknown key leaves it in no office, so the lookup that follows
 * finds nothing and answers its usual 404. Returns the office, or null.
 */
export async function enterOfficeOf(db: Queryable, kind: OfficeKeyKind, key: string): Promise<string | null> {
  const result = await db.execute(
    sql`select set_config('app.office_id', coalesce(office_of(${kind}, ${key})::text, ''), true) as office_id`,
  );
  const rows = rowsOf<{ office_id: string }>(result);
  const officeId = rows[0]?.office_id || null;
  if (hasScope()) enterOffice(officeId);
  return officeId;
}

/** The office that owns what `key` names, without moving into it (for work run in it with `runInOffice`). */
export async function officeOfKey(db: Queryable, kind: OfficeKeyKind, key: string): Promise<string | null> {
  const result = await db.execute(sql`select office_of(${kind}, ${key}) as office_id`);
  const rows = rowsOf<{ office_id: string | null }>(result);
  return rows[0]?.office_id ?? null;
}

/**
 * Runs scheduled upkeep (purging expired downloads, abandoned uploads...) in each office in turn, so that the work
 * for one office sees that office's rows only, as any job does. Answers the sum of what each run answers.
 */
export async function forEachOffice(db: Queryable, work: () => Promise<number | void>): Promise<number> {
  const result = await db.execute(sql`select all_office_ids() as office_id`);
  const rows = rowsOf<{ office_id: string }>(result);
  let total = 0;
  for (const { office_id: officeId } of rows) total += (await runInOffice(officeId, work)) ?? 0;
  return total;
}
