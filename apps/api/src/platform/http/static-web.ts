import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stampAccess } from './access';
import { apiNotFound } from './error-handler';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client route.
 * Paths under /api never fall back to the app.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  const available = fs.existsSync(indexFile);
  const indexHtml = available ? fs.readFileSync(indexFile) : null;
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
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
    if (indexHtml && wantsPage) return sendIndex(reply);
    return apiNotFound(request, reply);
  });
  return available;
}
