import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, OFFICE_MESSAGES, OFFICE_TEXTS, PUBLIC_TEXTS, signUpSchema } from '@casting/domain';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { FormAlert } from './auth-card';
import { useRegister } from './identity-api';
import { errorText, showServerFieldErrors } from './error-text';
import { NewPasswordField } from './new-password-field';

export interface SignUpFormProps {
  /** Called with the new account's address and the masked address the code went to. */
  onCreated(account: { email: string; destination: string }): void;
  /** An office invitation's token: the account joins that office, so it names no office of its own. */
  invitationToken?: string | null;
  /** The address the invitation was sent to, filled in for the person to keep or change. */
  suggestedEmail?: string | null;
}

/**
 * Sign-up: first name, last name, email, a password with the live checklist and the name of the casting office the
 * sign-up creates; through an invitation, no office name, as the account joins the inviting office.
 */
export function SignUpForm({ onCreated, invitationToken = null, suggestedEmail = null }: SignUpFormProps) {
  const registerAccount = useRegister();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: suggestedEmail ?? '',
      password: '',
      company: '',
      invitationToken: invitationToken ?? undefined,
    },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ company, invitationToken: token, ...values }) => {
    try {
      // Only what was given is sent: no office name means the office is named after the person.
      const created = await registerAccount.mutateAsync({
        ...values,
        ...(company && !token ? { company } : {}),
        ...(token ? { invitationToken: token } : {}),
      });
      onCreated({ email: values.email, destination: created.codeDeliveryDetails.destination });
    } catch (error) {
      showServerFieldErrors(error, setError, {
        firstName: 'firstName',
        lastName: 'lastName',
        email: 'email',
        password: 'password',
        company: 'company',
      });
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {invitationToken ? (
        <p className="rounded-md bg-info-soft px-3 py-2 text-sm text-info">
          {OFFICE_TEXTS.joiningByInvitation}
        </p>
      ) : null}
      {/* A link cut short in the mail: the token cannot be an invitation's. */}
      {errors.invitationToken ? <FormAlert>{OFFICE_MESSAGES.invitationNotFound}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required label={PUBLIC_TEXTS.firstName} error={errors.firstName?.message}>
          {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
        </Field>
        <Field required label={PUBLIC_TEXTS.lastName} error={errors.lastName?.message}>
          {(field) => <Input autoComplete="family-name" {...field} {...register('lastName')} />}
        </Field>
      </div>
      {invitationToken ? null : (
        <Field
          label={OFFICE_TEXTS.signUpOfficeName}
          hint={OFFICE_TEXTS.signUpOfficeNameHint}
          error={errors.company?.message}
        >
          {(field) => <Input autoComplete="organization" {...field} {...register('company')} />}
        </Field>
      )}
      <Field required label="Email" error={errors.email?.message}>
        {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
      </Field>
      <NewPasswordField
        label="Password"
        error={errors.password?.message}
        value={password}
        registration={register('password')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
