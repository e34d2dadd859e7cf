export { ApplyPage } from './apply-page';
export { ClaimConfirmationPage } from './claim-confirmation-page';
export { PrivateSubmissionRoute } from './private-submission';
