/** Deep links: the route gate resumes a deep link after sign-in; the page itself is a route. */
export { useResumeDeepLink } from './use-resume-deep-link';
/** Keeps an app path for this tab, to open once someone signs in (for pages that send a person to sign in). */
export { rememberTarget } from './deep-link';
