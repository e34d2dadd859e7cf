import { createRequire } from 'node:module';
import { and, eq, notInArray } from 'drizzle-orm';
import {
  MEMBER_SIGN_UP_ROLES,
  OFFICE_MESSAGES,
  type MemberSignUp,
  type MemberSignUpRole,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { domainOf } from '../../platform/db/office-domains';
import { officeMemberDomains, offices, users } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, fieldErrors, notFound } from '../../platform/errors';

/**
 * The mail services anyone can have an address at (the `email-providers` list, about 8,700 domains, updated monthly):
 * such a domain would let every stranger with a free address join the office.
 */
const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set(
  createRequire(import.meta.url)('email-providers/all.json') as string[],
);

const asRole = (value: string): MemberSignUpRole =>
  MEMBER_SIGN_UP_ROLES.find((role) => role === value) ?? 'CASTING_ASSISTANT';

/** Who may join the office by signing up: its member domains (alphabetical) and the role they get. */
export async function memberSignUp(db: Queryable, officeId: string): Promise<MemberSignUp> {
  const [office] = await db
    .select({ role: offices.memberSignUpRole })
    .from(offices)
    .where(eq(offices.id, officeId));
  if (!office) throw notFound('The office');
  const domains = await db
    .select({ domain: officeMemberDomains.domain })
    .from(officeMemberDomains)
    .where(eq(officeMemberDomains.officeId, officeId))
    .orderBy(officeMemberDomains.domain);
  return { domains: domains.map((row) => row.domain), role: asRole(office.role) };
}

/**
 * Replaces the office's member domains and role. A domain the office does not have yet must be the one the owner's
 * own address is at (proof that the office is that organisation's) and not a public mail service, so a save adds one
 * domain at most; one another office already has is refused by the table's key. Removing a domain needs no proof.
 * All or nothing.
 */
export async function setMemberSignUp(
  db: Db,
  owner: { officeId: string; userId: string },
  input: MemberSignUp,
): Promise<MemberSignUp> {
  const { officeId, userId } = owner;
  const domains = [...new Set(input.domains)];
  const before = await memberSignUp(db, officeId);
  const added = domains.filter((domain) => !before.domains.includes(domain));
  if (added.length > 0) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    refuseUnprovenDomains(domains, added, domainOf(account?.email ?? ''));
  }
  try {
    await db.transaction(async (tx) => {
      await tx
        .delete(officeMemberDomains)
        .where(
          domains.length > 0
            ? and(eq(officeMemberDomains.officeId, officeId), notInArray(officeMemberDomains.domain, domains))
            : eq(officeMemberDomains.officeId, officeId),
        );
      if (added.length > 0)
        await tx
          .insert(officeMemberDomains)
          .values(added.map((domain) => ({ officeId, domain, addedById: userId })));
      await tx.update(offices).set({ memberSignUpRole: input.role }).where(eq(offices.id, officeId));
    });
  } catch (error) {
    // Row-level security hides the other office's row, but not its key.
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', OFFICE_MESSAGES.memberDomainTaken(added[0] ?? ''));
    throw error;
  }
  return memberSignUp(db, officeId);
}

/** Each new domain, judged where it stands in the list sent, so the form can mark that entry. */
function refuseUnprovenDomains(all: readonly string[], added: readonly string[], ownerDomain: string): void {
  const issues = added.flatMap((domain) => {
    const path = `body.domains.${all.indexOf(domain)}`;
    if (PUBLIC_MAIL_DOMAINS.has(domain)) return [{ path, message: OFFICE_MESSAGES.publicMailDomain(domain) }];
    if (domain !== ownerDomain) return [{ path, message: OFFICE_MESSAGES.memberDomainNotYours(domain) }];
    return [];
  });
  if (issues.length > 0) throw fieldErrors(issues);
}
