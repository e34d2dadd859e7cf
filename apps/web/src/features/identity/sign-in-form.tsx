import { extractErrorMessage, MESSAGES, PAGE_TITLES } from '@casting/domain';
import type { SignInNextStep } from '@casting/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { useSchemaFields } from '../../lib/forms/use-schema-fields';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';

/** Shown when the API asks for a code and the form was mounted without a code step to hand it to. */
export const ADDITIONAL_VERIFICATION_MESSAGE = 'Additional verification is required.';

export interface SignInFormProps {
  /** Handles a NEXT_STEP answer (code dialog); without it the form says verification is required. */
  onNextStep?: (step: SignInNextStep, credentials: { email: string }) => void;
  /** Called when a sign-in attempt fails, so any earlier second-factor state can be dropped. */
  onFailed?: () => void;
}

const loadSignInSchema = () => import('./sign-in-schema').then((module) => module.signInSchema);

/**
 * E-mail and password sign-in. Where to go afterwards is the route guard's call, not the form's.
 * The first screen of the app: it uses no form library, and the domain's schema (zod) arrives after the
 * form is on screen (lib/forms/use-schema-fields.ts, decision 0022).
 */
export function SignInForm({ onNextStep, onFailed }: SignInFormProps) {
  const { signIn } = useAuth();
  // An address in the link (?email=, as the confirmation of a new account sends) is filled in.
  const [search] = useSearchParams();
  const [alert, setAlert] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const { errors, field, validate, resetField } = useSchemaFields({
    loadSchema: loadSignInSchema,
    defaultValues: { email: search.get('email')?.trim() ?? '', password: '' },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      const credentials = await validate();
      if (!credentials) return;
      setAlert(null);
      // A mailed unlock link (?unlock=) lets its reader sign in to an account locked by attempts from many places.
      const unlock = search.get('unlock');
      const result = await signIn(unlock ? { ...credentials, unlock } : credentials);
      if (result.kind === 'nextStep') {
        if (onNextStep) onNextStep(result.step, { email: credentials.email });
        else setAlert(ADDITIONAL_VERIFICATION_MESSAGE);
      } else if (result.kind === 'refused') {
        resetField('password');
      }
    } catch (error) {
      onFailed?.();
      setAlert(extractErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {alert ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger"
        >
          {alert}
        </p>
      ) : null}
      <Field required label="Email" error={errors.email}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...field('email')} />}
      </Field>
      <Field required label="Password" error={errors.password}>
        {(control) => (
          <Input type="password" autoComplete="current-password" {...control} {...field('password')} />
        )}
      </Field>
      <div className="flex justify-end">
        <Link to={paths.auth.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
          {MESSAGES.forgotPasswordLink}
        </Link>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {PAGE_TITLES.signIn}
      </Button>
      <p className="text-center text-sm text-ink-muted">
        New here?{' '}
        <Link to={paths.auth.signUp} className="font-medium text-brand-700 hover:underline">
          {MESSAGES.getStarted}
        </Link>
      </p>
    </form>
  );
}
