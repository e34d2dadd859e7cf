import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from './registry';

/**
 * Times every answer by its route pattern (`/api/v2/projects/:id`, never the path itself, so a label never holds an
 * id); a request that matched no route is `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
