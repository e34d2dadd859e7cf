import type { ApiModule } from '../../platform/http/module';
import { registerJobsRoutes } from './routes';

/** Queue health for super admins (counts per state, last failures). */
export const jobsModule: ApiModule = { name: 'jobs', register: registerJobsRoutes };
