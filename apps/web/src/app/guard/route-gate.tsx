import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@casting/domain';
import { useAuth } from '../../lib/auth/auth-provider';
import { showTalentRefusedToast } from '../../lib/auth/talent-refusal';
import { isSecondFactorSatisfied } from '../../lib/auth/user';
import { FullPageSpinner } from '../../ui/spinner';
import { findRoute } from '../routes';
import { AppShell } from '../shell/app-shell';
import { resolveRouteAccess } from './resolve-route-access';
import { useSignedOutRedirect } from './use-signed-out-redirect';

/** Applies the route guard to the current URL and frames the page (app shell or bare). */
export function RouteGate() {
  const { status, user, signOut } = useAuth();
  const { pathname } = useLocation();
  useSignedOutRedirect(status);
  if (status === 'loading') return <FullPageSpinner label="Loading your session" />;

  const route = findRoute(pathname)?.route ?? null;
  const decision = resolveRouteAccess({
    route,
    user,
    otpSatisfied: user ? isSecondFactorSatisfied(user) : true,
  });

  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'refuseTalent':
      return <RefuseTalent signOut={signOut} />;
    case 'awaitSecondFactor':
      // The two-factor set-up dialog (features/two-factor, mounted with the providers) is open over this.
      return (
        <BareFrame>
          <SecondFactorRequired />
        </BareFrame>
      );
    case 'allow':
      return user && route?.access !== 'guest' ? (
        <AppShell user={user} onSignOut={() => void signOut()}>
          <Outlet />
        </AppShell>
      ) : (
        <BareFrame>
          <Outlet />
        </BareFrame>
      );
  }
}

function BareFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="min-h-full">
      {children}
    </main>
  );
}

function RefuseTalent({ signOut }: { signOut(): Promise<void> }) {
  useEffect(() => {
    showTalentRefusedToast();
    void signOut();
  }, [signOut]);
  return <FullPageSpinner label="Signing out" />;
}

/** Holds the page back until the required second factor exists; the set-up dialog stands over it. */
function SecondFactorRequired() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{MESSAGES.setUpTwoFactor}</h1>
      <p className="text-ink-muted">
        Your account requires two-factor authentication before you can continue.
      </p>
    </section>
  );
}
