import { z } from 'zod';
import {
  operatorOfficeListQuerySchema,
  operatorOfficeListSchema,
  operatorOfficeSchema,
  setOfficeStatusSchema,
  supportSessionSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { auditInOffices } from '../../platform/http/audit';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { listOffices, setOfficeStatus } from './operator';
import { endSupportSession, startSupportSession } from './support';

const TAGS = ['offices'];
const officeParams = z.object({ id: z.uuid() });
const officeTarget = { type: 'office', from: 'params', key: 'id' } as const;

/** The installation operator's work on offices: the list, approval and suspension, and support sessions. */
export function operatorRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/operator/offices',
    {
      config: { access: access.operator() },
      schema: {
        tags: TAGS,
        summary: 'The installation’s offices, newest first (keyset-paged): name, status, owners, created',
        querystring: operatorOfficeListQuerySchema,
        response: { 200: operatorOfficeListSchema },
      },
    },
    async (request) => listOffices(db, request.query),
  );

  app.patch(
    '/operator/offices/:id',
    {
      config: {
        access: access.operator(),
        audit: { action: 'office.status', target: officeTarget, fields: ['status'] },
      },
      schema: {
        tags: TAGS,
        summary: 'Approve, suspend or reactivate an office; an approval is mailed to its owners',
        params: officeParams,
        body: setOfficeStatusSchema,
        response: { 200: operatorOfficeSchema },
      },
    },
    async (request) =>
      setOfficeStatus(
        { db, jobs: context.jobs, publicUrl: context.config.publicUrl },
        request.params.id,
        request.body.status,
      ),
  );

  app.post(
    '/operator/offices/:id/support-session',
    {
      config: {
        access: access.operator(),
        // A refused attempt goes to the installation's log; a session opened, to the office's.
        audit: { action: 'office.support-session-start', target: officeTarget },
      },
      schema: {
        tags: TAGS,
        summary:
          'Work in an office as its owner while it grants support access; refused without a live grant',
        params: officeParams,
        response: { 200: supportSessionSchema },
      },
    },
    async (request) => {
      const session = await startSupportSession(db, requirePrincipal(request), request.params.id);
      auditInOffices(request, [request.params.id]);
      return session;
    },
  );

  app.delete(
    '/operator/offices/:id/support-session',
    {
      config: {
        access: access.operator(),
        audit: { action: 'office.support-session-end', target: officeTarget },
      },
      schema: {
        tags: TAGS,
        summary: 'End the support session in an office: the session returns to the operator’s own office',
        params: officeParams,
      },
    },
    async (request, reply) => {
      await endSupportSession(db, requirePrincipal(request), request.params.id);
      auditInOffices(request, [request.params.id]);
      return reply.status(204).send();
    },
  );
}
