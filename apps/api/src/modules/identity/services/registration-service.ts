import { MESSAGES, type RegisterResponse, type SignUp } from '@casting/domain';
import { hashPassword } from '../../../platform/crypto/password';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { findUserByEmail, insertUser, updateUser, type UserRow } from '../repositories/user-repository';
import { deliverInBackground, type IdentityDeps } from '../deps';
import { assertPasswordNotCommon, identityErrors } from '../identity-errors';
import { confirmationMail } from '../mail-texts';
import { maskEmail } from '../mask';
import { hitAccountLimit } from '../rate-limit';
import { consumeCode } from '../repositories/code-repository';
import { checkCode, hasUsableCode, issueCode } from './code-service';

/** Sign-up: roleType is always ADMIN, which makes a casting director. The only call that may reveal an account. */
export async function register(deps: IdentityDeps, input: SignUp): Promise<RegisterResponse> {
  await hitAccountLimit(deps, 'register', input.email);
  assertPasswordNotCommon(input.password, 'password');
  if (await findUserByEmail(deps.db, input.email)) throw identityErrors.accountExists();
  const passwordHash = await hashPassword(input.password);
  let created: { user: UserRow; code: string };
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
      return { user, code: await issueCode(deps, tx, user.id, 'CONFIRM_SIGN_UP') };
    });
  } catch (error) {
    // Two sign-ups for one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw identityErrors.accountExists();
    throw error;
  }
  try {
    await deps.mailer.send(confirmationMail(deps.config, created.user.email, created.code));
  } catch (error) {
    // The account exists either way; the confirm screen's resend gets a new code through.
    deps.log.error({ err: error, userId: created.user.id }, 'confirmation mail failed');
  }
  return {
    userId: created.user.id,
    nextStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: { destination: maskEmail(created.user.email) },
  };
}

/** Mails a new confirmation code to an unconfirmed account, without saying whether there was one. */
export async function sendConfirmationCode(deps: IdentityDeps, user: UserRow): Promise<void> {
  if (user.confirmedAt || user.deactivatedAt) return;
  const code = await deps.db.transaction((tx) => issueCode(deps, tx, user.id, 'CONFIRM_SIGN_UP'));
  deliverInBackground(deps, 'confirmation code', () =>
    deps.mailer.send(confirmationMail(deps.config, user.email, code)),
  );
}

/** Signing in to an unconfirmed account mails a code only when the last one can no longer be used. */
export async function ensureConfirmationCode(deps: IdentityDeps, user: UserRow): Promise<void> {
  if (await hasUsableCode(deps, user.id, 'CONFIRM_SIGN_UP')) return;
  await sendConfirmationCode(deps, user);
}

export async function resendConfirmation(deps: IdentityDeps, email: string) {
  await hitAccountLimit(deps, 'resend-confirm', email);
  const user = await findUserByEmail(deps.db, email);
  if (user) await sendConfirmationCode(deps, user);
  return { message: MESSAGES.codeRequested };
}

export async function confirmUser(deps: IdentityDeps, input: { email: string; code: string }) {
  await hitAccountLimit(deps, 'confirm', input.email);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.confirmedAt || user.deactivatedAt) throw identityErrors.invalidCode();
  const row = await checkCode(deps, user.id, 'CONFIRM_SIGN_UP', input.code);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id))) throw identityErrors.invalidCode();
    await updateUser(tx, user.id, { confirmedAt: new Date() });
  });
  return { confirmed: true as const };
}
