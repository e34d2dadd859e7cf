import type { ApiModule } from '../../platform/http/module';
import { emailRoutes } from './routes';

/**
 * E-mail to candidates: per-project templates (starter ones added on first read), the preview, sending to the
 * candidates picked in the workspace as one job per recipient with its own status, bounces and the per-project
 * unsubscribe link. The renderer itself lives in the domain package, shared with the web preview.
 */
export const emailModule: ApiModule = {
  name: 'email',
  register: (app, context) => emailRoutes(app, context),
};

export { allowanceLimits, spendAllowance, type AllowanceLimits } from './allowance';
export { defineEmailJobs, deliverRecipient } from './delivery';
export { chooseLink, composeMessage, senderAndProject } from './compose';
export { createSend, EMAIL_SEND_QUEUE, type NewRecipient } from './sends';
export { ensureStarterTemplates } from './templates';
