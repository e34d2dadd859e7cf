import type { SignInNextStep } from '@casting/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { AuthCard } from './auth-card';
import { CodeDialog } from './code-dialog';
import { SignInForm } from './sign-in-form';

/**
 * Sign-in (spec sections 2 and 4). A code step opens the 6-digit code dialog; an unconfirmed account
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
    <AuthCard title="Sign in">
      <SignInForm onNextStep={onNextStep} onFailed={() => setCodeStep(null)} />
      {codeStep ? (
        <CodeDialog key={codeStep.session} step={codeStep} onClose={() => setCodeStep(null)} />
      ) : null}
    </AuthCard>
  );
}
