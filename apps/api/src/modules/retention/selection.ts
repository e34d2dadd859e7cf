import { sql, type SQL } from 'drizzle-orm';
import { RETENTION, RETENTION_KEEPING_ROSTER_STATUSES } from '@casting/domain';

const keepingStatuses = sql.join(
  RETENTION_KEEPING_ROSTER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Whether the applicant `a` (an alias in the enclosing query) was selected in their project: one of their
 * submissions is in its opportunity's SELECTS folder (where a yes vote files it too), or held or booked on the
 * project roster. Selected candidates keep everything; the others are what a retention purge clears (decision 0106).
 */
export const selected = (a: SQL): SQL => sql`(
  exists (select 1 from roster_entries r where r.applicant_id = ${a}.id and r.status in (${keepingStatuses}))
  or exists (select 1 from submissions s
    join folder_memberships m on m.submission_id = s.id
    join folders f on f.id = m.folder_id
    where s.applicant_id = ${a}.id and f.system_alias = 'SELECTS'))`;

/** Whether the applicant `a` still holds what a purge clears: contact details, media, or an upload not yet attached. */
export const holdsPurgeableData = (a: SQL): SQL => sql`(
  ${a}.email is not null or ${a}.phone is not null or ${a}.address is not null
  or exists (select 1 from media_items i where i.applicant_id = ${a}.id)
  or exists (select 1 from media_uploads u where u.applicant_id = ${a}.id))`;

/**
 * The earliest moment a project's purge may run: its retention after the archive, and never sooner than a notice
 * period after the owners were told (or, while they have not been, a notice period from now).
 */
export const purgeAt = (retention: SQL, days: number): SQL => sql`greatest(
  ${retention}.archived_at + make_interval(days => ${days}::int),
  coalesce(${retention}.notice_sent_at, now()) + make_interval(days => ${RETENTION.noticeDays}::int))`;
