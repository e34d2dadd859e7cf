import { MESSAGES, phoneSchema, type User } from '@casting/domain';
import { AppError, signInRequired } from '../../../platform/errors';
import { updateUser, type UserRow } from '../repositories/user-repository';
import { currentUser, reauthenticate } from './reauthenticate';
import { toUserDto } from '../user-view';
import type { ClientInfo, IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import { enqueueMail } from '../../../platform/mail/queue';
import {
  phoneVerificationText,
  secondFactorAddedMail,
  secondFactorRemovedMail,
  type RemovedFactor,
} from '../mail-texts';
import { maskPhone } from '../mask';
import { hitAccountLimit, hitCodeGuessLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { replaceRecoveryCodes } from '../repositories/recovery-code-repository';
import { issueRecoveryCodes } from './recovery-code-service';
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

/**
 * Turns the authenticator on with a code from it, and answers ten new recovery codes beside the user (shown this
 * once). The owner is mailed, since a factor added by someone else would let them back in after a password reset.
 */
export async function enableAuthenticator(
  deps: IdentityDeps,
  userId: string,
  code: string,
  client: ClientInfo,
): Promise<User & { recoveryCodes: string[] }> {
  await hitAccountLimit(deps, 'enable-authenticator', userId, client.ip);
  const user = await currentUser(deps, userId);
  await hitCodeGuessLimit(deps, { userId, email: user.email }, client.ip);
  const pending = user.otpPendingSecret;
  if (!pending) throw identityErrors.invalidSetupCode();
  const step = acceptedTotpStep(code, pending, user.email, deps.keys.totpSecrets);
  if (step === null) throw identityErrors.invalidSetupCode();
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    if (!(await activatePendingSecret(tx, user.id, pending, step))) throw identityErrors.invalidSetupCode();
    const notice = secondFactorAddedMail(deps.config, user.email, 'authenticator');
    await enqueueMail(deps.jobs, { kind: 'notice', message: notice }, tx);
    return issueRecoveryCodes(deps, tx, user.id);
  });
  return { ...toUserDto(await currentUser(deps, userId)), recoveryCodes };
}

/** Texts a code to the new number; it becomes the sign-in number only once that code comes back. */
export async function requestPhoneChange(
  deps: IdentityDeps,
  userId: string,
  rawPhone: string,
  client: ClientInfo,
) {
  // The sign-in number exists only as a second factor: with text-message sign-in off, none is added.
  if (!deps.config.SMS_SIGN_IN) throw new AppError('TEXT_SIGN_IN_OFF', MESSAGES.textSignInOff);
  const parsed = phoneSchema.safeParse(rawPhone);
  if (!parsed.success) throw new AppError('INVALID_PHONE_NUMBER', MESSAGES.invalidPhoneNumber);
  await hitAccountLimit(deps, 'verify-phone', userId, client.ip);
  const phone = parsed.data;
  const code = await deps.db.transaction((tx) => issueCode(deps, tx, userId, 'VERIFY_PHONE', phone));
  await deps.texts.send(phoneVerificationText(phone, code));
  return { codeDeliveryDetails: { destination: maskPhone(phone) } };
}

export async function verifyPhone(deps: IdentityDeps, userId: string, code: string, client: ClientInfo) {
  await hitAccountLimit(deps, 'verify-phone-code', userId, client.ip);
  const user = await currentUser(deps, userId);
  await hitCodeGuessLimit(deps, { userId, email: user.email }, client.ip);
  const row = await checkCode(deps, userId, 'VERIFY_PHONE', code);
  const phone = row.target;
  if (!phone) throw identityErrors.invalidCode();
  await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, userId, { phoneNumber: phone, smsMfaEnabled: true });
    const notice = secondFactorAddedMail(deps.config, user.email, 'phone');
    await enqueueMail(deps.jobs, { kind: 'notice', message: notice }, tx);
  });
  return { phoneNumber: phone, smsMfaEnabled: true };
}

async function notifyRemoval(deps: IdentityDeps, user: UserRow, factor: RemovedFactor): Promise<void> {
  await enqueueMail(deps.jobs, {
    kind: 'notice',
    message: secondFactorRemovedMail(deps.config, user.email, factor),
  });
}

/** Turns the authenticator off and forgets its secret; refused while an administrator requires it. */
export async function removeAuthenticator(
  deps: IdentityDeps,
  userId: string,
  password: string,
  client: ClientInfo,
): Promise<User> {
  const required = (user: UserRow) => (user.otpRequired ? identityErrors.authenticatorRequired() : null);
  const user = await reauthenticate(deps, userId, password, client, required);
  const updated = await clearAuthenticator(deps.db, user.id);
  // The requirement was set while the password was being checked.
  if (!updated) throw identityErrors.authenticatorRequired();
  await replaceRecoveryCodes(deps.db, user.id, []);
  if (user.otpEnabled) await notifyRemoval(deps, user, 'authenticator');
  return toUserDto(updated);
}

/** Forgets the phone number; sign-in stops sending text-message codes. */
export async function removePhone(
  deps: IdentityDeps,
  userId: string,
  password: string,
  client: ClientInfo,
): Promise<User> {
  const user = await reauthenticate(deps, userId, password, client);
  const updated = await updateUser(deps.db, user.id, { phoneNumber: null, smsMfaEnabled: false });
  if (!updated) throw signInRequired();
  if (user.phoneNumber) await notifyRemoval(deps, user, 'phone');
  return toUserDto(updated);
}
