import { z } from 'zod';
import {
  candidateSelfieSchema,
  privateSelfieSchema,
  privateSelfieSetSchema,
  privateTokenQuerySchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { askForSelfie, removeCandidateSelfie } from './ask';
import { selfieCandidate } from './candidate';
import { privateSelfie, setPrivateSelfie } from './private-page';
import { candidateSelfieView } from './view';

const TAGS = ['selfie'];
const candidateParams = z.object({ id: z.string().max(64), applicantId: z.string().max(64) });
const privateParams = z.object({ id: z.uuid() });
const APPLICANT = { type: 'applicant', from: 'params', key: 'applicantId' } as const;
/** The talent's calls carry text and an upload's key, never the photo itself. */
const PRIVATE_BODY_LIMIT = 8 * 1024;

/**
 * The candidate selfie: the team reads, asks for and removes it (CANDIDATE_SELFIE; a talent submitter within the
 * submitter folders that allow MANAGE_SELFIE); the talent reads and sends it from their private page, whose link's
 * token is the credential.
 */
export function selfieRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/projects/:id/candidates/:applicantId/selfie',
    {
      config: { access: access.project('CANDIDATE_SELFIE') },
      schema: {
        tags: TAGS,
        summary: 'The candidate’s selfie and the request still waiting for one',
        params: candidateParams,
        response: { 200: candidateSelfieSchema },
      },
    },
    async (request) => {
      const { id, applicantId } = request.params;
      const candidate = await selfieCandidate(db, requireProjectActor(request), id, applicantId, false);
      return candidateSelfieView(db, context.storage, id, candidate.id);
    },
  );

  app.post(
    '/projects/:id/candidates/:applicantId/selfie/request',
    {
      config: {
        access: access.project('CANDIDATE_SELFIE'),
        audit: { action: 'selfie.request', target: APPLICANT },
      },
      schema: {
        tags: TAGS,
        summary:
          'Ask for a selfie: the talent is e-mailed a link to their private page (one of the daily allowance)',
        params: candidateParams,
        response: { 201: candidateSelfieSchema },
      },
    },
    async (request, reply) => {
      const { id, applicantId } = request.params;
      const caller = { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) };
      return reply.status(201).send(await askForSelfie(context, caller, id, applicantId));
    },
  );

  app.delete(
    '/projects/:id/candidates/:applicantId/selfie',
    {
      config: {
        access: access.project('CANDIDATE_SELFIE'),
        audit: { action: 'selfie.remove', target: APPLICANT },
      },
      schema: {
        tags: TAGS,
        summary: 'Remove the candidate’s selfie (the photo and its files, permanently)',
        params: candidateParams,
        response: { 200: candidateSelfieSchema },
      },
    },
    async (request) => {
      const { id, applicantId } = request.params;
      return removeCandidateSelfie(context, requireProjectActor(request), id, applicantId);
    },
  );

  app.get(
    '/v2/applicants/:id/standalone/selfie',
    {
      config: { access: access.public({ kind: 'applicant', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary: 'The talent’s selfie on their private page, and the upload grant to send one',
        params: privateParams,
        querystring: privateTokenQuerySchema,
        response: { 200: privateSelfieSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return privateSelfie(context, request.params.id, request.query.token);
    },
  );

  app.put(
    '/v2/applicants/:id/standalone/selfie',
    {
      bodyLimit: PRIVATE_BODY_LIMIT,
      config: { access: access.public({ kind: 'applicant', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary: 'The talent makes an uploaded photo their selfie (it replaces the previous one)',
        params: privateParams,
        body: privateSelfieSetSchema,
        response: { 200: privateSelfieSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      return setPrivateSelfie(context, request.params.id, request.body);
    },
  );
}
