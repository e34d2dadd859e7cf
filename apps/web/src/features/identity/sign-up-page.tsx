import { MESSAGES, PAGE_TITLES } from '@casting/domain';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { AuthCard } from './auth-card';
import { SignUpForm } from './sign-up-form';

interface CreatedAccount {
  email: string;
  destination: string;
}

/** /auth/sign-up, or /auth/sign-up?invitation={token}&email={address} from an office invitation. */
export function SignUpPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [created, setCreated] = useState<CreatedAccount | null>(null);

  return (
    <AuthCard title={PAGE_TITLES.createYourAccount}>
      <SignUpForm
        onCreated={setCreated}
        invitationToken={search.get('invitation')}
        suggestedEmail={search.get('email')}
      />
      <p className="mt-4 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to={paths.auth.signIn} className="font-medium text-brand-700 hover:underline">
          {PAGE_TITLES.signIn}
        </Link>
      </p>
      <Dialog
        open={created !== null}
        onOpenChange={() => undefined}
        dismissible={false}
        title={MESSAGES.accountCreated}
        description={
          created
            ? `We sent a confirmation code to ${created.destination}. Enter it to activate your account before you sign in.`
            : undefined
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => void navigate(paths.home)}>
            {MESSAGES.returnToHomepage}
          </Button>
          <Button
            onClick={() => {
              if (created) void navigate(paths.auth.confirmUser({ email: created.email }));
            }}
          >
            Enter confirmation code
          </Button>
        </div>
      </Dialog>
    </AuthCard>
  );
}
