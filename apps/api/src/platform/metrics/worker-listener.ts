import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@casting/domain';
import { sharedSecretMatches } from '../crypto/secrets';
import type { Logger } from 'pino';
import { collectProcessMetrics, metricsRegistry } from './registry';

export interface WorkerMetricsListener {
  /** The port it listens on (the configured one, or the one the system chose for port 0). */
  port: number;
  close(): Promise<void>;
}

function answer(
  response: http.ServerResponse,
  status: number,
  body: object,
  headers: http.OutgoingHttpHeaders = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/**
 * The metrics of a `npm run worker` process: its job durations and failures and Node's figures, which only this
 * process knows. It serves `GET /metrics` and nothing else, behind the same bearer token as the API's route, and the
 * answers look the same (401 with `WWW-Authenticate`, 404 elsewhere). The queues' backlog is left to the API's scrape:
 * it is read from the database and the same for every instance. A plain Node server, since a worker has no routes,
 * sessions or accounts for the API's framework to serve.
 */
export async function startWorkerMetricsListener(options: {
  host: string;
  port: number;
  token: string;
  log: Logger;
}): Promise<WorkerMetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      answer(response, 404, { code: 'NOT_FOUND', message: `No route ${request.method ?? 'GET'} ${path}.` });
      return;
    }
    const header = request.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (!sharedSecretMatches(options.token, given)) {
      answer(
        response,
        401,
        { code: 'UNAUTHENTICATED', message: MESSAGES.metricsTokenRequired },
        { 'www-authenticate': 'Bearer realm="metrics"' },
      );
      return;
    }
    collectProcessMetrics();
    metricsRegistry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.warn({ err: error }, 'worker metrics scrape failed');
        answer(response, 500, { code: 'INTERNAL_ERROR', message: MESSAGES.somethingWentWrong });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.log.info({ host: options.host, port }, 'worker metrics listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
