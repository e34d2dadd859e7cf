import { MESSAGES } from '@casting/domain';
import { AppError } from '../../platform/errors';
import { isCommonPassword } from './common-passwords';

/** The identity module's refusals, worded once. */
export const identityErrors = {
  /** Unknown address, wrong password and deactivated account all look the same from outside. */
  invalidCredentials: () => new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.'),
  invalidCode: () => new AppError('INVALID_CODE', MESSAGES.invalidCodeOrAuthState),
  invalidSetupCode: () => new AppError('INVALID_CODE', MESSAGES.invalidVerificationCodeSetup),
  codeExpired: () => new AppError('CODE_EXPIRED', 'This code has expired. Please request a new one.'),
  invalidRefreshToken: () =>
    new AppError('INVALID_REFRESH_TOKEN', 'Your session is no longer valid. Please sign in again.'),
  sessionExpired: () =>
    new AppError('SESSION_EXPIRED', 'Your session has expired due to inactivity. Please sign in again.'),
  sessionNotFound: () => new AppError('NOT_FOUND', 'Session was not found.'),
  /**
   * Re-authentication failed. Not INVALID_CREDENTIALS: its 401 would make the web client refresh the session and
   * retry, when the session is fine and only the password typed just now is wrong.
   */
  wrongPassword: () => new AppError('FORBIDDEN', 'Your password is not correct.'),
  authenticatorRequired: () =>
    new AppError('CONFLICT', 'Your administrator requires an authenticator app for this account.'),
};

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

/** Beyond the composition rules (OWASP ASVS 2.1.7): refuses passwords found in breach lists. */
export function assertPasswordNotCommon(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, {
    issues: [{ path: `body.${field}`, message: COMMON_PASSWORD_MESSAGE }],
  });
}
