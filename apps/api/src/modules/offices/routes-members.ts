import { z } from 'zod';
import {
  changeOfficeRoleSchema,
  myOfficeSchema,
  myOfficesSchema,
  officeMemberListQuerySchema,
  officeMemberListSchema,
  officeMemberSchema,
  switchOfficeSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { auditInOffices } from '../../platform/http/audit';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { officeCaller } from './caller';
import { changeMemberRole, listMembers, removeMember } from './members';
import { myOffices, switchOffice } from './switching';

const TAGS = ['offices'];
const memberParams = z.object({ userId: z.string().max(64) });

/** Which offices a person works in and moving between them; the office's members and their roles. */
export function memberRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/offices/mine',
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'The offices the caller belongs to or is on a project team of, for the office switcher',
        response: { 200: myOfficesSchema },
      },
    },
    async (request) => myOffices(db, requirePrincipal(request)),
  );

  app.post(
    '/offices/switch',
    {
      config: {
        access: access.staff(),
        audit: { action: 'office.switch', target: { type: 'office', from: 'body', key: 'officeId' } },
      },
      schema: {
        tags: TAGS,
        summary:
          'Move the session into another active office the caller works in; the next request works there',
        body: switchOfficeSchema,
        response: { 200: myOfficeSchema },
      },
    },
    async (request) => {
      const { office, left } = await switchOffice(db, requirePrincipal(request), request.body.officeId);
      // Both offices' logs record the move: the one left sees who went, the one entered who came.
      auditInOffices(request, [left ?? office.id, office.id]);
      return office;
    },
  );

  app.get(
    '/offices/current/members',
    {
      config: { access: access.office() },
      schema: {
        tags: TAGS,
        summary: 'The office’s members, newest first (keyset-paged)',
        querystring: officeMemberListQuerySchema,
        response: { 200: officeMemberListSchema },
      },
    },
    async (request) => listMembers(db, officeCaller(request).officeId, request.query),
  );

  app.patch(
    '/offices/current/members/:userId',
    {
      config: {
        access: access.officeOwner(),
        audit: {
          action: 'office.member-role',
          target: { type: 'user', from: 'params', key: 'userId' },
          fields: ['role'],
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Give a member another office role (the last owner keeps theirs)',
        params: memberParams,
        body: changeOfficeRoleSchema,
        response: { 200: officeMemberSchema },
      },
    },
    async (request) =>
      changeMemberRole(db, officeCaller(request).officeId, request.params.userId, request.body.role),
  );

  app.delete(
    '/offices/current/members/:userId',
    {
      config: {
        access: access.officeOwner(),
        audit: { action: 'office.member-remove', target: { type: 'user', from: 'params', key: 'userId' } },
      },
      schema: {
        tags: TAGS,
        summary:
          'Remove a member and their project places in the office; their access ends with the next request',
        params: memberParams,
      },
    },
    async (request, reply) => {
      await removeMember(db, officeCaller(request).officeId, request.params.userId);
      return reply.status(204).send();
    },
  );
}
