import http from 'node:http';
import type net from 'node:net';
import { createProxyServer } from 'http-proxy-3';

export interface Balancer {
  url: string;
  port: number;
  /** Sends the next requests to these targets (until then, every request gets a 503). */
  route(targets: readonly string[]): void;
  /** Requests and websocket upgrades sent to each target so far, in the order of the targets. */
  served(): number[];
  close(): Promise<void>;
}

/**
 * A small load balancer: each request and each websocket upgrade goes to the next target in turn (round robin, no
 * stickiness, as the API keeps no state a second instance would miss). It forwards X-Forwarded-For/-Host/-Proto, so
 * instances started with TRUST_PROXY=true see the client's address. A target that does not answer gets a 502 for
 * that request; the balancer does not retry, since a retried POST could be written twice.
 */
export async function startBalancer(port: number, host: string): Promise<Balancer> {
  const proxy = createProxyServer({ xfwd: true });
  let targets: readonly string[] = [];
  let served: number[] = [];
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index]! += 1;
    return targets[index]!;
  };
  const notYet = (res: http.ServerResponse) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    res.end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The API instances are still starting' }));
  };
  proxy.on('error', (error, _req, res) => {
    if (res instanceof http.ServerResponse) {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            code: 'BAD_GATEWAY',
            message: `The API instance did not answer: ${error.message}`,
          }),
        );
      } else res.destroy();
    } else (res as net.Socket).destroy();
  });
  const server = http.createServer((req, res) =>
    targets.length === 0 ? notYet(res) : proxy.web(req, res, { target: pick() }),
  );
  server.on('upgrade', (req, socket: net.Socket, head) =>
    targets.length === 0 ? socket.destroy() : proxy.ws(req, socket, head, { target: pick() }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as net.AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    route: (chosen) => {
      targets = [...chosen];
      served = targets.map(() => 0);
      next = 0;
    },
    served: () => [...served],
    close: async () => {
      proxy.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
