import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmationCodeSchema,
  confirmPasswordSchema,
  emailSchema,
  MESSAGES,
  passwordSchema,
  signInCodeErrorMessage,
  withPasswordConfirmation,
  UI_TEXTS,
} from '@casting/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { HttpError } from '../../lib/http/http-error';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useResetPassword } from './identity-api';
import { AuthCard, FormAlert } from './auth-card';
import { errorText, showServerFieldErrors } from './error-text';
import { NewPasswordField } from './new-password-field';
import { EmailText } from '../../ui/email-text';

const resetFormSchema = withPasswordConfirmation(
  z.object({
    email: emailSchema,
    code: confirmationCodeSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  }),
);

const isCodeRefusal = (error: unknown) =>
  error instanceof HttpError && (error.code === 'INVALID_CODE' || error.code === 'CODE_EXPIRED');

function resetErrorText(error: unknown): string {
  if (error instanceof HttpError && error.code === 'INVALID_CODE')
    return signInCodeErrorMessage(error.data?.message);
  return errorText(error, MESSAGES.unknownErrorOccurred);
}

/**
 * Reset password: new and confirm password with the live checklist. The code and
 * address come from the mailed link's query; whichever is missing is asked for instead, and so is the
 * code once the server refuses the link's (spent, expired, or superseded by a newer mail).
 */
export function ResetPasswordPage() {
  const [query] = useSearchParams();
  const linkEmail = query.get('email')?.trim() ?? '';
  const linkCode = query.get('code')?.trim() ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const [linkCodeRefused, setLinkCodeRefused] = useState(false);
  const askCode = !linkCode || linkCodeRefused;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { email: linkEmail, code: linkCode, password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ email, code, password: newPassword }) => {
    setAlert(null);
    try {
      await reset.mutateAsync({ email, code, newPassword });
      void navigate(paths.auth.resetPasswordSuccessfully, { replace: true });
    } catch (error) {
      showServerFieldErrors(error, setError, { newPassword: 'password', code: 'code', email: 'email' });
      if (isCodeRefusal(error)) setLinkCodeRefused(true);
      setAlert(resetErrorText(error));
    }
  });

  return (
    <AuthCard title="Set a new password">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        {linkEmail ? (
          <p className="text-center text-sm text-ink-muted">
            For{' '}
            <strong className="font-medium text-ink">
              <EmailText email={linkEmail} />
            </strong>
          </p>
        ) : null}
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {linkEmail ? null : (
          <Field required label="Email" error={errors.email?.message}>
            {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
          </Field>
        )}
        {askCode ? (
          <Field
            required
            label="Reset code"
            hint="The 6-digit code from the e-mail"
            error={errors.code?.message}
          >
            {(field) => (
              <Input inputMode="numeric" autoComplete="one-time-code" {...field} {...register('code')} />
            )}
          </Field>
        ) : null}
        <NewPasswordField
          label={MESSAGES.newPasswordLabel}
          error={errors.password?.message}
          value={password}
          registration={register('password')}
        />
        <Field required label="Confirm password" error={errors.confirmPassword?.message}>
          {(field) => (
            <Input type="password" autoComplete="new-password" {...field} {...register('confirmPassword')} />
          )}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {MESSAGES.resetPassword}
        </Button>
        <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-center text-sm">
          {linkCodeRefused ? (
            <Link to={paths.auth.forgotPassword} className="font-medium text-brand-700 hover:underline">
              Send me a new code
            </Link>
          ) : null}
          <Link to={paths.auth.signIn} className="font-medium text-brand-700 hover:underline">
            {UI_TEXTS.backToSignIn}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
