import { zodResolver } from '@hookform/resolvers/zod';
import { confirmUserSchema, MESSAGES, signInCodeErrorMessage, UI_TEXTS } from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast/toast';
import { HttpError } from '../../lib/http/http-error';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useConfirmUser, useResendConfirmation } from './identity-api';
import { AuthCard, FormAlert } from './auth-card';
import { errorText } from './error-text';
import { ResendButton } from './resend-button';
import { useCountdown } from './use-countdown';
import { EmailText } from '../../ui/email-text';

/** A wrong or spent code reads as the friendly sign-in wording; anything else as the server says it. */
function confirmErrorText(error: unknown): string {
  if (error instanceof HttpError && error.code === 'INVALID_CODE')
    return signInCodeErrorMessage(error.data?.message);
  return errorText(error, MESSAGES.anErrorOccurred);
}

/** Confirm user: the mailed 6-digit code activates a new account. */
export function ConfirmUserPage() {
  const [query] = useSearchParams();
  const emailFromLink = query.get('email')?.trim() ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmUser();
  const resend = useResendConfirmation();
  const countdown = useCountdown();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(confirmUserSchema),
    defaultValues: { email: emailFromLink, code: query.get('code')?.trim() ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await confirm.mutateAsync(values);
      toast.success(MESSAGES.userConfirmed);
      // The sign-in form opens with the address just confirmed: only the password is left to type.
      void navigate(paths.auth.signInAs(values.email), { replace: true });
    } catch (error) {
      setAlert(confirmErrorText(error));
    }
  });

  const onResend = async () => {
    if (!(await trigger('email'))) return;
    try {
      await resend.mutateAsync(getValues('email'));
      toast.success(MESSAGES.codeSent);
      countdown.start();
    } catch (error) {
      toast.error(errorText(error, MESSAGES.resendFailed));
    }
  };

  return (
    <AuthCard title="Confirm your email">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <p className="text-center text-sm text-ink-muted">
          {MESSAGES.confirmationCodeSent}
          {emailFromLink ? (
            <>
              {': '}
              <strong className="font-medium text-ink">
                <EmailText email={emailFromLink} />
              </strong>
            </>
          ) : null}
        </p>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {emailFromLink ? null : (
          <Field required label="Email" error={errors.email?.message}>
            {(field) => <Input type="email" autoComplete="email" {...field} {...register('email')} />}
          </Field>
        )}
        <Field required label="Confirmation code" error={errors.code?.message}>
          {(field) => (
            <Input inputMode="numeric" autoComplete="one-time-code" {...field} {...register('code')} />
          )}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          Confirm account
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-1 text-sm text-ink-muted">
          <span>Didn&apos;t get the code?</span>
          <ResendButton countdown={countdown} sending={resend.isPending} onResend={() => void onResend()} />
        </div>
        <p className="text-center text-sm">
          <Link to={paths.auth.signIn} className="font-medium text-brand-700 hover:underline">
            {UI_TEXTS.backToSignIn}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
