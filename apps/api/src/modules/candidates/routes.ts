import { z } from 'zod';
import {
  addApplicantResultSchema,
  addApplicantSchema,
  applicantListQuerySchema,
  applicantDetailSchema,
  applicantListSchema,
  applicantSortSchema,
  bulkResultSchema,
  CANDIDATE_MESSAGES,
  copyMoveRequestSchema,
  deleteApplicantsSchema,
  folderCountsQuerySchema,
  folderCountsSchema,
  folderMembershipRequestSchema,
  tagApplyRequestSchema,
  voteRequestSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { requestStoragePurge } from '../../platform/storage/purge';
import { access, assertProjectPermission } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { locateAddress } from '../../platform/address';
import { requireProjectPermission } from '../../platform/http/project-access';
import type { App } from '../../platform/http/types';
import { primaryPhotoUrls } from '../media';
import { addApplicant } from './services/applicant-add';
import { applicantDetail } from './services/applicant-detail';
import { listApplicants } from './services/applicant-list';
import { folderCounts } from './services/folder-counts';
import { copyOrMove, crossCopy, projectOfRole, projectOfRows } from './services/copy-move';
import {
  addToFolder,
  applyTags,
  deleteRows,
  removeFromFolder,
  removeTags,
  sortFolder,
  vote,
} from './services/bulk-actions';
import { ratingSummaries } from '../ratings';

const projectParams = z.object({ id: z.string().max(64) });
const TAGS = ['candidates'];

/** The applicants list, adding a candidate by hand, and the bulk candidate actions (each one call, one transaction). */
export function candidateRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const { events, addresses } = context;

  app.get(
    '/projects/:id/applicants',
    {
      config: { access: access.project('VIEW_PROJECT'), tokenScope: 'candidates:read' },
      schema: {
        tags: TAGS,
        summary: 'A page of the project’s candidates with the filters of the candidates page (keyset paging)',
        params: projectParams,
        querystring: applicantListQuerySchema,
        response: { 200: applicantListSchema },
      },
    },
    async (request) => {
      const actor = requireProjectActor(request);
      return listApplicants(
        db,
        request.params.id,
        requirePrincipal(request).userId,
        actor,
        request.query,
        // Each row shows the person's primary photo, as the caller may see it.
        (applicantIds) => primaryPhotoUrls(context, applicantIds, actor),
      );
    },
  );

  app.get(
    '/projects/:id/applicants/folder-counts',
    {
      config: { access: access.project('VIEW_PROJECT'), tokenScope: 'candidates:read' },
      schema: {
        tags: TAGS,
        summary:
          'How many candidates each folder of an opportunity holds, each count capped at 1,000 (a talent submitter: the submitter folders)',
        params: projectParams,
        querystring: folderCountsQuerySchema,
        response: { 200: folderCountsSchema },
      },
    },
    async (request) =>
      folderCounts(db, request.params.id, requireProjectActor(request), request.query.roleId),
  );

  // Not under /projects/{id}/applicants/{x}: that path belongs to client links (/projects/{id}/applicants/{clientLink}).
  app.get(
    '/projects/:id/candidates/:applicantId',
    {
      config: { access: access.project('VIEW_PROJECT'), tokenScope: 'candidates:read' },
      schema: {
        tags: TAGS,
        summary:
          'One candidate: the full profile, tags and every submission to the project’s opportunities the caller may see',
        params: z.object({
          id: z.string().max(64),
          applicantId: z.uuid({ error: CANDIDATE_MESSAGES.invalidId }),
        }),
        response: { 200: applicantDetailSchema },
      },
    },
    async (request) => {
      const detail = await applicantDetail(
        db,
        request.params.id,
        requirePrincipal(request).userId,
        requireProjectActor(request),
        request.params.applicantId,
      );
      const [photos, rated] = await Promise.all([
        primaryPhotoUrls(context, [detail.id], requireProjectActor(request)),
        ratingSummaries(
          db,
          request.params.id,
          requirePrincipal(request).userId,
          requireProjectActor(request),
          detail.submissions.map((submission) => submission.id),
        ),
      ]);
      const submissions = detail.submissions.map((submission) => ({
        ...submission,
        rating: rated.get(submission.id),
      }));
      return { ...detail, submissions, photoUrl: photos.get(detail.id) ?? null };
    },
  );

  app.post(
    '/projects/admin/applicants',
    {
      config: { access: access.project('ADD_REMOVE_APPLICANT', { from: 'body', key: 'projectId' }) },
      schema: {
        tags: TAGS,
        summary: 'Add a candidate by hand to an opportunity (one applicant per e-mail per project)',
        body: addApplicantSchema,
        response: { 201: addApplicantResultSchema },
      },
    },
    async (request, reply) => {
      const coordinates = await locateAddress(addresses, request.body.address);
      const input = { ...request.body, coordinates };
      return reply
        .status(201)
        .send(await addApplicant(db, requirePrincipal(request).userId, input, events, context.jobs));
    },
  );

  app.post(
    '/projects/:id/applicants/votes',
    {
      config: { access: access.project('CANDIDATE_VOTE'), tokenScope: 'candidates:write' },
      schema: {
        tags: TAGS,
        summary:
          'Vote (UP_VOTE, DOWN_VOTE, MAYBE; permission CANDIDATE_VOTE) or hide/unhide (CANDIDATE_HIDE) one or many candidates',
        params: projectParams,
        body: voteRequestSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const actor = requireProjectActor(request);
      // Hiding shares the vote's call but is an action of its own in the permission table.
      if (request.body.vote === 'HIDE' || request.body.vote === 'UNHIDE') {
        assertProjectPermission(actor, 'CANDIDATE_HIDE');
      }
      return vote(
        db,
        request.params.id,
        requirePrincipal(request).userId,
        actor,
        request.body,
        events,
        context.jobs,
      );
    },
  );

  for (const [path, action] of [
    ['add', addToFolder],
    ['remove', removeFromFolder],
  ] as const) {
    app.post(
      `/projects/:id/applicants/folders/${path}`,
      {
        config: { access: access.project('CANDIDATE_FOLDER_ADD_REMOVE'), tokenScope: 'candidates:write' },
        schema: {
          tags: TAGS,
          summary: `${path === 'add' ? 'Add' : 'Remove'} one or many candidates ${path === 'add' ? 'to' : 'from'} a folder`,
          params: projectParams,
          body: folderMembershipRequestSchema,
          response: { 200: bulkResultSchema },
        },
      },
      async (request) =>
        action(db, request.params.id, requireProjectActor(request), request.body, events, context.jobs),
    );
  }

  app.put(
    '/projects/:id/folders/:folderId/applicant-sort',
    {
      config: { access: access.project('REORDER_CANDIDATES') },
      schema: {
        tags: TAGS,
        summary: 'Set the manual order of a folder’s candidates',
        params: z.object({ id: z.string().max(64), folderId: z.uuid() }),
        body: applicantSortSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) =>
      sortFolder(
        db,
        request.params.id,
        requireProjectActor(request),
        request.params.folderId,
        request.body,
        events,
      ),
  );

  for (const [path, action] of [
    ['add', applyTags],
    ['remove', removeTags],
  ] as const) {
    app.post(
      `/projects/:id/applicants/tags/${path}`,
      {
        config: { access: access.project('CANDIDATE_EDIT_TAGS') },
        schema: {
          tags: TAGS,
          summary: `${path === 'add' ? 'Apply' : 'Remove'} project tags ${path === 'add' ? 'to' : 'from'} one or many candidates`,
          params: projectParams,
          body: tagApplyRequestSchema,
          response: { 200: bulkResultSchema },
        },
      },
      async (request) => action(db, request.params.id, requireProjectActor(request), request.body, events),
    );
  }

  app.post(
    '/projects/:id/applicants/delete',
    {
      config: { access: access.project('CANDIDATE_DELETE') },
      schema: {
        tags: TAGS,
        summary: 'Delete one or many candidates from their opportunities',
        params: projectParams,
        body: deleteApplicantsSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const result = await deleteRows(
        db,
        request.params.id,
        requireProjectActor(request),
        request.body.applicantIds,
        events,
        context.jobs,
      );
      // A deleted person's media files are purged by a job (the keys were queued by the delete's triggers).
      if (result.count > 0) await requestStoragePurge(context.jobs);
      return result;
    },
  );
}

/**
 * Copy, move and import within a project, and copy to another project. The body names no project: the destination
 * opportunity's project is looked up first and the caller's permission checked there (CANDIDATE_COPY or
 * CANDIDATE_MOVE); the candidates must belong to it. A cross-copy checks CANDIDATE_COPY in the candidates' project
 * (and COPY_TAGS there when their tags come along) and ADD_REMOVE_APPLICANT in the destination's.
 */
export function copyMoveRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const endpoints = [
    ['copy-applicant', 'CANDIDATE_COPY', ['COPY', 'IMPORT']],
    ['move-applicant', 'CANDIDATE_MOVE', ['MOVE']],
  ] as const;
  for (const [path, permission, types] of endpoints) {
    app.post(
      `/applicants/${path}`,
      {
        config: { access: access.staff() },
        preHandler: async (request) => {
          const projectId = await projectOfRole(db, request.body.roleId);
          await requireProjectPermission(db, request, projectId, permission);
        },
        schema: {
          tags: TAGS,
          summary: `${path === 'copy-applicant' ? 'Copy or import' : 'Move'} candidates to an opportunity of their project (permission ${permission})`,
          body: copyMoveRequestSchema.refine((body) => (types as readonly string[]).includes(body.type), {
            message: CANDIDATE_MESSAGES.wrongCopyType,
            path: ['type'],
          }),
          response: { 200: bulkResultSchema },
        },
      },
      async (request) =>
        copyOrMove(
          db,
          await projectOfRole(db, request.body.roleId),
          requireProjectActor(request),
          request.body,
          context.events,
          context.jobs,
        ),
    );
  }

  app.post(
    '/applicants/cross-copy-applicant',
    {
      config: { access: access.staff() },
      preHandler: async (request) => {
        const source = await projectOfRows(db, request.body.applicantIds);
        const destination = await projectOfRole(db, request.body.roleId);
        await requireProjectPermission(db, request, destination, 'ADD_REMOVE_APPLICANT');
        await requireProjectPermission(db, request, source, 'CANDIDATE_COPY');
        // Bringing the candidates' tags along is a permission of its own in the project they come from.
        if (request.body.copyTags) await requireProjectPermission(db, request, source, 'COPY_TAGS');
      },
      schema: {
        tags: TAGS,
        summary: 'Copy candidates to an opportunity of another project the caller may add candidates to',
        body: copyMoveRequestSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const source = await projectOfRows(db, request.body.applicantIds);
      const destination = await projectOfRole(db, request.body.roleId);
      return crossCopy(
        db,
        source,
        destination,
        requireProjectActor(request),
        request.body,
        context.events,
        context.jobs,
      );
    },
  );
}
