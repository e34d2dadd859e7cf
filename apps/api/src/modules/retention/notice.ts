import { sql } from 'drizzle-orm';
import { RETENTION } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { enqueueMail } from '../../platform/mail/queue';
import { retentionNoticeMessage } from './mail';
import { purgeAt } from './selection';

/** Projects one notice transaction marks; an office with more gets one mail per batch. */
const NOTICE_BATCH = 500;

/**
 * Tells the office's owners about the archived projects whose purge comes within the notice period, each project
 * once (its row's `notice_sent_at` is set in the transaction that queues the mails, so a retried run never tells
 * twice and a failed one tells nobody). One mail per owner lists every project of the batch. Answers the projects told.
 */
export async function sendDueNotices(context: AppContext, officeId: string, days: number): Promise<number> {
  const { db } = context.database;
  let told = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const projects = rowsOf<{ name: string; purge_at: string | Date }>(
        await tx.execute(sql`
          with due as (select r.project_id from project_retention r
              where r.office_id = ${officeId}::uuid and r.purged_at is null and r.notice_sent_at is null
                and r.archived_at <= now() - make_interval(days => ${days}::int)
                  + make_interval(days => ${RETENTION.noticeDays}::int)
              order by r.archived_at, r.project_id limit ${NOTICE_BATCH} for update),
            marked as (update project_retention r set notice_sent_at = now()
              from due where r.project_id = due.project_id returning r.*)
          select p.name, ${purgeAt(sql.raw('m'), days)} as purge_at
            from marked m join projects p on p.id = m.project_id
            order by m.archived_at, m.project_id`),
      );
      if (projects.length === 0) return 0;
      await mailOwners(context, tx as unknown as Db, officeId, days, projects);
      return projects.length;
    });
    told += batch;
    if (batch < NOTICE_BATCH) return told;
  }
}

async function mailOwners(
  context: AppContext,
  tx: Db,
  officeId: string,
  days: number,
  projects: { name: string; purge_at: string | Date }[],
) {
  const [office] = rowsOf<{ name: string; time_zone: string }>(
    await tx.execute(sql`select name, time_zone from offices where id = ${officeId}::uuid`),
  );
  const owners = rowsOf<{ email: string }>(
    await tx.execute(sql`select u.email from office_members m join users u on u.id = m.user_id
      where m.office_id = ${officeId}::uuid and m.role = 'OWNER' and u.deactivated_at is null
      order by u.email`),
  );
  for (const owner of owners) {
    const message = retentionNoticeMessage({
      to: owner.email,
      officeName: office?.name ?? '',
      timeZone: office?.time_zone ?? 'UTC',
      retentionDays: days,
      projects: projects.map((project) => ({ name: project.name, purgeAt: new Date(project.purge_at) })),
      publicUrl: context.config.publicUrl,
    });
    await enqueueMail(context.jobs, { kind: 'notice', message }, tx);
  }
}
