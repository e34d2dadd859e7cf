import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createEmbeddedAddressLookup } from '../../src/platform/address';
import type { AppContext } from '../../src/platform/context';
import { createEvents } from '../../src/platform/events';
import { redactUrl } from '../../src/platform/log';
import { createOutboxMailer, createOutboxTextMessenger } from '../../src/platform/mail/outbox';
import { createStorage } from '../../src/platform/storage';
import { testConfig, testJobs } from '../support/app';
import { testDatabase } from '../support/database';
import { WEB_ORIGIN } from '../support/live-client';

// The live websocket carries the access token in its URL (browsers cannot set headers on a websocket); request logs
// must not keep it.
const lines: string[] = [];
let context: AppContext;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const database = await testDatabase();
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const config = testConfig({ PUBLIC_URL: WEB_ORIGIN });
  context = {
    config,
    log,
    database,
    mailer: createOutboxMailer(database.db, log),
    texts: createOutboxTextMessenger(database.db, log),
    events: await createEvents(database, log),
    storage: await createStorage(config),
    jobs: testJobs(database, log),
    addresses: createEmbeddedAddressLookup(),
  };
  app = await buildApp(context);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await context.events.close();
});

describe('request logs', () => {
  it('redact the token query parameter and keep the rest of the URL', () => {
    expect(redactUrl('/api/live?token=abc.def&x=1')).toBe('/api/live?token=%5Bredacted%5D&x=1');
    expect(redactUrl('/api/projects?limit=5')).toBe('/api/projects?limit=5');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('never contain the live access token', async () => {
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.signature';
    const res = await app.inject({
      method: 'GET',
      url: `/api/live?token=${secret}`,
      headers: { origin: WEB_ORIGIN },
    });
    expect(res.statusCode).toBe(401);
    const logged = lines.join('\n');
    expect(logged).toContain('/api/live?token=%5Bredacted%5D');
    expect(logged).not.toContain(secret);
  });
});
