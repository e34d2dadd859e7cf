import { healthResponseSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import packageJson from '../../../package.json' with { type: 'json' };
import { readinessProbe } from './readiness';

/**
 * Liveness and readiness. Load balancers and uptime checks call liveness every few seconds, so it answers from
 * memory: the process only listens once its database is open and migrated. Readiness proves the instance can save: a write to
 * the database and to file storage (see readiness.ts), for the one caller that needs it (a deploy or load balancer
 * deciding whether to send traffic). Both log only warnings: a probe every few
 * seconds would otherwise fill the log and cost more than it answers.
 */
export function healthRoutes(app: App, context: AppContext) {
  const { database } = context;
  // The answer never changes, so it is checked against its schema and serialised once: on a route this small the
  // per-call check and serialisation were a tenth of its cost (decision 0081).
  const answer = healthResponseSchema.parse({
    status: 'ok',
    database: database.kind,
    version: packageJson.version,
  });
  const serialised = JSON.stringify(answer);
  const serializerCompiler = () => () => serialised;
  const assertReady = readinessProbe(database.db, context.storage, context.log);

  app.get(
    '/health',
    {
      logLevel: 'warn',
      config: { access: access.public() },
      serializerCompiler,
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
      serializerCompiler,
      schema: {
        tags: ['platform'],
        summary:
          'Readiness: answers after a write to the database and to file storage (503 when either fails)',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await assertReady();
      return answer;
    },
  );
}
