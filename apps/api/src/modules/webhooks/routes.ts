import { z } from 'zod';
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import type { FastifyRequest } from 'fastify';
import { officeRequired } from '../../platform/errors';
import { requirePrincipal } from '../../platform/http/principal';
import { listDeliveries, resendDelivery, sendTestEvent } from './deliveries';
import { createEndpoint, deleteEndpoint, listEndpoints, rotateSecret, updateEndpoint } from './endpoints';

const TAGS = ['webhooks'];
const BASE = '/offices/current/webhooks';
/**
 * Who manages the office's webhooks: its owner, or a program holding one of the office's API tokens with the
 * `webhooks:manage` scope. One rule for every route of the module.
 */
const MANAGE_WEBHOOKS = { access: access.officeOwner(), tokenScope: 'webhooks:manage' } as const;
const endpointParams = z.object({ id: z.string().max(64) });
const deliveryParams = z.object({ id: z.string().max(64), deliveryId: z.string().max(64) });
/** The caller and the session's office, which the access rule has already found usable. */
function officeCaller(request: FastifyRequest): { userId: string; officeId: string } {
  const principal = requirePrincipal(request);
  if (!principal.officeId) throw officeRequired(principal.officeUnavailable);
  return { userId: principal.userId, officeId: principal.officeId };
}

const ENDPOINT = { type: 'webhook', from: 'params', key: 'id' } as const;

/** The office's webhook endpoints and their deliveries (decision 0770). */
export function webhookRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    BASE,
    {
      config: { ...MANAGE_WEBHOOKS },
      schema: {
        tags: TAGS,
        summary: 'The office’s webhook endpoints',
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => ({ items: await listEndpoints(db, officeCaller(request).officeId) }),
  );

  app.post(
    BASE,
    {
      config: { ...MANAGE_WEBHOOKS, audit: { action: 'webhook.create', fields: ['url', 'events'] } },
      schema: {
        tags: TAGS,
        summary: 'Register an endpoint; the answer carries its signing secret, shown this once',
        body: createWebhookEndpointSchema,
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEndpoint(context, officeCaller(request), request.body)),
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: {
        ...MANAGE_WEBHOOKS,
        audit: { action: 'webhook.update', target: ENDPOINT, fields: ['url', 'events', 'paused'] },
      },
      schema: {
        tags: TAGS,
        summary: 'Change an endpoint’s address, events or description, pause it or resume it',
        params: endpointParams,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => updateEndpoint(context, request.params.id, request.body),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { ...MANAGE_WEBHOOKS, audit: { action: 'webhook.delete', target: ENDPOINT } },
      schema: { tags: TAGS, summary: 'Delete an endpoint and its delivery log', params: endpointParams },
    },
    async (request, reply) => {
      await deleteEndpoint(db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${BASE}/:id/secret`,
    {
      config: { ...MANAGE_WEBHOOKS, audit: { action: 'webhook.rotate-secret', target: ENDPOINT } },
      schema: {
        tags: TAGS,
        summary: 'Replace the endpoint’s signing secret; the new one is shown this once',
        params: endpointParams,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request) => rotateSecret(context, request.params.id),
  );

  app.get(
    `${BASE}/:id/deliveries`,
    {
      config: { ...MANAGE_WEBHOOKS },
      schema: {
        tags: TAGS,
        summary: 'The endpoint’s deliveries, newest first, with every attempt (keyset paging)',
        params: endpointParams,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryPageSchema },
      },
    },
    async (request) => listDeliveries(db, officeCaller(request).officeId, request.params.id, request.query),
  );

  app.post(
    `${BASE}/:id/deliveries/:deliveryId/resend`,
    {
      config: { ...MANAGE_WEBHOOKS, audit: { action: 'webhook.resend', target: ENDPOINT } },
      schema: {
        tags: TAGS,
        summary: 'Send a delivery again now (one attempt, same webhook-id and body)',
        params: deliveryParams,
      },
    },
    async (request, reply) => {
      await resendDelivery(context, request.params.id, request.params.deliveryId);
      return reply.status(202).send();
    },
  );

  app.post(
    `${BASE}/:id/test`,
    {
      config: { ...MANAGE_WEBHOOKS, audit: { action: 'webhook.test', target: ENDPOINT } },
      schema: {
        tags: TAGS,
        summary: 'Send the test event to the endpoint',
        params: endpointParams,
        response: { 202: z.object({ deliveryId: z.uuid() }) },
      },
    },
    async (request, reply) => reply.status(202).send(await sendTestEvent(context, request.params.id)),
  );
}
