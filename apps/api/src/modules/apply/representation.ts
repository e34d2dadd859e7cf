import { and, eq } from 'drizzle-orm';
import { LINK_MESSAGES, type RepresentativeForm } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { agents, applicants, projects, shareLinks, submissions } from '../../platform/db/schema';
import { fieldErrors, notFound } from '../../platform/errors';
import {
  agentsWithAgencies,
  clearRepresentation,
  findOrCreateRepresentative,
  openClaim,
  representativeView,
} from '../agencies';
import { openLinkByToken } from '../links';
import { sendMail, type ApplyDeps } from './apply-deps';
import { claimMail } from './mail';
import { applicantByPrivateToken } from './private-link';

/** The representation a link is pre-filled with: its agent, or the agents of its agency. */
export async function linkRepresentatives(db: Queryable, token: string) {
  const { link } = await openLinkByToken(db, token);
  if (link.agentId) {
    const found = (await agentsWithAgencies(db, [link.agentId])).get(link.agentId);
    return { items: found ? [representativeView(found.agent, found.agency, link.id)] : [] };
  }
  if (!link.agencyId) return { items: [] };
  const ids = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.agencyId, link.agencyId))
    .limit(100);
  const rows = await agentsWithAgencies(
    db,
    ids.map((row) => row.id),
  );
  return { items: [...rows.values()].map((row) => representativeView(row.agent, row.agency, link.id)) };
}

/** The Add Representation form on an apply page: the representative to name in the submission. */
export async function createRepresentative(db: Db, token: string, form: RepresentativeForm) {
  return db.transaction(async (tx) => {
    const { link, group } = await openLinkByToken(tx, token);
    if (!group.settings.allowAddRep) {
      throw fieldErrors([{ path: 'body', message: LINK_MESSAGES.representationNotAllowed }]);
    }
    const made = await findOrCreateRepresentative(tx, form);
    return representativeView(made.agent, made.agency, link.id);
  });
}

/** The talent changes their representation through the private link, when their link allows changing it. */
export async function changeRepresentative(
  deps: ApplyDeps,
  applicantId: string,
  accessToken: string,
  form: RepresentativeForm,
) {
  return deps.db.transaction(async (tx) => {
    const applicant = await applicantByPrivateToken(tx, applicantId, accessToken);
    const [via] = await tx
      .select({ link: shareLinks })
      .from(submissions)
      .innerJoin(shareLinks, eq(shareLinks.id, submissions.shareLinkId))
      .where(eq(submissions.applicantId, applicant.id))
      .limit(1);
    if (via) {
      const found = await openLinkByToken(tx, via.link.token);
      if (!found.group.settings.allowChangeRep && (found.link.agentId || found.link.agencyId)) {
        throw fieldErrors([{ path: 'body', message: LINK_MESSAGES.representationNotAllowed }]);
      }
    }
    return nameRepresentative(deps, tx, applicant, form, via?.link.id ?? null);
  });
}

/**
 * Add Representation from the candidate preview (MANAGE_APPLICANTS: SA, PO): the casting team names a candidate's
 * agent, found by e-mail or made new and unverified, as the apply pages do. The agent is mailed the same claim to
 * confirm, so a representation the team types in is still the agent's to accept. A candidate of another project
 * is not found.
 */
export async function addRepresentativeByStaff(
  deps: ApplyDeps,
  projectId: string,
  applicantId: string,
  form: RepresentativeForm,
) {
  return deps.db.transaction(async (tx) => {
    const [applicant] = await tx
      .select({
        id: applicants.id,
        projectId: applicants.projectId,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
      })
      .from(applicants)
      .where(and(eq(applicants.id, applicantId), eq(applicants.projectId, projectId)));
    if (!applicant) throw notFound('The candidate');
    return nameRepresentative(deps, tx, applicant, form, null);
  });
}

/** Replaces a candidate's representation with the form's agent and mails that agent the claim to confirm. */
async function nameRepresentative(
  deps: ApplyDeps,
  tx: Db,
  applicant: { id: string; projectId: string; firstName: string; lastName: string },
  form: RepresentativeForm,
  shareLinkId: string | null,
) {
  const made = await findOrCreateRepresentative(tx, form);
  await clearRepresentation(tx, applicant.id);
  const claim = await openClaim(tx, {
    projectId: applicant.projectId,
    applicantId: applicant.id,
    agentId: made.agent.id,
    agencyId: made.agency.id,
    shareLinkId,
  });
  if (claim) {
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, applicant.projectId));
    await sendMail(
      deps,
      tx,
      claimMail(deps.publicUrl, made.agent.email, {
        projectId: applicant.projectId,
        projectName: project?.name ?? '',
        talentName: `${applicant.firstName} ${applicant.lastName}`,
        claimId: claim.id,
        token: claim.token,
      }),
    );
  }
  return representativeView(made.agent, made.agency, shareLinkId);
}
