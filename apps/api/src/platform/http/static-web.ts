import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stampAccess } from './access';
import { apiNotFound } from './error-handler';

/**
 * The public apply addresses, which get the web app's second page, apply.html: the apply pages
 * (/submit/{projectId}, /castingcall/apply[/{slug}], /{type}/apply[/{slug}]), the claim confirmation and the
 * talent's private link to a submission, and the terms and privacy pages they link to. That page carries only what these need (no back office, no session),
 * so a talent on a phone downloads a fraction of the app (decision 0046). The same addresses are the web's
 * PUBLIC_APPLY_ROUTES (apps/web/src/app/public-app.tsx); a web test checks the two agree.
 */
export const APPLY_PAGE_PATHS: readonly RegExp[] = [
  /^\/submit\/[^/]+\/?$/,
  /^\/[^/]+\/apply(?:\/[^/]+)?\/?$/,
  /^\/claim-confirmation\/[^/]+\/?$/,
  /^\/submission\/[^/]+\/?$/,
  /^\/(?:terms|privacy)\/?$/,
];

export const isApplyPagePath = (pathname: string) =>
  APPLY_PAGE_PATHS.some((pattern) => pattern.test(pathname));

/**
 * Serves the built web app: hashed assets cached for a year, apply.html for the public apply addresses (when the
 * build has it) and index.html for every other client route. Paths under /api never fall back to the app.
 */
export interface WebAppOptions {
  /**
   * Tags for the page's <head> (title, Open Graph) when a path needs them server-side: link previews are read by
   * crawlers that do not run the app. Null leaves index.html as built. Supplied by modules through app.ts.
   */
  pageHead?: (pathname: string) => Promise<string | null>;
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  options: WebAppOptions = {},
): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  const applyFile = path.join(webDist, 'apply.html');
  const available = fs.existsSync(indexFile);
  const indexHtml = available ? fs.readFileSync(indexFile) : null;
  const applyHtml = available && fs.existsSync(applyFile) ? fs.readFileSync(applyFile) : indexHtml;
  const sendHtml = (reply: FastifyReply, html: Buffer | string | null) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const sendIndex = (reply: FastifyReply) => sendHtml(reply, indexHtml);
  const sendPage = async (pathname: string, reply: FastifyReply) => {
    if (isApplyPagePath(pathname)) return sendHtml(reply, applyHtml);
    const head = options.pageHead ? await options.pageHead(pathname).catch(() => null) : null;
    if (!head || !indexHtml) return sendIndex(reply);
    const built = indexHtml.toString('utf8');
    // The page's own title gives way to the page's; without one, the tags open the head (or make one).
    const html = /<title>[^<]*<\/title>/.test(built)
      ? built.replace(/<title>[^<]*<\/title>/, () => head)
      : /<\/head>/.test(built)
        ? built.replace(/<\/head>/, () => `${head}</head>`)
        : built.replace(/<html[^>]*>/, (tag) => `${tag}<head>${head}</head>`);
    return sendHtml(reply, html);
  };
  if (available) {
    await app.register(async (scope) => {
      stampAccess(scope, { kind: 'public' });
      // The site root is a directory to the static handler, which refuses directories (index: false keeps it from
      // serving index.html with a long cache); the app's entry page answers it instead.
      scope.get('/', (_request, reply) => sendIndex(reply));
      await scope.register(fastifyStatic, {
        root: webDist,
        index: false,
        cacheControl: false,
        wildcard: true,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else {
    app.log.warn({ webDist }, 'web app build not found; only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (indexHtml && wantsPage) return sendPage(pathname, reply);
    return apiNotFound(request, reply);
  });
  return available;
}
