import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { describedBy, PasswordChecklist } from './password-checklist';

export interface NewPasswordFieldProps {
  label: string;
  error: string | undefined;
  /** The current value, which the checklist judges as the person types. */
  value: string;
  registration: UseFormRegisterReturn;
}

/** A password being chosen: the field with its live checklist underneath. */
export function NewPasswordField({ label, error, value, registration }: NewPasswordFieldProps) {
  const checklistId = useId();
  return (
    <div className="flex flex-col gap-2">
      <Field required label={label} error={error}>
        {(control) => (
          <Input
            type="password"
            autoComplete="new-password"
            {...control}
            aria-describedby={describedBy(control['aria-describedby'], checklistId)}
            {...registration}
          />
        )}
      </Field>
      <PasswordChecklist id={checklistId} password={value} />
    </div>
  );
}
