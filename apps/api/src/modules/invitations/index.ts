import type { ApiModule } from '../../platform/http/module';
import { invitationRoutes } from './routes';

/**
 * Inviting people to apply: a pasted list or CSV file checked before sending, an invitation e-mail per person from a
 * template with a submission link (sent through the email module's jobs), and the invitations' statuses.
 */
export const invitationsModule: ApiModule = {
  name: 'invitations',
  register: (app, context) => invitationRoutes(app, context),
};
