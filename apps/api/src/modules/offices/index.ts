import type { ApiModule } from '../../platform/http/module';
import { answerAfterAuthChanges } from '../identity';
import { invitationRoutes } from './routes-invitations';
import { memberRoutes } from './routes-members';
import { officeRoutes } from './routes-office';
import { operatorRoutes } from './routes-operator';

/**
 * Offices: the office a session works in (settings, legal texts, logo), moving between offices, members and their
 * roles, invitations by e-mail, the support access an office grants the installation's operator, and the operator's
 * list, approval and suspension of offices.
 */
export const officesModule: ApiModule = {
  name: 'offices',
  async register(app, context) {
    // Switching, joining, removing members, status changes and support access change what the authenticator judges:
    // their answers leave once this instance has heard of the change, so the caller's next request sees it.
    await app.register(async (scope) => {
      answerAfterAuthChanges(scope, context.events);
      await officeRoutes(scope, context);
      memberRoutes(scope, context);
      invitationRoutes(scope, context);
      operatorRoutes(scope, context);
    });
  },
};

export { officeLegalParagraphs } from './settings';
export { closeLapsedSupportGrants } from './support';
