import { MESSAGES, phoneSchema, type User } from '@casting/domain';
import { AppError } from '../../../platform/errors';
import { findUserById, toUserDto, updateUser, type UserRow } from '../../users';
import type { IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import { phoneVerificationText } from '../mail-texts';
import { maskPhone } from '../mask';
import { hitAccountLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { activatePendingSecret } from '../repositories/totp-repository';
import { acceptedTotpStep, newAuthenticator } from '../totp';
import { checkCode, issueCode } from './code-service';

async function currentUser(deps: IdentityDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  // The authenticator checked the user moments ago; a row gone since is a session that no longer holds.
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return user;
}

/**
 * Starts (or restarts) authenticator set-up: a new secret waits beside any active one until a code from it is
 * verified, so abandoning the dialog never locks anybody out.
 */
export async function setUpAuthenticator(deps: IdentityDeps, userId: string) {
  const user = await currentUser(deps, userId);
  const { sealedSecret, otpUrl } = newAuthenticator(user.email, deps.keys.totpSecrets);
  await updateUser(deps.db, user.id, { otpPendingSecret: sealedSecret });
  return { otpUrl };
}

export async function enableAuthenticator(deps: IdentityDeps, userId: string, code: string): Promise<User> {
  await hitAccountLimit(deps, 'enable-authenticator', userId);
  const user = await currentUser(deps, userId);
  const pending = user.otpPendingSecret;
  if (!pending) throw identityErrors.invalidSetupCode();
  const step = acceptedTotpStep(code, pending, user.email, deps.keys.totpSecrets);
  if (step === null || !(await activatePendingSecret(deps.db, user.id, pending, step))) {
    throw identityErrors.invalidSetupCode();
  }
  return toUserDto(await currentUser(deps, userId));
}

/** Texts a code to the new number; it becomes the sign-in number only once that code comes back. */
export async function requestPhoneChange(deps: IdentityDeps, userId: string, rawPhone: string) {
  const parsed = phoneSchema.safeParse(rawPhone);
  if (!parsed.success) throw new AppError('INVALID_PHONE_NUMBER', MESSAGES.invalidPhoneNumber);
  await hitAccountLimit(deps, 'verify-phone', userId);
  const phone = parsed.data;
  const code = await deps.db.transaction((tx) => issueCode(deps, tx, userId, 'VERIFY_PHONE', phone));
  await deps.texts.send(phoneVerificationText(phone, code));
  return { codeDeliveryDetails: { destination: maskPhone(phone) } };
}

export async function verifyPhone(deps: IdentityDeps, userId: string, code: string) {
  await hitAccountLimit(deps, 'verify-phone-code', userId);
  const row = await checkCode(deps, userId, 'VERIFY_PHONE', code);
  const phone = row.target;
  if (!phone) throw identityErrors.invalidCode();
  await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, userId, { phoneNumber: phone, smsMfaEnabled: true });
  });
  return { phoneNumber: phone, smsMfaEnabled: true };
}
