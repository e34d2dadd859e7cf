import { jobsHealthSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';

/** Queue health for the super admin: job counts per queue and state, and the newest jobs that failed for good. */
export function registerJobsRoutes(app: App, context: AppContext) {
  app.get(
    '/admin/jobs',
    {
      config: { access: access.operator() },
      schema: {
        tags: ['admin'],
        summary: 'Background queue health: counts per state and the last failures',
        response: { 200: jobsHealthSchema },
      },
    },
    async () => context.jobs.health(),
  );
}
