import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BUFFERED_BYTES } from '../../src/modules/live/connection';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { connectLive, WEB_ORIGIN } from '../support/live-client';
import { buildProject, signedInUser } from '../support/projects';

// A client that stops reading must not hold the server's memory or delay the others. Heartbeats are set far apart
// here, so the only thing that can drop the stalled client during the test is its send buffer.
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildIdentityApp({ PUBLIC_URL: WEB_ORIGIN, LIVE_HEARTBEAT_SECONDS: '3600' });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/**
 * A websocket client written by hand on a raw TCP connection: it opens the channel, joins a project, reads until the
 * join is acknowledged and then never reads again (the `ws` client resumes reading on its own, so it cannot play
 * this part).
 */
async function stalledClient(token: string, projectId: string): Promise<net.Socket> {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    [
      `GET /api/live?token=${encodeURIComponent(token)} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      `Origin: ${WEB_ORIGIN}`,
      '',
      '',
    ].join('\r\n'),
  );
  // A client frame: FIN + text, masked, with a payload shorter than 126 bytes.
  const payload = Buffer.from(JSON.stringify({ projectId, action: 'joinProject' }));
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  let received = '';
  const joined = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!received.includes('"action":"joined"')) return;
      socket.off('data', onData);
      socket.pause();
      resolve();
    };
    socket.on('data', onData);
  });
  socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
  await joined;
  return socket;
}

describe('a client that stops reading', () => {
  it('is dropped once its unsent data passes the bound, while a reading client gets every event', async () => {
    const owner = await signedInUser(t.app);
    const project = await buildProject(owner.user);
    const token = owner.auth.authorization.replace('Bearer ', '');
    const reading = await connectLive(baseUrl, { token });
    await reading.join(project.id);
    const stalled = await stalledClient(token, project.id);
    const stalledClosed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    expect(t.app.websocketServer.clients.size).toBe(2);

    // Events near the notification size limit, so that kernel buffers (a few MB on loopback) fill in hundreds.
    const padding = 'x'.repeat(7_500);
    let published = 0;
    while (t.app.websocketServer.clients.size === 2) {
      if (published >= 6_000) throw new Error(`the stalled client was never dropped (${published} events)`);
      for (let i = 0; i < 100; i += 1) {
        await t.context.events.publish(project.id, 'APPLICANT_STREAM_STATUS_UPDATED_EVENT', {
          n: published,
          padding,
        });
        published += 1;
        // The clients live in this process: let them read (and the server notice closes) between events.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    expect(published * padding.length).toBeGreaterThan(MAX_BUFFERED_BYTES);

    const last = published - 1;
    await reading.next((m) => m.action === 'update' && m.payload?.n === last);
    expect(reading.messages.filter((m) => m.action === 'update')).toHaveLength(published);
    expect(reading.socket.readyState).toBe(reading.socket.OPEN);

    // Reading again, it finds its connection ended by the server.
    stalled.on('data', () => undefined);
    stalled.resume();
    await stalledClosed;
    await reading.close();
  }, 120_000);
});
