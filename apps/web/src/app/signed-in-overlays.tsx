import { SessionTracker } from '../features/session';
import { TwoFactorGate } from '../features/two-factor';

/**
 * The session-wide overlays that belong to no page and matter only to a signed-in person: inactivity
 * tracking and the required two-factor set-up. A chunk of their own (app/providers.tsx), so the sign-in
 * page does not download them.
 */
export function SignedInOverlays() {
  return (
    <>
      <SessionTracker />
      <TwoFactorGate />
    </>
  );
}
