import { useEffect, useState } from 'react';
import { useAuth, useAuthService } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { mustSetUpTwoFactor } from './open-rules';
import { TwoFactorSetupDialog } from './lazy-setup-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';

/**
 * Opens the required two-factor set-up over whatever page is showing: when the signed-in account
 * requires a second factor it has not enabled, or as soon as any call answers TOTP_NOT_ENABLED. Also shows new
 * recovery codes once.
 */
export function TwoFactorGate() {
  const { user, refreshUser } = useAuth();
  const service = useAuthService();
  const http = useHttpClient();
  const [refusedUserId, setRefusedUserId] = useState<string | null>(null);

  useEffect(
    () =>
      http.subscribeErrors((error) => {
        if (error.code !== 'TOTP_NOT_ENABLED') return;
        setRefusedUserId(service.getState().user?.id ?? null);
        // The account changed since it was loaded (an admin required a second factor): catch up.
        refreshUser().catch(() => null);
      }),
    [http, service, refreshUser],
  );

  const open = mustSetUpTwoFactor({ user, refusedUserId });
  return (
    <>
      <TwoFactorSetupDialog open={open} required onEnabled={() => setRefusedUserId(null)} />
      {/* New recovery codes, from this set-up, the profile's, or a regeneration, are shown here once. */}
      <RecoveryCodesDialog />
    </>
  );
}
