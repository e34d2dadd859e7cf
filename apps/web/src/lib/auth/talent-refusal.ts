import { MESSAGES, TALENT_TOAST_MS } from '@casting/domain';
import { toast } from '../toast/toast';

// A fixed id keeps the toast single when both the sign-in flow and the route guard refuse.
const TALENT_TOAST_ID = 'talent-not-allowed';

export { TALENT_TOAST_MS };

/** Tells a talent account why it was signed out (the app is for staff; talent accounts are refused). */
export function showTalentRefusedToast(): void {
  toast.error(MESSAGES.talentNotAllowed, { id: TALENT_TOAST_ID, duration: TALENT_TOAST_MS });
}
