import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sets helmet's security headers (content security policy, HSTS in production, no sniffing, no framing, referrer
 * policy…) on every answer, pages and API alike.
 *
 * Our options are the same for every request, so helmet runs once, at start, and the headers it sets are kept; each
 * answer then carries that set through Fastify's reply. Running helmet's middleware per request cost about a tenth
 * of a fast request's CPU (the Fastify wrapper even rebuilt it per request), and its `setHeader` calls on the raw
 * response pushed Node onto its slower path of validating and merging every header twice (docs/performance.md,
 * decisions 0061 and 0064).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets for these options, read by running its middleware once against a response that only
 * records them. A directive computed per request (a function, e.g. for a nonce) cannot be kept, so it is refused.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (value) =>
        typeof value === 'function' ||
        (Array.isArray(value) && value.some((item) => typeof item === 'function')),
    )
  )
    throw new Error('security headers: a content security policy computed per request cannot be set once');
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
