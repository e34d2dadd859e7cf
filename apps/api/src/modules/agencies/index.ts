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
  agentsOfInvitees,
  agentsWithAgencies,
  agenciesByIds,
  clearRepresentation,
  findOrCreateRepresentative,
  openClaim,
  projectAgencyIds,
  representativeView,
  representativesOfApplicants,
  submitterTeamFilter,
  type AgentRecord,
} from './service';
