import type { ApiModule } from '../../platform/http/module';
import { teamRoutes } from './routes';

/** Team access: project members, their scopes (PO, PE, TE, TS) and invitations by e-mail. */
export const teamModule: ApiModule = { name: 'team', register: teamRoutes };

export { teamMembers } from './views';
