export { ApplyAddressProvider } from './apply-address';
export type { ApplyAddress } from './apply-address';
export { ApplyPage } from './apply-page';
export { ClaimConfirmationPage } from './claim-confirmation-page';
export { PrivateSubmissionRoute } from './private-submission';
export { PrivacyPage, TermsPage } from './legal-page';
