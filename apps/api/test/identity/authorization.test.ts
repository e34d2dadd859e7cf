import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../../src/platform/http/access';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, CSRF, signIn } from '../support/identity';
import { IDENTITY_ROUTES, type IdentityRule } from './route-table';

const PREFIXES = ['/api/auth/', '/api/staffs/', '/api/users', '/api/session-tracking/'];
// Lookup lists live under /users/lookups in the product's API but belong to the lookups module; agencies, agents and
// representatives belong to the agencies and apply modules (walked by test/links/route-matrix.test.ts).
const OTHER_MODULES = [
  '/api/users/lookups/',
  '/api/users/agencies/',
  '/api/users/agents/',
  '/api/users/representatives',
];

function kindOf(rule: AccessRule | undefined): IdentityRule | 'other' {
  if (rule?.kind === 'public') return 'public';
  if (rule?.kind !== 'account') return 'other';
  if (rule.roles.length === 1 && rule.roles[0] === 'SUPER_ADMIN') return 'superAdmin';
  if (rule.roles.includes('TALENT')) {
    if (rule.allowPendingPasswordChange)
      return rule.allowPendingSecondFactor ? 'signedInAnyPending' : 'other';
    return rule.allowPendingSecondFactor ? 'signedInPending' : 'signedIn';
  }
  return 'other';
}

type Actor =
  'anonymous' | 'talent' | 'director' | 'superAdmin' | 'pendingSecondFactor' | 'mustChangePassword';
const ACTORS: Actor[] = [
  'anonymous',
  'talent',
  'director',
  'superAdmin',
  'pendingSecondFactor',
  'mustChangePassword',
];
const ACCESS_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'TALENT_NOT_ALLOWED',
  'TOTP_NOT_ENABLED',
  'PASSWORD_CHANGE_REQUIRED',
];

/** The access layer's answer for each actor: null means "let through" (the handler may still refuse). */
function expectedRefusal(kind: IdentityRule, actor: Actor): string | null {
  if (kind === 'public') return null;
  if (actor === 'anonymous') return 'UNAUTHENTICATED';
  if (kind === 'superAdmin') {
    if (actor === 'talent') return 'TALENT_NOT_ALLOWED';
    if (actor === 'director') return 'FORBIDDEN';
  }
  if (actor === 'mustChangePassword' && kind !== 'signedInAnyPending') return 'PASSWORD_CHANGE_REQUIRED';
  if (actor === 'pendingSecondFactor' && (kind === 'signedIn' || kind === 'superAdmin'))
    return 'TOTP_NOT_ENABLED';
  return null;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

describe('identity route declarations', () => {
  it('declare exactly the expected access rule, and no identity route is missing from the table', () => {
    const declared = t.app.routeAccess
      .filter(
        (route) =>
          route.method !== 'HEAD' &&
          PREFIXES.some((prefix) => route.url.startsWith(prefix)) &&
          !OTHER_MODULES.some((prefix) => route.url.startsWith(prefix)),
      )
      .map((route) => [`${route.method} ${route.url}`, kindOf(route.access)] as const);
    expect(Object.fromEntries(declared)).toEqual(IDENTITY_ROUTES);
  });
});

describe('identity routes as each actor', () => {
  async function sessions(): Promise<Record<Actor, Record<string, string>>> {
    const bearer = async (overrides: Parameters<typeof createUser>[0]) => {
      return (await signIn(t.app, await createUser(overrides))).auth;
    };
    return {
      anonymous: {},
      talent: await bearer({ roleCode: 'TALENT' }),
      director: await bearer({ roleCode: 'CASTING_DIRECTOR' }),
      superAdmin: await bearer({ roleCode: 'SUPER_ADMIN' }),
      pendingSecondFactor: await bearer({ roleCode: 'SUPER_ADMIN', otpRequired: true }),
      mustChangePassword: await bearer({ roleCode: 'SUPER_ADMIN', mustChangePassword: true }),
    };
  }

  it.each(Object.entries(IDENTITY_ROUTES))('%s (%s)', async (route, kind) => {
    const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string];
    const url = pattern.replace(/:[a-zA-Z]+/g, randomUUID());
    // Fresh sessions per route: sign-out and session-tracking calls may end the caller's session.
    const headersBy = await sessions();
    for (const actor of ACTORS) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...CSRF, ...headersBy[actor] },
        ...(method === 'POST' || method === 'PATCH' || method === 'PUT' ? { payload: {} } : {}),
      });
      const refusal = expectedRefusal(kind, actor);
      const code = res.statusCode >= 400 ? res.json().code : null;
      if (refusal) {
        expect({ actor, status: res.statusCode, code }).toEqual({
          actor,
          status: refusal === 'UNAUTHENTICATED' ? 401 : 403,
          code: refusal,
        });
      } else {
        expect(res.statusCode, `${actor}: ${res.body}`).toBeLessThan(500);
        expect(ACCESS_CODES, `${actor} was refused: ${res.body}`).not.toContain(code);
      }
    }
  });
});
