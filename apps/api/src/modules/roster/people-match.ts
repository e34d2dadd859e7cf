import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/ids';
import { people, type PersonRow } from '../../platform/db/schema';

/**
 * How the office matches a person coming in (an import row, a form), by the rules of decision 0038: the person
 * with the same e-mail is the same person (`byEmail`); people with the same folded names and date of birth are
 * likely the same (`likely`, for a human to confirm). Two index lookups (`people_email_key`, `people_identity_idx`).
 */
export async function matchPerson(
  db: Queryable,
  candidate: { email?: string | null; firstName: string; lastName: string; dateOfBirth?: string | null },
): Promise<{ byEmail: PersonRow | null; likely: PersonRow[] }> {
  const email = candidate.email?.trim().toLowerCase() || null;
  const [byEmail] = email ? await db.select().from(people).where(eq(people.email, email)) : [];
  const likely = candidate.dateOfBirth
    ? await likelyMatchQuery(db, { ...candidate, dateOfBirth: candidate.dateOfBirth }, byEmail?.id)
    : [];
  return { byEmail: byEmail ?? null, likely };
}

/**
 * The people with the same folded names and date of birth as someone coming in (exported for the plan test): one
 * probe of `people_identity_idx` (sort_last_name, sort_first_name, date_of_birth), folded the same way by
 * `candidate_sort_fold`.
 */
export function likelyMatchQuery(
  db: Queryable,
  candidate: { firstName: string; lastName: string; dateOfBirth: string },
  exceptId?: string,
) {
  return db
    .select()
    .from(people)
    .where(
      and(
        sql`${people.sortLastName} = candidate_sort_fold(${candidate.lastName})`,
        sql`${people.sortFirstName} = candidate_sort_fold(${candidate.firstName})`,
        eq(people.dateOfBirth, candidate.dateOfBirth),
        exceptId ? sql`${people.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(20);
}
