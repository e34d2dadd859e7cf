import { MESSAGES, type RegisterResponse, type SignUp } from '@casting/domain';
import { hashPassword } from '../../../platform/crypto/password';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../repositories/user-repository';
import type { ClientInfo, IdentityDeps } from '../deps';
import { assertPasswordNotCommon, identityErrors } from '../identity-errors';
import { enqueueMail } from '../../../platform/mail/queue';
import type { CodeMailJob } from '../mail-jobs';
import { maskEmail } from '../mask';
import { hitAccountLimit, hitCodeGuessLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { checkCode } from './code-service';

/**
 * Sign-up: roleType is always ADMIN, which makes a casting director. The only call that may reveal an account. The
 * confirmation code is issued and mailed by the `mail` job, queued in the transaction that creates the account.
 */
export async function register(
  deps: IdentityDeps,
  input: SignUp,
  client: ClientInfo,
): Promise<RegisterResponse> {
  await hitAccountLimit(deps, 'register', input.email, client.ip);
  assertPasswordNotCommon(input.password, 'password');
  if (await findUserByEmail(deps.db, input.email)) throw identityErrors.accountExists();
  const passwordHash = await hashPassword(input.password);
  let created: UserRow;
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        company: input.company || null,
        roleCode: 'CASTING_DIRECTOR',
        passwordHash,
      });
      await enqueueMail<CodeMailJob>(deps.jobs, { kind: 'confirmation', email: user.email }, tx);
      return user;
    });
  } catch (error) {
    // Two sign-ups for one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw identityErrors.accountExists();
    throw error;
  }
  return {
    userId: created.id,
    nextStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: { destination: maskEmail(created.email) },
  };
}

/** Signing in to an unconfirmed account mails a code only when the last one can no longer be used. */
export async function ensureConfirmationCode(deps: IdentityDeps, user: UserRow): Promise<void> {
  if (user.confirmedAt || user.deactivatedAt) return;
  await enqueueMail<CodeMailJob>(deps.jobs, {
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
  await enqueueMail<CodeMailJob>(deps.jobs, { kind: 'confirmation', email: email.trim().toLowerCase() });
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
  await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, user.id, { confirmedAt: new Date() });
  });
  return { confirmed: true as const };
}
