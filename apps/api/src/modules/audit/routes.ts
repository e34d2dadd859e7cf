import { auditEventListQuerySchema, auditEventListSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { listAuditEvents } from './service';

/** The audit log, read by super admins only: it names every account's security events and addresses. */
export function auditRoutes(app: App, context: AppContext) {
  app.get(
    '/admin/audit-events',
    {
      config: { access: access.superAdmin() },
      schema: {
        tags: ['audit'],
        summary: 'Security events and decisions, newest first, with filters and a cursor',
        querystring: auditEventListQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => listAuditEvents(context.database.db, request.query),
  );
}
