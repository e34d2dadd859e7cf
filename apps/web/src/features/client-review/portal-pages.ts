/**
 * The public client review pages, one lazy chunk of their own (no back office, no dialog or form library): the
 * route table imports this file, never the feature's index (which also carries the team's dialogs).
 */
export { ClientReviewAuthPage } from './review-auth-page';
export { ClientReviewSubmissionPage } from './review-submission-page';
