import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_LENGTH, MESSAGES, signInCodeErrorMessage, signInCodeSchema, UI_TEXTS } from '@casting/domain';
import type { SignInNextStep } from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { z } from 'zod';
import { useAuth } from '../../lib/auth/auth-provider';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Dialog, DialogFooter } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useResendSignInCode } from './identity-api';
import { errorText } from './error-text';
import { ResendButton } from './resend-button';
import { useCountdown } from './use-countdown';

const codeFormSchema = z.object({ code: signInCodeSchema });
/** A recovery code (two groups of five letters and digits); the server judges it, this only asks for one. */
const recoveryFormSchema = z.object({ code: z.string().trim().min(1, MESSAGES.codeRequired).max(16) });

export interface CodeDialogProps {
  /** A CONFIRM_SIGN_IN_WITH_TOTP_CODE or CONFIRM_SIGN_IN_WITH_SMS_CODE step. */
  step: SignInNextStep;
  /** Closing the dialog abandons the challenge: the sign-in starts over. */
  onClose(): void;
}

function describe(step: SignInNextStep, destination: string | undefined): string {
  if (step.signInStep === 'CONFIRM_SIGN_IN_WITH_SMS_CODE') {
    return `We sent a ${CODE_LENGTH}-digit code by text message to ${destination ?? 'your phone'}.`;
  }
  return `Enter the ${CODE_LENGTH}-digit code your authenticator app shows.`;
}

/** A wrong code reads 'Invalid verification code. Please try again.'; other refusals as the server words them. */
function codeErrorText(error: unknown): string {
  if (error instanceof HttpError && error.code === 'INVALID_CODE')
    return signInCodeErrorMessage(error.data?.message);
  return errorText(error, MESSAGES.invalidVerificationCode);
}

/**
 * The 6-digit code dialog of sign-in. Only a text message can be sent again:
 * resend waits out a 30 s countdown, which starts by itself because a text has just been sent.
 */
export function CodeDialog({ step, onClose }: CodeDialogProps) {
  const isText = step.signInStep === 'CONFIRM_SIGN_IN_WITH_SMS_CODE';
  // At the authenticator step a recovery code may stand in for the app's code (a lost or reset phone).
  const [recovery, setRecovery] = useState(false);
  if (recovery) return <RecoveryCodeDialog step={step} onClose={onClose} onBack={() => setRecovery(false)} />;
  return (
    <AppCodeDialog step={step} onClose={onClose} isText={isText} onUseRecovery={() => setRecovery(true)} />
  );
}

function AppCodeDialog({
  step,
  onClose,
  isText,
  onUseRecovery,
}: CodeDialogProps & { isText: boolean; onUseRecovery(): void }) {
  const { confirmSignIn } = useAuth();
  const countdown = useCountdown({ autoStart: isText });
  const resend = useResendSignInCode();
  const [destination, setDestination] = useState(step.codeDeliveryDetails?.destination);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await confirmSignIn({ challengeResponse: code, session: step.session });
      // Signed in: the route guard takes the person on. Refused (talent): the toast explains it.
      if (result.kind === 'refused') onClose();
    } catch (error) {
      resetField('code');
      setError('code', { type: 'server', message: codeErrorText(error) });
      setFocus('code');
    }
  });

  const onResend = async () => {
    try {
      const answer = await resend.mutateAsync(step.session);
      setDestination(answer.codeDeliveryDetails.destination);
      toast.success(MESSAGES.codeResent);
      countdown.start();
    } catch {
      toast.error(MESSAGES.resendFailed);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Enter verification code"
      description={describe(step, destination)}
      width={420}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Field required label={UI_TEXTS.verificationCode} error={errors.code?.message}>
          {(field) => (
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              className="text-center font-mono text-lg tracking-[0.4em]"
              {...field}
              {...register('code')}
            />
          )}
        </Field>
        {isText ? (
          <div className="flex flex-wrap items-center justify-center gap-1 text-sm text-ink-muted">
            <span>Didn&apos;t get it?</span>
            <ResendButton countdown={countdown} sending={resend.isPending} onResend={() => void onResend()} />
          </div>
        ) : (
          <SwitchCodeButton onClick={onUseRecovery}>{MESSAGES.useRecoveryCode}</SwitchCodeButton>
        )}
        <VerifyFooter onCancel={onClose} submitting={isSubmitting} />
      </form>
    </Dialog>
  );
}

function RecoveryCodeDialog({ step, onClose, onBack }: CodeDialogProps & { onBack(): void }) {
  const { confirmSignIn } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(recoveryFormSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await confirmSignIn({ challengeResponse: code, session: step.session });
      if (result.kind === 'refused') onClose();
    } catch (error) {
      setError('code', { type: 'server', message: codeErrorText(error) });
      setFocus('code');
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Enter a recovery code"
      description="Enter one of the recovery codes you saved when you turned the authenticator app on. Each code works once."
      width={420}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <Field label={MESSAGES.recoveryCodeLabel} error={errors.code?.message}>
          {(field) => (
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              className="text-center font-mono text-lg"
              {...field}
              {...register('code')}
            />
          )}
        </Field>
        <SwitchCodeButton onClick={onBack}>{MESSAGES.useAuthenticatorCode}</SwitchCodeButton>
        <VerifyFooter onCancel={onClose} submitting={isSubmitting} />
      </form>
    </Dialog>
  );
}

/** Switches between the authenticator's code and a recovery code. */
function SwitchCodeButton({ onClick, children }: { onClick(): void; children: string }) {
  return (
    <button
      type="button"
      className="self-center text-sm font-medium text-brand-700 hover:underline"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function VerifyFooter({ onCancel, submitting }: { onCancel(): void; submitting: boolean }) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitting}>
        Verify
      </Button>
    </DialogFooter>
  );
}
