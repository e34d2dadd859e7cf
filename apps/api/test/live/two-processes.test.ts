import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/platform/crypto/password';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { users } from '../../src/platform/db/schema';
import { createEvents, type Events } from '../../src/platform/events';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { TEST_DATABASE_PREFIX } from '../support/global-setup';
import { PASSWORD, uniqueEmail } from '../support/identity';
import { connectLive, WEB_ORIGIN, type LiveClient } from '../support/live-client';

// Two API processes on one PostgreSQL database, as behind a load balancer: an event raised by one instance reaches
// the websocket clients of the other. Needs a real PostgreSQL server (TEST_DATABASE_URL); PGlite is one process.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('live events across API processes', () => {
  const adminEmail = uniqueEmail('admin');
  const adminPassword = PASSWORD;
  let databaseUrl: string;
  let database: Database;
  let testInstance: Events;
  let a: ApiProcess;
  let b: ApiProcess;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    // A database of its own, named like the worker databases so the run's teardown drops it.
    const runId = process.env.CASTING_TEST_RUN_ID ?? `${Math.floor(Date.now() / 1000)}_solo`;
    const name = `${TEST_DATABASE_PREFIX}${runId}_${process.pid}_two_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();

    const env = {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: WEB_ORIGIN,
      // Shared by every instance, as in production: a token issued by one is honoured by the other.
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
    };
    // One after the other: the first applies the migrations and creates the first super admin.
    a = await startApiProcess(env);
    b = await startApiProcess(env);
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    testInstance = await createEvents(database, pino({ level: 'silent' }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await testInstance?.close();
    await database?.close();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  async function signIn(instance: ApiProcess, email: string): Promise<string> {
    const res = await fetch(`${instance.baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = (await res.json()) as { status: string; accessToken: string };
    expect(body.status).toBe('SIGNED_IN');
    return body.accessToken;
  }

  async function createProject(instance: ApiProcess, token: string): Promise<string> {
    const res = await fetch(`${instance.baseUrl}/api/v2/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Two instances' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async function connect(instance: ApiProcess, token: string): Promise<LiveClient> {
    const client = await connectLive(instance.baseUrl, { token });
    clients.push(client);
    return client;
  }

  it('delivers an event to the clients of both processes, whichever instance raised it', async () => {
    const token = await signIn(a, adminEmail);
    const projectId = await createProject(a, token);
    const onA = await connect(a, token);
    const onB = await connect(b, token);
    expect(await onA.join(projectId)).toEqual({ action: 'joined', projectId });
    expect(await onB.join(projectId)).toEqual({ action: 'joined', projectId });

    // Raised by a third instance (this test process) on the same database.
    await testInstance.publish(projectId, 'APPLICANT_STREAM_STATUS_UPDATED_EVENT', { applicantId: 'a-7' });
    const expected = {
      action: 'update',
      projectId,
      event: 'APPLICANT_STREAM_STATUS_UPDATED_EVENT',
      payload: { applicantId: 'a-7' },
    };
    expect(await onA.next((m) => m.action === 'update')).toEqual(expected);
    expect(await onB.next((m) => m.action === 'update')).toEqual(expected);
  });

  it("refuses, on the other process, a non-member's join to a project created through the first", async () => {
    const adminToken = await signIn(a, adminEmail);
    const projectId = await createProject(a, adminToken);
    const outsiderEmail = uniqueEmail('outsider');
    await database.db.insert(users).values({
      email: outsiderEmail,
      firstName: 'Nina',
      lastName: 'Outsider',
      roleCode: 'CASTING_DIRECTOR',
      passwordHash: await hashPassword(PASSWORD),
      confirmedAt: new Date(),
    });
    const outsiderToken = await signIn(a, outsiderEmail);
    const client = await connect(b, outsiderToken);
    expect(await client.join(projectId)).toEqual({
      action: 'error',
      code: 'PROJECT_ACCESS_DENIED',
      message: 'Project access denied',
      projectId,
    });
  });
});
