import { sql } from 'drizzle-orm';
import { FOLDER_COUNT_CAP, type FolderCounts, type ProjectActor } from '@casting/domain';
import type { Queryable } from '../../../platform/db/ids';
import { folderMemberships, folders, submissions } from '../../../platform/db/schema';
import { roleInProject } from '../../opportunities';

/**
 * How many candidates each folder of one opportunity holds, in one query. Each count reads at most
 * FOLDER_COUNT_CAP + 1 index entries (`select 1 ... limit 1001`), so a folder of 100,000 candidates costs as much
 * as one of 1,001 and says "capped". A folder's members are the `(folder_id, submission_id)` key of
 * folder_memberships; the view folders (All Submissions) hold no members and count the opportunity's submissions
 * instead (`(role_id, created_at, id)` index), the casting team's without those still waiting in For Review
 * (decision 0137) or invited and not applied (decision 0050), both the row's `review_held` (decision 0748), and
 * without the hidden ones (the row's `hidden`, decision 0240), the submitter's view only those in a submitter folder, as the list shows them. A talent submitter gets the submitter folders only, the folders they may open.
 */
export async function folderCounts(
  db: Queryable,
  projectId: string,
  actor: ProjectActor,
  roleId: string,
): Promise<FolderCounts> {
  const limit = FOLDER_COUNT_CAP + 1;
  const inSubmitterFolder = sql`exists (select 1 from ${folderMemberships} tm join ${folders} tf on tf.id = tm.folder_id
    where tm.submission_id = s.id and left(tf.system_alias, 3) = 'TS_')`;
  const result = (await db.execute(sql`
    select f.id as folder_id,
      case f.system_alias
        when 'ALL_SUBMISSIONS' then
          (select count(*) from (select 1 from ${submissions} s where s.role_id = f.role_id and not s.review_held
            and not s.hidden limit ${limit}) c)
        when 'TS_ALL_SUBMISSIONS' then
          (select count(*) from (select 1 from ${submissions} s where s.role_id = f.role_id and ${inSubmitterFolder}
            limit ${limit}) c)
        else
          (select count(*) from (select 1 from ${folderMemberships} m where m.folder_id = f.id limit ${limit}) c)
      end as count
    from ${folders} f
    where f.role_id = ${roleId}::uuid and f.project_id = ${projectId}::uuid
      ${actor === 'TS' ? sql`and left(f.system_alias, 3) = 'TS_'` : sql``}
    order by f.position, f.id`)) as { rows: { folder_id: string; count: number | string }[] };
  const rows = result.rows;
  // No folder: an opportunity of another project (or none) is a 404, not an empty answer.
  if (rows.length === 0) await roleInProject(db, projectId, roleId);
  return {
    counts: rows.map((row) => {
      const count = Number(row.count);
      return {
        folderId: row.folder_id,
        count: Math.min(count, FOLDER_COUNT_CAP),
        capped: count > FOLDER_COUNT_CAP,
      };
    }),
  };
}
