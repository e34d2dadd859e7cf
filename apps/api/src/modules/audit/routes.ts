import { auditEventListQuerySchema, auditEventListSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { listAuditEvents } from './service';

/**
 * Two audit logs. The installation's (sign-ins, accounts, the operator's own work) is read by the operator; each
 * office's (everything done in its projects, roster and settings, and the operator's support sessions in it) by the
 * office's owners. Row-level security gives each request the log of the scope it works in.
 */
export function auditRoutes(app: App, context: AppContext) {
  app.get(
    '/offices/current/audit-events',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: ['audit'],
        summary: "The office's audit log: its events, newest first, with filters and a cursor",
        querystring: auditEventListQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => listAuditEvents(context.database.db, request.query),
  );

  app.get(
    '/admin/audit-events',
    {
      config: { access: access.operator() },
      schema: {
        tags: ['audit'],
        summary: "The installation's audit log (sign-ins, accounts, the operator's work), newest first",
        querystring: auditEventListQuerySchema,
        response: { 200: auditEventListSchema },
      },
    },
    async (request) => listAuditEvents(context.database.db, request.query),
  );
}
