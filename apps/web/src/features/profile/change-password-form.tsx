import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, extractErrorMessage, MESSAGES } from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { useChangePassword } from './account-api';

export interface ChangePasswordFormProps {
  /** Runs after the password changed (a toast, closing a screen). */
  onChanged(): void;
  submitLabel?: string;
}

/**
 * The current password, then a new one under the sign-up rules. A wrong current password is shown on its field;
 * a refused new one (too common, same as the current) on the new field; anything else above the button.
 */
export function ChangePasswordForm({
  onChanged,
  submitLabel = MESSAGES.changePasswordTitle,
}: ChangePasswordFormProps) {
  const change = useChangePassword();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await change.mutateAsync(values);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'FORBIDDEN') {
        setError('currentPassword', { type: 'server', message: extractErrorMessage(error) });
        setFocus('currentPassword');
      } else if (error instanceof HttpError && error.code === 'VALIDATION_FAILED') {
        setError('newPassword', { type: 'server', message: extractErrorMessage(error) });
        setFocus('newPassword');
      } else {
        setAlert(extractErrorMessage(error));
      }
      return;
    }
    reset();
    onChanged();
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field label={MESSAGES.currentPasswordLabel} error={errors.currentPassword?.message}>
        {(field) => (
          <Input
            type="password"
            autoComplete="current-password"
            {...field}
            {...register('currentPassword')}
          />
        )}
      </Field>
      <Field label={MESSAGES.newPasswordLabel} error={errors.newPassword?.message}>
        {(field) => (
          <Input type="password" autoComplete="new-password" {...field} {...register('newPassword')} />
        )}
      </Field>
      {alert ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger"
        >
          {alert}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
