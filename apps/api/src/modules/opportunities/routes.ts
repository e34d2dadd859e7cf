import { z } from 'zod';
import {
  createRoleSchema,
  roleListSchema,
  roleOptionListSchema,
  roleSchema,
  updateRoleSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { createRole, deleteRole, listRoleOptions, listRoles, updateRole } from './service';

const projectParams = z.object({ id: z.string().max(64) });
const roleParams = projectParams.extend({ roleId: z.string().max(64) });

/** Opportunities (the routes and the database call them roles) of one project; reading needs VIEW_PROJECT. */
export function roleRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  app.get(
    '/v2/projects/:id/roles',
    {
      config: { access: access.project('VIEW_PROJECT'), tokenScope: 'projects:read' },
      schema: {
        tags: ['opportunities'],
        summary: 'Opportunities of a project (section/detail shape plus breakdown fields)',
        params: projectParams,
        response: { 200: roleListSchema },
      },
    },
    async (request) => ({ items: await listRoles(db, request.params.id) }),
  );

  app.get(
    '/v2/projects/:id/roles/options',
    {
      config: { access: access.project('VIEW_PROJECT') },
      schema: {
        tags: ['opportunities'],
        summary: 'Opportunities as selector options {label, description, value}',
        params: projectParams,
        response: { 200: roleOptionListSchema },
      },
    },
    async (request) => ({ items: await listRoleOptions(db, request.params.id) }),
  );

  app.post(
    '/v2/projects/:id/roles',
    {
      config: { access: access.project('MANAGE_ROLE'), idempotent: true },
      schema: {
        tags: ['opportunities'],
        summary: 'Create an opportunity with its system and submitter folders',
        params: projectParams,
        body: createRoleSchema,
        response: { 201: roleSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createRole(db, request.params.id, request.body)),
  );

  app.patch(
    '/v2/projects/:id/roles/:roleId',
    {
      config: { access: access.project('MANAGE_ROLE') },
      schema: {
        tags: ['opportunities'],
        summary: 'Edit an opportunity (partial)',
        params: roleParams,
        body: updateRoleSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) => updateRole(db, request.params.id, request.params.roleId, request.body),
  );

  app.delete(
    '/v2/projects/:id/roles/:roleId',
    {
      config: { access: access.project('MANAGE_ROLE') },
      schema: {
        tags: ['opportunities'],
        summary: 'Delete an opportunity and its folders',
        params: roleParams,
      },
    },
    async (request, reply) => {
      await deleteRole(db, request.params.id, request.params.roleId);
      return reply.status(204).send();
    },
  );
}
