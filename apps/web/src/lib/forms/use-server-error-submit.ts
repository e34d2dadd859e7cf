import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from './form-resolver';

/**
 * A form's submit handler that sends the validated payload and, when the API refuses it, puts each field message
 * under its field and anything else in the form's alert.
 */
export function useServerErrorSubmit<V extends FieldValues, P>(
  form: Pick<UseFormReturn<V, unknown, P>, 'handleSubmit' | 'setError'>,
  knownFields: readonly string[],
  onSubmit: (payload: P) => Promise<void>,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const submit = form.handleSubmit(async (payload) => {
    setAlert(null);
    try {
      await onSubmit(payload);
    } catch (error) {
      setAlert(
        applyServerErrors(error, knownFields, (field, message) =>
          form.setError(field as Path<V>, { message }),
        ),
      );
    }
  });
  return { alert, submit };
}
