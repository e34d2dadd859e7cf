import type { ConfirmSignIn, SignIn, SignInNextStep } from '@casting/domain';
import { hashPassword, verifyPassword } from '../../../platform/crypto/password';
import { findUserByEmail, findUserById, type UserRow } from '../repositories/user-repository';
import { codeMatches, generateCode, hashCode } from '../crypto/codes';
import { randomToken, sha256 } from '../crypto/tokens';
import { codeExpiry, type ClientInfo, type IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import { signInCodeText } from '../mail-texts';
import { maskPhone } from '../mask';
import { hitAccountLimit, hitCodeGuessLimit, hitSignInLimit, unlockMailDue } from '../rate-limit';
import { unlockTokenValid } from '../sign-in-unlock';
import { MESSAGES } from '@casting/domain';
import { AppError } from '../../../platform/errors';
import { enqueueCodeMail } from '../../../platform/mail/queue';
import type { CodeMailJob } from '../mail-jobs';
import { useRecoveryCode } from '../repositories/recovery-code-repository';
import {
  consumeChallenge,
  findChallenge,
  insertChallenge,
  replaceChallengeCode,
  spendChallengeAttempt,
} from '../repositories/challenge-repository';
import { claimTotpStep } from '../repositories/totp-repository';
import { acceptedTotpStep } from '../totp';
import { ensureConfirmationCode } from './registration-service';
import { recoveryCodeHash } from './recovery-code-service';
import { finishSession, openSession, type IssuedSession } from './session-service';

export type SignInOutcome =
  { kind: 'signedIn'; session: IssuedSession } | { kind: 'nextStep'; step: SignInNextStep };

let dummyHash: Promise<string> | undefined;

/** Unknown addresses still pay for one argon2 verification, so timing does not tell which accounts exist. */
async function passwordMatches(user: UserRow | null, password: string): Promise<boolean> {
  if (user?.passwordHash) return verifyPassword(user.passwordHash, password);
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
  return false;
}

async function startSession(deps: IdentityDeps, user: UserRow, client: ClientInfo): Promise<SignInOutcome> {
  const opened = await deps.db.transaction((tx) => openSession(deps, tx, user, client));
  return { kind: 'signedIn', session: await finishSession(deps, opened) };
}

async function totpChallenge(deps: IdentityDeps, user: UserRow): Promise<SignInOutcome> {
  const session = randomToken();
  await insertChallenge(deps.db, {
    userId: user.id,
    tokenHash: sha256(session),
    method: 'TOTP',
    expiresAt: codeExpiry(deps),
  });
  return {
    kind: 'nextStep',
    step: { status: 'NEXT_STEP', signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', session },
  };
}

async function smsChallenge(deps: IdentityDeps, user: UserRow, phone: string): Promise<SignInOutcome> {
  const session = randomToken();
  const code = generateCode();
  await insertChallenge(deps.db, {
    userId: user.id,
    tokenHash: sha256(session),
    method: 'SMS',
    codeHash: hashCode(code, deps.keys.codes),
    destination: phone,
    expiresAt: codeExpiry(deps),
  });
  await deps.texts.send(signInCodeText(phone, code));
  return {
    kind: 'nextStep',
    step: {
      status: 'NEXT_STEP',
      signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      session,
      codeDeliveryDetails: { destination: maskPhone(phone) },
    },
  };
}

/** Password first; then confirmation, the authenticator (preferred) or a text-message code, or a session. */
export async function signIn(deps: IdentityDeps, input: SignIn, client: ClientInfo): Promise<SignInOutcome> {
  const { accountLocked } = await hitSignInLimit(deps, input.email, client.ip);
  const user = await findUserByEmail(deps.db, input.email);
  if (
    accountLocked &&
    !(user && input.unlock && unlockTokenValid(deps.keys.signInUnlock, input.unlock, user.id))
  ) {
    // The same answer whether the account exists and whatever the password: only its mailbox learns more.
    if (user && (await unlockMailDue(deps, user.id))) {
      await enqueueCodeMail<CodeMailJob>(deps.jobs, { kind: 'sign-in-unlock', email: user.email });
    }
    throw new AppError('RATE_LIMITED', MESSAGES.signInLocked);
  }
  const matches = await passwordMatches(user, input.password);
  if (!user || !matches || user.deactivatedAt) throw identityErrors.invalidCredentials();
  if (!user.confirmedAt) {
    await ensureConfirmationCode(deps, user);
    return { kind: 'nextStep', step: { status: 'NEXT_STEP', signInStep: 'CONFIRM_SIGN_UP', session: '' } };
  }
  if (user.otpEnabled && user.otpSecret) return totpChallenge(deps, user);
  if (user.smsMfaEnabled && user.phoneNumber) return smsChallenge(deps, user, user.phoneNumber);
  return startSession(deps, user, client);
}

/**
 * Completes a second-factor challenge; every wrong code spends one of its attempts and one of the account's daily
 * code guesses. At the authenticator step a recovery code may stand in for the app's code; it is spent on use.
 */
export async function confirmSignIn(
  deps: IdentityDeps,
  input: ConfirmSignIn,
  client: ClientInfo,
): Promise<IssuedSession> {
  const found = await findChallenge(deps.db, sha256(input.session));
  if (!found) throw identityErrors.invalidCode();
  await hitAccountLimit(deps, 'confirm-sign-in', found.userId, client.ip);
  const owner = await findUserById(deps.db, found.userId);
  await hitCodeGuessLimit(deps, { userId: found.userId, email: owner?.email }, client.ip);
  const now = new Date();
  const challenge = await spendChallengeAttempt(deps.db, found.id, deps.config.CODE_MAX_ATTEMPTS, now);
  const user = challenge ? owner : null;
  if (!challenge || !user || user.deactivatedAt) throw identityErrors.invalidCode();

  let totpStep: number | null = null;
  let recoveryHash: string | null = null;
  if (challenge.method === 'SMS') {
    if (!challenge.codeHash || !codeMatches(input.challengeResponse, challenge.codeHash, deps.keys.codes)) {
      throw identityErrors.invalidCode();
    }
  } else {
    if (!user.otpEnabled || !user.otpSecret) throw identityErrors.invalidCode();
    recoveryHash = recoveryCodeHash(deps, input.challengeResponse);
    if (recoveryHash === null) {
      totpStep = acceptedTotpStep(input.challengeResponse, user.otpSecret, user.email, deps.keys.totpSecrets);
      if (totpStep === null || (user.otpLastStep !== null && totpStep <= user.otpLastStep)) {
        throw identityErrors.invalidCode();
      }
    }
  }

  const opened = await deps.db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, challenge.id, now))) throw identityErrors.invalidCode();
    // Conditional on the stored step, so two sign-ins racing with one code cannot both pass.
    if (totpStep !== null && !(await claimTotpStep(tx, user.id, totpStep)))
      throw identityErrors.invalidCode();
    // Conditional on the code being unused, for the same reason.
    if (recoveryHash !== null && !(await useRecoveryCode(tx, user.id, recoveryHash)))
      throw identityErrors.invalidCode();
    return openSession(deps, tx, user, client);
  });
  return finishSession(deps, opened);
}

/** A new text-message code for a live challenge; attempts already spent stay spent. */
export async function resendSignInCode(deps: IdentityDeps, session: string, client: ClientInfo) {
  const found = await findChallenge(deps.db, sha256(session));
  if (!found || found.method !== 'SMS' || !found.destination) throw identityErrors.invalidCode();
  await hitAccountLimit(deps, 'resend-sign-in-code', found.userId, client.ip);
  const code = generateCode();
  const replaced = await replaceChallengeCode(
    deps.db,
    found.id,
    { codeHash: hashCode(code, deps.keys.codes), expiresAt: codeExpiry(deps) },
    deps.config.CODE_MAX_ATTEMPTS,
    new Date(),
  );
  if (!replaced) throw identityErrors.invalidCode();
  await deps.texts.send(signInCodeText(found.destination, code));
  return { codeDeliveryDetails: { destination: maskPhone(found.destination) } };
}
