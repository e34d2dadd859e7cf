import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MESSAGES } from '@casting/domain';
import { useAuth } from '../../lib/auth/auth-provider';
import { showTalentRefusedToast } from '../../lib/auth/talent-refusal';
import { isSecondFactorSatisfied } from '../../lib/auth/user';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import { FullPageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../lib/routing/document-title';
import { ROUTE_TITLES } from '../route-titles';
import { findRoute } from '../routes';
import { usePreloadOnIntent } from '../use-preload-on-intent';
import { resolveRouteAccess } from './resolve-route-access';
import { useSignedOutRedirect } from './use-signed-out-redirect';
import { useResumeDeepLink } from '../../features/deep-linking';

/** The signed-in frame is fetched only once someone is signed in: the sign-in page never needs it. */
const { Component: AppShell } = lazyComponent(
  () => import('../shell/app-shell'),
  (module) => module.AppShell,
);

/** Shown while a page's code is on its way (each page is its own chunk, see app/pages.tsx). */
function PageLoading() {
  return <FullPageSpinner label="Loading page" />;
}

/** Applies the route guard to the current URL and frames the page (app shell or bare). */
export function RouteGate() {
  const { status, user, signOut } = useAuth();
  const { pathname } = useLocation();
  useSignedOutRedirect(status);
  useResumeDeepLink(status);
  usePreloadOnIntent();
  const route = findRoute(pathname)?.route ?? null;
  useDocumentTitle(route ? (ROUTE_TITLES[route.id] ?? null) : (ROUTE_TITLES.notFound ?? null));
  if (status === 'loading') return <FullPageSpinner label="Loading your session" />;

  const decision = resolveRouteAccess({
    route,
    user,
    otpSatisfied: user ? isSecondFactorSatisfied(user) : true,
  });

  switch (decision.kind) {
    case 'redirect':
      // Keyed by the path it refuses: a second refused path reached before React rendered the first redirect's
      // target (the router's state moves ahead of rendering) would otherwise keep the mounted Navigate, whose
      // effect does not run again for the same target, and leave the refused page showing.
      return <Navigate key={pathname} to={decision.to} replace />;
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
      // A path containing "client" is a client-review view: its own layout, never the back office's shell.
      return user && route?.access !== 'guest' && !isClientView(pathname) ? (
        <Suspense fallback={<PageLoading />}>
          <AppShell user={user} onSignOut={() => void signOut()}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AppShell>
        </Suspense>
      ) : (
        <BareFrame>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </BareFrame>
      );
  }
}

function isClientView(pathname: string): boolean {
  return pathname.split('/').some((segment) => segment.includes('client'));
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
