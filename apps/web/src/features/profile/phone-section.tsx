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
import { useController, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { z } from 'zod';
import type { User } from '../../lib/auth/user';
import { payloadResolver } from '../../lib/forms/form-resolver';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PhoneField, phoneValue } from '../../ui/phone-field';
import type { Country } from '../../ui/phone-field';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { useRemovePhone, useRequestPhoneChange, useVerifyPhone } from './profile-api';

/** Said once the number is verified. */
export const PHONE_VERIFIED_MESSAGE = 'Text-message sign-in codes are on';

const phoneFormSchema = z.object({ phoneNumber: phoneSchema });
const codeFormSchema = z.object({ code: confirmationCodeSchema });

/** Said once the number is removed. */
export const PHONE_REMOVED_MESSAGE = 'Phone number removed';

/** The phone number that receives sign-in codes by text message, verified by a texted code. */
export function PhoneSection({ user }: { user: User }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const remove = useRemovePhone();
  const activeNumber = user.smsMfaEnabled ? user.phoneNumber : null;
  // With text-message sign-in off on the installation no number can be added (the API answers TEXT_SIGN_IN_OFF), so
  // the section says why instead of offering a form; a number kept from before can still be removed.
  const offered = user.textSignIn !== false;

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
      {!offered ? (
        <p className="text-sm text-ink-muted">{MESSAGES.textSignInOff}</p>
      ) : sentTo ? (
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
  // The number is typed after a dial code, as on the apply form; the domain schema judges the full number.
  const { control, handleSubmit, setError, formState } = useForm<
    { country: Country; phoneNumber: string },
    unknown,
    z.infer<typeof phoneFormSchema>
  >({
    resolver: payloadResolver(phoneFormSchema, (values: { country: Country; phoneNumber: string }) => ({
      phoneNumber: phoneValue(values.country, values.phoneNumber),
    })),
    defaultValues: { country: 'US', phoneNumber: '' },
  });
  // Another dial code changes the number judged, so its message is checked again (once messages show).
  const { field: country } = useController({ control, name: 'country', rules: { deps: 'phoneNumber' } });
  const { field: number } = useController({ control, name: 'phoneNumber' });
  const { errors, isSubmitting } = formState;

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
      <PhoneField
        legend={replacing ? 'New phone number' : PUBLIC_TEXTS.phoneNumber}
        country={country.value}
        number={number.value}
        onChange={(nextCountry, nextNumber) => {
          if (nextCountry !== country.value) country.onChange(nextCountry);
          if (nextNumber !== number.value) number.onChange(nextNumber);
        }}
        inputRef={number.ref}
        onBlur={number.onBlur}
        error={errors.phoneNumber?.message}
      />
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
