import { z } from 'zod';
import { outboxListSchema } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import type { App } from '../../platform/http/types';
import { listOutbox } from '../../platform/mail/outbox';

const outboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Registered only outside production: lets people and tests read the codes the product "sent". */
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
      const rows = await listOutbox(db, request.query);
      return {
        items: rows.map((row) => ({
          id: row.id,
          channel: row.channel === 'sms' ? ('sms' as const) : ('email' as const),
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
