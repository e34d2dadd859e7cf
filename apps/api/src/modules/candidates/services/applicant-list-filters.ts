import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  can,
  CANDIDATE_MESSAGES,
  searchFold,
  type ApplicantListQuery,
  type Feedback,
  type MissingDataFilter,
  type ProjectActor,
  type VoteType,
} from '@casting/domain';
import type { Queryable } from '../../../platform/db/ids';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicantTags,
  clientFeedback,
  folderMemberships,
  folders,
  projectAccesses,
  projects,
  submissions,
  tags,
  votes,
} from '../../../platform/db/schema';
import { fieldErrors, permissionDenied } from '../../../platform/errors';
import { seesContactDetails } from './applicant-detail';
import { ratingConditions, traitConditions } from './applicant-list-traits';
import { uuidArray } from './project-rows';

// The applicants list's filters and who may see which rows, as one condition for the page query.

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
 * when the agency sends them on (decision 0137), and people an agency invited who have not applied yet (in Invited,
 * TS_INVITED): they become the team's candidates when they apply (decision 0050). Membership of those two folders is
 * the submission's `review_held` flag (kept by triggers, decision 0748): a column of the row the walk holds, where a
 * `not exists` per row cost a probe each and, planned as a hashed anti-join, made the planner sort instead of walk.
 */
function visibility(actor: ProjectActor, submitterFolders: boolean): SQL | undefined {
  if (actor === 'TS') return inFolderWhere(sql`left(f.system_alias, 3) = 'TS_'`);
  if (!submitterFolders) return sql`not ${submissions.reviewHeld}`;
  if (actor !== 'SA') throw permissionDenied('SUBMITTER_FOLDERS_SWITCH');
  return inFolderWhere(sql`left(f.system_alias, 3) = 'TS_'`);
}

/**
 * "Self-tapes received": probes of the row's self-tape recipients by (office, submission, request, status), the
 * index `self_tape_recipients_submission_idx`. A candidate counts as submitted, late or declined when any of their
 * recipients (talent or an agent) did so; as pending when someone was asked and nobody submitted or declined yet.
 */
function selfTapeCondition(query: ApplicantListQuery): SQL {
  const probe = (status: SQL) => sql`exists (select 1 from self_tape_recipients r
    where r.office_id = ${submissions.officeId} and r.submission_id = ${submissions.id}${
      query.selfTapeRequestId ? sql` and r.request_id = ${query.selfTapeRequestId}` : sql``
    }${status})`;
  switch (query.selfTapes ?? 'ANY') {
    case 'ANY':
      return probe(sql``);
    case 'SUBMITTED':
      return probe(sql` and r.status = 'SUBMITTED' and not r.late`);
    case 'LATE':
      return probe(sql` and r.status = 'SUBMITTED' and r.late`);
    case 'DECLINED':
      return probe(sql` and r.status = 'DECLINED'`);
    case 'PENDING':
      return sql`(${probe(sql` and r.status in ('SENT', 'OPENED')`)} and not ${probe(
        sql` and r.status in ('SUBMITTED', 'DECLINED')`,
      )})`;
  }
}

/**
 * Every filter of the list as one condition; each is an index-served predicate on its own table. The ids that must
 * be checked (tags, feedback providers) are checked by `checks`, which runs beside the page query: a request with
 * an unknown one fails whatever the page held. Opportunity and folder ids need no query of their own: the page only
 * holds rows of this project, so a page with rows proves them; an empty page checks them (see listApplicants).
 */
export function listWhere(
  db: Queryable,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  query: ApplicantListQuery,
): { where: SQL | undefined; checks: Promise<unknown> } {
  const seesFeedback = can(actor, 'VIEW_FEEDBACK');
  // The team's votes are feedback: without VIEW_FEEDBACK no filter or order may reveal them.
  if (
    !seesFeedback &&
    (query.sort === 'votes' ||
      query.sort === 'rating' ||
      query['rating[min]'] !== undefined ||
      (query.feedbackProviderNames ?? []).length > 0 ||
      query.feedbackFromClients)
  ) {
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
  if (query.selfTapes || query.selfTapeRequestId) conditions.push(selfTapeCondition(query));
  if (query.systemAlias && !ALL_VIEWS.has(query.systemAlias)) {
    conditions.push(inFolderWhere(sql`f.system_alias = ${query.systemAlias}`));
  }
  // "Everyone" (no folder, or the All Submissions view) leaves the team's hidden candidates out: they are found in
  // the Hidden folder. The submitter folders keep their own hidden folder and are not narrowed here.
  const everyone = !query.folderId && (!query.systemAlias || ALL_VIEWS.has(query.systemAlias));
  if (everyone && actor !== 'TS' && !query.submitterFolders) conditions.push(sql`not ${submissions.hidden}`);
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
  const providers = [...new Set((query.feedbackProviderNames ?? []).map((id) => id.toLowerCase()))];
  // With providers named (team members and/or clients), the feedback is theirs; otherwise anyone's on the team.
  if (query.feedback && providers.length === 0 && !query.feedbackFromClients) {
    conditions.push(
      sql`exists (select 1 from ${votes} v where v.submission_id = ${submissions.id}${feedbackVote}${voter})`,
    );
  }
  const given: SQL[] = [];
  if (providers.length > 0) {
    // Each provider's vote is one entry of the votes primary key (submission_id, user_id): a probe per row.
    const teamGiven = sql`from ${votes} v where v.submission_id = ${submissions.id}
      and v.user_id = any(${uuidArray(providers)}::uuid[])${feedbackVote}`;
    given.push(
      query.feedbackProviderQueryType === 'AND'
        ? sql`(select count(*) ${teamGiven}) = ${providers.length}`
        : sql`exists (select 1 ${teamGiven})`,
    );
  }
  if (query.feedbackFromClients) given.push(clientGave(query.feedback));
  if (given.length > 0) {
    conditions.push(
      query.feedbackProviderQueryType === 'AND' ? and(...given) : sql`(${sql.join(given, sql` or `)})`,
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
  conditions.push(...traitConditions(query), ...ratingConditions(query, projectId, userId));
  const checks = Promise.all([
    assertProjectTags(db, projectId, query),
    feedbackProviders(db, projectId, providers),
  ]);
  return { where: and(...conditions), checks };
}

/**
 * Some client link viewer gave this feedback (their vote is YES, NO or MAYBE as the filter's values), or without a
 * feedback value any vote or comment: probes of `client_feedback_submission_idx` for the row the walk holds.
 */
function clientGave(feedback: Feedback | undefined): SQL {
  const what = feedback
    ? sql`cf.vote = ${feedback}`
    : sql`(cf.vote is not null or coalesce(cf.comment, '') <> '')`;
  // A scalar subquery stopping at the first hit stays a probe per walked row: written as `exists`, the planner may
  // hash the office's whole client feedback instead (a scan that grows with every link's answers).
  return sql`((select true from ${clientFeedback} cf where cf.submission_id = ${submissions.id} and ${what} limit 1) is not null)`;
}

/**
 * The referral and agent filters. Referral is the submission's link (partial index on
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
