import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signUpSchema, PUBLIC_TEXTS } from '@casting/domain';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useRegister } from './identity-api';
import { errorText, showServerFieldErrors } from './error-text';
import { NewPasswordField } from './new-password-field';

export interface SignUpFormProps {
  /** Called with the new account's address and the masked address the code went to. */
  onCreated(account: { email: string; destination: string }): void;
}

/** Sign-up: first name, last name, email and a password with the live checklist. */
export function SignUpForm({ onCreated }: SignUpFormProps) {
  const registerAccount = useRegister();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await registerAccount.mutateAsync(values);
      onCreated({ email: values.email, destination: created.codeDeliveryDetails.destination });
    } catch (error) {
      showServerFieldErrors(error, setError, {
        firstName: 'firstName',
        lastName: 'lastName',
        email: 'email',
        password: 'password',
      });
      toast.error(errorText(error, MESSAGES.anErrorOccurred));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field required label={PUBLIC_TEXTS.firstName} error={errors.firstName?.message}>
          {(field) => <Input autoComplete="given-name" {...field} {...register('firstName')} />}
        </Field>
        <Field required label={PUBLIC_TEXTS.lastName} error={errors.lastName?.message}>
          {(field) => <Input autoComplete="family-name" {...field} {...register('lastName')} />}
        </Field>
      </div>
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
