import { eq, sql } from 'drizzle-orm';
import { LINK_MESSAGES, type RepresentativeForm, type StandaloneApply } from '@casting/domain';
import { locateAddress } from '../../platform/address';
import type { Queryable } from '../../platform/db/ids';
import { agents, shareLinks } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import { agentsWithAgencies, findOrCreateRepresentative, openClaim } from '../agencies';
import { emitMembershipChanges, publishApplicantsUpdated, submitApplicant } from '../candidates';
import { emitWebhookEvent } from '../webhooks';
import { attachUploads, grantOwner, verifyUploadGrant } from '../media';
import { assertLookupRefs } from '../lookups';
import { openLinkByToken, type GroupRow, type LinkRow } from '../links';
import { sendMail, type ApplyDeps } from './apply-deps';
import { addressStanding, holdForAddressOwner } from './address-owner';
import { judgeConsent, recordConsent } from './consent';
import { claimMail } from './mail';
import { issuePrivateLink } from './private-link';

/**
 * The representative of a submission under the link's settings:
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
 * and mailed to the agent; a private link is mailed to the talent; what the talent agreed to (the terms and privacy
 * versions, a minor's guardian consent) is recorded. A filled honeypot is answered like a success. An application
 * with an address that already belongs to a person changes nothing of them: it is stored apart, without the address,
 * its agent named but not claimed, until the address's owner confirms it (decision 0170); the same application to
 * the same opportunity again is answered with the first.
 */
export async function applyStandalone(deps: ApplyDeps, input: StandaloneApply) {
  if (input.website && input.website.trim() !== '') {
    return { applicantId: fakeId(), submissionId: fakeId(), message: LINK_MESSAGES.submissionReceived };
  }
  // Geocoded before the transaction opens, so a slow provider holds no locks.
  const coordinates = await locateAddress(deps.addresses, input.address);
  return deps.db.transaction(async (tx) => {
    const { link, group, projectName } = await openLinkByToken(tx, input.token);
    const roleId = input.roleId ?? group.defaultRoleId;
    if (!group.roleIds.includes(roleId)) {
      throw fieldErrors([{ path: 'body.roleId', message: LINK_MESSAGES.opportunityNotInLink }]);
    }
    if (input.dateOfBirth && typeof input.age === 'number') {
      throw fieldErrors([{ path: 'body.age', message: LINK_MESSAGES.ageOrBirthDate }]);
    }
    const consent = await judgeConsent(tx, input);
    await assertLookupRefs(tx, [
      { field: 'genderId', lookup: 'role-genders', value: input.genderId },
      { field: 'ethnicAppearanceIds', lookup: 'ethnic-appearances', value: input.ethnicAppearanceIds },
    ]);
    // Uploads are attached only under this link's grants (the page's, or an earlier load of the same link whose
    // upload this page resumed), so keys of other people's uploads attach nothing.
    const grant = input.uploads.length > 0 ? uploadGrantFor(deps, input.uploadGrant, link.projectId) : null;
    const representative = await chooseRepresentative(tx, link, group, input);
    const standing = await addressStanding(tx, link.projectId, roleId, input.email);
    if (standing.kind === 'repeat') {
      // The same application again changes nothing; the address is mailed its private link, as on every apply.
      await issuePrivateLink(deps, tx, standing.applicantId, input.email, projectName);
      return {
        applicantId: standing.applicantId,
        submissionId: standing.submissionId,
        message: LINK_MESSAGES.submissionReceived,
      };
    }
    // An address that already belongs to a person: the application is stored without it, so it joins nobody, and
    // waits for the address's owner to confirm it.
    const unconfirmed = standing.kind === 'taken';
    const result = await submitApplicant(tx, {
      projectId: link.projectId,
      roleId,
      person: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: unconfirmed ? null : input.email,
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
        coordinates,
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
    await recordConsent(tx, result.applicantId, result.submissionId, consent);
    // A waiting application names its agent only on its submission; the claim is opened once it is confirmed.
    if (representative && !unconfirmed) {
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
    if (unconfirmed) {
      await holdForAddressOwner(deps, tx, result.applicantId, input.email, projectName);
    } else {
      await issuePrivateLink(deps, tx, result.applicantId, input.email, projectName);
    }
    // Last, because every submission through this link updates the same row: its lock is held only until commit.
    if (result.createdSubmission) {
      // The team's open candidates pages refetch once this commits.
      await publishApplicantsUpdated(deps.events, tx, link.projectId, 'ADD', 1, roleId);
      await emitWebhookEvent(deps.jobs, tx, 'submission.received', {
        projectId: link.projectId,
        opportunityId: roleId,
        applicantId: result.applicantId,
        submissionId: result.submissionId,
      });
      // Where it landed (New Submissions, or the agency's For Review) is a folder change like any other.
      await emitMembershipChanges(deps.jobs, tx, link.projectId, result.memberships);
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
