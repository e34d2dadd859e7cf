import { asc, eq, inArray, sql } from 'drizzle-orm';
import { LINK_MESSAGES, searchFold, type ClaimStatus, type RepresentativeForm } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { agencies, agents, applicantRepresentatives, applicants } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import { representativeView, type AgencyRow, type AgentRow } from './agents';

// Who represents an applicant: the representative a form names, and the representation each applicant has.

/**
 * The representative named on an apply page's Add Representation form. An agent is one per e-mail: an existing one
 * is reused as it is (an anonymous caller never rewrites an agent's record); otherwise a new unverified agent is
 * made in the chosen agency, or in a new unverified agency the form describes.
 */
export async function findOrCreateRepresentative(
  tx: Queryable,
  form: RepresentativeForm,
): Promise<{ agent: AgentRow; agency: AgencyRow }> {
  const email = form.agent.email;
  const [existing] = await tx
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(eq(agents.email, email));
  if (existing) return existing;
  let agency: AgencyRow | undefined;
  if (form.agencyId) {
    [agency] = await tx.select().from(agencies).where(eq(agencies.id, form.agencyId));
    if (!agency) throw fieldErrors([{ path: 'body.agencyId', message: LINK_MESSAGES.agencyUnknown }]);
  } else {
    const name = form.agency?.name ?? '';
    [agency] = await tx
      .insert(agencies)
      .values({ name, websiteUrl: form.agency?.websiteUrl ?? null, searchText: searchFold(name) })
      .returning();
  }
  if (!agency) throw new Error('agency insert returned nothing');
  const [agent] = await tx
    .insert(agents)
    .values({
      agencyId: agency.id,
      firstName: form.agent.firstName,
      lastName: form.agent.lastName,
      email,
      phoneNumber: form.agent.phoneNumber ?? null,
      searchText: searchFold(`${form.agent.firstName} ${form.agent.lastName} ${email}`),
    })
    .onConflictDoNothing({ target: agents.email })
    .returning();
  if (agent) return { agent, agency };
  // A concurrent request made the same agent first: use theirs.
  const [raced] = await tx
    .select({ agent: agents, agency: agencies })
    .from(agents)
    .innerJoin(agencies, eq(agencies.id, agents.agencyId))
    .where(eq(agents.email, email));
  if (!raced) throw new Error('agent upsert found nothing');
  return raced;
}

/** Removes an applicant's representation (a change of representative on the private link). */
export async function clearRepresentation(tx: Queryable, applicantId: string) {
  await tx.delete(applicantRepresentatives).where(eq(applicantRepresentatives.applicantId, applicantId));
}

/** Each applicant's representatives with the claim status; all applicants must be of one project. */
export async function representativesOfApplicants(db: Queryable, applicantIds: readonly string[]) {
  const rows = await db
    .select({
      applicantId: applicantRepresentatives.applicantId,
      shareLinkId: applicantRepresentatives.shareLinkId,
      status: applicantRepresentatives.status,
      agent: agents,
      agency: agencies,
    })
    .from(applicantRepresentatives)
    .innerJoin(agents, eq(agents.id, applicantRepresentatives.agentId))
    .innerJoin(agencies, eq(agencies.id, applicantRepresentatives.agencyId))
    .where(inArray(applicantRepresentatives.applicantId, [...applicantIds]))
    .orderBy(asc(applicantRepresentatives.createdAt));
  return applicantIds.map((applicantId) => ({
    applicantId,
    representatives: rows
      .filter((row) => row.applicantId === applicantId)
      .map((row) => ({
        ...representativeView(row.agent, row.agency, row.shareLinkId),
        status: row.status as ClaimStatus,
      })),
  }));
}

/** The answer for applicant ids that are not all known candidates of one project. */
export const applicantsNotInOneProject = () =>
  fieldErrors([{ path: 'query.applicantIds[]', message: LINK_MESSAGES.applicantsInOneProject }]);

/** The one project all these applicants belong to, or a field error (unknown ids answer the same). */
export async function projectOfApplicants(db: Queryable, applicantIds: readonly string[]): Promise<string> {
  const rows = await db
    .selectDistinct({ projectId: applicants.projectId })
    .from(applicants)
    .where(inArray(applicants.id, [...applicantIds]));
  const count = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applicants)
    .where(inArray(applicants.id, [...applicantIds]));
  if (rows.length !== 1 || count[0]?.n !== new Set(applicantIds).size) throw applicantsNotInOneProject();
  return rows[0]!.projectId;
}
