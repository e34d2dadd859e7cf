import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  LINK_MESSAGES,
  MESSAGES,
  type RepresentativeForm,
  type StandaloneApply,
  type StandaloneUpdate,
  type StandaloneView,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  agents,
  applicantAccessTokens,
  applicants,
  folderMemberships,
  folders,
  projects,
  roles,
  shareLinks,
  submissions,
} from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError, fieldErrors, notFound } from '../../platform/errors';
import {
  agentsWithAgencies,
  clearRepresentation,
  findOrCreateRepresentative,
  openClaim,
  representativeView,
  representativesOfApplicants,
} from '../agencies';
import { addToFolders, publishApplicantsUpdated, searchTextOf, submitApplicant } from '../candidates';
import { enqueueMail } from '../../platform/mail/queue';
import { attachUploads, grantOwner, verifyUploadGrant } from '../media';
import { assertLookupRefs } from '../lookups';
import { openLinkByToken, type GroupRow, type LinkRow } from '../links';
import { claimMail, submissionConfirmationMail } from './mail';

export interface ApplyDeps {
  db: Db;
  jobs: AppContext['jobs'];
  publicUrl: string;
  config: AppContext['config'];
  events?: AppContext['events'];
}

async function sendMail(deps: ApplyDeps, tx: Db, message: ReturnType<typeof claimMail>) {
  await enqueueMail(deps.jobs, { kind: 'notice', message }, tx);
}

/**
 * The representative of a submission under the link's settings (spec section 3):
 * - a link pre-filled with an agent keeps that agent unless `allowChangeRep`;
 * - a link pre-filled with an agency takes an agent of that agency, another agency only with `allowChangeRep`;
 * - a new representative from the Add Representation form needs `allowAddRep`;
 * - a link with representation and without `allowNoRep` needs a representative.
 */
async function chooseRepresentative(
  tx: Queryable,
  link: LinkRow,
  group: GroupRow,
  choice: { repId?: string | null; representative?: RepresentativeForm | null },
): Promise<{ agentId: string; agencyId: string } | null> {
  const settings = group.settings;
  let chosen: { agentId: string; agencyId: string } | null = null;
  if (choice.representative) {
    if (!settings.allowAddRep) {
      throw fieldErrors([{ path: 'body.representative', message: LINK_MESSAGES.representationNotAllowed }]);
    }
    const made = await findOrCreateRepresentative(tx, choice.representative);
    chosen = { agentId: made.agent.id, agencyId: made.agency.id };
  } else if (choice.repId) {
    const found = (await agentsWithAgencies(tx, [choice.repId])).get(choice.repId);
    if (!found) throw fieldErrors([{ path: 'body.repId', message: LINK_MESSAGES.agentUnknown }]);
    chosen = { agentId: found.agent.id, agencyId: found.agency.id };
  } else if (link.agentId) {
    const found = (await agentsWithAgencies(tx, [link.agentId])).get(link.agentId);
    if (found) chosen = { agentId: found.agent.id, agencyId: found.agency.id };
  }
  const hasPrefill = Boolean(link.agentId || link.agencyId);
  if (chosen && hasPrefill && !settings.allowChangeRep) {
    const keepsPrefill = link.agentId ? chosen.agentId === link.agentId : chosen.agencyId === link.agencyId;
    if (!keepsPrefill) {
      throw fieldErrors([{ path: 'body.repId', message: LINK_MESSAGES.representationNotAllowed }]);
    }
  }
  if (!chosen && hasPrefill && !settings.allowNoRep) {
    throw fieldErrors([{ path: 'body.repId', message: LINK_MESSAGES.representationRequired }]);
  }
  return chosen;
}

const fakeId = () => crypto.randomUUID();

function uploadGrantFor(deps: ApplyDeps, token: string | undefined, projectId: string) {
  if (!token) throw fieldErrors([{ path: 'body.uploadGrant', message: LINK_MESSAGES.uploadGrantRequired }]);
  const grant = verifyUploadGrant(deps.config, token);
  if (grant.projectId !== projectId) {
    throw fieldErrors([{ path: 'body.uploadGrant', message: LINK_MESSAGES.uploadGrantRequired }]);
  }
  return grant;
}

/**
 * A talent (or their agent) applies through a link, without an account. In one transaction: the applicant is made
 * or joined (one per e-mail per project), submitted to the chosen opportunity (the link's default when none) in its
 * NEW_SUBMISSIONS folder, or TS_FOR_REVIEW when the link requires agency review; the representation claim is opened
 * and mailed to the agent; a private link is mailed to the talent. A filled honeypot is answered like a success.
 */
export async function applyStandalone(deps: ApplyDeps, input: StandaloneApply) {
  if (input.website && input.website.trim() !== '') {
    return { applicantId: fakeId(), submissionId: fakeId(), message: LINK_MESSAGES.submissionReceived };
  }
  return deps.db.transaction(async (tx) => {
    const { link, group, projectName } = await openLinkByToken(tx, input.token);
    const roleId = input.roleId ?? group.defaultRoleId;
    if (!group.roleIds.includes(roleId)) {
      throw fieldErrors([{ path: 'body.roleId', message: LINK_MESSAGES.opportunityNotInLink }]);
    }
    if (input.dateOfBirth && typeof input.age === 'number') {
      throw fieldErrors([{ path: 'body.age', message: LINK_MESSAGES.ageOrBirthDate }]);
    }
    await assertLookupRefs(tx, [
      { field: 'genderId', lookup: 'role-genders', value: input.genderId },
      { field: 'ethnicAppearanceIds', lookup: 'ethnic-appearances', value: input.ethnicAppearanceIds },
    ]);
    // Uploads are attached only under this link's grants (the page's, or an earlier load of the same link whose
    // upload this page resumed), so keys of other people's uploads attach nothing.
    const grant = input.uploads.length > 0 ? uploadGrantFor(deps, input.uploadGrant, link.projectId) : null;
    const representative = await chooseRepresentative(tx, link, group, input);
    const result = await submitApplicant(tx, {
      projectId: link.projectId,
      roleId,
      person: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        playingAgeMin: input.age ?? null,
        playingAgeMax: input.age ?? null,
        genderId: input.genderId ?? null,
        ethnicAppearanceIds: input.ethnicAppearanceIds,
        sizes: input.sizes,
        skills: [],
        unionIds: [],
        languages: [],
        location: null,
        address: input.address ?? null,
        socialProfiles: input.socialProfiles,
        bio: input.bio ?? null,
        resume: null,
      },
      createdById: null,
      source: 'SUBMISSION_LINK',
      folderIds: [],
      folderAlias: group.settings.underReview ? 'TS_FOR_REVIEW' : 'NEW_SUBMISSIONS',
      shareLinkId: link.id,
      referringAgentId: representative?.agentId ?? null,
    });
    if (representative) {
      const claim = await openClaim(tx, {
        projectId: link.projectId,
        applicantId: result.applicantId,
        agentId: representative.agentId,
        agencyId: representative.agencyId,
        shareLinkId: link.id,
      });
      // "Exclude Agent" keeps the agent out of the mails of this link.
      if (claim && !group.settings.excludeAgent) {
        const [agent] = await tx
          .select({ email: agents.email })
          .from(agents)
          .where(eq(agents.id, representative.agentId));
        if (agent) {
          await sendMail(
            deps,
            tx,
            claimMail(deps.publicUrl, agent.email, {
              projectId: link.projectId,
              projectName,
              talentName: `${input.firstName} ${input.lastName}`,
              claimId: claim.id,
              token: claim.token,
            }),
          );
        }
      }
    }
    if (grant) {
      await attachUploads(
        tx,
        {
          projectId: link.projectId,
          applicantId: result.applicantId,
          uploads: input.uploads.map((upload) => upload.key),
          grantId: grantOwner(grant),
        },
        { jobs: deps.jobs },
      );
    }
    await issuePrivateLink(deps, tx, result.applicantId, input.email, projectName);
    // Last, because every submission through this link updates the same row: its lock is held only until commit.
    if (result.createdSubmission) {
      // The team's open candidates pages refetch once this commits.
      await publishApplicantsUpdated(deps.events, tx, link.projectId, 'ADD', 1, roleId);
      await tx
        .update(shareLinks)
        .set({ submissionCount: sql`${shareLinks.submissionCount} + 1` })
        .where(eq(shareLinks.id, link.id));
    }
    return {
      applicantId: result.applicantId,
      submissionId: result.submissionId,
      message: LINK_MESSAGES.submissionReceived,
    };
  });
}

/** A new private link for an applicant, mailed to their stored address. */
async function issuePrivateLink(
  deps: ApplyDeps,
  tx: Db,
  applicantId: string,
  email: string,
  projectName: string,
) {
  const token = newLinkToken();
  await tx.insert(applicantAccessTokens).values({ applicantId, tokenHash: tokenDigest(token) });
  await sendMail(
    deps,
    tx,
    submissionConfirmationMail(deps.publicUrl, email, projectName, applicantId, token),
  );
}

/** The applicant a private link opens, or 404 (a wrong token and a wrong id answer the same). */
async function applicantByPrivateToken(db: Queryable, applicantId: string, token: string) {
  const [row] = await db
    .select({ applicant: applicants })
    .from(applicantAccessTokens)
    .innerJoin(applicants, eq(applicants.id, applicantAccessTokens.applicantId))
    .where(
      and(
        eq(applicantAccessTokens.applicantId, applicantId),
        eq(applicantAccessTokens.tokenHash, tokenDigest(token)),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', LINK_MESSAGES.privateLinkInvalid);
  return row.applicant;
}

export async function standaloneView(
  db: Queryable,
  applicantId: string,
  token: string,
): Promise<StandaloneView> {
  const applicant = await applicantByPrivateToken(db, applicantId, token);
  const [project] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, applicant.projectId));
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(submissions)
    .innerJoin(roles, eq(roles.id, submissions.roleId))
    .where(eq(submissions.applicantId, applicant.id));
  const [represented] = await representativesOfApplicants(db, [applicant.id]);
  return {
    applicantId: applicant.id,
    projectId: applicant.projectId,
    projectName: project?.name ?? '',
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    email: applicant.email,
    phone: applicant.phone,
    dateOfBirth: applicant.dateOfBirth,
    genderId: applicant.genderId,
    sizes: applicant.sizes,
    socialProfiles: applicant.socialProfiles,
    address: applicant.address ?? null,
    bio: applicant.bio,
    opportunities: roleRows,
    representatives: represented?.representatives ?? [],
  };
}

/** The talent updates their own details through the private link (the e-mail, their identity here, stays). */
export async function updateStandalone(db: Db, applicantId: string, input: StandaloneUpdate) {
  return db.transaction(async (tx) => {
    const applicant = await applicantByPrivateToken(tx, applicantId, input.accessToken);
    await assertLookupRefs(tx, [
      { field: 'genderId', lookup: 'role-genders', value: input.genderId },
      { field: 'ethnicAppearanceIds', lookup: 'ethnic-appearances', value: input.ethnicAppearanceIds },
    ]);
    const firstName = input.firstName ?? applicant.firstName;
    const lastName = input.lastName ?? applicant.lastName;
    await tx
      .update(applicants)
      .set({
        firstName,
        lastName,
        searchText: searchTextOf({ firstName, lastName, email: applicant.email }),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
        ...(input.age !== undefined ? { playingAgeMin: input.age, playingAgeMax: input.age } : {}),
        ...(input.genderId !== undefined ? { genderId: input.genderId } : {}),
        ...(input.ethnicAppearanceIds !== undefined
          ? { ethnicAppearanceIds: input.ethnicAppearanceIds }
          : {}),
        ...(input.sizes !== undefined ? { sizes: input.sizes as Record<string, string> } : {}),
        ...(input.socialProfiles !== undefined
          ? { socialProfiles: input.socialProfiles as Record<string, string> }
          : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
      })
      .where(eq(applicants.id, applicant.id));
    return standaloneView(tx, applicant.id, input.accessToken);
  });
}

/**
 * A fresh private link mailed to the applicant's stored address. The caller proves they came through a link of the
 * applicant's project; the mail goes only to the address the talent gave, so the caller learns nothing else.
 */
export async function resendPrivateLink(deps: ApplyDeps, applicantId: string, linkToken: string) {
  return deps.db.transaction(async (tx) => {
    const { link } = await openLinkByToken(tx, linkToken);
    const [applicant] = await tx
      .select({ id: applicants.id, email: applicants.email, projectName: projects.name })
      .from(applicants)
      .innerJoin(projects, eq(projects.id, applicants.projectId))
      .where(and(eq(applicants.id, applicantId), eq(applicants.projectId, link.projectId)));
    if (!applicant?.email) throw notFound('The submission');
    await issuePrivateLink(deps, tx, applicant.id, applicant.email, applicant.projectName);
    return { message: MESSAGES.sentSuccessfully };
  });
}

/**
 * The apply form's e-mail check: whether this address already applied to the link's project. A returning talent is
 * mailed their private link, so the answer never carries their data.
 */
export async function checkEmailWebform(
  deps: ApplyDeps,
  projectId: string,
  email: string,
  linkToken: string,
) {
  return deps.db.transaction(async (tx) => {
    const { link } = await openLinkByToken(tx, linkToken);
    if (link.projectId !== projectId) throw notFound('The submission link');
    const [applicant] = await tx
      .select({ id: applicants.id, projectName: projects.name })
      .from(applicants)
      .innerJoin(projects, eq(projects.id, applicants.projectId))
      .where(and(eq(applicants.projectId, projectId), eq(applicants.email, email)));
    if (!applicant) return { isReturning: false };
    await issuePrivateLink(deps, tx, applicant.id, email, applicant.projectName);
    return { isReturning: true };
  });
}

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

/**
 * Send under review (TS only): submissions waiting in TS_FOR_REVIEW go on to the casting team, landing in their
 * opportunity's NEW_SUBMISSIONS folder and leaving the review folder. Ids of another project or outside the review
 * folder are refused in one query, nothing half-moved.
 */
export async function sendUnderReview(
  db: Db,
  projectId: string,
  submissionIds: readonly string[],
  events?: AppContext['events'],
) {
  const ids = [...new Set(submissionIds)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        submissionId: folderMemberships.submissionId,
        folderId: folderMemberships.folderId,
        roleId: folders.roleId,
      })
      .from(folderMemberships)
      .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
      .where(
        and(
          eq(folderMemberships.projectId, projectId),
          eq(folders.systemAlias, 'TS_FOR_REVIEW'),
          inArray(folderMemberships.submissionId, ids),
        ),
      );
    if (new Set(rows.map((row) => row.submissionId)).size !== ids.length) {
      throw fieldErrors([{ path: 'body.applicantIds', message: LINK_MESSAGES.notUnderReview }]);
    }
    await tx.delete(folderMemberships).where(
      and(
        inArray(folderMemberships.submissionId, ids),
        inArray(
          folderMemberships.folderId,
          rows.map((row) => row.folderId),
        ),
      ),
    );
    const targets = await tx
      .select({ id: folders.id, roleId: folders.roleId })
      .from(folders)
      .where(
        and(
          inArray(folders.roleId, [...new Set(rows.map((row) => row.roleId))]),
          eq(folders.systemAlias, 'NEW_SUBMISSIONS'),
        ),
      );
    for (const target of targets) {
      const inRole = rows.filter((row) => row.roleId === target.roleId).map((row) => row.submissionId);
      await addToFolders(tx, projectId, [target.id], inRole);
    }
    await publishApplicantsUpdated(events, tx, projectId, 'MOVE', ids.length);
    return { sent: ids.length };
  });
}
