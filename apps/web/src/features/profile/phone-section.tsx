import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmationCodeSchema,
  extractErrorMessage,
  MESSAGES,
  phoneSchema,
  UI_TEXTS,
  PUBLIC_TEXTS,
} from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { z } from 'zod';
import type { User } from '../../lib/auth/user';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { useRemovePhone, useRequestPhoneChange, useVerifyPhone } from './profile-api';

/** Said once the number is verified (ours: the spec gives no text). */
export const PHONE_VERIFIED_MESSAGE = 'Text-message sign-in codes are on';

const phoneFormSchema = z.object({ phoneNumber: phoneSchema });
const codeFormSchema = z.object({ code: confirmationCodeSchema });

/** Said once the number is removed (ours: the spec gives no text). */
export const PHONE_REMOVED_MESSAGE = 'Phone number removed';

/** The phone number that receives sign-in codes by text message, verified by a texted code. */
export function PhoneSection({ user }: { user: User }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const remove = useRemovePhone();
  const activeNumber = user.smsMfaEnabled ? user.phoneNumber : null;

  const removeNumber = async (password: string) => {
    await remove.mutateAsync(password);
    setRemoving(false);
    toast.success(PHONE_REMOVED_MESSAGE);
  };

  return (
    <section
      aria-labelledby="phone-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="phone-heading" className="text-lg font-semibold text-ink">
        Text-message codes
      </h2>
      <p className="text-sm text-ink-muted">
        Add a phone number to receive sign-in codes by text message. An authenticator app, when set up, is
        asked for instead.
      </p>
      <p role="status" className="text-sm text-ink">
        {activeNumber
          ? `Text-message codes are on: sign-in codes go to ${activeNumber}.`
          : 'Text-message codes are off: no phone number is set.'}
      </p>
      {activeNumber ? (
        <div>
          <Button variant="secondary" onClick={() => setRemoving(true)}>
            Remove phone number
          </Button>
        </div>
      ) : null}
      {sentTo ? (
        <VerifyStep
          destination={sentTo}
          onVerified={() => setSentTo(null)}
          onStartOver={() => setSentTo(null)}
        />
      ) : (
        <NumberStep replacing={activeNumber !== null} onSent={setSentTo} />
      )}
      <PasswordConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove your phone number?"
        description="Sign-in codes will no longer be sent by text message. Enter your password to confirm."
        confirmLabel="Remove phone number"
        onConfirm={removeNumber}
      />
    </section>
  );
}

function NumberStep({ replacing, onSent }: { replacing: boolean; onSent(destination: string): void }) {
  const request = useRequestPhoneChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(phoneFormSchema), defaultValues: { phoneNumber: '' } });

  const onSubmit = handleSubmit(async ({ phoneNumber }) => {
    try {
      const answer = await request.mutateAsync(phoneNumber);
      onSent(answer.codeDeliveryDetails.destination);
    } catch (error) {
      const message =
        error instanceof HttpError && error.code === 'INVALID_PHONE_NUMBER'
          ? MESSAGES.invalidPhoneNumber
          : extractErrorMessage(error);
      setError('phoneNumber', { type: 'server', message });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3 sm:max-w-sm">
      <Field
        label={replacing ? 'New phone number' : PUBLIC_TEXTS.phoneNumber}
        hint="A plus sign, the country code and the number, e.g. +15551234567"
        error={errors.phoneNumber?.message}
      >
        {(field) => <Input type="tel" autoComplete="tel" {...field} {...register('phoneNumber')} />}
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          Send code
        </Button>
      </div>
    </form>
  );
}

interface VerifyStepProps {
  destination: string;
  onVerified(): void;
  onStartOver(): void;
}

function VerifyStep({ destination, onVerified, onStartOver }: VerifyStepProps) {
  const verify = useVerifyPhone();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync(code);
      toast.success(PHONE_VERIFIED_MESSAGE);
      onVerified();
    } catch (error) {
      setError('code', { type: 'server', message: extractErrorMessage(error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3 sm:max-w-sm">
      <p className="text-sm text-ink">We sent a code by text message to {destination}.</p>
      <Field label={UI_TEXTS.verificationCode} error={errors.code?.message}>
        {(field) => (
          <Input inputMode="numeric" autoComplete="one-time-code" {...field} {...register('code')} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          Verify number
        </Button>
        <Button variant="secondary" onClick={onStartOver}>
          Use another number
        </Button>
      </div>
    </form>
  );
}
