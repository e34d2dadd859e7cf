import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, registerAccessControl, type Principal } from '../src/platform/http/access';
import { registerErrorHandling } from '../src/platform/http/error-handler';
import { buildTestApp, type TestApp } from './support/app';

describe('every registered route declares its access rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has a rule on every route of the real app', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(3);
    const missing = t.app.routeAccess.filter((route) => !route.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses to start when a route has no rule', async () => {
    const app = Fastify({ logger: false });
    registerAccessControl(app, { authenticate: async () => null, resolveProjectActor: async () => null });
    app.get('/api/forgotten', async () => 'x');
    await expect(app.ready()).rejects.toThrow('Routes without an access rule: GET /api/forgotten');
  });
});

// The identity and project modules supply these ports in the real app; here a table of tokens stands in for them.
function principal(overrides: Partial<Principal>): Principal {
  return {
    userId: 'u',
    sessionId: 's',
    roleCode: 'CASTING_DIRECTOR',
    accountRole: 'ADMIN',
    otpRequired: false,
    otpEnabled: false,
    mustChangePassword: false,
    officeId: 'o',
    officeRole: 'CASTING_DIRECTOR',
    ...overrides,
  };
}
const tokens: Record<string, Principal> = {
  director: principal({}),
  admin: principal({ roleCode: 'SUPER_ADMIN', accountRole: 'SUPER_ADMIN' }),
  talent: principal({ roleCode: 'TALENT', accountRole: 'TALENT' }),
  pending2fa: principal({ otpRequired: true }),
};

describe('enforcement', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerAccessControl(app, {
      authenticate: async (token) => tokens[token] ?? null,
      resolveProjectActor: async (p, projectId) =>
        projectId === 'p1' ? (p.accountRole === 'SUPER_ADMIN' ? 'SA' : p.userId === 'u' ? 'TE' : null) : null,
    });
    app.get('/open', { config: { access: access.public() } }, async () => 'open');
    app.get('/staff', { config: { access: access.staff() } }, async () => 'staff');
    app.get('/super', { config: { access: access.superAdmin() } }, async () => 'super');
    app.get(
      '/me',
      { config: { access: access.signedIn({ allowPendingSecondFactor: true }) } },
      async () => 'me',
    );
    app.get('/p/:id/chat', { config: { access: access.project('CHAT') } }, async () => 'chat');
    app.get('/p/:id/team', { config: { access: access.project('MANAGE_APPLICANTS') } }, async () => 'team');
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it.each([
    ['/open', undefined, 200, undefined],
    ['/staff', undefined, 401, 'UNAUTHENTICATED'],
    ['/staff', 'forged', 401, 'UNAUTHENTICATED'],
    ['/staff', 'director', 200, undefined],
    ['/staff', 'talent', 403, 'TALENT_NOT_ALLOWED'],
    ['/super', 'director', 403, 'FORBIDDEN'],
    ['/super', 'admin', 200, undefined],
    ['/staff', 'pending2fa', 403, 'TOTP_NOT_ENABLED'],
    ['/me', 'pending2fa', 200, undefined],
    ['/me', 'talent', 200, undefined],
    ['/p/p1/chat', 'director', 200, undefined],
    ['/p/p1/team', 'director', 403, 'PERMISSION_DENIED'],
    ['/p/p1/team', 'admin', 200, undefined],
    ['/p/p2/chat', 'director', 403, 'PROJECT_ACCESS_DENIED'],
    ['/p/p1/chat', 'talent', 403, 'TALENT_NOT_ALLOWED'],
    ['/p/p1/chat', undefined, 401, 'UNAUTHENTICATED'],
  ])('GET %s as %s answers %i %s', async (url, token, status, code) => {
    const res = await call(url, token);
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json().code).toBe(code);
  });

  it('gives talent the catalogue message', async () => {
    const res = await call('/staff', 'talent');
    expect(res.json().message).toBe('Only admins can access this app');
  });
});
