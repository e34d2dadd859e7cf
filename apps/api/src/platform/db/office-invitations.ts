import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { OFFICE_MESSAGES, isOfficeRole, type OfficeRole } from '@casting/domain';
import { tokenDigest } from '../crypto/link-tokens';
import { AppError } from '../errors';
import type { Queryable } from './ids';
import { officeInvitations, officeMembers, offices } from './schema';
import { enterOfficeInTransaction } from './scope';
import { rowsOf } from './rows';

/**
 * Office invitations as both sign-up (identity) and the offices module use them: a link's token is 32 random bytes
 * (256 bits) in base64url, mailed once and kept only as its SHA-256, and each lookup goes through the database's
 * `office_of_invitation`, which answers the office that owns the token and nothing else.
 */

export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export const invitationTokenHash = tokenDigest;

/** A pending invitation a token names, read inside its office. */
export interface LiveInvitation {
  id: string;
  officeId: string;
  officeName: string;
  officeStatus: string;
  email: string;
  role: OfficeRole;
  expiresAt: Date;
}

export const invitationNotFound = () => new AppError('NOT_FOUND', OFFICE_MESSAGES.invitationNotFound);

/** The office that owns the invitation a token names, or null (an unknown, mistyped or forged token). */
export async function officeOfInvitation(db: Queryable, token: string): Promise<string | null> {
  const result = await db.execute(
    sql`select office_of_invitation(${invitationTokenHash(token)}) as office_id`,
  );
  return rowsOf<{ office_id: string | null }>(result)[0]?.office_id ?? null;
}

/**
 * Moves the transaction into the invitation's office and reads the invitation there, locked until the transaction
 * ends (two acceptances of one link cannot both pass). An unknown, withdrawn or used invitation is NOT_FOUND; one past
 * its date is INVITATION_EXPIRED.
 */
export async function enterInvitationOffice(
  tx: Queryable,
  token: string,
  options: { lock?: boolean } = {},
): Promise<LiveInvitation> {
  const officeId = await officeOfInvitation(tx, token);
  if (!officeId) throw invitationNotFound();
  await enterOfficeInTransaction(tx, officeId);
  const query = tx
    .select({
      id: officeInvitations.id,
      officeName: offices.name,
      officeStatus: offices.status,
      email: officeInvitations.email,
      role: officeInvitations.role,
      expiresAt: officeInvitations.expiresAt,
      acceptedAt: officeInvitations.acceptedAt,
      revokedAt: officeInvitations.revokedAt,
    })
    .from(officeInvitations)
    .innerJoin(offices, eq(offices.id, officeInvitations.officeId))
    .where(eq(officeInvitations.tokenHash, invitationTokenHash(token)));
  const [row] = await (options.lock ? query.for('update', { of: officeInvitations }) : query);
  if (!row || row.acceptedAt || row.revokedAt || !isOfficeRole(row.role)) throw invitationNotFound();
  if (row.expiresAt.getTime() <= Date.now())
    throw new AppError('INVITATION_EXPIRED', OFFICE_MESSAGES.invitationExpired);
  return {
    id: row.id,
    officeId,
    officeName: row.officeName,
    officeStatus: row.officeStatus,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
  };
}

/**
 * Makes the account a member of the invitation's office with the invited role and marks the invitation used, in the
 * transaction `enterInvitationOffice` moved into that office. Someone already a member keeps the role they have.
 */
export async function joinOfficeByInvitation(
  tx: Queryable,
  invitation: LiveInvitation,
  userId: string,
): Promise<OfficeRole> {
  await tx
    .insert(officeMembers)
    .values({ officeId: invitation.officeId, userId, role: invitation.role })
    .onConflictDoNothing();
  await tx
    .update(officeInvitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(officeInvitations.id, invitation.id), isNull(officeInvitations.acceptedAt)));
  const [member] = await tx
    .select({ role: officeMembers.role })
    .from(officeMembers)
    .where(and(eq(officeMembers.officeId, invitation.officeId), eq(officeMembers.userId, userId)));
  return member && isOfficeRole(member.role) ? member.role : invitation.role;
}
