import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import {
  ApplyAddressProvider,
  ApplyPage,
  ClaimConfirmationPage,
  PrivacyPage,
  PrivateSubmissionRoute,
  TermsPage,
} from '../features/apply';
import { PAGE_TITLES } from '@casting/domain';
import { createHttpClient } from '../lib/http/http-client';
import type { HttpClient } from '../lib/http/http-client';
import { HttpClientProvider } from '../lib/http/http-client-context';
import { lazyComponent } from '../lib/lazy/lazy-component';
import { createQueryClient } from '../lib/query/query-client';
import { useDocumentTitle } from '../lib/routing/document-title';
import { PATTERNS } from '../lib/routing/patterns';
import type { RouteId } from '../lib/routing/patterns';
import { PUBLIC_ROUTE_TITLES } from './public-route-titles';

/**
 * The addresses the public entry (apply.html) renders, in the order they are tried (an address with more fixed
 * segments first, as the app's router ranks them): the apply pages, the claim confirmation and the private link
 * to a submission. The app's route table lists the same addresses, so a visit inside the app still works; the
 * API serves apply.html for exactly these (platform/http/static-web.ts, kept in step by a test).
 */
export const PUBLIC_APPLY_ROUTES: readonly { id: RouteId; Page: ComponentType }[] = [
  { id: 'submit', Page: ApplyPage },
  { id: 'castingCallApply', Page: ApplyPage },
  { id: 'castingCallApplySlug', Page: ApplyPage },
  { id: 'claimConfirmation', Page: ClaimConfirmationPage },
  { id: 'submission', Page: PrivateSubmissionRoute },
  { id: 'terms', Page: TermsPage },
  { id: 'privacy', Page: PrivacyPage },
  { id: 'typedApply', Page: ApplyPage },
  { id: 'typedApplySlug', Page: ApplyPage },
];

/**
 * The parameters of `pattern` ('/submit/:projectId') in `pathname`, or null when it does not match. A trailing
 * slash is ignored; parameters are URL-decoded. The public entry has no router library: these few addresses
 * are all it serves.
 */
export function matchAddress(pattern: string, pathname: string): Record<string, string> | null {
  const split = (path: string) => path.split('/').filter(Boolean);
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = have[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (segment !== actual) {
      return null;
    }
  }
  return params;
}

/** The public page an address opens, with its parameters, or null. */
export function findPublicRoute(pathname: string) {
  for (const route of PUBLIC_APPLY_ROUTES) {
    const params = matchAddress(PATTERNS[route.id], pathname);
    if (params) return { ...route, params };
  }
  return null;
}

const { Component: Toaster } = lazyComponent(
  () => import('../ui/toaster'),
  (module) => module.Toaster,
);

/** The public pages never send a bearer token: a 401 is an answer, never a reason to refresh a session. */
export function createPublicHttpClient(fetchImpl: typeof fetch = (input, init) => window.fetch(input, init)) {
  return createHttpClient({
    baseUrl: '/api',
    fetch: fetchImpl,
    getAccessToken: () => null,
    refreshAccessToken: () => Promise.reject(new Error('The public pages have no session to refresh')),
    onRefreshFailed: () => undefined,
  });
}

const subscribeToHistory = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const currentHref = () => window.location.href;

function PublicNotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-ink">{PAGE_TITLES.pageNotFound}</h1>
      <p className="text-ink-muted">This address opens no page. Open the link exactly as you received it.</p>
    </section>
  );
}

function PublicPages() {
  const href = useSyncExternalStore(subscribeToHistory, currentHref);
  const { route, address } = useMemo(() => {
    const url = new URL(href);
    const found = findPublicRoute(url.pathname);
    return {
      route: found,
      address: { params: found?.params ?? {}, search: url.searchParams, pathname: url.pathname },
    };
  }, [href]);
  useDocumentTitle(route ? (PUBLIC_ROUTE_TITLES[route.id] ?? null) : null);
  return (
    <main id="main-content" className="min-h-full">
      {route ? (
        <ApplyAddressProvider value={address}>
          <Suspense fallback={null}>
            <route.Page />
          </Suspense>
        </ApplyAddressProvider>
      ) : (
        <PublicNotFound />
      )}
    </main>
  );
}

/** Query cache, an API client without a session, the public pages and the toast outlet. */
export function PublicApp({ http }: { http?: HttpClient }) {
  const [client] = useState(() => http ?? createPublicHttpClient());
  const [queryClient] = useState(createQueryClient);
  const [painted, setPainted] = useState(false);
  // The toast outlet (sonner) is requested only after the first paint, as in the main app.
  useEffect(() => {
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <HttpClientProvider client={client}>
        <PublicPages />
        <Suspense fallback={null}>{painted ? <Toaster /> : null}</Suspense>
      </HttpClientProvider>
    </QueryClientProvider>
  );
}
