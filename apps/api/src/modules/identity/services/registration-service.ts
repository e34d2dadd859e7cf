import {
  MESSAGES,
  OFFICE_MESSAGES,
  type OfficeRole,
  type RegisterResponse,
  type SignUp,
  type UserRoleCode,
} from '@casting/domain';
import { hashPassword } from '../../../platform/crypto/password';
import { sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { officeMembers, offices } from '../../../platform/db/schema';
import { enterOfficeInTransaction } from '../../../platform/db/scope';
import type { Tx } from '../../../platform/db/ids';
import {
  enterInvitationOffice,
  joinOfficeByInvitation,
  type LiveInvitation,
} from '../../../platform/db/office-invitations';
import { joinOfficeByDomain, officeOfMemberDomain } from '../../../platform/db/office-domains';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { AppError } from '../../../platform/errors';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../repositories/user-repository';
import type { ClientInfo, IdentityDeps } from '../deps';
import { assertPasswordNotCommon, identityErrors } from '../identity-errors';
import { enqueueCodeMail } from '../../../platform/mail/queue';
import type { CodeMailJob } from '../mail-jobs';
import { maskEmail } from '../mask';
import { hitAccountLimit, hitCodeGuessLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { checkCode } from './code-service';

/** The office of a project team's invitation waiting for this address, if any (a database function: it crosses offices). */
async function officeInviting(tx: { execute(query: SQL): PromiseLike<unknown> }, email: string) {
  const result = await tx.execute(sql`select office_inviting(${email}) as office_id`);
  const rows = (result as { rows: { office_id: string | null }[] }).rows;
  return rows[0]?.office_id ?? null;
}

/**
 * Sign-up: roleType is always ADMIN. Without an invitation the new person becomes a casting director and the owner of
 * a new office of their own (named after their company, else after them) that holds nothing yet, so nobody who signs
 * up sees anything of another office; under the operator's `SIGN_UP=approval` that office waits for approval. With an
 * office invitation sent to the same address the account joins the inviting office with the invited role instead; a
 * person a project team invited works in that project's office, on that team only. Someone whose address is at one
 * of an office's member domains joins that office once they confirm the address (`confirmUser`), with the role the
 * office chose. Under `SIGN_UP=invitation` those are the only ways in. The only call that may reveal an account. The
 * confirmation code is issued and mailed by the `mail` job, queued in the transaction that creates the account.
 * Answers the office the account joins or starts, whose audit log records the sign-up.
 */
export async function register(
  deps: IdentityDeps,
  input: SignUp,
  client: ClientInfo,
): Promise<{ answer: RegisterResponse; officeId: string }> {
  await hitAccountLimit(deps, 'register', input.email, client.ip);
  const byInvitationOnly = deps.config.SIGN_UP === 'invitation';
  // Refused before the password is hashed: nobody uninvited costs the server a hash.
  if (
    byInvitationOnly &&
    !input.invitationToken &&
    !(await officeInviting(deps.db, input.email)) &&
    !(await officeOfMemberDomain(deps.db, input.email))
  )
    throw invitationOnly();
  assertPasswordNotCommon(input.password, 'password');
  if (await findUserByEmail(deps.db, input.email)) throw identityErrors.accountExists();
  const passwordHash = await hashPassword(input.password);
  let created: UserRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      const invitation = input.invitationToken
        ? await invitationFor(tx, input.invitationToken, input.email, byInvitationOnly)
        : null;
      // Someone invited to a project's team works in that project's office; someone at an office's member domain
      // joins that office on confirming the address; anyone else gets an office of their own.
      const teamOffice = invitation ? null : await officeInviting(tx, input.email);
      const domainOffice = invitation || teamOffice ? null : await officeOfMemberDomain(tx, input.email);
      if (byInvitationOnly && !invitation && !teamOffice && !domainOffice) throw invitationOnly();
      const officeId = invitation?.officeId ?? teamOffice ?? domainOffice ?? uuidv7();
      const user = await insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        company: input.company || null,
        roleCode: invitation ? ACCOUNT_ROLE_OF_INVITED[invitation.role] : 'CASTING_DIRECTOR',
        passwordHash,
        lastOfficeId: officeId,
      });
      if (invitation) {
        await joinOfficeByInvitation(tx, invitation, user.id);
      } else if (!teamOffice && !domainOffice) {
        await enterOfficeInTransaction(tx, officeId);
        await tx.insert(offices).values({
          id: officeId,
          name: input.company?.trim() || `${input.firstName} ${input.lastName}`.trim(),
          status: deps.config.SIGN_UP === 'approval' ? 'PENDING_APPROVAL' : 'ACTIVE',
        });
        await tx.insert(officeMembers).values({ officeId, userId: user.id, role: 'OWNER' });
      }
      await enqueueCodeMail<CodeMailJob>(deps.jobs, { kind: 'confirmation', email: user.email }, tx);
      return user;
    });
  } catch (error) {
    // Two sign-ups for one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw identityErrors.accountExists();
    throw error;
  }
  return {
    answer: {
      userId: created.id,
      nextStep: 'CONFIRM_SIGN_UP',
      codeDeliveryDetails: { destination: maskEmail(created.email) },
    },
    officeId: created.lastOfficeId ?? '',
  };
}

/** The account an invited person gets: a client stays a client, an assistant an assistant, anyone else a director. */
const ACCOUNT_ROLE_OF_INVITED: Record<OfficeRole, UserRoleCode> = {
  OWNER: 'CASTING_DIRECTOR',
  CASTING_DIRECTOR: 'CASTING_DIRECTOR',
  CASTING_ASSISTANT: 'CASTING_ASSISTANT',
  CLIENT: 'CLIENT',
};

const invitationOnly = () => new AppError('FORBIDDEN', OFFICE_MESSAGES.signUpByInvitationOnly);

/**
 * The invitation a sign-up names, read and locked in its office (the transaction moves there): it must be live, for
 * the address signing up, and its office active. Where sign-up is by invitation only, an unknown link is refused as
 * a sign-up without one.
 */
async function invitationFor(tx: Tx, token: string, email: string, byInvitationOnly: boolean) {
  let invitation: LiveInvitation;
  try {
    invitation = await enterInvitationOffice(tx, token, { lock: true });
  } catch (error) {
    if (byInvitationOnly && error instanceof AppError && error.code === 'NOT_FOUND') throw invitationOnly();
    throw error;
  }
  if (invitation.email !== email)
    throw new AppError('FORBIDDEN', OFFICE_MESSAGES.invitationForAnotherAddress(invitation.email));
  if (invitation.officeStatus !== 'ACTIVE') throw new AppError('CONFLICT', OFFICE_MESSAGES.officeNotActive);
  return invitation;
}

/** Signing in to an unconfirmed account mails a code only when the last one can no longer be used. */
export async function ensureConfirmationCode(deps: IdentityDeps, user: UserRow): Promise<void> {
  if (user.confirmedAt || user.deactivatedAt) return;
  await enqueueCodeMail<CodeMailJob>(deps.jobs, {
    kind: 'confirmation',
    email: user.email,
    onlyWithoutUsableCode: true,
  });
}

/**
 * Queues a new confirmation code whatever the address: the worker finds out whether there is an unconfirmed account
 * to mail, so the answer and the work done here are the same either way.
 */
export async function resendConfirmation(deps: IdentityDeps, email: string, client: ClientInfo) {
  await hitAccountLimit(deps, 'resend-confirm', email, client.ip);
  await enqueueCodeMail<CodeMailJob>(deps.jobs, { kind: 'confirmation', email: email.trim().toLowerCase() });
  return { message: MESSAGES.codeRequested };
}

export async function confirmUser(
  deps: IdentityDeps,
  input: { email: string; code: string },
  client: ClientInfo,
) {
  await hitAccountLimit(deps, 'confirm', input.email, client.ip);
  const user = await findUserByEmail(deps.db, input.email);
  await hitCodeGuessLimit(deps, { userId: user?.id, email: user?.email ?? input.email }, client.ip);
  if (!user || user.confirmedAt || user.deactivatedAt) throw identityErrors.invalidCode();
  const row = await checkCode(deps, user.id, 'CONFIRM_SIGN_UP', input.code);
  const joined = await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, user.id, { confirmedAt: new Date() });
    return joinMemberDomainOffice(tx, user);
  });
  return { answer: { confirmed: true as const }, joinedOfficeId: joined };
}

/**
 * The office a sign-up chose by the address's member domain, joined now that the address is proven, with the role
 * the office gives such members; the account's role follows it. Null when the sign-up chose no such office, or the
 * office no longer lets that domain in (the person then works in no office until someone invites them).
 */
async function joinMemberDomainOffice(tx: Tx, user: UserRow): Promise<string | null> {
  if (!user.lastOfficeId) return null;
  const domainOffice = await officeOfMemberDomain(tx, user.email);
  if (domainOffice !== user.lastOfficeId) return null;
  const role = await joinOfficeByDomain(tx, domainOffice, user.id);
  await updateUser(tx, user.id, { roleCode: ACCOUNT_ROLE_OF_INVITED[role] });
  return domainOffice;
}
