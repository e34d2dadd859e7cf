import { desc, eq } from 'drizzle-orm';
import {
  guardianIssues,
  isMinor,
  LINK_MESSAGES,
  todayIn,
  type StandaloneApply,
  type StandaloneUpdate,
} from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { officeApplyRules } from '../../platform/db/minors';
import { currentOfficeId } from '../../platform/db/scope';
import { applicants, applicationConsents } from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';

/** What an application agrees to, judged before anything is written. */
export interface ApplicationConsentTerms {
  termsVersion: number;
  privacyVersion: number;
  minor: boolean;
  guardian: { fullName: string; email: string } | null;
}

/**
 * The office's rule applied to what the talent declared: a minor (younger than the office's age of majority on
 * today's date where the office works) needs a parent's or guardian's full name, a valid e-mail and their consent;
 * each missing part is its own field message, and nothing is written. The accepted versions are the office's now.
 */
export async function judgeConsent(
  tx: Queryable,
  input: Pick<StandaloneApply, 'dateOfBirth' | 'age' | 'guardian'>,
): Promise<ApplicationConsentTerms> {
  const officeId = currentOfficeId();
  const rules = officeId ? await officeApplyRules(tx, officeId) : null;
  if (!rules) throw new AppError('NOT_FOUND', LINK_MESSAGES.linkNotFound);
  const minor = isMinor(input, rules.ageOfMajority, todayIn(rules.timeZone));
  const versions = { termsVersion: rules.termsVersion, privacyVersion: rules.privacyVersion };
  if (!minor) return { ...versions, minor, guardian: null };
  const issues = guardianIssues(input.guardian);
  if (issues.length > 0) {
    throw fieldErrors(issues.map(({ field, message }) => ({ path: `body.guardian.${field}`, message })));
  }
  const guardian = input.guardian!;
  return {
    ...versions,
    minor,
    guardian: { fullName: guardian.fullName.trim(), email: guardian.email.trim().toLowerCase() },
  };
}

/**
 * Records what the application agreed to, in its transaction: the versions and the moment, the guardian's consent
 * for a minor, and the applicant marked a minor (kept once set, decision 0103). No submission when the consent came
 * with an update through the private link.
 */
export async function recordConsent(
  tx: Queryable,
  applicantId: string,
  submissionId: string | null,
  terms: ApplicationConsentTerms,
): Promise<void> {
  const at = new Date();
  await tx.insert(applicationConsents).values({
    applicantId,
    submissionId,
    termsVersion: terms.termsVersion,
    privacyVersion: terms.privacyVersion,
    acceptedAt: at,
    minor: terms.minor,
    guardianName: terms.guardian?.fullName ?? null,
    guardianEmail: terms.guardian?.email ?? null,
    guardianConsentAt: terms.guardian ? at : null,
  });
  if (terms.minor) await tx.update(applicants).set({ isMinor: true }).where(eq(applicants.id, applicantId));
}

/**
 * A date of birth or age changed through the private link that makes the talent a minor asks for the same guardian
 * consent an application does, unless one is on record (the applicant is marked a minor already): a talent cannot
 * become a minor on file without it. The consent row keeps the texts' versions the talent last accepted.
 */
export async function judgeUpdatedConsent(
  tx: Queryable,
  applicant: { id: string; isMinor: boolean; dateOfBirth: string | null; playingAgeMin: number | null },
  input: Pick<StandaloneUpdate, 'dateOfBirth' | 'age' | 'guardian'>,
): Promise<ApplicationConsentTerms | null> {
  if (applicant.isMinor || (input.dateOfBirth === undefined && input.age === undefined)) return null;
  const dateOfBirth = input.dateOfBirth !== undefined ? input.dateOfBirth : applicant.dateOfBirth;
  const age = input.age !== undefined ? input.age : applicant.playingAgeMin;
  const terms = await judgeConsent(tx, { dateOfBirth, age, guardian: input.guardian ?? null });
  if (!terms.minor) return null;
  const [accepted] = await tx
    .select({
      termsVersion: applicationConsents.termsVersion,
      privacyVersion: applicationConsents.privacyVersion,
    })
    .from(applicationConsents)
    .where(eq(applicationConsents.applicantId, applicant.id))
    .orderBy(desc(applicationConsents.acceptedAt))
    .limit(1);
  return { ...terms, ...(accepted ?? {}) };
}
