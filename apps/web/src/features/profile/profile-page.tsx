import { Link } from 'react-router';
import { PAGE_TITLES } from '@casting/domain';
import { useAuth } from '../../lib/auth/auth-provider';
import { paths } from '../../lib/routing/paths';
import { Avatar } from '../../ui/avatar';
import { AuthenticatorSection } from './authenticator-section';
import { PasswordSection } from './password-section';
import { PhoneSection } from './phone-section';
import { SessionsSection } from './sessions-section';
import { roleLabel } from './role-label';

const LINK_BUTTON =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas';

/** /profile: who is signed in, their second factors, password and sessions. */
export function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">Your profile</h1>

      <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-center sm:p-6">
        <Avatar name={user.fullName} imageUrl={user.imageUrl} className="size-16 text-lg" />
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">Name</dt>
          <dd className="font-medium text-ink">{user.fullName}</dd>
          <dt className="text-ink-muted">Email</dt>
          <dd className="break-all text-ink">{user.email}</dd>
          <dt className="text-ink-muted">Role</dt>
          <dd className="text-ink">{roleLabel(user.role.code)}</dd>
        </dl>
        <Link to={paths.profileEdit} className={LINK_BUTTON}>
          {PAGE_TITLES.editProfile}
        </Link>
      </div>

      <AuthenticatorSection user={user} />

      <PhoneSection user={user} />

      <PasswordSection />

      <SessionsSection />
    </section>
  );
}
