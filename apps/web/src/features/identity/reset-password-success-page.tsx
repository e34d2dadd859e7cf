import { Link } from 'react-router';
import { PAGE_TITLES } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { AuthCard } from './auth-card';

/** Reset-password-successfully, with the way back to sign-in. */
export function ResetPasswordSuccessPage() {
  return (
    <AuthCard title="Password reset successfully">
      <div className="flex flex-col gap-4 text-center">
        <p className="text-sm text-ink-muted">
          Your password has been changed and every earlier session was signed out. Sign in with your new
          password.
        </p>
        <Link
          to={paths.auth.signIn}
          className="inline-flex min-h-10 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-on-accent hover:bg-accent-hover"
        >
          {PAGE_TITLES.signIn}
        </Link>
      </div>
    </AuthCard>
  );
}
