import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  OFFICE_LIMITS,
  OFFICE_MESSAGES,
  isOfficeRole,
  type CreateOfficeInvitation,
  type MyOffice,
  type OfficeInvitation,
  type OfficeInvitationPreview,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import {
  enterInvitationOffice,
  invitationNotFound,
  invitationTokenHash,
  joinOfficeByInvitation,
  newInvitationToken,
} from '../../platform/db/office-invitations';
import { consumeQuota } from '../../platform/db/quota';
import { officeInvitations, offices, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/ports';
import { enqueueMail } from '../../platform/mail/queue';
import { officeInvitationMessage } from './mail';
import { isMemberEmail } from './members';
import { moveSession, sessionOfficeId } from './switching';

export interface InvitationDeps {
  db: Db;
  jobs: Jobs;
  publicUrl: string;
  invitationsPerDay: number;
}

/** The most pending invitations one list answers; the daily quota keeps an office far below it. */
const LIST_MAX = 1000;

const DAY_MS = 86_400_000;

const pending = and(isNull(officeInvitations.acceptedAt), isNull(officeInvitations.revokedAt));

const columns = {
  id: officeInvitations.id,
  email: officeInvitations.email,
  role: officeInvitations.role,
  createdAt: officeInvitations.createdAt,
  expiresAt: officeInvitations.expiresAt,
  inviterFirstName: users.firstName,
  inviterLastName: users.lastName,
};

function invitationView(row: {
  id: string;
  email: string;
  role: string;
  createdAt: Date;
  expiresAt: Date;
  inviterFirstName: string | null;
  inviterLastName: string | null;
}): OfficeInvitation {
  const invitedBy = `${row.inviterFirstName ?? ''} ${row.inviterLastName ?? ''}`.trim();
  return {
    id: row.id,
    email: row.email,
    role: isOfficeRole(row.role) ? row.role : 'CLIENT',
    invitedBy: invitedBy || null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Invites someone to the office by e-mail. A member's address is refused; inviting an address again replaces its
 * pending invitation (the earlier link stops working). Each invitation is a mail in the office's name, so an office
 * has a daily allowance, counted in this transaction: a refused request uses none of it. The mail is queued with the
 * rows, so it goes out only if they commit, and it is the only place the token ever appears.
 */
export async function inviteToOffice(
  deps: InvitationDeps,
  inviterId: string,
  officeId: string,
  input: CreateOfficeInvitation,
): Promise<OfficeInvitation> {
  const email = input.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    // One invitation at a time per office: replacing an address's pending invitation cannot race another.
    await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, officeId)).for('update');
    if (await isMemberEmail(tx, officeId, email))
      throw new AppError('CONFLICT', OFFICE_MESSAGES.alreadyMember);
    await tx
      .update(officeInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(officeInvitations.officeId, officeId), eq(officeInvitations.email, email), pending));
    const quota = {
      key: `office-invitations:${officeId}`,
      max: deps.invitationsPerDay,
      windowSeconds: 86_400,
    };
    if (!(await consumeQuota(tx, quota)))
      throw new AppError('RATE_LIMITED', OFFICE_MESSAGES.dailyInvitationsUsed(deps.invitationsPerDay));
    const token = newInvitationToken();
    const [created] = await tx
      .insert(officeInvitations)
      .values({
        officeId,
        email,
        role: input.role,
        tokenHash: invitationTokenHash(token),
        invitedById: inviterId,
        expiresAt: new Date(Date.now() + OFFICE_LIMITS.invitationDays * DAY_MS),
      })
      .returning({ id: officeInvitations.id });
    if (!created) throw new Error('office_invitations insert returned no row');
    const [context] = await tx
      .select({ officeName: offices.name, firstName: users.firstName, lastName: users.lastName })
      .from(offices)
      .leftJoin(users, eq(users.id, inviterId))
      .where(eq(offices.id, officeId));
    const inviterName = `${context?.firstName ?? ''} ${context?.lastName ?? ''}`.trim() || 'A colleague';
    const message = officeInvitationMessage({
      to: email,
      token,
      role: input.role,
      officeName: context?.officeName ?? 'a casting office',
      inviterName,
      publicUrl: deps.publicUrl,
    });
    await enqueueMail(deps.jobs, { kind: 'notice', message }, tx);
    const [row] = await invitationRows(tx, officeId).where(eq(officeInvitations.id, created.id));
    if (!row) throw new Error('office invitation not found after insert');
    return invitationView(row);
  });
}

function invitationRows(db: Queryable, officeId: string) {
  return db
    .select(columns)
    .from(officeInvitations)
    .leftJoin(users, eq(users.id, officeInvitations.invitedById))
    .where(eq(officeInvitations.officeId, officeId))
    .$dynamic();
}

/** The invitations still waiting for an answer, newest first; withdrawn, used and expired ones are left out. */
export async function pendingInvitations(db: Queryable, officeId: string): Promise<OfficeInvitation[]> {
  const rows = await db
    .select(columns)
    .from(officeInvitations)
    .leftJoin(users, eq(users.id, officeInvitations.invitedById))
    .where(
      and(eq(officeInvitations.officeId, officeId), pending, gt(officeInvitations.expiresAt, new Date())),
    )
    .orderBy(desc(officeInvitations.createdAt), desc(officeInvitations.id))
    .limit(LIST_MAX);
  return rows.map(invitationView);
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(db: Queryable, officeId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw invitationNotFound();
  const rows = await db
    .update(officeInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(officeInvitations.id, id), eq(officeInvitations.officeId, officeId), pending))
    .returning({ id: officeInvitations.id });
  if (rows.length === 0) throw invitationNotFound();
}

/** What the link shows before anyone signs in: the office, the address and the role, and until when. */
export async function previewInvitation(db: Db, token: string): Promise<OfficeInvitationPreview> {
  const invitation = await db.transaction((tx) => enterInvitationOffice(tx, token));
  return {
    officeName: invitation.officeName,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation as the signed-in person: only an account whose confirmed address is the invited one may (the
 * link alone is not enough, it may have been forwarded). The person joins with the invited role, and the session
 * moves into the office. Answers the office joined and the one the session left.
 */
export async function acceptInvitation(
  db: Db,
  principal: { userId: string; sessionId: string },
  token: string,
): Promise<{ office: MyOffice; left: string | null }> {
  return db.transaction(async (tx) => {
    const invitation = await enterInvitationOffice(tx, token, { lock: true });
    const [account] = await tx
      .select({ email: users.email, confirmedAt: users.confirmedAt })
      .from(users)
      .where(eq(users.id, principal.userId));
    if (!account?.confirmedAt || account.email !== invitation.email)
      throw new AppError('FORBIDDEN', OFFICE_MESSAGES.invitationForAnotherAddress(invitation.email));
    if (invitation.officeStatus !== 'ACTIVE') throw new AppError('CONFLICT', OFFICE_MESSAGES.officeNotActive);
    const role = await joinOfficeByInvitation(tx, invitation, principal.userId);
    const left = await sessionOfficeId(tx, principal.sessionId);
    await moveSession(tx, principal, invitation.officeId, { remember: true });
    return {
      office: { id: invitation.officeId, name: invitation.officeName, status: 'ACTIVE', role, current: true },
      left,
    };
  });
}
