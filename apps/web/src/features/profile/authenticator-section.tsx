import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import type { User } from '../../lib/auth/user';
import { Button } from '../../ui/button';
import { MESSAGES } from '@casting/domain';
import { showRecoveryCodes, TwoFactorSetupDialog } from '../two-factor';
import { useRegenerateRecoveryCodes } from './account-api';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { useRemoveAuthenticator } from './profile-api';

/** Said once the authenticator is off. */
export const AUTHENTICATOR_REMOVED_MESSAGE = 'Authenticator app turned off';

/** The authenticator app: its state, set-up or replacement, and turning it off after the password. */
export function AuthenticatorSection({ user }: { user: User }) {
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const remove = useRemoveAuthenticator();
  const regenerate = useRegenerateRecoveryCodes();

  const newCodes = async (password: string) => {
    const answer = await regenerate.mutateAsync(password);
    setRegenerating(false);
    showRecoveryCodes(answer.recoveryCodes);
  };

  const turnOff = async (password: string) => {
    await remove.mutateAsync(password);
    setTurningOff(false);
    toast.success(AUTHENTICATOR_REMOVED_MESSAGE);
  };

  return (
    <section
      aria-labelledby="authenticator-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="authenticator-heading" className="text-lg font-semibold text-ink">
        Authenticator app
      </h2>
      <p className="text-sm text-ink-muted">
        {user.otpEnabled
          ? 'Two-factor authentication is on: signing in asks for a code from your authenticator app.'
          : 'Two-factor authentication with an authenticator app is off.'}
        {user.otpRequired ? ' Your administrator requires it for your account.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant={user.otpEnabled ? 'secondary' : 'primary'} onClick={() => setSettingUp(true)}>
          {user.otpEnabled ? 'Replace authenticator' : 'Set up authenticator'}
        </Button>
        {user.otpEnabled ? (
          <Button variant="secondary" onClick={() => setRegenerating(true)}>
            {MESSAGES.recoveryCodesRegenerate}
          </Button>
        ) : null}
        {/* A required authenticator cannot be turned off here; the API refuses it too. */}
        {user.otpEnabled && !user.otpRequired ? (
          <Button variant="secondary" onClick={() => setTurningOff(true)}>
            Turn off authenticator
          </Button>
        ) : null}
      </div>
      <TwoFactorSetupDialog
        open={settingUp}
        required={false}
        onClose={() => setSettingUp(false)}
        onEnabled={() => setSettingUp(false)}
      />
      <PasswordConfirmDialog
        open={turningOff}
        onOpenChange={setTurningOff}
        title="Turn off the authenticator app?"
        description="Signing in will no longer ask for a code from your authenticator app. Enter your password to confirm."
        confirmLabel="Turn off authenticator"
        onConfirm={turnOff}
      />
      <PasswordConfirmDialog
        open={regenerating}
        onOpenChange={setRegenerating}
        title={`${MESSAGES.recoveryCodesRegenerate}?`}
        description="Your current recovery codes will stop working. Enter your password to confirm."
        confirmLabel={MESSAGES.recoveryCodesRegenerate}
        onConfirm={newCodes}
      />
    </section>
  );
}
