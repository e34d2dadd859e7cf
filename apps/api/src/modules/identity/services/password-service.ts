import { MESSAGES, type ChangePassword, type ResetPassword } from '@casting/domain';
import { hashPassword } from '../../../platform/crypto/password';
import { findUserByEmail, updateUser } from '../repositories/user-repository';
import type { ClientInfo, IdentityDeps } from '../deps';
import { assertPasswordNotCommon, identityErrors } from '../identity-errors';
import { enqueueCodeMail, enqueueMail } from '../../../platform/mail/queue';
import type { CodeMailJob } from '../mail-jobs';
import { passwordChangedMail } from '../mail-texts';
import { hitAccountLimit, hitCodeGuessLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { revokeOtherSessions, revokeUserSessions } from '../repositories/session-repository';
import { reauthenticate } from './reauthenticate';
import { checkCode } from './code-service';

/**
 * Always the same answer, and the same work: the request only queues a `mail` job naming the address; the worker
 * finds out whether an account is behind it and issues the code. Neither the answer nor its timing tells which
 * addresses have accounts.
 */
export async function forgotPassword(deps: IdentityDeps, email: string, client: ClientInfo) {
  await hitAccountLimit(deps, 'forgot-password', email, client.ip);
  await enqueueCodeMail<CodeMailJob>(deps.jobs, {
    kind: 'password-reset',
    email: email.trim().toLowerCase(),
  });
  return { message: MESSAGES.codeRequested };
}

/**
 * Sets the new password and signs the account out everywhere. The code proves control of the mailbox, so an
 * account that was never confirmed is confirmed by it too.
 */
export async function resetPassword(deps: IdentityDeps, input: ResetPassword, client: ClientInfo) {
  await hitAccountLimit(deps, 'reset-password', input.email, client.ip);
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const user = await findUserByEmail(deps.db, input.email);
  await hitCodeGuessLimit(deps, { userId: user?.id, email: user?.email ?? input.email }, client.ip);
  if (!user || user.deactivatedAt) throw identityErrors.invalidCode();
  const row = await checkCode(deps, user.id, 'RESET_PASSWORD', input.code);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, user.id, {
      passwordHash,
      confirmedAt: user.confirmedAt ?? new Date(),
      mustChangePassword: false,
    });
    await revokeUserSessions(tx, user.id, 'PASSWORD_RESET');
  });
  return { passwordReset: true as const };
}

/**
 * Changes the password of a signed-in person after their current one. Every other session ends (a thief signed in
 * elsewhere is cut off); the one making the change stays signed in. The owner is told by e-mail.
 */
export async function changePassword(
  deps: IdentityDeps,
  caller: { userId: string; sessionId: string },
  input: ChangePassword,
  client: ClientInfo,
) {
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const user = await reauthenticate(deps, caller.userId, input.currentPassword, client);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    // A password the person chose lifts the forced change of a generated one.
    await updateUser(tx, user.id, { passwordHash, mustChangePassword: false });
    await revokeOtherSessions(tx, user.id, caller.sessionId, 'PASSWORD_CHANGED');
    await enqueueMail(
      deps.jobs,
      { kind: 'notice', message: passwordChangedMail(deps.config, user.email) },
      tx,
    );
  });
  return { passwordChanged: true as const };
}
