import { zodResolver } from '@hookform/resolvers/zod';
import { extractErrorMessage, MESSAGES, reauthenticateSchema } from '@casting/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { HttpError } from '../../lib/http/http-error';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';

export interface PasswordConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** What will change, read with the title when the dialog opens. */
  description: string;
  confirmLabel: string;
  /** Runs the change with the password; a rejection is shown in the dialog, which then stays open. */
  onConfirm(password: string): Promise<void>;
}

/**
 * Asks for the current password before a change that weakens the account, as a bank would. A wrong password is
 * shown on the field; any other refusal (an administrator's requirement, a rate limit) above the buttons.
 */
export function PasswordConfirmDialog({ open, onOpenChange, ...props }: PasswordConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={props.title} description={props.description}>
      {/* Mounted only while open, so every opening starts with an empty field. */}
      {open ? <PasswordForm {...props} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

type PasswordFormProps = Omit<
  PasswordConfirmDialogProps,
  'open' | 'onOpenChange' | 'title' | 'description'
> & {
  onCancel(): void;
};

function PasswordForm({ confirmLabel, onConfirm, onCancel }: PasswordFormProps) {
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reauthenticateSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setAlert(null);
    try {
      await onConfirm(password);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'FORBIDDEN') {
        setError('password', { type: 'server', message: extractErrorMessage(error) });
        setFocus('password');
      } else {
        setAlert(extractErrorMessage(error));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field label="Password" error={errors.password?.message}>
        {(field) => (
          <Input type="password" autoComplete="current-password" {...field} {...register('password')} />
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={isSubmitting} onClick={onCancel}>
          {MESSAGES.cancel}
        </Button>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
