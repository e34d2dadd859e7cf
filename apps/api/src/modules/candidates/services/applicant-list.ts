import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  can,
  CANDIDATE_MESSAGES,
  searchFold,
  type ApplicantList,
  type ApplicantListQuery,
  type Feedback,
  type MissingDataFilter,
  type ProjectActor,
  type RosterStatus,
  type VoteType,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  projectAccesses,
  projects,
  rosterEntries,
  submissions,
  tags,
  votes,
} from '../../../platform/db/schema';
import { fieldErrors, permissionDenied } from '../../../platform/errors';
import { roleInProject } from '../../opportunities';
import { applicantLocation, initialsOf, seesContactDetails } from './applicant-detail';
import { afterCursor, cursorAfter, orderOf, sortKeyColumns } from './list-sorts';
import { folderInProject, uuidArray } from './project-rows';

/** The vote a feedback filter looks for: YES is an up vote, NO a down vote, MAYBE a maybe. */
const FEEDBACK_VOTE: Record<Feedback, VoteType> = { YES: 'UP_VOTE', NO: 'DOWN_VOTE', MAYBE: 'MAYBE' };

/** Views that show every submission of the opportunity rather than a folder's members. */
const ALL_VIEWS = new Set(['ALL_SUBMISSIONS', 'TS_ALL_SUBMISSIONS']);

const inFolderWhere = (folderFilter: SQL) =>
  sql`exists (select 1 from ${folderMemberships} m join ${folders} f on f.id = m.folder_id
    where m.submission_id = ${submissions.id} and ${folderFilter})`;

/**
 * How a "missing value" choice combines with the filter on that value: INCLUDE keeps candidates without the value
 * beside those that match, EXCLUDE keeps only matching candidates who have it, ONLY keeps those without it.
 */
function withMissing(condition: SQL | undefined, missing: SQL, choice: MissingDataFilter): SQL | undefined {
  if (choice === 'ONLY') return missing;
  if (choice === 'EXCLUDE') return and(sql`not ${missing}`, condition);
  return condition === undefined ? undefined : sql`(${condition} or ${missing})`;
}

// The person's fields are read from their copies on `submissions` (decision 0059): the walk tests the row it holds.
const ageMissing = sql`(${submissions.dateOfBirth} is null and ${submissions.playingAgeMin} is null and ${submissions.playingAgeMax} is null)`;

/**
 * Age in range: by date of birth when known (born on or before today minus `min` years and after today minus
 * `max + 1` years), otherwise by the playing age range overlapping the asked range.
 */
function ageInRange(min: number | undefined, max: number | undefined): SQL | undefined {
  if (min === undefined && max === undefined) return undefined;
  const low = min ?? 0;
  const high = max ?? 200;
  return sql`(case when ${submissions.dateOfBirth} is not null then
      ${submissions.dateOfBirth} <= (current_date - make_interval(years => ${low}::int))::date
      and ${submissions.dateOfBirth} > (current_date - make_interval(years => ${high + 1}::int))::date
    else coalesce(${submissions.playingAgeMax}, 200) >= ${low}::int and coalesce(${submissions.playingAgeMin}, 0) <= ${high}::int
    end)`;
}

/** Any (OR) or every (AND) of the tags: probes of the applicant_tags key; OR stops at the first hit. */
function tagCondition(ids: readonly string[], type: 'AND' | 'OR'): SQL {
  const unique = [...new Set(ids)];
  const matching = sql`from ${applicantTags} t where t.applicant_id = ${submissions.applicantId} and t.tag_id = any(${uuidArray(unique)}::uuid[])`;
  return type === 'AND'
    ? sql`(select count(*) ${matching}) = ${unique.length}`
    : sql`exists (select 1 ${matching})`;
}

/** Tag ids must be tags of this project: an unknown one is a 400 naming the field, in one query for both lists. */
async function assertProjectTags(db: Queryable, projectId: string, query: ApplicantListQuery): Promise<void> {
  const fields = [
    ['tags[in]', query['tags[in]'] ?? []],
    ['tags[notIn]', query['tags[notIn]'] ?? []],
  ] as const;
  const all = [...new Set(fields.flatMap(([, ids]) => ids))];
  if (all.length === 0) return;
  const known = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.projectId, projectId), inArray(tags.id, all)));
  const knownIds = new Set(known.map((row) => row.id));
  const issues = fields.flatMap(([field, ids]) =>
    ids.some((id) => !knownIds.has(id))
      ? [{ path: `querystring.${field}`, message: CANDIDATE_MESSAGES.unknownTag }]
      : [],
  );
  if (issues.length > 0) throw fieldErrors(issues);
}

/**
 * Which rows the caller may see at all. A talent submitter sees only candidates in submitter folders (their
 * review queue); a super admin may switch to that view (SUBMITTER_FOLDERS_SWITCH); the casting team sees every row
 * except submissions still waiting for their agency's review (in For Review, TS_FOR_REVIEW): those reach the team
 * when the agency sends them on (decision 0047), and people an agency invited who have not applied yet (in Invited,
 * TS_INVITED): they become the team's candidates when they apply (decision 0050). Membership of those two folders is
 * the submission's `review_held` flag (kept by triggers, decision 0059): a column of the row the walk holds, where a
 * `not exists` per row cost a probe each and, planned as a hashed anti-join, made the planner sort instead of walk.
 */
function visibility(actor: ProjectActor, submitterFolders: boolean): SQL | undefined {
  if (actor === 'TS') return inFolderWhere(sql`left(f.system_alias, 3) = 'TS_'`);
  if (!submitterFolders) return sql`not ${submissions.reviewHeld}`;
  if (actor !== 'SA') throw permissionDenied('SUBMITTER_FOLDERS_SWITCH');
  return inFolderWhere(sql`left(f.system_alias, 3) = 'TS_'`);
}

/**
 * Every filter of the list as one condition; each is an index-served predicate on its own table. The ids that must
 * be checked (tags, feedback providers) are checked by `checks`, which runs beside the page query: a request with
 * an unknown one fails whatever the page held. Opportunity and folder ids need no query of their own: the page only
 * holds rows of this project, so a page with rows proves them; an empty page checks them (see listApplicants).
 */
function listWhere(
  db: Queryable,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  query: ApplicantListQuery,
): { where: SQL | undefined; checks: Promise<unknown> } {
  const seesFeedback = can(actor, 'VIEW_FEEDBACK');
  // The team's votes are feedback: without VIEW_FEEDBACK no filter or order may reveal them (spec section 6).
  if (!seesFeedback && (query.sort === 'votes' || (query.feedbackProviderNames ?? []).length > 0)) {
    throw permissionDenied('VIEW_FEEDBACK');
  }
  const conditions: (SQL | undefined)[] = [
    eq(submissions.projectId, projectId),
    visibility(actor, query.submitterFolders),
  ];
  if (query.roleId) conditions.push(eq(submissions.roleId, query.roleId));
  // The manual order joins the folder's places instead (pageQuery), which filters the same way.
  if (query.folderId && query.sort !== 'manual') {
    conditions.push(
      sql`exists (select 1 from ${folderMemberships} m where m.folder_id = ${query.folderId} and m.submission_id = ${submissions.id})`,
    );
  }
  if (query.systemAlias && !ALL_VIEWS.has(query.systemAlias)) {
    conditions.push(inFolderWhere(sql`f.system_alias = ${query.systemAlias}`));
  }
  if (query.isSelected !== undefined) {
    const selected = inFolderWhere(sql`f.system_alias = 'SELECTS'`);
    conditions.push(query.isSelected ? selected : sql`not ${selected}`);
  }
  if (query.nameOrEmail) {
    const pattern = `%${searchFold(query.nameOrEmail).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(sql`${submissions.searchText} like ${pattern}`);
    // A caller without contact details must not find people by their e-mail either: the search text ends with the
    // e-mail (the only word holding an @), so the same pattern is rechecked on the text without it.
    if (!seesContactDetails(actor)) {
      conditions.push(sql`regexp_replace(${submissions.searchText}, ' [^ ]*@[^ ]*$', '') like ${pattern}`);
    }
  }
  // Without VIEW_FEEDBACK (a talent submitter) feedback means the caller's own votes only.
  const voter = seesFeedback ? sql`` : sql` and v.user_id = ${userId}`;
  const feedbackVote = query.feedback ? sql` and v.vote = ${FEEDBACK_VOTE[query.feedback]}` : sql``;
  if (query.feedback) {
    conditions.push(
      sql`exists (select 1 from ${votes} v where v.submission_id = ${submissions.id}${feedbackVote}${voter})`,
    );
  }
  const providers = [...new Set((query.feedbackProviderNames ?? []).map((id) => id.toLowerCase()))];
  if (providers.length > 0) {
    // Each provider's vote is one entry of the votes primary key (submission_id, user_id): a probe per row.
    const given = sql`from ${votes} v where v.submission_id = ${submissions.id}
      and v.user_id = any(${uuidArray(providers)}::uuid[])${feedbackVote}`;
    conditions.push(
      query.feedbackProviderQueryType === 'AND'
        ? sql`(select count(*) ${given}) = ${providers.length}`
        : sql`exists (select 1 ${given})`,
    );
  }
  conditions.push(
    withMissing(ageInRange(query['age[min]'], query['age[max]']), ageMissing, query.missingAge),
  );
  const genders = query.gender ?? [];
  conditions.push(
    withMissing(
      genders.length > 0 ? sql`${submissions.genderId} = any(${uuidArray(genders)}::uuid[])` : undefined,
      sql`(${submissions.genderId} is null)`,
      query.missingGender,
    ),
  );
  const tagsIn = query['tags[in]'] ?? [];
  if (tagsIn.length > 0) conditions.push(tagCondition(tagsIn, query.includeTagConditionType));
  const tagsNotIn = query['tags[notIn]'] ?? [];
  if (tagsNotIn.length > 0)
    conditions.push(sql`not ${tagCondition(tagsNotIn, query.excludeTagConditionType)}`);
  conditions.push(...referralConditions(query));
  const checks = Promise.all([
    assertProjectTags(db, projectId, query),
    feedbackProviders(db, projectId, providers),
  ]);
  return { where: and(...conditions), checks };
}

/**
 * The referral and agent filters of spec section 3. Referral is the submission's link (partial index on
 * `(project_id, share_link_id)`); agents are the submitting agent (partial index on `(project_id,
 * referring_agent_id)`) or a representative named on the applicant (a probe of the `(applicant_id, agent_id)` key);
 * the agent search reads the applicant's representatives through the same key and the agents' primary key.
 */
function referralConditions(query: ApplicantListQuery): SQL[] {
  const conditions: SQL[] = [];
  const links = query.referral ?? [];
  if (links.length > 0) conditions.push(sql`${submissions.shareLinkId} = any(${uuidArray(links)}::uuid[])`);
  const agentIds = query.agents ?? [];
  if (agentIds.length > 0) {
    const ids = sql`${uuidArray(agentIds)}::uuid[]`;
    conditions.push(sql`(${submissions.referringAgentId} = any(${ids}) or exists (select 1 from ${applicantRepresentatives} ar
      where ar.applicant_id = ${submissions.applicantId} and ar.agent_id = any(${ids})))`);
  }
  if (query.agentSearchTerm) {
    const pattern = `%${searchFold(query.agentSearchTerm).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const column =
      query.agentSearchType === 'AGENCY_NAME'
        ? sql`ag.search_text`
        : query.agentSearchType === 'AGENT_EMAIL'
          ? sql`a.email`
          : sql`a.search_text`;
    conditions.push(sql`exists (select 1 from ${applicantRepresentatives} ar
      join ${agents} a on a.id = ar.agent_id join ${agencies} ag on ag.id = ar.agency_id
      where ar.applicant_id = ${submissions.applicantId} and ${column} like ${pattern})`);
  }
  return conditions;
}

/**
 * Feedback providers are named by user id and must be the project's team (owner, members) or have voted in it;
 * anything else is a 400 naming the field, in one query.
 */
async function feedbackProviders(
  db: Queryable,
  projectId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0) return [];
  const [members, owners] = await Promise.all([
    db
      .select({ id: projectAccesses.userId })
      .from(projectAccesses)
      .where(and(eq(projectAccesses.projectId, projectId), inArray(projectAccesses.userId, unique))),
    db
      .select({ id: projects.ownerId })
      .from(projects)
      .where(and(eq(projects.id, projectId), inArray(projects.ownerId, unique))),
  ]);
  const found = new Set([...members, ...owners].map((row) => row.id));
  // Former members who voted: one vote of theirs in the project is enough (one index entry each, not all their votes).
  for (const id of unique.filter((candidate) => !found.has(candidate))) {
    const [vote] = await db
      .select({ id: votes.userId })
      .from(votes)
      .where(and(eq(votes.userId, id), eq(votes.projectId, projectId)))
      .limit(1);
    if (vote) found.add(vote.id);
  }
  if (unique.some((id) => !found.has(id))) {
    throw fieldErrors([
      { path: 'querystring.feedbackProviderNames', message: CANDIDATE_MESSAGES.unknownFeedbackProvider },
    ]);
  }
  return unique;
}

/**
 * The page's rows: ids through the sort's index first, the people joined in. The manual order reads the folder's
 * places (folder_memberships) in order and joins the submissions.
 */
function pageQuery(
  db: Queryable,
  where: SQL | undefined,
  query: Pick<ApplicantListQuery, 'sort' | 'cursor' | 'limit' | 'folderId'>,
) {
  const base = db
    .select({
      ...sortKeyColumns(query.sort),
      id: submissions.id,
      applicantId: submissions.applicantId,
      projectId: submissions.projectId,
      roleId: submissions.roleId,
      source: submissions.source,
      createdAt: submissions.createdAt,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      email: applicants.email,
      phone: applicants.phone,
      age: sql<number | null>`extract(year from age(current_date, ${applicants.dateOfBirth}))::int`,
      playingAgeMin: applicants.playingAgeMin,
      playingAgeMax: applicants.playingAgeMax,
      genderId: applicants.genderId,
      // The person is joined already: their location columns cost the page query nothing.
      location: applicants.location,
      address: applicants.address,
      referringAgentId: submissions.referringAgentId,
    })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .$dynamic();
  const rows =
    query.sort === 'manual' && query.folderId
      ? base.innerJoin(
          folderMemberships,
          and(
            eq(folderMemberships.submissionId, submissions.id),
            eq(folderMemberships.folderId, query.folderId),
          ),
        )
      : base;
  return rows
    .where(and(where, afterCursor(query.sort, query.cursor)))
    .orderBy(...orderOf(query.sort))
    .limit(query.limit + 1);
}

/** The list query with its values, unawaited: what the plan test EXPLAINs. */
export async function applicantListQuery(
  db: Queryable,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  query: ApplicantListQuery,
) {
  // Checked first: a malformed cursor is a 400 before any other query runs.
  afterCursor(query.sort, query.cursor);
  const { where, checks } = listWhere(db, projectId, userId, actor, query);
  // Wrapped, so that awaiting this function does not run the query (a drizzle query is a thenable).
  return { page: pageQuery(db, where, query), checks };
}

/**
 * A page of a project's candidates in the order asked for (newest by default). Newest, name and manual orders have
 * keys no vote, move or tag changes, so paging on while others work neither repeats nor skips a row; new submissions
 * appear only before the first page (newest). The votes order's key changes with each up vote: see decision 0021.
 */
export async function listApplicants(
  db: Db,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  query: ApplicantListQuery,
  /** The page's primary photo URLs by applicant id (the media module's, wired by the route); none without it. */
  photosOf?: (applicantIds: string[]) => Promise<Map<string, string>>,
): Promise<ApplicantList> {
  const { page: pageRows, checks } = await applicantListQuery(db, projectId, userId, actor, query);
  const [rows] = await Promise.all([pageRows, checks]);
  if (rows.length === 0) {
    // Nothing matched: an opportunity or folder of another project (or none) must say so, not look empty.
    await Promise.all([
      query.roleId ? roleInProject(db, projectId, query.roleId) : undefined,
      query.folderId ? folderInProject(db, projectId, query.folderId) : undefined,
    ]);
  }
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const page = {
    items,
    nextCursor: rows.length > query.limit && last ? cursorAfter(query.sort, last) : null,
  };
  const ids = page.items.map((row) => row.id);
  const contact = seesContactDetails(actor);
  const [details, photos] =
    ids.length === 0
      ? [new Map<string, Details>(), new Map<string, string>()]
      : await Promise.all([
          detailsOf(db, ids, userId, can(actor, 'VIEW_FEEDBACK'), can(actor, 'VIEW_PROJECT_ROSTER')),
          photosOf?.([...new Set(page.items.map((row) => row.applicantId))]) ?? new Map<string, string>(),
        ]);
  return {
    items: page.items.map((row) => {
      const extra = details.get(row.id);
      return {
        id: row.id,
        applicantId: row.applicantId,
        projectId: row.projectId,
        roleId: row.roleId,
        firstName: row.firstName,
        lastName: row.lastName,
        name: `${row.firstName} ${row.lastName}`,
        initials: initialsOf(row.firstName, row.lastName),
        email: contact ? row.email : null,
        phone: contact ? row.phone : null,
        age: row.age === null ? null : Number(row.age),
        playingAgeMin: row.playingAgeMin,
        playingAgeMax: row.playingAgeMax,
        genderId: row.genderId,
        source: row.source,
        folderIds: extra?.folderIds ?? [],
        tags: extra?.tags ?? [],
        votes: extra?.votes ?? { UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 0 },
        myVote: extra?.myVote ?? null,
        submittedAt: new Date(row.createdAt).toISOString(),
        location: applicantLocation(row.location, contact ? (row.address ?? null) : null),
        representation: extra?.representation ?? null,
        photoUrl: photos.get(row.applicantId) ?? null,
        roster: extra?.roster ?? null,
      };
    }),
    limit: query.limit,
    nextCursor: page.nextCursor,
    totalCapped: false,
  };
}

interface Details {
  folderIds: string[];
  tags: { id: string; name: string }[];
  votes: Record<'UP_VOTE' | 'DOWN_VOTE' | 'MAYBE', number>;
  myVote: VoteType | null;
  representation: { agencyName: string; agentName: string } | null;
  roster: { status: RosterStatus; startDate: string | null; endDate: string | null } | null;
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
}

/**
 * Folders, tags, votes, representation and roster standing of the page's rows only, in one statement (one round trip
 * instead of one per kind): per row, index reads keyed by its ids (memberships by `folder_memberships_submission_idx`,
 * tags by the applicant_tags key, its votes counted in one pass of the votes key, the roster's by
 * `roster_entries_submission_key`), run after the keyset page is chosen so the page query stays one index walk. The representation is the submitting agent, else
 * the person's first representative. The roster standing is read only for actors who may read the project roster
 * (holds and rates are the production's business, not a talent submitter's).
 */
async function detailsOf(
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
      } as roster
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
