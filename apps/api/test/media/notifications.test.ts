import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createNotifier } from '../../src/platform/notifications';
import { testDatabase } from '../support/database';

describe('the notification port', () => {
  it('posts {text} to a Slack-compatible incoming webhook when one is configured', async () => {
    const received: { body: string; type: string | undefined }[] = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ body, type: request.headers['content-type'] });
        response.writeHead(request.url === '/fail' ? 500 : 200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { db } = await testDatabase();
    const log = pino({ level: 'silent' });
    try {
      const notifier = createNotifier({ SLACK_WEBHOOK_URL: `${base}/hook` }, db, log);
      expect(notifier.kind).toBe('webhook');
      await notifier.notify({ channel: 'SLACK', title: 'Media issue reported', text: 'No sound' });
      expect(received).toEqual([
        { body: JSON.stringify({ text: '*Media issue reported*\nNo sound' }), type: 'application/json' },
      ]);
      // A refusing webhook is an error, so the job that sends it retries.
      const failing = createNotifier({ SLACK_WEBHOOK_URL: `${base}/fail` }, db, log);
      await expect(failing.notify({ channel: 'SLACK', title: 't', text: 'x' })).rejects.toThrow('500');
    } finally {
      server.close();
    }
  });
});
