import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sets helmet's security headers (content security policy, HSTS in production, no sniffing, no framing, referrer
 * policy…) on every answer, pages and API alike. The middleware is built once here: the Fastify wrapper
 * (@fastify/helmet) built it again on every request, parsing the whole content security policy each time, which was
 * about a tenth of a fast request's CPU (docs/performance.md, decision 0061).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
