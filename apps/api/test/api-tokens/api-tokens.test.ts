import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiTokenScope, type Role } from '@casting/domain';
import { apiTokens, auditEvents, officeMembers } from '../../src/platform/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import {
  buildCast,
  buildRole,
  createOffice,
  signedInUser,
  type Cast,
  type SignedInUser,
} from '../support/projects';

// API tokens end to end on one app: an office owner makes a token, a program calls the scoped routes with it, is
// refused where the token lacks the scope or the route takes none, loses it on revocation; another office's token sees
// nothing of this office; the secret is never shown again, nor written to the audit log; each token has a quota.
const QUOTA = 25;
let t: TestApp;
let cast: Cast;
let owner: SignedInUser;
let role: Role;
let person: { id: string; applicantId: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { API_TOKEN_RATE_LIMIT_MAX: String(QUOTA), AUTH_RATE_LIMIT_MAX: '1000' } });
  cast = await buildCast(t.app);
  owner = await signedInUser(t.app, { officeRole: 'OWNER', firstName: 'Owen', lastName: 'Owner' });
  role = await buildRole(cast.project);
  person = await buildApplicant(role, cast.people.PO.user);
}, 60_000);
afterAll(() => t.close());

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
async function makeToken(auth: Record<string, string>, scopes: ApiTokenScope[], name = 'Sync') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: auth,
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; scopes: string[]; hint: string };
}
const project = (secret: string, id = cast.project.id) =>
  t.app.inject({ method: 'GET', url: `/api/v2/projects/${id}`, headers: bearer(secret) });
const candidate = (secret: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/projects/${cast.project.id}/candidates/${person.applicantId}`,
    headers: bearer(secret),
  });
const vote = (secret: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${cast.project.id}/applicants/votes`,
    headers: bearer(secret),
    payload: { applicantIds: [person.id], vote: 'UP_VOTE' },
  });

describe('an office API token', () => {
  it('reads and writes within its scopes, is refused elsewhere, and stops when revoked', async () => {
    const reader = await makeToken(owner.auth, ['projects:read', 'candidates:read'], 'Reader');
    expect(reader.secret).toMatch(/^cst_[A-Za-z0-9_-]{43}$/);
    expect(reader.secret.startsWith(reader.hint)).toBe(true);
    expect(reader.scopes).toEqual(['projects:read', 'candidates:read']);

    // Scoped routes: the office's project (as its owner sees it), its opportunities, the list, one candidate.
    expect((await project(reader.secret)).json().id).toBe(cast.project.id);
    const roles = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/roles`,
      headers: bearer(reader.secret),
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(reader.secret) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(cast.project.id);
    expect((await candidate(reader.secret)).statusCode).toBe(200);

    // A route needing a scope the token lacks: 403 naming it.
    const refused = await vote(reader.secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'API_TOKEN_SCOPE_MISSING',
      message: API_TOKEN_MESSAGES.scopeMissing('candidates:write'),
    });
    // Routes that declare no scope refuse every token: its own management, a person's profile, the live channel.
    for (const url of ['/api/api-tokens', '/api/users/me', `/api/projects/${cast.project.id}/overview`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(reader.secret) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'API_TOKEN_SCOPE_MISSING',
        message: API_TOKEN_MESSAGES.tokensNotAccepted,
      });
    }
    const make = await t.app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: bearer(reader.secret),
      payload: { name: 'Escalate', scopes: ['webhooks:manage'] },
    });
    expect(make.statusCode).toBe(403);
    expect(await t.app.accessControl.authenticate(reader.secret, {} as never)).toBeNull();

    const writer = await makeToken(owner.auth, ['candidates:write']);
    expect((await vote(writer.secret)).statusCode).toBe(200);
    expect((await candidate(writer.secret)).statusCode).toBe(403);

    // The office's webhooks answer a token with their own scope, and only that.
    const webhooks = (secret: string) =>
      t.app.inject({ method: 'GET', url: '/api/offices/current/webhooks', headers: bearer(secret) });
    const hooks = await makeToken(owner.auth, ['webhooks:manage']);
    const allowed = await webhooks(hooks.secret);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await webhooks(writer.secret)).json()).toMatchObject({
      code: 'API_TOKEN_SCOPE_MISSING',
      message: API_TOKEN_MESSAGES.scopeMissing('webhooks:manage'),
    });

    // Last use is recorded; the list shows the tokens, never a secret.
    const listed = await t.app.inject({ method: 'GET', url: '/api/api-tokens', headers: owner.auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(reader.secret);
    expect(listed.body).not.toContain(writer.secret);
    const shown = listed.json().items.find((item: { id: string }) => item.id === reader.id);
    expect(shown).toMatchObject({ name: 'Reader', createdBy: owner.user.email, revokedAt: null });
    expect(shown.lastUsedAt).not.toBeNull();
    expect(listed.json().items[0].id).toBe(hooks.id);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${reader.id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await project(reader.secret);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: API_TOKEN_MESSAGES.invalidToken });
    expect((await project(`cst_${'A'.repeat(43)}`)).statusCode).toBe(401);

    // The audit log has the making and the revoking, the token's id and the program's vote, never a secret.
    const events = await t.ownerDb
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ['api-token.create', 'api-token.revoke']));
    const mine = events.filter((event) => event.targetId === reader.id);
    expect(mine.map((event) => event.action).sort()).toEqual(['api-token.create', 'api-token.revoke']);
    expect(mine[0]?.actorUserId).toBe(owner.user.id);
    expect(JSON.stringify(events)).not.toContain(reader.secret);
    expect(JSON.stringify(events)).not.toContain(writer.secret);
    const rows = await t.ownerDb.select().from(apiTokens).where(eq(apiTokens.id, reader.id));
    expect(JSON.stringify(rows)).not.toContain(reader.secret);
  });

  it('acts for its own office only, and only while its maker owns it', async () => {
    const elsewhere = await signedInUser(t.app, {
      officeId: await createOffice('Token Elsewhere'),
      officeRole: 'OWNER',
    });
    const foreign = await makeToken(elsewhere.auth, ['projects:read', 'candidates:read']);
    expect((await project(foreign.secret)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(foreign.secret) });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(cast.project.id);
    // Its owner's list shows it; this office's does not.
    const ours = await t.app.inject({ method: 'GET', url: '/api/api-tokens?limit=200', headers: owner.auth });
    expect(ours.body).not.toContain(foreign.id);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-tokens/${foreign.id}`,
      headers: owner.auth,
    });
    expect(revoke.statusCode).toBe(404);

    // The maker steps down to casting director: the token stops at once.
    const maker = await signedInUser(t.app, { officeRole: 'OWNER' });
    const token = await makeToken(maker.auth, ['projects:read']);
    expect((await project(token.secret)).statusCode).toBe(200);
    await t.ownerDb
      .update(officeMembers)
      .set({ role: 'CASTING_DIRECTOR' })
      .where(eq(officeMembers.userId, maker.user.id));
    expect((await project(token.secret)).statusCode).toBe(401);
  });

  it('refuses bad input and limits each token’s requests per minute', async () => {
    for (const payload of [
      { name: '', scopes: ['projects:read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['everything'] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const busy = await makeToken(owner.auth, ['projects:read']);
    const statuses: number[] = [];
    for (let i = 0; i <= QUOTA; i += 1) statuses.push((await project(busy.secret)).statusCode);
    expect(statuses.slice(0, QUOTA).every((status) => status === 200)).toBe(true);
    const over = await project(busy.secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(API_TOKEN_MESSAGES.tokenQuotaExceeded);
    // Another token of the office has its own quota.
    expect((await project((await makeToken(owner.auth, ['projects:read'])).secret)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('names the scope of every operation a token may call, and of no other', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.components.securitySchemes)).toContain('apiToken');
    const documented: Record<string, string> = {};
    for (const [path, operations] of Object.entries(
      doc.paths as Record<string, Record<string, { security?: Record<string, string[]>[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        const requirement = (operation.security ?? []).find((entry) => 'apiToken' in entry);
        if (requirement)
          documented[`${method.toUpperCase()} ${path}`] = requirement.apiToken?.join(',') ?? '';
      }
    }
    const declared = Object.fromEntries(
      t.app.routeAccess
        .filter((route) => route.tokenScope && route.method !== 'HEAD')
        .map((route) => [`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`, route.tokenScope]),
    );
    expect(Object.keys(declared).length).toBeGreaterThanOrEqual(8);
    expect(documented).toEqual(declared);
  });
});
