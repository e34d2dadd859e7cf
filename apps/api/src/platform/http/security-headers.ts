import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer. Pages (the web app, its assets) get helmet's set: content security policy, HSTS
 * in production, no sniffing, no framing, referrer policy and the rest. API answers (`/api/…`) are JSON or files
 * that set their own sandboxing policy, so they get the short set the OWASP REST Security Cheat Sheet gives for APIs:
 * nothing in them may load, run or be framed (`default-src 'none'; frame-ancestors 'none'`), no sniffing, no
 * referrer, same-origin resources only, and HSTS when pages have it. The document-only headers (DNS prefetch,
 * download options, agent clustering, the XSS auditor) mean nothing to a JSON answer and only added bytes to each one.
 *
 * Our options are the same for every request, so helmet runs once, at start, and the headers it sets are kept; each
 * answer then carries its set through Fastify's reply. Running helmet's middleware per request cost about a tenth
 * of a fast request's CPU (the Fastify wrapper even rebuilt it per request), and its `setHeader` calls on the raw
 * response pushed Node onto its slower path of validating and merging every header twice (docs/performance.md,
 * decision 0081).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = helmetHeaders(options);
  const apiHeaders = apiHeadersBeside(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
}

/** The API's set, with the pages' HSTS (only in production) so that both ask browsers for HTTPS alike. */
export function apiHeadersBeside(pageHeaders: Record<string, string>): Record<string, string> {
  const hsts = pageHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
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
