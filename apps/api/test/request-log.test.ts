import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/log';
import { buildTestApp, type TestApp } from './support/app';

const lines: Record<string, unknown>[] = [];
let testApp: TestApp;
let app: TestApp['app'];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = createLogger('info', sink);
  testApp = await buildTestApp({ log });
  app = testApp.app;
});
afterAll(() => testApp.close());

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
