import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export interface SchemaFieldsOptions<K extends string, P> {
  /** The domain schema that judges the values, loaded on demand (it brings zod, see decision 0022). */
  loadSchema: () => Promise<z.ZodType<P>>;
  defaultValues: Record<K, string>;
}

/** The first message per field, as the form shows one message under each field. */
function errorsOf<K extends string>(issues: readonly z.core.$ZodIssue[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as K;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Text fields judged by a domain schema, for a form on the first screen (sign-in) that must not bring a
 * form library and zod into the first download. It behaves as the app's react-hook-form forms do: the
 * values are checked on submit, the first invalid field takes the focus, and after a submit each change
 * re-checks its field so a message goes as soon as the value is fixed. The schema's code is requested
 * once the form is on screen, so it is normally in by the time someone submits.
 */
export function useSchemaFields<K extends string, P>({
  loadSchema,
  defaultValues,
}: SchemaFieldsOptions<K, P>) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const schema = useRef<z.ZodType<P> | null>(null);
  const submitted = useRef(false);
  const elements = useRef(new Map<K, HTMLInputElement>());
  const load = useRef(loadSchema);

  useEffect(() => {
    // A failed early fetch is only a missed head start: submit fetches again and reports a failure.
    load.current().then(
      (loaded) => (schema.current = loaded),
      () => undefined,
    );
  }, []);

  const recheck = (name: K, next: Record<K, string>) => {
    if (!submitted.current || !schema.current) return;
    const parsed = schema.current.safeParse(next);
    const message = parsed.success ? undefined : errorsOf<K>(parsed.error.issues)[name];
    setErrors((current) => ({ ...current, [name]: message }));
  };

  /** Props for the field's input: name, value, change handler and the ref that lets it take the focus. */
  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      recheck(name, next);
    },
    ref: (element: HTMLInputElement | null) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  /** The parsed payload, or null after showing the messages and focusing the first invalid field. */
  const validate = async (): Promise<P | null> => {
    submitted.current = true;
    schema.current ??= await load.current();
    const parsed = schema.current.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = errorsOf<K>(parsed.error.issues);
    setErrors(found);
    const first = (Object.keys(defaultValues) as K[]).find((name) => found[name] !== undefined);
    if (first) elements.current.get(first)?.focus();
    return null;
  };

  /** Empties a field and drops its message (a refused account's password, for instance). */
  const resetField = (name: K) => {
    setValues((current) => ({ ...current, [name]: defaultValues[name] }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  return { errors, field, validate, resetField };
}
