import { healthResponseSchema } from '@casting/domain';
import type { Database } from '../../platform/db/client';
import { pingDatabase } from '../../platform/db/client';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import packageJson from '../../../package.json' with { type: 'json' };

export function healthRoutes(app: App, database: Database) {
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
