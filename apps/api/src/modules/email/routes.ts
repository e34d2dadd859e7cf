import { z } from 'zod';
import {
  bounceReportResultSchema,
  bounceReportSchema,
  emailAllowanceSchema,
  emailPreviewRequestSchema,
  emailSendDetailSchema,
  emailSendListQuerySchema,
  emailSendListSchema,
  emailSendRequestSchema,
  emailTemplateInputSchema,
  emailTemplateListQuerySchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  optOutRequestSchema,
  optOutResultSchema,
  renderedEmailSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { apiNotFound } from '../../platform/http/error-handler';
import { allowanceLimits, readAllowance } from './allowance';
import { sharedSecretMatches } from '../../platform/crypto/secrets';
import { recordBounces } from './bounces';
import { optOut } from './opt-out';
import { listSends, previewMessage, sendDetail, sendToCandidates } from './sends';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  templateInProject,
  templateView,
  updateTemplate,
} from './templates';

const TAGS = ['email'];
const projectParams = z.object({ id: z.string().max(64) });
const templateParams = z.object({ id: z.string().max(64), templateId: z.uuid() });
const sendParams = z.object({ id: z.string().max(64), sendId: z.uuid() });

/** Whoever may e-mail candidates (the matrix's 'send e-mail' action) reads and uses the templates and the history. */
const USE = access.project('CANDIDATE_SEND_EMAIL');
/** Writing templates is the casting staff's (decision 0719). */
const MANAGE = access.project('MANAGE_EMAIL_TEMPLATES');

export function emailRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const { publicUrl } = context.config;
  const limits = allowanceLimits(context.config);

  app.get(
    '/v2/projects/:id/email-templates',
    {
      config: { access: USE },
      schema: {
        tags: TAGS,
        summary: 'The project’s e-mail templates by name (the starter templates are added on first read)',
        params: projectParams,
        querystring: emailTemplateListQuerySchema,
        response: { 200: emailTemplateListSchema },
      },
    },
    async (request) => listTemplates(db, request.params.id, request.query.limit, request.query.cursor),
  );

  app.post(
    '/v2/projects/:id/email-templates',
    {
      config: { access: MANAGE, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Create an e-mail template',
        params: projectParams,
        body: emailTemplateInputSchema,
        response: { 201: emailTemplateSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTemplate(db, request.params.id, requirePrincipal(request).userId, request.body)),
  );

  app.get(
    '/v2/projects/:id/email-templates/:templateId',
    {
      config: { access: USE },
      schema: {
        tags: TAGS,
        summary: 'One e-mail template with its body',
        params: templateParams,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) =>
      templateView(await templateInProject(db, request.params.id, request.params.templateId)),
  );

  app.put(
    '/v2/projects/:id/email-templates/:templateId',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Change an e-mail template',
        params: templateParams,
        body: emailTemplateInputSchema,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) => updateTemplate(db, request.params.id, request.params.templateId, request.body),
  );

  app.delete(
    '/v2/projects/:id/email-templates/:templateId',
    {
      config: { access: MANAGE },
      schema: { tags: TAGS, summary: 'Delete an e-mail template', params: templateParams },
    },
    async (request, reply) => {
      await deleteTemplate(db, request.params.id, request.params.templateId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v2/projects/:id/email-preview',
    {
      config: { access: USE },
      schema: {
        tags: TAGS,
        summary:
          'A message rendered for one candidate (or with the fallbacks of missing fields), HTML and text',
        params: projectParams,
        body: emailPreviewRequestSchema,
        response: { 200: renderedEmailSchema },
      },
    },
    async (request) =>
      previewMessage(
        db,
        publicUrl,
        request.params.id,
        { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) },
        request.body,
      ),
  );

  app.post(
    '/v2/projects/:id/email-sends',
    {
      config: { access: USE, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'E-mail the selected candidates: one job per person, each with its own status',
        params: projectParams,
        body: emailSendRequestSchema,
        response: { 201: z.object({ id: z.string(), queued: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const caller = { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) };
      const result = await sendToCandidates(
        db,
        context.jobs,
        publicUrl,
        limits,
        request.params.id,
        caller,
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/v2/projects/:id/email-allowance',
    {
      config: { access: USE },
      schema: {
        tags: TAGS,
        summary:
          'How many more e-mails to candidates (sends and invitations together) the caller may queue today, for their account and their office',
        params: projectParams,
        response: { 200: emailAllowanceSchema },
      },
    },
    async (request) => readAllowance(db, limits, requirePrincipal(request).userId, request.params.id),
  );

  app.get(
    '/v2/projects/:id/email-sends',
    {
      config: { access: USE },
      schema: {
        tags: TAGS,
        summary:
          'The project’s sent e-mails, newest first, with counts per status (keyset paged); a talent submitter’s own only',
        params: projectParams,
        querystring: emailSendListQuerySchema,
        response: { 200: emailSendListSchema },
      },
    },
    async (request) =>
      listSends(
        db,
        request.params.id,
        { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) },
        request.query,
      ),
  );

  app.get(
    '/v2/projects/:id/email-sends/:sendId',
    {
      config: { access: USE },
      schema: {
        tags: TAGS,
        summary: 'One sent e-mail with each recipient’s status (queued, sent, failed with the reason)',
        params: sendParams,
        response: { 200: emailSendDetailSchema },
      },
    },
    async (request) =>
      sendDetail(
        db,
        request.params.id,
        { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) },
        request.params.sendId,
      ),
  );

  app.post(
    '/email/opt-out',
    {
      config: { access: access.public({ kind: 'opt_out', from: 'body', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary: 'Unsubscribe from a project’s e-mails with the secret of a received message',
        body: optOutRequestSchema,
        response: { 200: optOutResultSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'claim');
      return optOut(db, request.body.token);
    },
  );

  app.post(
    '/email/bounces',
    {
      // Public: the mail provider calls it, its credential is the shared secret (decision 0058).
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary:
          'Mail provider webhook: delivery failures reported after sending (header X-Webhook-Secret); permanent ones mark the address and fail the last message sent to it',
        body: bounceReportSchema,
        response: { 200: bounceReportResultSchema },
      },
      // The secret is checked as the request arrives, before the body is parsed or checked, so a stranger learns
      // nothing from a parse or validation error.
      onRequest: async (request, reply) => {
        const secret = context.config.MAIL_BOUNCE_WEBHOOK_SECRET;
        // Unset, or a wrong secret: the same answer as a route that does not exist.
        if (!secret || !sharedSecretMatches(secret, request.headers['x-webhook-secret'])) {
          return apiNotFound(request, reply);
        }
      },
    },
    async (request) => recordBounces(db, request.body),
  );
}
