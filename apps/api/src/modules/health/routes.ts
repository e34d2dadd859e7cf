import { healthResponseSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { pingDatabase } from '../../platform/db/client';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import packageJson from '../../../package.json' with { type: 'json' };

/**
 * Liveness and readiness. Load balancers and uptime checks call liveness every few seconds, so it answers from
 * memory: the process only listens once its database is open and migrated. Readiness does the database round trip,
 * for the one caller that needs it (a deploy waiting to send traffic). Both log only warnings: a probe every few
 * seconds would otherwise fill the log and cost more than it answers.
 */
export function healthRoutes(app: App, context: AppContext) {
  const { database } = context;
  const answer = { status: 'ok' as const, database: database.kind, version: packageJson.version };

  app.get(
    '/health',
    {
      logLevel: 'warn',
      config: { access: access.public() },
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the API is up, its database open (no query per call)',
        response: { 200: healthResponseSchema },
      },
    },
    async () => answer,
  );

  app.get(
    '/health/ready',
    {
      logLevel: 'warn',
      config: { access: access.public() },
      schema: {
        tags: ['platform'],
        summary: 'Readiness: answers after a real database query',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await pingDatabase(database.db);
      return answer;
    },
  );
}
