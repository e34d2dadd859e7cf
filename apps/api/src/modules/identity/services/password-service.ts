import { MESSAGES, type ChangePassword, type ResetPassword } from '@casting/domain';
import { hashPassword } from '../../../platform/crypto/password';
import { findUserByEmail, updateUser } from '../repositories/user-repository';
import { deliverInBackground, type IdentityDeps } from '../deps';
import { assertPasswordNotCommon, identityErrors } from '../identity-errors';
import { passwordChangedMail, passwordResetMail } from '../mail-texts';
import { hitAccountLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { revokeOtherSessions, revokeUserSessions } from '../repositories/session-repository';
import { reauthenticate } from './reauthenticate';
import { checkCode, issueCode } from './code-service';

/** Always the same answer, so the call cannot be used to learn which addresses have accounts. */
export async function forgotPassword(deps: IdentityDeps, email: string) {
  await hitAccountLimit(deps, 'forgot-password', email);
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.deactivatedAt) {
    const code = await deps.db.transaction((tx) => issueCode(deps, tx, user.id, 'RESET_PASSWORD'));
    deliverInBackground(deps, 'password reset code', () =>
      deps.mailer.send(passwordResetMail(deps.config, user.email, code)),
    );
  }
  return { message: MESSAGES.codeRequested };
}

/**
 * Sets the new password and signs the account out everywhere. The code proves control of the mailbox, so an
 * account that was never confirmed is confirmed by it too.
 */
export async function resetPassword(deps: IdentityDeps, input: ResetPassword) {
  await hitAccountLimit(deps, 'reset-password', input.email);
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.deactivatedAt) throw identityErrors.invalidCode();
  const row = await checkCode(deps, user.id, 'RESET_PASSWORD', input.code);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, user.id, { passwordHash, confirmedAt: user.confirmedAt ?? new Date() });
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
) {
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const user = await reauthenticate(deps, caller.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeOtherSessions(tx, user.id, caller.sessionId, 'PASSWORD_CHANGED');
  });
  deliverInBackground(deps, 'password change notice', () =>
    deps.mailer.send(passwordChangedMail(deps.config, user.email)),
  );
  return { passwordChanged: true as const };
}
