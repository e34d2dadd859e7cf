/** Deep links: the route gate resumes a deep link after sign-in; the page itself is a route. */
export { useResumeDeepLink } from './use-resume-deep-link';
