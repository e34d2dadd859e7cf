import { sql } from 'drizzle-orm';
import type { AgencyReviewCounts } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { agencies, agents, folderMemberships, folders, submissions } from '../../platform/db/schema';
import { roleInProject } from '../opportunities';
import { AGENCY_REVIEW_ALIASES } from './send-under-review';

/**
 * How many candidates of a project (or of one of its opportunities) still wait with the agencies, per agency: the
 * members of the submitter folders where candidates wait for the agency, grouped by the agency of the submission's referring
 * agent (none when the talent named no agent). One query: the opportunity's (or project's) folders by their index,
 * then each folder's members by the `(folder_id, submission_id)` key, so it costs what waits, never the project.
 */
export async function agencyReviewCounts(
  db: Queryable,
  projectId: string,
  roleId: string | undefined,
): Promise<AgencyReviewCounts> {
  // An opportunity of another project (or office) is not found, as everywhere: never an empty answer about it.
  if (roleId) await roleInProject(db, projectId, roleId);
  const aliases = sql.join(
    AGENCY_REVIEW_ALIASES.map((alias) => sql`${alias}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select ag.id as agency_id, ag.name as agency_name, count(distinct m.submission_id) as count
    from ${folders} f
    join ${folderMemberships} m on m.folder_id = f.id
    join ${submissions} s on s.id = m.submission_id
    left join ${agents} a on a.id = s.referring_agent_id
    left join ${agencies} ag on ag.id = a.agency_id
    where f.project_id = ${projectId}::uuid
      ${roleId ? sql`and f.role_id = ${roleId}::uuid` : sql``}
      and f.system_alias in (${aliases})
    group by ag.id, ag.name
    order by count(distinct m.submission_id) desc, ag.name nulls last`)) as {
    rows: { agency_id: string | null; agency_name: string | null; count: number | string }[];
  };
  const groups = result.rows.map((row) => ({
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    count: Number(row.count),
  }));
  return { total: groups.reduce((sum, group) => sum + group.count, 0), agencies: groups };
}
