import { eq, sql } from 'drizzle-orm';
import { LINK_MESSAGES } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  applicantAccessTokens,
  applicants,
  applicationConsents,
  folderMemberships,
  folders,
  mediaItems,
  people,
  projects,
  shareLinkGroups,
  shareLinks,
  submissions,
} from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';
import { agentsWithAgencies, openClaim } from '../agencies';
import { emitMembershipChanges, publishApplicantsUpdated, submitApplicant } from '../candidates';
import { sendMail, type ApplyDeps } from './apply-deps';
import { applicationConfirmationMail, claimMail } from './mail';
import { applicantByPrivateToken, issuePrivateLink } from './private-link';

// An application whose address already belongs to a person waits apart until the address's owner confirms it
// (decision 0170): a stranger who knows someone's address cannot change their details, media or representation.

export type AddressStanding =
  | { kind: 'new' }
  /** The person already applied to this opportunity: the application is the same one again (a double click). */
  | { kind: 'repeat'; applicantId: string; submissionId: string }
  /** The address belongs to a person of the office or an applicant of the project: the owner must confirm. */
  | { kind: 'taken' };

/** Where an application's address stands in the project and the office, read before anything is written. */
export async function addressStanding(
  tx: Queryable,
  projectId: string,
  roleId: string,
  email: string,
): Promise<AddressStanding> {
  // One statement, so one snapshot: a concurrent first application with the address is seen whole (its applicant,
  // submission and person) or not at all, and a double click is never mistaken for a stranger.
  const result = (await tx.execute(sql`
    select a.id as applicant_id,
      (select s.id from ${submissions} s where s.applicant_id = a.id and s.role_id = ${roleId}::uuid
        and not exists (select 1 from ${folderMemberships} m join ${folders} f on f.id = m.folder_id
          where m.submission_id = s.id and f.system_alias = 'TS_INVITED')) as submission_id,
      exists (select 1 from ${people} p where p.email = ${email}) as person
    from (select 1) one
    left join ${applicants} a on a.project_id = ${projectId}::uuid and a.email = ${email}`)) as {
    rows: { applicant_id: string | null; submission_id: string | null; person: boolean }[];
  };
  const row = result.rows[0];
  if (row?.applicant_id && row.submission_id) {
    return { kind: 'repeat', applicantId: row.applicant_id, submissionId: row.submission_id };
  }
  return row?.applicant_id || row?.person ? { kind: 'taken' } : { kind: 'new' };
}

/**
 * Marks a just-made application (made without an e-mail, so it joins nobody) as waiting for the owner of `email`,
 * and mails that address the private link that confirms it.
 */
export async function holdForAddressOwner(
  deps: ApplyDeps,
  tx: Db,
  applicantId: string,
  email: string,
  projectName: string,
) {
  await tx.update(applicants).set({ unconfirmedEmail: email }).where(eq(applicants.id, applicantId));
  const token = newLinkToken();
  await tx.insert(applicantAccessTokens).values({ applicantId, tokenHash: tokenDigest(token) });
  await sendMail(
    deps,
    tx,
    applicationConfirmationMail(deps.publicUrl, email, projectName, applicantId, token),
  );
}

/**
 * The address's owner confirms a waiting application with the private link mailed to the address. In one
 * transaction the application is made again with the address, as any application with it is (it joins the person,
 * and an invitee's first application replaces what the invitation knew); its media and consent move to that person;
 * the agent it named is mailed the claim; the waiting row is removed. A private link to the person's record is
 * mailed to the address.
 */
export async function confirmApplication(deps: ApplyDeps, applicantId: string, accessToken: string) {
  return deps.db.transaction(async (tx) => {
    const held = await applicantByPrivateToken(tx, applicantId, accessToken);
    // Locked, so a second click waits and then finds the row gone.
    const [locked] = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(eq(applicants.id, held.id))
      .for('update');
    const email = held.unconfirmedEmail;
    if (!locked || !email) throw new AppError('NOT_FOUND', LINK_MESSAGES.privateLinkInvalid);
    const [sent] = await tx
      .select({
        id: submissions.id,
        roleId: submissions.roleId,
        source: submissions.source,
        shareLinkId: submissions.shareLinkId,
        referringAgentId: submissions.referringAgentId,
        folderIds: sql<string[]>`array(select m.folder_id from ${folderMemberships} m
          where m.submission_id = ${submissions.id})`,
        excludeAgent: sql<boolean>`coalesce((select (g.settings->>'excludeAgent')::boolean from ${shareLinks} l
          join ${shareLinkGroups} g on g.id = l.group_id where l.id = ${submissions.shareLinkId}), false)`,
      })
      .from(submissions)
      .where(eq(submissions.applicantId, held.id))
      .limit(1);
    if (!sent) throw new AppError('NOT_FOUND', LINK_MESSAGES.privateLinkInvalid);
    const result = await submitApplicant(tx, {
      projectId: held.projectId,
      roleId: sent.roleId,
      person: {
        ...held,
        email,
        coordinates:
          held.latitude !== null && held.longitude !== null
            ? { latitude: held.latitude, longitude: held.longitude }
            : null,
      },
      createdById: null,
      source: sent.source as 'SUBMISSION_LINK',
      // Where the waiting row sits now (where it landed, or where the team put it).
      folderIds: sent.folderIds,
      folderAlias: 'NEW_SUBMISSIONS',
      shareLinkId: sent.shareLinkId,
      referringAgentId: sent.referringAgentId,
    });
    await tx
      .update(mediaItems)
      .set({ applicantId: result.applicantId })
      .where(eq(mediaItems.applicantId, held.id));
    await tx
      .update(applicationConsents)
      .set({ applicantId: result.applicantId, submissionId: result.submissionId })
      .where(eq(applicationConsents.applicantId, held.id));
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, held.projectId));
    const projectName = project?.name ?? '';
    if (sent.referringAgentId) {
      await nameAgent(deps, tx, sent, { ...result, projectId: held.projectId, projectName, held });
    }
    await tx.delete(applicants).where(eq(applicants.id, held.id));
    // The waiting row's own person (made when it was stored without an address) goes with it when nobody else is.
    await tx.execute(sql`delete from ${people} p where p.id = ${held.personId}::uuid
      and not exists (select 1 from ${applicants} a where a.person_id = p.id)`);
    // The waiting row left its folders with it; the confirmed one is in them now (another row when the person joined).
    await emitMembershipChanges(deps.jobs, tx, held.projectId, {
      added: result.memberships.added,
      removed: sent.folderIds.map((folderId) => ({ folderId, submissionId: sent.id })),
    });
    await publishApplicantsUpdated(deps.events, tx, held.projectId, 'ADD', 1, sent.roleId);
    await issuePrivateLink(deps, tx, result.applicantId, email, projectName);
    return {
      applicantId: result.applicantId,
      submissionId: result.submissionId,
      message: LINK_MESSAGES.applicationConfirmed,
    };
  });
}

/** Opens the claim of the agent a confirmed application named, and mails it unless the link excludes the agent. */
async function nameAgent(
  deps: ApplyDeps,
  tx: Db,
  sent: { shareLinkId: string | null; referringAgentId: string | null; excludeAgent: boolean },
  to: {
    applicantId: string;
    projectId: string;
    projectName: string;
    held: { firstName: string; lastName: string };
  },
) {
  const found = (await agentsWithAgencies(tx, [sent.referringAgentId!])).get(sent.referringAgentId!);
  if (!found) return;
  const claim = await openClaim(tx, {
    projectId: to.projectId,
    applicantId: to.applicantId,
    agentId: found.agent.id,
    agencyId: found.agency.id,
    shareLinkId: sent.shareLinkId,
  });
  if (!claim || sent.excludeAgent) return;
  await sendMail(
    deps,
    tx,
    claimMail(deps.publicUrl, found.agent.email, {
      projectId: to.projectId,
      projectName: to.projectName,
      talentName: `${to.held.firstName} ${to.held.lastName}`,
      claimId: claim.id,
      token: claim.token,
    }),
  );
}
