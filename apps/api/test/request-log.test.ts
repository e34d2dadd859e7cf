import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/platform/context';
import { createOutboxMailer, createOutboxTextMessenger } from '../src/platform/mail/outbox';
import { testConfig } from './support/app';
import { testDatabase } from './support/database';

const lines: Record<string, unknown>[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const database = await testDatabase();
  const context: AppContext = {
    config: testConfig(),
    log,
    database,
    mailer: createOutboxMailer(database.db, log),
    texts: createOutboxTextMessenger(database.db, log),
  };
  app = await buildApp(context);
  await app.ready();
});
afterAll(() => app.close());

describe('request logging', () => {
  it('writes one compact line per request, with its id, status and duration', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/no-such-route?x=1' });
    const written = lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      url: '/api/no-such-route?x=1',
      status: 404,
      ms: expect.any(Number),
    });
    expect(written[0]).not.toHaveProperty('req');
    expect(written[0]).not.toHaveProperty('res');
  });

  it('keeps health probes out of the log', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });
});
