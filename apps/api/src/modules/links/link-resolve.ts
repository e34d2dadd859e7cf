import { enterOfficeOf } from '../../platform/db/office-of';
import { and, eq, inArray } from 'drizzle-orm';
import { LINK_MESSAGES, type Option, type ResolvedLink } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { officeApplyRules } from '../../platform/db/minors';
import { currentOfficeId } from '../../platform/db/scope';
import { agencies, projects, roles } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/errors';
import { agentsWithAgencies, representativeView } from '../agencies';
import { lookupChoices } from '../lookups';
import { roleBreakdowns } from '../opportunities';
import { linkByToken, linkStatus } from './link-lookup';

/**
 * What an apply page shows. A closed or expired link answers its status and message only, so the page can say so
 * at once instead of offering a form that fails on submit. Project and opportunity details only when allowed.
 */
export async function resolveLink(
  db: Queryable,
  token: string,
  uploadGrant: (projectId: string, shareLinkId: string) => Promise<string | null>,
): Promise<ResolvedLink> {
  const found = await linkByToken(db, token);
  if (!found) throw new AppError('NOT_FOUND', LINK_MESSAGES.linkNotFound);
  const { link, group } = found;
  const status = linkStatus(group);
  const base = { status, shareLinkId: link.id, projectId: link.projectId, title: group.title };
  if (status !== 'OPEN') {
    return {
      ...base,
      message: status === 'CLOSED' ? LINK_MESSAGES.linkClosed : LINK_MESSAGES.linkExpired,
      project: null,
      opportunities: [],
      defaultRoleId: null,
      settings: null,
      representative: null,
      agency: null,
      uploadGrant: null,
      lookups: null,
      minorRule: null,
    };
  }
  const [project] = await db
    .select({
      name: projects.name,
      description: projects.description,
      productionCompany: projects.productionCompany,
      location: projects.location,
      submissionDeadline: projects.submissionDeadline,
      auditionDate: projects.auditionDate,
      shootStartDate: projects.shootStartDate,
      shootEndDate: projects.shootEndDate,
    })
    .from(projects)
    .where(eq(projects.id, link.projectId));
  const roleRows = await db
    .select()
    .from(roles)
    .where(and(eq(roles.projectId, link.projectId), inArray(roles.id, group.roleIds)));
  const ordered = group.roleIds.flatMap((id) => roleRows.filter((row) => row.id === id));
  const breakdowns = group.settings.displayOpportunityDetails ? await roleBreakdowns(db, ordered) : null;
  const agentRow = link.agentId
    ? (await agentsWithAgencies(db, [link.agentId])).get(link.agentId)
    : undefined;
  const [agency] = link.agencyId
    ? await db
        .select({ id: agencies.id, name: agencies.name })
        .from(agencies)
        .where(eq(agencies.id, link.agencyId))
    : [];
  return {
    ...base,
    message: null,
    project: group.settings.displayProjectDetails && project ? project : null,
    opportunities: ordered.map((row, index) => ({
      id: row.id,
      name: row.name,
      description: group.settings.displayOpportunityDetails ? row.description : null,
      breakdown: breakdowns?.[index] ?? null,
    })),
    defaultRoleId: group.defaultRoleId,
    settings: group.settings,
    representative: agentRow ? representativeView(agentRow.agent, agentRow.agency, link.id) : null,
    agency: agency ?? (agentRow ? { id: agentRow.agency.id, name: agentRow.agency.name } : null),
    uploadGrant: await uploadGrant(link.projectId, link.id),
    lookups: await applyFormLookups(db),
    minorRule: await minorRuleOf(db),
  };
}

/** The age of majority of the link's office (the request works in it) and the time zone whose date it is judged on. */
async function minorRuleOf(db: Queryable): Promise<ResolvedLink['minorRule']> {
  const officeId = currentOfficeId();
  const rules = officeId ? await officeApplyRules(db, officeId) : null;
  return rules ? { ageOfMajority: rules.ageOfMajority, timeZone: rules.timeZone } : null;
}

/**
 * The apply form's lookup choices: the genders and ethnic appearances candidates are filtered by. The lookups are
 * shared with role breakdowns, whose wildcards ('Any Gender', 'Any Ethnicity') describe a role, never a person, so
 * they are not offered to talent (decision 0134).
 */
async function applyFormLookups(db: Queryable): Promise<NonNullable<ResolvedLink['lookups']>> {
  const choices = await lookupChoices(db, ['role-genders', 'ethnic-appearances']);
  const forPeople = (options: Option[]) => options.filter((option) => !/^any\b/i.test(option.label.trim()));
  return {
    genders: forPeople(choices['role-genders']),
    ethnicAppearances: forPeople(choices['ethnic-appearances']),
  };
}

/** The slug at the end of an apply address (or the bare slug), resolved to its link. */
export async function urlMapping(db: Queryable, url: string, projectId?: string) {
  const path = url.split(/[?#]/)[0] ?? '';
  const slug = path.split('/').filter(Boolean).at(-1) ?? '';
  // The slug is the link's secret: it says which office the request reads.
  await enterOfficeOf(db, 'share_link', slug);
  const found = await linkByToken(db, slug);
  if (!found || (projectId && found.link.projectId !== projectId)) throw notFound('The submission link');
  return {
    projectId: found.link.projectId,
    shareLinkId: found.link.id,
    token: found.link.token,
    status: linkStatus(found.group),
  };
}
