import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeInvitations, officeSupportGrants } from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, signIn } from '../support/identity';
import { accountRuleName } from '../support/account-rules';
import { memberOf, officeWithOwner } from './fixture';
import { OFFICE_PREFIX_OTHER_MODULES, OFFICE_ROUTES } from './route-table';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

describe('the offices routes', () => {
  it('each declare the expected access rule, and none is missing from the table', () => {
    const declared = t.app.routeAccess
      .filter(
        (route) =>
          route.method !== 'HEAD' &&
          !OFFICE_PREFIX_OTHER_MODULES.some(
            (prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`),
          ) &&
          (route.url.startsWith('/api/offices') || route.url.startsWith('/api/operator/offices')),
      )
      .map((route) => [`${route.method} ${route.url}`, accountRuleName(route.access)] as const);
    expect(Object.fromEntries(declared)).toEqual(OFFICE_ROUTES);
  });

  it.each(Object.entries(OFFICE_ROUTES).filter(([, rule]) => rule !== 'public'))(
    '%s refuses the anonymous, talent, and whoever its rule leaves out',
    async (route, rule) => {
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      const url = pattern.replace(/:[a-zA-Z]+/g, randomUUID());
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method,
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
      expect((await send({})).statusCode).toBe(401);
      const talent = await signIn(t.app, await createUser({ roleCode: 'TALENT', officeId: null }));
      expect((await send(talent.auth)).json().code).toBe('TALENT_NOT_ALLOWED');
      const { officeId } = await officeWithOwner(t.app, 'Rules Office');
      if (rule === 'owner' || rule === 'operator') {
        const director = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
        expect((await send(director.auth)).statusCode).toBe(403);
      }
      if (rule === 'officeStaff') {
        const client = await memberOf(t.app, officeId, 'CLIENT', { roleCode: 'CLIENT' });
        expect((await send(client.auth)).statusCode).toBe(403);
      }
    },
  );
});

describe('row-level security', () => {
  it('shows the application each office’s invitations and grants only inside that office', async () => {
    const a = await officeWithOwner(t.app, 'RLS A');
    const b = await officeWithOwner(t.app, 'RLS B');
    await t.app.inject({
      method: 'POST',
      url: '/api/offices/current/invitations',
      headers: a.owner.auth,
      payload: { email: `rls-${randomUUID()}@example.com`, role: 'CLIENT' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/offices/current/support-access',
      headers: a.owner.auth,
      payload: { hours: 1 },
    });
    const { db } = t.context.database;
    const seen = (officeId: string | null) =>
      runInOffice(officeId, async () => ({
        invitations: (await db.select().from(officeInvitations)).map((row) => row.officeId),
        grants: (await db.select().from(officeSupportGrants)).map((row) => row.officeId),
      }));
    expect(await seen(a.officeId)).toEqual({ invitations: [a.officeId], grants: [a.officeId] });
    expect(await seen(b.officeId)).toEqual({ invitations: [], grants: [] });
    expect(await seen(null)).toEqual({ invitations: [], grants: [] });
    // Nor may the application write a row into another office.
    await expect(
      runInOffice(b.officeId, () =>
        db
          .insert(officeSupportGrants)
          .values({ officeId: a.officeId, expiresAt: new Date(Date.now() + 3_600_000) }),
      ),
    ).rejects.toThrow();
  });
});

describe('malformed input', () => {
  it('never reaches a 5xx on any offices route, as the operator who passes the account rules', async () => {
    const operator = await signIn(t.app, await createUser({ roleCode: 'SUPER_ADMIN' }));
    const failures: string[] = [];
    const bodies = [
      '{"broken":',
      '[1,2,3]',
      JSON.stringify({ officeId: 7, email: 42, role: 'KING', hours: 'x' }),
      '{}',
    ];
    for (const [route] of Object.entries(OFFICE_ROUTES)) {
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      for (const value of ['not-a-uuid', randomUUID(), '%00', 'x'.repeat(300)]) {
        const url = `${pattern.replace(/:(\w+)/g, () => encodeURIComponent(value))}?limit=-1&cursor=%27&status=NOPE`;
        for (const payload of method === 'GET' || method === 'DELETE' ? [undefined] : bodies) {
          const res = await t.app.inject({
            method,
            url,
            headers: { ...operator.auth, ...(payload ? { 'content-type': 'application/json' } : {}) },
            ...(payload ? { payload } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${route} ${value} ${payload ?? ''}: ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
