import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../../src/platform/http/access';
import { officeInvitations, officeSupportGrants } from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, signIn } from '../support/identity';
import { memberOf, officeWithOwner } from './fixture';

type Rule = 'public' | 'staff' | 'memberOrGuest' | 'officeStaff' | 'owner' | 'operator';

/** Every route of the offices module with the rule it must declare. */
const ROUTES: Record<string, Rule> = {
  'GET /api/offices/current': 'memberOrGuest',
  'PATCH /api/offices/current': 'owner',
  'GET /api/offices/current/legal': 'owner',
  'PUT /api/offices/current/logo': 'owner',
  'DELETE /api/offices/current/logo': 'owner',
  'GET /api/offices/current/member-sign-up': 'owner',
  'PUT /api/offices/current/member-sign-up': 'owner',
  'GET /api/offices/current/support-access': 'owner',
  'POST /api/offices/current/support-access': 'owner',
  'DELETE /api/offices/current/support-access': 'owner',
  'GET /api/offices/mine': 'staff',
  'POST /api/offices/switch': 'staff',
  'GET /api/offices/current/members': 'officeStaff',
  'PATCH /api/offices/current/members/:userId': 'owner',
  'DELETE /api/offices/current/members/:userId': 'owner',
  'POST /api/offices/current/invitations': 'owner',
  'GET /api/offices/current/invitations': 'owner',
  'DELETE /api/offices/current/invitations/:id': 'owner',
  'GET /api/offices/invitations/:token': 'public',
  'POST /api/offices/invitations/accept': 'staff',
  'GET /api/operator/offices': 'operator',
  'PATCH /api/operator/offices/:id': 'operator',
  'POST /api/operator/offices/:id/support-session': 'operator',
  'DELETE /api/operator/offices/:id/support-session': 'operator',
};

/** Routes under the same prefixes that other modules own (the office's audit log, its retention preview). */
const OTHER_MODULES = ['/api/offices/current/audit-events', '/api/offices/current/retention'];

function ruleOf(rule: AccessRule | undefined): Rule | 'other' {
  if (rule?.kind === 'public') return 'public';
  if (rule?.kind !== 'account') return 'other';
  if (rule.roles.length === 1 && rule.roles[0] === 'SUPER_ADMIN')
    return rule.installation ? 'operator' : 'other';
  if (rule.roles.includes('TALENT')) return 'other';
  if (!rule.officeRoles) return 'staff';
  if (rule.guests) return rule.officeRoles.length === 4 ? 'memberOrGuest' : 'other';
  if (rule.officeRoles.length === 1 && rule.officeRoles[0] === 'OWNER') return 'owner';
  return rule.officeRoles.includes('CLIENT') ? 'other' : 'officeStaff';
}

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
          !OTHER_MODULES.includes(route.url) &&
          (route.url.startsWith('/api/offices') || route.url.startsWith('/api/operator/offices')),
      )
      .map((route) => [`${route.method} ${route.url}`, ruleOf(route.access)] as const);
    expect(Object.fromEntries(declared)).toEqual(ROUTES);
  });

  it.each(Object.entries(ROUTES).filter(([, rule]) => rule !== 'public'))(
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
    for (const [route] of Object.entries(ROUTES)) {
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
