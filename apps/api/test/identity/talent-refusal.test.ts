import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createEmbeddedAddressLookup } from '../../src/platform/address';
import { createEvents, type Events } from '../../src/platform/events';
import { access } from '../../src/platform/http/access';
import { createOutboxMailer, createOutboxTextMessenger } from '../../src/platform/mail/outbox';
import { createStorage } from '../../src/platform/storage';
import { testConfig, testJobs } from '../support/app';
import { testDatabase } from '../support/database';
import { createUser, signIn } from '../support/identity';

// The real app and authenticator, plus one staff-only route of the kind later modules add.
let app: FastifyInstance;
let events: Events;
beforeAll(async () => {
  const database = await testDatabase();
  const log = pino({ level: 'silent' });
  const config = testConfig({ AUTH_RATE_LIMIT_MAX: '1000' });
  events = await createEvents(database, log);
  app = await buildApp({
    config,
    log,
    database,
    mailer: createOutboxMailer(database.db, log),
    texts: createOutboxTextMessenger(database.db, log),
    storage: await createStorage(config),
    jobs: testJobs(database, log),
    events,
    addresses: createEmbeddedAddressLookup(),
  });
  app.get('/staff-probe', { config: { access: access.staff() } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await events.close();
});

describe('talent accounts', () => {
  it('are refused on staff routes with TALENT_NOT_ALLOWED while /users/me works', async () => {
    const talent = await signIn(app, await createUser({ roleCode: 'TALENT' }));
    const staff = await app.inject({ method: 'GET', url: '/staff-probe', headers: talent.auth });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ code: 'TALENT_NOT_ALLOWED', message: 'Only admins can access this app' });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: talent.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().role.code).toBe('TALENT');
  });

  it.each(['CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT', 'SUPER_ADMIN'] as const)(
    'do not include a %s, who passes',
    async (roleCode) => {
      const session = await signIn(app, await createUser({ roleCode }));
      const res = await app.inject({ method: 'GET', url: '/staff-probe', headers: session.auth });
      expect(res.statusCode).toBe(200);
    },
  );
});
