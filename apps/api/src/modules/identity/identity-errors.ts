import { MESSAGES } from '@casting/domain';
import { AppError } from '../../platform/errors';
import { isCommonPassword } from './common-passwords';

/** The identity module's refusals, worded once. */
export const identityErrors = {
  /** Unknown address, wrong password and deactivated account all look the same from outside. */
  invalidCredentials: () => new AppError('INVALID_CREDENTIALS', MESSAGES.incorrectEmailOrPassword),
  invalidCode: () => new AppError('INVALID_CODE', MESSAGES.invalidCodeOrAuthState),
  invalidSetupCode: () => new AppError('INVALID_CODE', MESSAGES.invalidVerificationCodeSetup),
  codeExpired: () => new AppError('CODE_EXPIRED', MESSAGES.codeExpired),
  invalidRefreshToken: () => new AppError('INVALID_REFRESH_TOKEN', MESSAGES.sessionNoLongerValid),
  sessionExpired: () => new AppError('SESSION_EXPIRED', MESSAGES.sessionIdle),
  sessionNotFound: () => new AppError('NOT_FOUND', MESSAGES.sessionNotFound),
  /** Sign-up is the one call that may say an address has an account (the user needs to know to sign in instead). */
  accountExists: () => new AppError('CONFLICT', MESSAGES.accountExists),
  /**
   * Re-authentication failed. Not INVALID_CREDENTIALS: its 401 would make the web client refresh the session and
   * retry, when the session is fine and only the password typed just now is wrong.
   */
  wrongPassword: () => new AppError('FORBIDDEN', MESSAGES.wrongPassword),
  authenticatorRequired: () => new AppError('CONFLICT', MESSAGES.authenticatorRequiredByAdmin),
  authenticatorNotEnabled: () => new AppError('CONFLICT', MESSAGES.authenticatorNotOn),
};

/** Beyond the composition rules (OWASP ASVS 2.1.7): refuses passwords found in breach lists. */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw new AppError('VALIDATION_FAILED', MESSAGES.commonPassword, {
    issues: [{ path: `body.${field}`, message: MESSAGES.commonPassword }],
  });
}
