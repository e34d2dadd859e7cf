import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, MESSAGES, UI_TEXTS } from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useForgotPassword } from './identity-api';
import { AuthCard, FormAlert } from './auth-card';
import { errorText } from './error-text';

/** Forgot password: an address, 'Reset password', then the check-email screen. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setAlert(null);
    try {
      await forgot.mutateAsync(email);
      void navigate(paths.auth.checkEmail({ email }));
    } catch (error) {
      setAlert(errorText(error, MESSAGES.unknownErrorOccurred));
    }
  });

  return (
    <AuthCard title="Forgot your password?">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <p className="text-center text-sm text-ink-muted">
          Enter the e-mail address of your account and we will send you a code to reset your password.
        </p>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <Field required label="Email" error={errors.email?.message}>
          {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {MESSAGES.resetPassword}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.auth.signIn} className="font-medium text-brand-700 hover:underline">
            {UI_TEXTS.backToSignIn}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
