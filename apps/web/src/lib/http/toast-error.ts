import { extractErrorMessage, isCanceledError, MESSAGES } from '@casting/domain';
import { toast } from 'sonner';

/** The generic failure toast (spec section 8); a canceled request is the user's choice, never a failure. */
export function toastError(error: unknown): void {
  if (isCanceledError(error)) return;
  toast.error(MESSAGES.somethingWentWrong, { description: extractErrorMessage(error) });
}
