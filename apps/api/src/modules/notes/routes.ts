import { z } from 'zod';
import {
  createClientNoteSchema,
  createNoteSchema,
  noteListQuerySchema,
  notePageSchema,
  noteSchema,
  updateNoteSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access, type ClientLinkScope } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { projectAccessDenied } from '../../platform/errors';
import { createClientNote, listClientNotes } from './client-notes';
import { createTeamNote, deleteTeamNote, listTeamNotes, updateTeamNote } from './team-notes';

const TAGS = ['notes'];
const id = z.string().max(64);
const candidateParams = z.object({ id, applicantId: id });
const noteParams = z.object({ id, noteId: id });
const portalParams = z.object({ id, clientLink: id, submissionId: id });
const inPortal = { clientLink: { from: 'params', key: 'clientLink' } } as const;
const projectInPath = { from: 'params', key: 'id' } as const;
/** A note's text is at most a few kilobytes. */
const NOTE_BODY_LIMIT = 32 * 1024;

function scopeOf(request: { clientLink: ClientLinkScope | null }): ClientLinkScope {
  if (!request.clientLink) throw projectAccessDenied();
  return request.clientLink;
}

/**
 * Notes on candidates and time-coded notes on their tapes. The team's calls need what the candidate preview needs
 * (PROJECT_PREVIEW); a client link's viewers read and write theirs in portal mode, where the link is the credential.
 */
export function noteRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const { events } = context;
  const teamCaller = (request: { params: { id: string } } & Parameters<typeof requirePrincipal>[0]) => ({
    userId: requirePrincipal(request).userId,
    projectId: request.params.id,
  });

  app.get(
    '/projects/:id/candidates/:applicantId/notes',
    {
      config: { access: access.project('PROJECT_PREVIEW') },
      schema: {
        tags: TAGS,
        summary:
          'The candidate’s notes newest first (keyset paging): the team’s and shared ones, and the caller’s own private ones; searchable',
        params: candidateParams,
        querystring: noteListQuerySchema,
        response: { 200: notePageSchema },
      },
    },
    async (request) => listTeamNotes(db, teamCaller(request), request.params.applicantId, request.query),
  );

  app.post(
    '/projects/:id/candidates/:applicantId/notes',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      config: { access: access.project('PROJECT_PREVIEW') },
      schema: {
        tags: TAGS,
        summary:
          'Write a note on the candidate for an opportunity (time-coded with a tape and an offset), visible to the author, the team, or also client links',
        params: candidateParams,
        body: createNoteSchema,
        response: { 201: noteSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createTeamNote(db, events, teamCaller(request), request.params.applicantId, request.body),
        ),
  );

  app.patch(
    '/projects/:id/notes/:noteId',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      config: { access: access.project('PROJECT_PREVIEW') },
      schema: {
        tags: TAGS,
        summary: 'The author changes their note’s text or visibility',
        params: noteParams,
        body: updateNoteSchema,
        response: { 200: noteSchema },
      },
    },
    async (request) => updateTeamNote(db, events, teamCaller(request), request.params.noteId, request.body),
  );

  app.delete(
    '/projects/:id/notes/:noteId',
    {
      config: { access: access.project('PROJECT_PREVIEW') },
      schema: {
        tags: TAGS,
        summary: 'The author deletes their note',
        params: noteParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTeamNote(db, events, teamCaller(request), request.params.noteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/projects/:id/applicants/:clientLink/:submissionId/notes',
    {
      config: { access: access.project('VIEW_FEEDBACK', projectInPath, inPortal) },
      schema: {
        tags: TAGS,
        summary:
          'A client link’s candidate: the team’s notes shared with client links and this link’s viewers’ notes, newest first',
        params: portalParams,
        querystring: noteListQuerySchema,
        response: { 200: notePageSchema },
      },
    },
    async (request) => listClientNotes(db, scopeOf(request), request.params.submissionId, request.query),
  );

  app.post(
    '/projects/:id/applicants/:clientLink/:submissionId/notes',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      config: { access: access.project('VIEW_FEEDBACK', projectInPath, inPortal) },
      schema: {
        tags: TAGS,
        summary:
          'An identified viewer’s note on a candidate of the link, time-coded on a tape the link shows',
        params: portalParams,
        body: createClientNoteSchema,
        response: { 201: noteSchema },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'submit');
      const note = await createClientNote(
        db,
        events,
        scopeOf(request),
        request.params.submissionId,
        request.body,
      );
      return reply.status(201).send(note);
    },
  );
}
