import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from './ids';
import { applicants, offices } from './schema';

/**
 * Whether an applicant row is a minor, as every reader judges it (the team's marker, every client-facing answer): marked
 * a minor when they applied, or younger today than their office's age of majority by the date of birth the team holds
 * (a person added by hand or imported is protected too). Today is the date where the office works; the arithmetic is
 * the domain's `isMinor` (PostgreSQL's `date - interval 'N years'` clamps 29 February as it does).
 */
export function minorSql(): SQL<boolean> {
  return sql<boolean>`(${applicants.isMinor} or coalesce(${applicants.dateOfBirth} > (
    select ((now() at time zone o.time_zone)::date - make_interval(years => o.age_of_majority))::date
    from ${offices} o where o.id = ${applicants.officeId}), false))`;
}

/** The office's rule for minors and its legal texts' versions, read in the office the request works in. */
export async function officeApplyRules(db: Queryable, officeId: string) {
  const [row] = await db
    .select({
      ageOfMajority: offices.ageOfMajority,
      timeZone: offices.timeZone,
      termsVersion: offices.termsVersion,
      privacyVersion: offices.privacyVersion,
    })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row ?? null;
}
