import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { paths } from '../../lib/routing/paths';
import { APP_LINKS } from './app-links';
import { needsSignIn, phoneKind, rememberTarget, safeAppAddress, safeTarget } from './deep-link';

/**
 * /deep-linking?path={app path}&app={app address}: where e-mails and text messages point. It opens the page the
 * message is about (after sign-in when that page needs it). On a phone, when the message names an app address and
 * the apps are configured, it first offers to open the app or get it from the store.
 */
export function DeepLinkingPage() {
  const [search] = useSearchParams();
  const { status } = useAuth();
  const origin = window.location.origin;
  const target = safeTarget(search.get('path'), origin) ?? paths.projects;
  const appAddress = safeAppAddress(search.get('app'), APP_LINKS.scheme);
  const phone = phoneKind(navigator.userAgent);
  const store =
    phone === 'ios' ? APP_LINKS.iosStoreUrl : phone === 'android' ? APP_LINKS.androidStoreUrl : null;
  const [inBrowser, setInBrowser] = useState(false);
  const offerApp = Boolean(phone && appAddress) && !inBrowser;
  const mustSignIn = status === 'signedOut' && needsSignIn(target, origin);
  useEffect(() => {
    if (!offerApp && mustSignIn) rememberTarget(target);
  }, [offerApp, mustSignIn, target]);

  if (status === 'loading') {
    return (
      <p role="status" className="py-16 text-center text-ink-muted">
        Opening…
      </p>
    );
  }
  if (!offerApp) return <Navigate to={mustSignIn ? paths.auth.signIn : target} replace />;
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-10 text-center">
      <h1 className="text-2xl font-semibold text-ink">Open in the app?</h1>
      <p className="text-base text-ink-muted">This link opens in the mobile app, or you can continue here.</p>
      <a
        href={appAddress!}
        className="inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-4 text-on-accent"
      >
        Open the app
      </a>
      {store ? (
        <a
          href={store}
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-line px-4 text-ink"
        >
          {phone === 'ios' ? 'Get it on the App Store' : 'Get it on Google Play'}
        </a>
      ) : null}
      <button
        type="button"
        className="min-h-11 rounded-md px-4 text-accent underline"
        onClick={() => setInBrowser(true)}
      >
        Continue in the browser
      </button>
    </div>
  );
}
