import { sql, type SQL } from 'drizzle-orm';
import { RETENTION } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Tx } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import { recordSystemEvent } from '../../platform/http/audit';
import { requestStoragePurge } from '../../platform/storage/purge';
import { holdsPurgeableData, selected } from './selection';

/** Projects read per round of one office's run; each is purged in a transaction of its own. */
const PROJECT_BATCH = 20;

/** What one project's purge removed: counts only, as its audit event records them. */
export interface ProjectPurgeCounts {
  candidates: number;
  mediaItems: number;
  uploads: number;
  files: number;
  contactDetails: number;
  rosterContactDetails: number;
  mailAddresses: number;
}

/** Due: the retention after the archive has passed, and so has the notice period after the owners were told. */
const due = (days: number): SQL => sql`r.purged_at is null and r.notice_sent_at is not null
  and r.archived_at <= now() - make_interval(days => ${days}::int)
  and r.notice_sent_at <= now() - make_interval(days => ${RETENTION.noticeDays}::int)`;

const uuids = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql.raw('array[]::uuid[]')
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::uuid[]`;

async function count(tx: Tx, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with d as (${statement}) select count(*)::int as n from d`),
  );
  return row?.n ?? 0;
}

/**
 * Purges every due project of the office the code runs in, oldest archive first, one transaction per project.
 * Answers the projects purged.
 */
export async function purgeDueProjects(context: AppContext, officeId: string, days: number): Promise<number> {
  const { db } = context.database;
  let purged = 0;
  for (;;) {
    const projects = rowsOf<{ project_id: string }>(
      await db.execute(sql`select r.project_id from project_retention r
        where r.office_id = ${officeId}::uuid and ${due(days)}
        order by r.archived_at, r.project_id limit ${PROJECT_BATCH}`),
    );
    for (const { project_id: projectId } of projects) {
      if (await purgeProject(context, officeId, projectId, days)) purged += 1;
    }
    if (projects.length < PROJECT_BATCH) return purged;
  }
}

/**
 * Clears one archived project's unselected candidates (decision 0106): their media items and uploads are deleted
 * (the delete triggers hand every stored and derived file to the storage purge, sent with this transaction), their
 * e-mail, phone and address are cleared, and so are the addresses the project's mail log kept for them; a person of
 * the roster loses theirs too once no application of theirs holds any. Names, votes, notes, folders and roster
 * history stay. One audit event with counts records it. Answers false when the project is no longer due (unarchived,
 * or purged by another run, meanwhile).
 */
export async function purgeProject(
  context: AppContext,
  officeId: string,
  projectId: string,
  days: number,
): Promise<ProjectPurgeCounts | false> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ archived_at: string | Date }>(
      await tx.execute(sql`select r.archived_at from project_retention r
        where r.project_id = ${projectId}::uuid and r.office_id = ${officeId}::uuid and ${due(days)}
        for update`),
    );
    if (!row) return false;
    const a = sql.raw('a');
    const targets = rowsOf<{ id: string; person_id: string | null }>(
      await tx.execute(sql`select a.id, a.person_id from applicants a
        where a.project_id = ${projectId}::uuid and not ${selected(a)} and ${holdsPurgeableData(a)}
        for update of a`),
    );
    const ids = uuids(targets.map((target) => target.id));
    const people = uuids([...new Set(targets.flatMap((target) => target.person_id ?? []))]);

    const [media] = rowsOf<{ n: number; files: number }>(
      await tx.execute(sql`with d as (delete from media_items where applicant_id = any(${ids})
          returning array[original_key, thumbnail_key, display_key, poster_key, mp4_key, preview_key] as keys)
        select count(*)::int as n,
          coalesce(sum((select count(*) from unnest(d.keys) k where k is not null)), 0)::int as files from d`),
    );
    const [uploads] = rowsOf<{ n: number; files: number }>(
      await tx.execute(sql`with d as (delete from media_uploads where applicant_id = any(${ids}) returning state)
        select count(*)::int as n, count(*) filter (where state <> 'ATTACHED')::int as files from d`),
    );
    const contactDetails = await count(
      tx,
      sql`update applicants set email = null, phone = null, address = null,
          search_text = trim(replace(search_text, coalesce(email, ''), ''))
        where id = any(${ids}) and (email is not null or phone is not null or address is not null)
        returning 1`,
    );
    const mailAddresses = await count(
      tx,
      sql`update email_recipients set email = null
        where project_id = ${projectId}::uuid and applicant_id = any(${ids}) and email is not null returning 1`,
    );
    const rosterContactDetails = await count(
      tx,
      sql`update people p set email = null, phone = null,
          search_text = trim(replace(p.search_text, coalesce(p.email, ''), ''))
        where p.id = any(${people}) and (p.email is not null or p.phone is not null)
          and not exists (select 1 from applicants a where a.person_id = p.id
            and (a.email is not null or a.phone is not null))
        returning 1`,
    );
    await tx.execute(
      sql`update project_retention set purged_at = now() where project_id = ${projectId}::uuid`,
    );

    const counts: ProjectPurgeCounts = {
      candidates: targets.length,
      mediaItems: media?.n ?? 0,
      uploads: uploads?.n ?? 0,
      files: (media?.files ?? 0) + (uploads?.files ?? 0),
      contactDetails,
      rosterContactDetails,
      mailAddresses,
    };
    await recordSystemEvent(tx, {
      action: 'retention.purge',
      targetType: 'project',
      targetId: projectId,
      projectId,
      details: { retentionDays: days, archivedAt: new Date(row.archived_at).toISOString(), ...counts },
    });
    if (counts.files > 0) await requestStoragePurge(context.jobs, { tx: tx as unknown as Db });
    return counts;
  });
}
