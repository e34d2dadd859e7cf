import { z } from 'zod';
import {
  accessedProjectsQuerySchema,
  accessedProjectsSchema,
  archiveQuerySchema,
  archiveResultSchema,
  createProjectSchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectListSchema,
  projectOverviewSchema,
  updateProjectSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { projectOverview } from './services/overview-service';
import { listProjects } from './services/project-list';
import { accessedProjects } from './services/project-switcher';
import { archiveProject, createProject, getProject, updateProject } from './services/project-service';

const idParams = z.object({ id: z.string().max(64) });

/** Projects: create, read, edit, archive, the caller's list and switcher, and the overview page. */
export function projectRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  app.post(
    '/v2/projects',
    {
      // Account-level here: a new project has no team yet. CREATE_PROJECT is checked on the account's role.
      config: { access: access.staff(), idempotent: true },
      schema: {
        tags: ['projects'],
        summary: 'Create a project; the creator becomes its owner',
        body: createProjectSchema,
        response: { 201: projectDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProject(db, requirePrincipal(request), request.body)),
  );

  app.get(
    '/v2/projects/:id',
    {
      config: { access: access.project('VIEW_PROJECT'), tokenScope: 'projects:read' },
      schema: {
        tags: ['projects'],
        summary: "A project with the caller's projectAccessScope",
        params: idParams,
        response: { 200: projectDetailSchema },
      },
    },
    async (request) => getProject(db, requirePrincipal(request), request.params.id),
  );

  app.patch(
    '/v2/projects/:id',
    {
      config: { access: access.project('MANAGE_PROJECT') },
      schema: {
        tags: ['projects'],
        summary: 'Edit a project (partial); version, when sent, must match',
        params: idParams,
        body: updateProjectSchema,
        response: { 200: projectDetailSchema },
      },
    },
    async (request) => updateProject(db, requirePrincipal(request), request.params.id, request.body),
  );

  app.get(
    '/projects',
    {
      config: { access: access.staff(), tokenScope: 'projects:read' },
      schema: {
        tags: ['projects'],
        summary: 'Projects the caller can access: name search (3+ characters), archived filter, paging',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema },
      },
    },
    async (request) => listProjects(db, requirePrincipal(request), request.query),
  );

  app.get(
    '/projects/accessed-projects',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['projects'],
        summary: 'Projects for the switcher, the current one first',
        querystring: accessedProjectsQuerySchema,
        response: { 200: accessedProjectsSchema },
      },
    },
    async (request) => accessedProjects(db, requirePrincipal(request), request.query),
  );

  app.post(
    '/projects/archive/:id',
    {
      config: {
        access: access.project('MANAGE_PROJECT'),
        audit: { action: 'project.archive', target: { type: 'project', from: 'params', key: 'id' } },
      },
      schema: {
        tags: ['projects'],
        summary: 'Archive (archived=true) or restore (archived=false) a project',
        params: idParams,
        querystring: archiveQuerySchema,
        response: { 200: archiveResultSchema },
      },
    },
    async (request) => archiveProject(db, request.params.id, request.query.archived),
  );

  app.get(
    '/projects/:id/overview',
    {
      config: { access: access.project('PROJECT_PREVIEW') },
      schema: {
        tags: ['projects'],
        summary: 'Details, opportunities with counts, and team of a project',
        params: idParams,
        response: { 200: projectOverviewSchema },
      },
    },
    async (request) => projectOverview(db, requirePrincipal(request), request.params.id),
  );
}
