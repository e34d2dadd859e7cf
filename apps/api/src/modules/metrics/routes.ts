import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { sharedSecretMatches } from '../../platform/crypto/secrets';
import { AppError } from '../../platform/errors';
import { access } from '../../platform/http/access';
import { apiNotFound } from '../../platform/http/error-handler';
import type { App } from '../../platform/http/types';
import {
  collectProcessMetrics,
  databasePoolConnections,
  jobQueueJobs,
  jobQueueOldestWaiting,
  metricsRegistry,
} from '../../platform/metrics/registry';

/** What is read from the database at scrape time: the job queues' backlog and the connection pools. */
async function refreshSharedGauges(context: AppContext): Promise<void> {
  const [health, oldest] = await Promise.all([context.jobs.health(), context.jobs.oldestWaiting()]);
  jobQueueJobs.reset();
  jobQueueOldestWaiting.reset();
  for (const queue of health.queues) {
    for (const [state, count] of Object.entries(queue.counts))
      jobQueueJobs.set({ queue: queue.name, state }, count);
    jobQueueOldestWaiting.set({ queue: queue.name }, oldest[queue.name] ?? 0);
  }
  databasePoolConnections.reset();
  for (const pool of context.database.poolConnections?.() ?? []) {
    for (const state of ['total', 'idle', 'waiting'] as const) {
      databasePoolConnections.set({ pool: pool.pool, state }, pool[state]);
    }
  }
}

/**
 * Prometheus metrics of this instance, behind `METRICS_TOKEN` (a bearer token): without the setting the route does
 * not exist (404); a missing or wrong token is a 401. Scrapes are logged only when they fail, like health probes.
 * The app registers these routes twice: under `/api` like every module, and at the root, since `/metrics` is the path
 * Prometheus scrapes by default.
 */
export function metricsRoutes(app: App, context: AppContext) {
  const token = context.config.METRICS_TOKEN;
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) return apiNotFound(request, reply);
    const header = request.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (!sharedSecretMatches(token, given)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', MESSAGES.metricsTokenRequired);
    }
  };
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      // Public as far as accounts go: its credential is the operator's metrics token, checked before anything else.
      config: { access: access.public() },
      schema: {
        tags: ['platform'],
        summary:
          'Prometheus metrics in the text exposition format (header Authorization: Bearer METRICS_TOKEN)',
      },
      onRequest: guard,
    },
    async (_request, reply) => {
      collectProcessMetrics();
      await refreshSharedGauges(context);
      return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
    },
  );
}
