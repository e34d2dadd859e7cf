import type { ApiModule } from '../../platform/http/module';
import { agencyRoutes } from './routes';

/**
 * Agencies and agents (representatives), the agency and representative searches, the representation of applicants
 * and the claims agents answer. The public representative calls of the apply pages live in `apply`, which uses the
 * services exported here.
 */
export const agenciesModule: ApiModule = { name: 'agencies', register: agencyRoutes };

export {
  agentOfUser,
  agentsWithAgencies,
  agenciesByIds,
  representativeView,
  type AgentRecord,
} from './agents';
export { openClaim } from './claims';
export {
  clearRepresentation,
  findOrCreateRepresentative,
  representativesOfApplicants,
} from './representation';
export { agentsOfInvitees, projectAgencyIds, submitterTeamFilter } from './team-agencies';
