import { desc, eq } from 'drizzle-orm';
import type { ApplicationConsent } from '@casting/domain';
import type { Queryable } from '../../../platform/db/ids';
import { applicationConsents } from '../../../platform/db/schema';

/**
 * What the person agreed to in their latest application through an apply page (the apply module records it): the
 * versions of the office's terms and privacy texts, when, and a minor's guardian consent. The guardian's name and
 * e-mail only with `withGuardian` (the caller sees contact details); null when they never applied through a link.
 */
export async function latestApplicationConsent(
  db: Queryable,
  applicantId: string,
  withGuardian: boolean,
): Promise<ApplicationConsent | null> {
  const [row] = await db
    .select()
    .from(applicationConsents)
    .where(eq(applicationConsents.applicantId, applicantId))
    .orderBy(desc(applicationConsents.acceptedAt))
    .limit(1);
  if (!row) return null;
  const consentAt = row.guardianConsentAt;
  return {
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
    acceptedAt: row.acceptedAt.toISOString(),
    guardian:
      withGuardian && row.guardianName && row.guardianEmail && consentAt
        ? {
            fullName: row.guardianName,
            email: row.guardianEmail,
            consentAt: new Date(consentAt).toISOString(),
          }
        : null,
  };
}
