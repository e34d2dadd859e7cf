import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/platform/db/schema';
import { purgeOldAuditEventsEverywhere } from '../../src/modules/audit';
import { appDatabase, testDatabase, testOfficeId } from '../support/database';
import { testConfig, type TestApp } from '../support/app';
import {
  buildIdentityApp,
  createUser,
  PASSWORD,
  signIn,
  type SignedIn,
  type TestUser,
} from '../support/identity';
import { buildProject, createOffice } from '../support/projects';

let t: TestApp;
let admin: TestUser;
let adminSession: SignedIn;
beforeAll(async () => {
  t = await buildIdentityApp();
  admin = await createUser({ roleCode: 'SUPER_ADMIN' });
  adminSession = await signIn(t.app, admin);
});
afterAll(() => t.close());

/** The installation's log (sign-ins, accounts), or with `office` the log of the office the admin owns. */
async function eventsOf(
  filter: { actorEmail?: string; action?: string; projectId?: string },
  log: 'installation' | 'office' = 'installation',
) {
  const query = new URLSearchParams({ ...filter, limit: '200' });
  const path = log === 'office' ? '/api/offices/current/audit-events' : '/api/admin/audit-events';
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}?${query}`,
    headers: adminSession.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<Record<string, unknown>>;
}

describe('recording', () => {
  it('records a refused sign-in with the e-mail tried and the account it names, never the password', async () => {
    const user = await createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'user-agent': 'audit-test/1.0' },
      payload: { email: user.email, password: 'Wrong#Password99' },
    });
    expect(res.statusCode).toBe(401);
    await signIn(t.app, user);

    const events = await eventsOf({ actorEmail: user.email, action: 'auth.sign-in' });
    expect(events.map((e) => e.outcome)).toEqual(['success', 'refused']);
    expect(events[1]).toMatchObject({
      actorUserId: user.id,
      actorEmail: user.email,
      userAgent: 'audit-test/1.0',
      ip: '127.0.0.1',
      details: { status: 401, code: 'INVALID_CREDENTIALS' },
    });
    const { db } = await testDatabase();
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.actorEmail, user.email));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('Wrong#Password99');
    expect(stored).not.toContain(PASSWORD);
  });

  it('records an attempt on an unknown e-mail without an actor id', async () => {
    const email = `nobody-${randomUUID()}@example.com`;
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD } });
    const [event] = await eventsOf({ actorEmail: email });
    expect(event).toMatchObject({ action: 'auth.sign-in', outcome: 'refused', actorUserId: null });
  });

  it("records a super admin's change to a user with the target and the changed fields", async () => {
    const user = await createUser();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: adminSession.auth,
      payload: { roleCode: 'CASTING_ASSISTANT', deactivated: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = await eventsOf({ actorEmail: admin.email, action: 'user.update' });
    expect(events.find((e) => e.targetId === user.id)).toMatchObject({
      actorUserId: admin.id,
      outcome: 'success',
      targetType: 'user',
      details: { roleCode: 'CASTING_ASSISTANT', deactivated: true, status: 200 },
    });
  });

  it('records a project archive with its project, and a refused one too', async () => {
    const owner = await createUser();
    const outsider = await createUser();
    const project = await buildProject(owner);
    const [ownerSession, outsiderSession] = [await signIn(t.app, owner), await signIn(t.app, outsider)];
    const archive = (session: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/archive/${project.id}?archived=true`,
        headers: session.auth,
      });
    expect((await archive(outsiderSession)).statusCode).toBe(403);
    expect((await archive(ownerSession)).statusCode).toBe(200);
    const events = await eventsOf({ projectId: project.id }, 'office');
    expect(events).toHaveLength(2);
    // The office's events are not the installation's.
    expect(await eventsOf({ projectId: project.id })).toEqual([]);
    expect(events[0]).toMatchObject({
      action: 'project.archive',
      outcome: 'success',
      actorEmail: owner.email,
      targetType: 'project',
      targetId: project.id,
    });
    expect(events[1]).toMatchObject({ outcome: 'refused', actorEmail: outsider.email });
  });
});

describe('GET /api/admin/audit-events', () => {
  it('is for super admins only', async () => {
    const staff = await signIn(t.app, await createUser({ roleCode: 'CASTING_DIRECTOR' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-events', headers: staff.auth });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/audit-events' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages newest first with a cursor, without repeating or skipping an event', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password: `Wrong#Password${i}` },
      });
    }
    const all = await eventsOf({ actorEmail: user.email });
    expect(all).toHaveLength(5);
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams({
        actorEmail: user.email,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      const res: { json(): unknown } = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit-events?${query}`,
        headers: adminSession.auth,
      });
      const page = res.json() as { items: Array<{ id: string }>; nextCursor: string | null };
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
  });

  it('filters by date range and refuses a forged cursor', async () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-events?from=${encodeURIComponent(future)}`,
      headers: adminSession.auth,
    });
    expect(res.json().items).toEqual([]);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-events?cursor=bm9wZQ',
      headers: adminSession.auth,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('BAD_REQUEST');
  });
});

describe('retention', () => {
  it('deletes events older than the retention period in every office’s log and the installation’s, and keeps the rest', async () => {
    const { scopedDb } = await testDatabase();
    const owner = scopedDb({ owner: true, officeId: null });
    const action = `test.retention-${randomUUID()}`;
    const day = 24 * 60 * 60 * 1000;
    const now = new Date();
    const first = await testOfficeId();
    const second = await createOffice(`Retention ${randomUUID().slice(0, 6)}`);
    for (const officeId of [first, second, null]) {
      await owner.insert(auditEvents).values([
        { officeId, action, outcome: 'success', at: new Date(now.getTime() - 400 * day) },
        { officeId, action, outcome: 'success', at: new Date(now.getTime() - 10 * day) },
      ]);
    }
    // As the housekeeping job runs it: the application's handle, each log in its own scope.
    const { db } = await appDatabase();
    expect(await purgeOldAuditEventsEverywhere(db, 365, now)).toBeGreaterThanOrEqual(3);
    const left = await owner.select().from(auditEvents).where(eq(auditEvents.action, action));
    expect(left.map((row) => [row.officeId, now.getTime() - row.at.getTime()]).sort()).toEqual(
      [first, second, null].map((officeId) => [officeId, 10 * day]).sort(),
    );
  });

  it('keeps six years by default and refuses a retention under 30 days', () => {
    expect(testConfig().AUDIT_RETENTION_DAYS).toBe(2190);
    expect(() => testConfig({ AUDIT_RETENTION_DAYS: '7' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
