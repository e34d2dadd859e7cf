import type { SignInNextStep } from '@casting/domain';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_TITLES } from '@casting/domain';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import { paths } from '../../lib/routing/paths';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';

/** Fetched only when a code step starts: most sign-ins never need it, and it brings the dialog library. */
const { Component: CodeDialog } = lazyComponent(
  () => import('./code-dialog'),
  (module) => module.CodeDialog,
);

/**
 * Sign-in. A code step opens the 6-digit code dialog; an unconfirmed account
 * goes to confirm its address. Where a signed-in person lands is the route guard's call (/projects).
 */
export function SignInPage() {
  const navigate = useNavigate();
  const [codeStep, setCodeStep] = useState<SignInNextStep | null>(null);

  const onNextStep = (step: SignInNextStep, { email }: { email: string }) => {
    if (step.signInStep === 'CONFIRM_SIGN_UP') {
      void navigate(paths.auth.confirmUser({ email }));
      return;
    }
    setCodeStep(step);
  };

  return (
    <AuthCard title={PAGE_TITLES.signIn}>
      <SignInForm onNextStep={onNextStep} onFailed={() => setCodeStep(null)} />
      {codeStep ? (
        <Suspense fallback={null}>
          <CodeDialog key={codeStep.session} step={codeStep} onClose={() => setCodeStep(null)} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
