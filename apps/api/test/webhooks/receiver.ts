import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver saw of one request: whether the official verifier accepted it, and the parsed body. */
export interface Received {
  path: string;
  verified: boolean;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback that checks every request with the `standardwebhooks` package (the specification's
 * own library) against the secret it is given, and answers the status the test sets; over HTTPS when given a
 * certificate and its key.
 */
export async function startReceiver(host = '127.0.0.1', tls?: { cert: string; key: string }) {
  const received: Received[] = [];
  const state = { secret: '', status: 200, redirectTo: null as string | null };
  const handle: http.RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      try {
        new Webhook(state.secret).verify(body, request.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ path: request.url ?? '', verified, headers: request.headers, body });
      if (state.redirectTo) {
        response.writeHead(307, { location: state.redirectTo }).end();
        return;
      }
      response.writeHead(state.status, { 'content-type': 'text/plain' }).end('ok');
    });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://${host}:${port}/hook`,
    port,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
