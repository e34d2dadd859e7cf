import { MESSAGES, PAGE_TITLES } from '@casting/domain';
import type { RouteId } from '../lib/routing/patterns';

/**
 * The tab titles of the pages the public entry (apply.html) serves, in a module of their own: that entry downloads
 * these few rather than every route's title, as it is held under its size limit for talent on slow phones.
 */
export const PUBLIC_ROUTE_TITLES: Partial<Record<RouteId, string>> = {
  submit: 'Apply',
  castingCallApply: 'Apply',
  castingCallApplySlug: 'Apply',
  typedApply: 'Apply',
  typedApplySlug: 'Apply',
  claimConfirmation: PAGE_TITLES.confirmRepresentation,
  submission: PAGE_TITLES.yourSubmission,
  terms: MESSAGES.termsTitle,
  privacy: MESSAGES.privacyTitle,
};
