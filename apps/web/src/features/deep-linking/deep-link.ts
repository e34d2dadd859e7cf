import { matchRoutes } from 'react-router';
import { PATTERNS } from '../../lib/routing/patterns';
import type { RouteId } from '../../lib/routing/patterns';

const ROUTE_LIST = (Object.entries(PATTERNS) as [RouteId, string][]).map(([id, path]) => ({ id, path }));

function routeIdOf(pathname: string): RouteId | null {
  return matchRoutes(ROUTE_LIST, pathname)?.at(-1)?.route.id ?? null;
}

/**
 * Pages anyone may open without signing in (/deep-linking, client review links, downloads,
 * project-share and the apply pages; the auth pages are for signed-out visitors). A client account's project review
 * (/client/review-project) is not among them: it shows the account's own projects, so a deep link to it goes
 * through sign-in and comes back.
 */
const OPEN_PAGES =
  /^(signIn|signUp|resetPassword|confirmUser|checkEmail|forgotPassword|clientReviewSubmission|downloads|projectShare|submit|castingCall|typedApply|claimConfirmation|submission|notFound)/;

/**
 * Where a deep link may send someone: a path of this app (never another site: `//host`, `/\host` and absolute
 * addresses are refused) that the route table knows, other than /deep-linking itself. Answers path and query, or
 * null.
 */
export function safeTarget(raw: string | null, origin: string): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const id = routeIdOf(url.pathname);
  if (!id || id === 'deepLinking' || id === 'notFound') return null;
  return `${url.pathname}${url.search}`;
}

/** Whether the target needs a signed-in account (anything but the public and guest pages). */
export function needsSignIn(target: string, origin: string): boolean {
  const id = routeIdOf(new URL(target, origin).pathname);
  return id ? !OPEN_PAGES.test(id) : false;
}

/** An app address the page may offer: only the configured scheme. */
export function safeAppAddress(raw: string | null, scheme: string | null): string | null {
  if (!raw || !scheme) return null;
  return raw.toLowerCase().startsWith(scheme.toLowerCase()) && !/\s/.test(raw) ? raw : null;
}

export type PhoneKind = 'ios' | 'android' | null;
export function phoneKind(userAgent: string): PhoneKind {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return null;
}

const RESUME_KEY = 'deep-link-target';

/** Kept for this tab while the person signs in, then taken once. */
export function rememberTarget(target: string): void {
  try {
    window.sessionStorage.setItem(RESUME_KEY, target);
  } catch {
    // No storage: after sign-in the person lands on the projects page.
  }
}

export function takeTarget(): string | null {
  try {
    const target = window.sessionStorage.getItem(RESUME_KEY);
    window.sessionStorage.removeItem(RESUME_KEY);
    return target;
  } catch {
    return null;
  }
}
