export { ApplyAddressProvider } from './apply-address';
export type { ApplyAddress } from './apply-address';
import { lazyComponent } from '../../lib/lazy/lazy-component';

export { ApplyPage } from './apply-page';

// The pages besides the apply form are chunks of their own: a talent opening a submission link on a phone downloads
// the form first and nothing else (the public entry's first download has a budget, checked by check:apply-size).
export const { Component: ClaimConfirmationPage } = lazyComponent(
  () => import('./claim-confirmation-page'),
  (module) => module.ClaimConfirmationPage,
);
export const { Component: PrivateSubmissionRoute } = lazyComponent(
  () => import('./private-submission'),
  (module) => module.PrivateSubmissionRoute,
);
export const { Component: TermsPage } = lazyComponent(
  () => import('./legal-page'),
  (module) => module.TermsPage,
);
export const { Component: PrivacyPage } = lazyComponent(
  () => import('./legal-page'),
  (module) => module.PrivacyPage,
);
