import type { ApiModule } from '../../platform/http/module';
import { applyRoutes } from './routes';

/**
 * The public apply calls (no account): applying through a submission link, the talent's private link to view and
 * update their submission, the e-mail check and the representation the apply pages name; and the talent
 * submitter's send-under-review. Every public call is limited per address and reads its secret before any data.
 */
export const applyModule: ApiModule = { name: 'apply', register: applyRoutes };

export { applicantByPrivateToken, newPrivateLinkToken } from './private-link';
export { privateSubmissionLink } from './mail';
