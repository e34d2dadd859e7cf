import { eq, sql } from 'drizzle-orm';
import { isOfficeRole, type OfficeRole } from '@casting/domain';
import type { Queryable } from './ids';
import { officeMembers, offices } from './schema';
import { enterOfficeInTransaction } from './scope';
import { rowsOf } from './rows';

/**
 * Member domains as sign-up (identity) and the offices module use them: an office may let anyone who confirms an
 * address at one of its domains join it. The lookup goes through the database's `office_of_member_domain`, which
 * answers the active office a domain names and nothing else.
 */

/** The part of an address after its last @, lower-cased. */
export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** The active office that lets people at this address's domain join it, or null. */
export async function officeOfMemberDomain(db: Queryable, email: string): Promise<string | null> {
  const result = await db.execute(sql`select office_of_member_domain(${domainOf(email)}) as office_id`);
  return rowsOf<{ office_id: string | null }>(result)[0]?.office_id ?? null;
}

/**
 * Makes the account a member of the office with the role the office gives people who join through its domains; the
 * transaction moves into that office. Someone already a member keeps the role they have.
 */
export async function joinOfficeByDomain(
  tx: Queryable,
  officeId: string,
  userId: string,
): Promise<OfficeRole> {
  await enterOfficeInTransaction(tx, officeId);
  const [office] = await tx
    .select({ role: offices.memberSignUpRole })
    .from(offices)
    .where(eq(offices.id, officeId));
  const role = office && isOfficeRole(office.role) ? office.role : 'CASTING_ASSISTANT';
  await tx.insert(officeMembers).values({ officeId, userId, role }).onConflictDoNothing();
  return role;
}
