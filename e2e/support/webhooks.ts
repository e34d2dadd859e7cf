import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on loopback: keeps each request's body and headers for the journey to verify. */
export async function startReceiver() {
  const received: { body: string; headers: Record<string, string> }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, headers: request.headers as Record<string, string> });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
