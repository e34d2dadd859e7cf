import { PasswordChangeGate } from '../features/profile';
import { SessionTracker } from '../features/session';
import { TwoFactorGate } from '../features/two-factor';

/**
 * The session-wide overlays that belong to no page and matter only to a signed-in person: inactivity
 * tracking, the required two-factor set-up and the forced change of a generated password. A chunk of their own (app/providers.tsx), so the sign-in
 * page does not download them.
 */
export function SignedInOverlays() {
  return (
    <>
      <SessionTracker />
      <TwoFactorGate />
      <PasswordChangeGate />
    </>
  );
}
