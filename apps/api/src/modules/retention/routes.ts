import { retentionPreviewQuerySchema, retentionPreviewSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { officeRequired } from '../../platform/errors';
import { retentionPreview } from './preview';

/** The office's coming retention purges, for its owners (who set the retention on the settings page). */
export function retentionRoutes(app: App, context: AppContext) {
  app.get(
    '/offices/current/retention',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: ['retention'],
        summary:
          'The archived projects still to purge, oldest archive first: when, and how many unselected candidates lose their media and contact details',
        querystring: retentionPreviewQuerySchema,
        response: { 200: retentionPreviewSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!principal.officeId) throw officeRequired(principal.officeUnavailable);
      return retentionPreview(context.database.db, principal.officeId, request.query);
    },
  );
}
