import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { paths } from '../../lib/routing/paths';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { TwoFactorSetupDialog } from '../two-factor';
import { PhoneSection } from './phone-section';
import { roleLabel } from './role-label';

const LINK_BUTTON =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink hover:bg-canvas';

/** /profile: who is signed in, and their second factors. */
export function ProfilePage() {
  const { user } = useAuth();
  const [settingUp, setSettingUp] = useState(false);
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
          Edit profile
        </Link>
      </div>

      <section
        aria-labelledby="authenticator-heading"
        className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-6"
      >
        <h2 id="authenticator-heading" className="text-lg font-semibold text-ink">
          Authenticator app
        </h2>
        <p className="text-sm text-ink-muted">
          {user.otpEnabled
            ? 'Two-factor authentication is on: signing in asks for a code from your authenticator app.'
            : 'Two-factor authentication with an authenticator app is off.'}
          {user.otpRequired ? ' Your administrator requires it for your account.' : ''}
        </p>
        <div>
          <Button variant={user.otpEnabled ? 'secondary' : 'primary'} onClick={() => setSettingUp(true)}>
            {user.otpEnabled ? 'Replace authenticator' : 'Set up authenticator'}
          </Button>
        </div>
        <TwoFactorSetupDialog
          open={settingUp}
          required={false}
          onClose={() => setSettingUp(false)}
          onEnabled={() => setSettingUp(false)}
        />
      </section>

      <PhoneSection />
    </section>
  );
}
