import { and, eq } from 'drizzle-orm';
import { LINK_MESSAGES, MESSAGES, type StandaloneUpdate, type StandaloneView } from '@casting/domain';
import type { Coordinates } from '../../platform/address';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { applicantAccessTokens, applicants, projects, roles, submissions } from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError, notFound } from '../../platform/errors';
import { representativesOfApplicants } from '../agencies';
import { searchTextOf } from '../candidates';
import { assertLookupRefs } from '../lookups';
import { openLinkByToken } from '../links';
import { sendMail, type ApplyDeps } from './apply-deps';
import { judgeUpdatedConsent, recordConsent } from './consent';
import { submissionConfirmationMail } from './mail';

// The talent's private link: issued on applying, it opens their submission to view and update it.

/** A new private link for an applicant, mailed to their stored address. */
export async function issuePrivateLink(
  deps: ApplyDeps,
  tx: Db,
  applicantId: string,
  email: string,
  projectName: string,
) {
  const token = await newPrivateLinkToken(tx, applicantId);
  await sendMail(
    deps,
    tx,
    submissionConfirmationMail(deps.publicUrl, email, projectName, applicantId, token),
  );
}

/** A new private link's secret for an applicant (kept as a digest only), for a mail that carries the link. */
export async function newPrivateLinkToken(tx: Db, applicantId: string): Promise<string> {
  const token = newLinkToken();
  await tx.insert(applicantAccessTokens).values({ applicantId, tokenHash: tokenDigest(token) });
  return token;
}

/** The applicant a private link opens, or 404 (a wrong token and a wrong id answer the same). */
export async function applicantByPrivateToken(db: Queryable, applicantId: string, token: string) {
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
    // A waiting application shows the address it was made with, which its private link was mailed to.
    email: applicant.email ?? applicant.unconfirmedEmail,
    phone: applicant.phone,
    dateOfBirth: applicant.dateOfBirth,
    genderId: applicant.genderId,
    sizes: applicant.sizes,
    socialProfiles: applicant.socialProfiles,
    address: applicant.address ?? null,
    bio: applicant.bio,
    opportunities: roleRows,
    representatives: represented?.representatives ?? [],
    unconfirmed: applicant.unconfirmedEmail !== null,
  };
}

/** The talent updates their own details through the private link (the e-mail, their identity here, stays). */
/** `coordinates` is where a changed address is (geocoded by the caller), undefined when the address is unchanged. */
export async function updateStandalone(
  db: Db,
  applicantId: string,
  input: StandaloneUpdate,
  coordinates?: Coordinates | null,
) {
  return db.transaction(async (tx) => {
    const applicant = await applicantByPrivateToken(tx, applicantId, input.accessToken);
    await assertLookupRefs(tx, [
      { field: 'genderId', lookup: 'role-genders', value: input.genderId },
      { field: 'ethnicAppearanceIds', lookup: 'ethnic-appearances', value: input.ethnicAppearanceIds },
    ]);
    const consent = await judgeUpdatedConsent(tx, applicant, input);
    if (consent) await recordConsent(tx, applicant.id, null, consent);
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
        ...(input.address !== undefined
          ? {
              address: input.address,
              latitude: coordinates?.latitude ?? null,
              longitude: coordinates?.longitude ?? null,
            }
          : {}),
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
