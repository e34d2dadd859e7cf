import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

// A raw websocket handshake on a real listening server: what the first line of the answer says.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => t.close());

function handshake(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('websocket upgrades', () => {
  it('are refused with 404, never switched, on every path but the live channel', async () => {
    for (const path of ['/api/projects', '/api/health', '/api/no-such-route', '/', '/socket.io/']) {
      expect(await handshake(path), path).toBe('HTTP/1.1 404 Not Found');
    }
  });

  it('reach the live channel, which answers an upgrade without a token by its own refusal', async () => {
    const line = await handshake('/api/live');
    expect(line).not.toBe('HTTP/1.1 404 Not Found');
    expect(line).toMatch(/^HTTP\/1\.1 (101|401|403)/);
  });
});
