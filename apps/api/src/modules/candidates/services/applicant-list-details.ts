import { sql } from 'drizzle-orm';
import type { ClientFeedbackTally, RosterStatus, VoteType } from '@casting/domain';
import type { Queryable } from '../../../platform/db/ids';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicantTags,
  clientFeedback,
  folderMemberships,
  rosterEntries,
  submissions,
  tags,
  votes,
} from '../../../platform/db/schema';
import { uuidArray } from './project-rows';

/** What the list shows of each row beside the page query's columns. */
export interface Details {
  folderIds: string[];
  tags: { id: string; name: string }[];
  votes: Record<'UP_VOTE' | 'DOWN_VOTE' | 'MAYBE', number>;
  myVote: VoteType | null;
  representation: { agencyName: string; agentName: string } | null;
  roster: { status: RosterStatus; startDate: string | null; endDate: string | null } | null;
  clientFeedback: ClientFeedbackTally | null;
}

/** One row of `detailsOf`'s query, as both drivers answer it (json parsed, counts as numbers or numeric text). */
interface DetailsRow extends Record<string, unknown> {
  id: string;
  folder_ids: string[] | null;
  tags: { id: string; name: string }[] | null;
  up_votes: number | string;
  down_votes: number | string;
  maybe_votes: number | string;
  my_vote: string | null;
  agent_name: string | null;
  agency_name: string | null;
  roster: { status: string; startDate: string | null; endDate: string | null } | null;
  client_feedback: Record<'YES' | 'NO' | 'MAYBE' | 'comments', number | string> | null;
}

/**
 * Folders, tags, votes, representation and roster standing of the page's rows only, in one statement (one round trip
 * instead of one per kind): per row, index reads keyed by its ids (memberships by `folder_memberships_submission_idx`,
 * tags by the applicant_tags key, its votes counted in one pass of the votes key, the roster's by
 * `roster_entries_submission_key`, the clients' feedback tallied through `client_feedback_submission_idx`), run after the keyset page is chosen so the page query stays one index walk. The representation is the submitting agent, else
 * the person's first representative. The roster standing is read only for actors who may read the project roster
 * (holds and rates are the production's business, not a talent submitter's).
 */
export async function detailsOf(
  db: Queryable,
  ids: string[],
  userId: string,
  seesFeedback: boolean,
  seesRoster: boolean,
): Promise<Map<string, Details>> {
  // Without VIEW_FEEDBACK the counts are of the caller's own vote only.
  const voter = seesFeedback ? sql`` : sql` and v.user_id = ${userId}::uuid`;
  const result = await db.execute<DetailsRow>(sql`
    select s.id,
      array(select m.folder_id::text from ${folderMemberships} m where m.submission_id = s.id) as folder_ids,
      (select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name, g.id) from ${tags} g
        where g.id in (select t.tag_id from ${applicantTags} t where t.applicant_id = s.applicant_id)) as tags,
      c.up_votes, c.down_votes, c.maybe_votes, c.my_vote, r.agent_name, r.agency_name,
      ${
        seesRoster
          ? sql`(select json_build_object('status', e.status, 'startDate', e.start_date, 'endDate', e.end_date)
        from ${rosterEntries} e where e.submission_id = s.id)`
          : sql`null::json`
      } as roster,
      ${
        seesFeedback
          ? sql`(select json_build_object('YES', count(*) filter (where cf.vote = 'YES'),
          'NO', count(*) filter (where cf.vote = 'NO'), 'MAYBE', count(*) filter (where cf.vote = 'MAYBE'),
          'comments', count(*) filter (where coalesce(cf.comment, '') <> ''))
        from ${clientFeedback} cf where cf.submission_id = s.id)`
          : sql`null::json`
      } as client_feedback
    from ${submissions} s
    cross join lateral (
      select count(*) filter (where v.vote = 'UP_VOTE')::int as up_votes,
        count(*) filter (where v.vote = 'DOWN_VOTE')::int as down_votes,
        count(*) filter (where v.vote = 'MAYBE')::int as maybe_votes,
        min(v.vote) filter (where v.user_id = ${userId}::uuid) as my_vote
      from ${votes} v where v.submission_id = s.id${voter}
    ) c
    left join lateral (
      select agent_name, agency_name from (
        select 0 as rank, a.first_name || ' ' || a.last_name as agent_name, ag.name as agency_name
        from ${agents} a join ${agencies} ag on ag.id = a.agency_id where a.id = s.referring_agent_id
        union all
        select * from (
          select 1, a.first_name || ' ' || a.last_name, ag.name from ${applicantRepresentatives} ar
          join ${agents} a on a.id = ar.agent_id join ${agencies} ag on ag.id = ar.agency_id
          where ar.applicant_id = s.applicant_id order by ar.created_at, ar.id limit 1) first_representative
      ) found order by rank limit 1
    ) r on true
    where s.id = any(${uuidArray(ids)}::uuid[])`);
  const rows = (Array.isArray(result) ? result : (result as { rows: DetailsRow[] }).rows) as DetailsRow[];
  const details = new Map<string, Details>();
  for (const row of rows) {
    details.set(row.id, {
      folderIds: row.folder_ids ?? [],
      tags: row.tags ?? [],
      votes: {
        UP_VOTE: Number(row.up_votes),
        DOWN_VOTE: Number(row.down_votes),
        MAYBE: Number(row.maybe_votes),
      },
      myVote: (row.my_vote as VoteType | null) ?? null,
      representation:
        row.agent_name !== null && row.agency_name !== null
          ? { agencyName: row.agency_name, agentName: row.agent_name }
          : null,
      roster: rosterOf(row.roster ?? undefined),
      clientFeedback: row.client_feedback
        ? {
            YES: Number(row.client_feedback.YES),
            NO: Number(row.client_feedback.NO),
            MAYBE: Number(row.client_feedback.MAYBE),
            comments: Number(row.client_feedback.comments),
          }
        : null,
    });
  }
  return details;
}

function rosterOf(
  found: { status: string; startDate: string | null; endDate: string | null } | undefined,
): Details['roster'] {
  return found
    ? { status: found.status as RosterStatus, startDate: found.startDate, endDate: found.endDate }
    : null;
}
