import { zodResolver } from '@hookform/resolvers/zod';
import { extractErrorMessage, MESSAGES, QR_SIZE, twoFactorSetupCodeSchema, UI_TEXTS } from '@casting/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { z } from 'zod';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { manualEntryOf } from './otp-url';
import { showRecoveryCodes } from './recovery-codes-store';
import { authenticatorSetupKey, enableAuthenticator, startAuthenticatorSetup } from './two-factor-api';

/** Shown once the authenticator is on. */
export const TWO_FACTOR_ENABLED_MESSAGE = 'Two-factor authentication is on';

export interface TwoFactorSetupDialogProps {
  open: boolean;
  /**
   * Required set-up (the account demands a second factor) cannot be dismissed: it offers Sign out
   * instead of Cancel. Optional set-up (from the profile) can be cancelled.
   */
  required: boolean;
  onClose?: () => void;
  onEnabled?: () => void;
}

/** The 'Set Up Two-Factor Authentication' dialog. */
export function TwoFactorSetupDialog({ open, required, onClose, onEnabled }: TwoFactorSetupDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !required) onClose?.();
      }}
      dismissible={!required}
      title={MESSAGES.setUpTwoFactor}
      description="Scan the QR code with an authenticator app, then enter the 6-digit code it shows."
      width={460}
    >
      <SetupBody required={required} onClose={onClose} onEnabled={onEnabled} />
    </Dialog>
  );
}

const codeFormSchema = z.object({ code: twoFactorSetupCodeSchema });

function enableErrorText(error: unknown): string {
  if (error instanceof HttpError && error.code === 'INVALID_CODE')
    return MESSAGES.invalidVerificationCodeSetup;
  return extractErrorMessage(error);
}

function SetupBody({ required, onClose, onEnabled }: Omit<TwoFactorSetupDialogProps, 'open'>) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const { signOut, refreshUser } = useAuth();
  // gcTime 0: every opening starts a fresh set-up; staleTime Infinity: the QR code never changes under the person.
  const setup = useQuery({
    queryKey: authenticatorSetupKey(0),
    queryFn: () => startAuthenticatorSetup(http),
    staleTime: Infinity,
    gcTime: 0,
    meta: ERROR_SHOWN_INLINE,
  });
  const enable = useMutation({ mutationFn: (code: string) => enableAuthenticator(http, code) });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const enabled = await enable.mutateAsync(code);
      showRecoveryCodes(enabled.recoveryCodes);
    } catch (error) {
      setError('code', { type: 'server', message: enableErrorText(error) });
      setFocus('code');
      return;
    }
    toast.success(TWO_FACTOR_ENABLED_MESSAGE);
    await refreshUser().catch(() => null);
    // Calls refused with TOTP_NOT_ENABLED can now succeed; the set-up itself must not start again.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'two-factor' });
    onEnabled?.();
  });

  const entry = setup.data ? manualEntryOf(setup.data.otpUrl) : null;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div className="flex min-h-[172px] flex-col items-center justify-center gap-3">
        {setup.isPending ? <Spinner label="Preparing your QR code" /> : null}
        {setup.isError ? (
          <div className="flex flex-col items-center gap-2 text-center">
            <p role="alert" className="text-sm text-danger">
              {extractErrorMessage(setup.error)}
            </p>
            <Button variant="secondary" onClick={() => void setup.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {setup.data ? (
          <>
            <QRCodeSVG
              value={setup.data.otpUrl}
              size={QR_SIZE}
              marginSize={2}
              role="img"
              aria-label="QR code to add this account to an authenticator app"
            />
            {entry ? (
              <div className="text-center text-sm text-ink-muted">
                <p>Can&apos;t scan it? Enter this key in the app:</p>
                <p>
                  <code data-testid="authenticator-secret" className="font-mono text-base break-all text-ink">
                    {entry.secret}
                  </code>
                </p>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      <Field required label={UI_TEXTS.verificationCode} error={errors.code?.message}>
        {(field) => (
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            className="text-center font-mono text-lg tracking-[0.4em]"
            {...field}
            {...register('code')}
          />
        )}
      </Field>
      <DialogFooter>
        {required ? (
          <Button variant="secondary" onClick={() => void signOut()}>
            {MESSAGES.signOutSession}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting || !setup.data}>
          Verify
        </Button>
      </DialogFooter>
    </form>
  );
}
