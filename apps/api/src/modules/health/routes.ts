import { healthResponseSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { pingDatabase } from '../../platform/db/client';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import packageJson from '../../../package.json' with { type: 'json' };

/** Liveness with a database round trip, for load balancers and the start-up check. */
export function healthRoutes(app: App, context: AppContext) {
  const { database } = context;
  app.get(
    '/health',
    {
      config: { access: access.public() },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await pingDatabase(database.db);
      return { status: 'ok' as const, database: database.kind, version: packageJson.version };
    },
  );
}
