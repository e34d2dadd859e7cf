import { MESSAGES, phoneSchema, type User } from '@casting/domain';
import { AppError, signInRequired } from '../../../platform/errors';
import { updateUser, type UserRow } from '../repositories/user-repository';
import { currentUser, reauthenticate } from './reauthenticate';
import { toUserDto } from '../user-view';
import { deliverInBackground, type IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import { phoneVerificationText, secondFactorRemovedMail, type RemovedFactor } from '../mail-texts';
import { maskPhone } from '../mask';
import { hitAccountLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { activatePendingSecret, clearAuthenticator } from '../repositories/totp-repository';
import { acceptedTotpStep, newAuthenticator } from '../totp';
import { checkCode, issueCode } from './code-service';

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

function notifyRemoval(deps: IdentityDeps, user: UserRow, factor: RemovedFactor): void {
  deliverInBackground(deps, `${factor} removal notice`, () =>
    deps.mailer.send(secondFactorRemovedMail(deps.config, user.email, factor)),
  );
}

/** Turns the authenticator off and forgets its secret; refused while an administrator requires it. */
export async function removeAuthenticator(
  deps: IdentityDeps,
  userId: string,
  password: string,
): Promise<User> {
  const required = (user: UserRow) => (user.otpRequired ? identityErrors.authenticatorRequired() : null);
  const user = await reauthenticate(deps, userId, password, required);
  const updated = await clearAuthenticator(deps.db, user.id);
  // The requirement was set while the password was being checked.
  if (!updated) throw identityErrors.authenticatorRequired();
  if (user.otpEnabled) notifyRemoval(deps, user, 'authenticator');
  return toUserDto(updated);
}

/** Forgets the phone number; sign-in stops sending text-message codes. */
export async function removePhone(deps: IdentityDeps, userId: string, password: string): Promise<User> {
  const user = await reauthenticate(deps, userId, password);
  const updated = await updateUser(deps.db, user.id, { phoneNumber: null, smsMfaEnabled: false });
  if (!updated) throw signInRequired();
  if (user.phoneNumber) notifyRemoval(deps, user, 'phone');
  return toUserDto(updated);
}
