import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, OUTBOX_CHANNELS, outboxListSchema, type OutboxChannel } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { listOutbox } from '../../platform/mail/outbox';

function outboxChannel(channel: string): OutboxChannel {
  return (OUTBOX_CHANNELS as readonly string[]).includes(channel) ? (channel as OutboxChannel) : 'email';
}

const outboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Headers by which a proxy (nginx, a CDN, a load balancer) names the client it forwards. Any of them on a request
 * means a proxy stands between the person and the server.
 */
const FORWARDING_HEADER =
  /^(forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|x-cluster-client-ip|true-client-ip|cf-connecting-ip|fastly-client-ip|x-original-forwarded-for)$/;

/**
 * True for a request made on this machine, straight to the server. The socket's own address is read, never a
 * forwarding header (which anyone can write), and a proxied request does not count even from a local proxy: the
 * person behind it may be anywhere, whichever header the proxy names them in.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && !Object.keys(request.headers).some((name) => FORWARDING_HEADER.test(name));
}

/**
 * Registered only outside production: lets people and tests read the codes the product "sent". The outbox holds
 * sign-in and reset codes, so reading it from another machine would let anyone take over any account of a
 * development instance someone exposed: only the machine itself may read it.
 */
export function devRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  app.get(
    '/dev/outbox',
    {
      config: { access: access.public() },
      schema: {
        tags: ['development'],
        summary: 'Messages recorded by the outbox, newest first (not in production)',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema },
      },
    },
    async (request) => {
      if (!isFromThisMachine(request)) throw new AppError('FORBIDDEN', MESSAGES.devOutboxLocalOnly);
      const rows = await listOutbox(db, request.query);
      return {
        items: rows.map((row) => ({
          id: row.id,
          channel: outboxChannel(row.channel),
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          replyTo: row.replyTo,
          attachments: row.attachments,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
