import { extractErrorMessage, isCanceledError, MESSAGES } from '@casting/domain';
import { toast } from '../toast/toast';
import { HttpError } from './http-error';

/**
 * Errors the app answers globally rather than with a toast: TOTP_NOT_ENABLED opens the two-factor
 * set-up dialog, so a toast for each refused query would only add noise.
 */
function isAnsweredGlobally(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'TOTP_NOT_ENABLED';
}

/** The generic failure toast; a canceled request is the user's choice, never a failure. */
export function toastError(error: unknown): void {
  if (isCanceledError(error) || isAnsweredGlobally(error)) return;
  toast.error(MESSAGES.somethingWentWrong, { description: extractErrorMessage(error) });
}
