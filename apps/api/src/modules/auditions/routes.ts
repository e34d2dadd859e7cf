import { z } from 'zod';
import {
  auditionCallbackSchema,
  auditionInviteResultSchema,
  auditionInviteSchema,
  auditionResultInputSchema,
  auditionScheduleChangeSchema,
  auditionScheduleResultSchema,
  auditionScheduleSchema,
  auditionSessionInputSchema,
  auditionSessionListQuerySchema,
  auditionSessionListSchema,
  auditionSessionPatchSchema,
  auditionSessionSavedSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { acceptChange, cancelInvitation, deleteSession, recordResult, sessionCsv } from './day';
import { fillCallback, inviteToSession } from './invite';
import { seesContacts } from './running-order';
import { changeSchedule } from './schedule';
import { createSession, listSessions, scheduleOf, tellSessionChanged, updateSession } from './sessions';

const TAGS = ['auditions'];
const projectParams = z.object({ id: z.string().max(64) });
const sessionParams = z.object({ id: z.string().max(64), sessionId: z.string().max(64) });
const invitationParams = sessionParams.extend({ invitationId: z.string().max(64) });
const SESSION = { type: 'audition_session', from: 'params', key: 'sessionId' } as const;
const INVITATION = { type: 'audition_invitation', from: 'params', key: 'invitationId' } as const;
const READ = access.project('VIEW_PROJECT_ROSTER');
const MANAGE = access.project('MANAGE_PROJECT_ROSTER');
const BASE = '/projects/:id/auditions/sessions';

/**
 * The team's audition calls. Reading sessions and the session day's check-in, notes and ratings need what reading the
 * project roster needs (the people the office is weighing); creating sessions, scheduling and inviting need what
 * managing the roster needs, as holds and bookings do.
 */
export function auditionRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const caller = (request: Parameters<typeof requirePrincipal>[0]) => ({
    userId: requirePrincipal(request).userId,
  });

  app.get(
    BASE,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'The project’s audition sessions by start',
        params: projectParams,
        querystring: auditionSessionListQuerySchema,
        response: { 200: auditionSessionListSchema },
      },
    },
    async (request) => listSessions(db, request.params.id, request.query.cursor, request.query.limit),
  );

  app.post(
    BASE,
    {
      config: {
        access: MANAGE,
        audit: {
          action: 'audition.session.create',
          target: { type: 'audition_session', from: 'response', key: 'session.id' },
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Create a session and its slots (the project’s sessions it overlaps come back)',
        params: projectParams,
        body: auditionSessionInputSchema,
        response: { 201: auditionSessionSavedSchema },
      },
    },
    async (request, reply) => {
      const saved = await db.transaction(async (tx) => {
        const created = await createSession(tx, request.params.id, caller(request).userId, request.body);
        await tellSessionChanged(context, tx, request.params.id, created.session.id);
        return created;
      });
      return reply.status(201).send(saved);
    },
  );

  app.get(
    `${BASE}/:sessionId`,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'A session’s schedule: its slots and every invitation with its answer and result',
        params: sessionParams,
        response: { 200: auditionScheduleSchema },
      },
    },
    async (request) => scheduleOf(db, request.params.id, request.params.sessionId),
  );

  app.patch(
    `${BASE}/:sessionId`,
    {
      config: { access: MANAGE, audit: { action: 'audition.session.update', target: SESSION } },
      schema: {
        tags: TAGS,
        summary: 'Change a session (its hours only while nobody holds a slot)',
        params: sessionParams,
        body: auditionSessionPatchSchema,
        response: { 200: auditionSessionSavedSchema },
      },
    },
    async (request) =>
      db.transaction((tx) =>
        updateSession(
          context,
          tx,
          caller(request).userId,
          request.params.id,
          request.params.sessionId,
          request.body,
        ),
      ),
  );

  app.delete(
    `${BASE}/:sessionId`,
    {
      config: { access: MANAGE, audit: { action: 'audition.session.delete', target: SESSION } },
      schema: {
        tags: TAGS,
        summary: 'Delete a session, its slots and invitations (those still invited are told it is cancelled)',
        params: sessionParams,
      },
    },
    async (request, reply) => {
      await db.transaction((tx) =>
        deleteSession(context, tx, caller(request).userId, request.params.id, request.params.sessionId),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/:sessionId/schedule`,
    {
      config: { access: MANAGE, audit: { action: 'audition.schedule', target: SESSION } },
      schema: {
        tags: TAGS,
        summary: 'Assign, move or swap candidates; the conflicts come back before anything is saved',
        params: sessionParams,
        body: auditionScheduleChangeSchema,
        response: { 200: auditionScheduleResultSchema },
      },
    },
    async (request) => {
      const who = { userId: requirePrincipal(request).userId, principal: requirePrincipal(request) };
      return db.transaction((tx) =>
        changeSchedule(context, tx, who, request.params.id, request.params.sessionId, request.body),
      );
    },
  );

  app.post(
    `${BASE}/:sessionId/invitations`,
    {
      config: {
        access: MANAGE,
        audit: { action: 'audition.invite', target: SESSION, answerFields: ['invited', 'mailed'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'Invite a selection or a folder of candidates (mailed; counted in the candidate-mail allowance)',
        params: sessionParams,
        body: auditionInviteSchema,
        response: { 201: auditionInviteResultSchema },
      },
    },
    async (request, reply) => {
      const result = await db.transaction((tx) =>
        inviteToSession(
          context,
          tx,
          caller(request),
          request.params.id,
          request.params.sessionId,
          request.body,
        ),
      );
      return reply.status(201).send(result);
    },
  );

  app.delete(
    `${BASE}/:sessionId/invitations/:invitationId`,
    {
      config: { access: MANAGE, audit: { action: 'audition.invitation.cancel', target: INVITATION } },
      schema: {
        tags: TAGS,
        summary: 'Cancel an invitation (its calendar file becomes a cancellation)',
        params: invitationParams,
        response: { 200: auditionScheduleSchema },
      },
    },
    async (request) =>
      db.transaction((tx) =>
        cancelInvitation(
          context,
          tx,
          caller(request).userId,
          request.params.id,
          request.params.sessionId,
          request.params.invitationId,
        ),
      ),
  );

  app.post(
    `${BASE}/:sessionId/invitations/:invitationId/accept-change`,
    {
      config: { access: MANAGE, audit: { action: 'audition.change.accept', target: INVITATION } },
      schema: {
        tags: TAGS,
        summary: 'Accept the time a recipient asked for',
        params: invitationParams,
        response: { 200: auditionScheduleSchema },
      },
    },
    async (request) =>
      db.transaction((tx) =>
        acceptChange(
          context,
          tx,
          caller(request).userId,
          request.params.id,
          request.params.sessionId,
          request.params.invitationId,
        ),
      ),
  );

  app.put(
    `${BASE}/:sessionId/invitations/:invitationId/result`,
    {
      config: { access: READ },
      schema: {
        tags: TAGS,
        summary: 'Check-in, notes and rating of a candidate on the session day',
        params: invitationParams,
        body: auditionResultInputSchema,
        response: { 200: auditionScheduleSchema },
      },
    },
    async (request) =>
      db.transaction((tx) =>
        recordResult(
          context,
          tx,
          caller(request).userId,
          request.params.id,
          request.params.sessionId,
          request.params.invitationId,
          request.body,
        ),
      ),
  );

  app.post(
    `${BASE}/:sessionId/callback`,
    {
      config: {
        access: MANAGE,
        audit: { action: 'audition.callback', target: SESSION, answerFields: ['invited', 'mailed'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'A callback session filled from this session’s ratings, a folder and a selection, with the same invitations',
        params: sessionParams,
        body: auditionCallbackSchema,
        response: { 201: auditionInviteResultSchema },
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.params;
      const result = await db.transaction((tx) =>
        fillCallback(context, tx, caller(request), id, sessionId, request.body),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    `${BASE}/:sessionId/export.csv`,
    {
      config: { access: READ, audit: { action: 'audition.export', target: SESSION } },
      schema: {
        tags: TAGS,
        summary: 'The session as CSV (contact details for those who manage the roster)',
        params: sessionParams,
      },
    },
    async (request, reply) => {
      const contacts = seesContacts(request);
      const { name, csv } = await sessionCsv(db, request.params.id, request.params.sessionId, contacts);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="session.csv"; filename*=UTF-8''${encodeURIComponent(`${name}.csv`)}`,
        )
        .send(csv);
    },
  );
}
