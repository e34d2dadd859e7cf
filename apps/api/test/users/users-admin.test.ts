import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  buildIdentityApp,
  createUser,
  PASSWORD,
  refresh,
  reloadUser,
  signIn,
  type SignedIn,
} from '../support/identity';

let t: TestApp;
let admin: SignedIn;
let adminId: string;
beforeAll(async () => {
  t = await buildIdentityApp();
  const user = await createUser({ roleCode: 'SUPER_ADMIN' });
  adminId = user.id;
  admin = await signIn(t.app, user);
});
afterAll(() => t.close());

const list = (query: string, session = admin) =>
  t.app.inject({ method: 'GET', url: `/api/users${query}`, headers: session.auth });

const patch = (id: string, payload: object, session = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: session.auth, payload });

describe('GET /api/users', () => {
  it('searches name and e-mail from 3 characters, with paging', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const firstName of ['Ada', 'Bea', 'Cy']) {
      await createUser({
        firstName,
        lastName: `Zq${tag}`,
        email: `${firstName.toLowerCase()}-${tag}@example.com`,
      });
    }
    const all = await list(`?q=zq${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    // Newest first.
    expect(all.json().items.map((u: { firstName: string }) => u.firstName)).toEqual(['Cy', 'Bea', 'Ada']);
    expect(all.json().items[0]).toMatchObject({
      email: `cy-${tag}@example.com`,
      role: { id: 2, code: 'CASTING_DIRECTOR' },
      confirmed: true,
      deactivated: false,
      createdAt: expect.any(String),
    });

    const page = await list(`?q=${tag.toUpperCase()}&limit=2&offset=2`);
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page.json().items).toHaveLength(1);

    const byEmail = await list(`?q=bea-${tag}`);
    expect(byEmail.json().items.map((u: { firstName: string }) => u.firstName)).toEqual(['Bea']);
  });

  it('ignores a term shorter than 3 characters and treats LIKE wildcards literally', async () => {
    const short = await list('?q=zz&limit=1');
    expect(short.statusCode).toBe(200);
    expect(short.json().total).toBeGreaterThan(1);
    expect((await list('?q=%25%25%25')).json().total).toBe(0);
  });

  it('validates paging', async () => {
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?limit=101')).statusCode).toBe(400);
    expect((await list('?offset=-1')).statusCode).toBe(400);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('changes the role and requires a second factor', async () => {
    const user = await createUser();
    const res = await patch(user.id, { roleCode: 'CASTING_ASSISTANT', otpRequired: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      roleId: 3,
      role: { id: 3, code: 'CASTING_ASSISTANT' },
      otpRequired: true,
    });
    expect(await reloadUser(user.id)).toMatchObject({ roleCode: 'CASTING_ASSISTANT', otpRequired: true });
  });

  it('deactivates (signing the user out everywhere) and reactivates', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const res = await patch(user.id, { deactivated: true });
    expect(res.json().deactivated).toBe(true);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth })).statusCode,
    ).toBe(401);
    const signInAttempt = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(signInAttempt.json().code).toBe('INVALID_CREDENTIALS');

    expect((await patch(user.id, { deactivated: false })).json().deactivated).toBe(false);
    expect((await signIn(t.app, user)).accessToken).toEqual(expect.any(String));
  });

  it('refuses to deactivate or demote oneself', async () => {
    const self = await patch(adminId, { deactivated: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account.');
    expect((await patch(adminId, { roleCode: 'CLIENT' })).json().message).toBe(
      'You cannot change your own role.',
    );
    expect((await reloadUser(adminId)).roleCode).toBe('SUPER_ADMIN');
  });

  it('answers 404 for an unknown id and 400 for a malformed one or an empty change', async () => {
    expect((await patch(randomUUID(), { otpRequired: true })).statusCode).toBe(404);
    expect((await patch('not-a-uuid', { otpRequired: true })).statusCode).toBe(400);
    const user = await createUser();
    expect((await patch(user.id, {})).statusCode).toBe(400);
    expect((await patch(user.id, { roleCode: 'EMPEROR' })).statusCode).toBe(400);
  });
});

describe('who may administer users', () => {
  it.each([
    ['CASTING_DIRECTOR', 'FORBIDDEN'],
    ['CLIENT', 'FORBIDDEN'],
    ['TALENT', 'TALENT_NOT_ALLOWED'],
  ] as const)('refuses a %s with %s', async (roleCode, code) => {
    const user = await createUser({ roleCode });
    const session = await signIn(t.app, user);
    const res = await list('', session);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(code);
    const target = await createUser();
    expect((await patch(target.id, { otpRequired: true }, session)).statusCode).toBe(403);
    expect((await reloadUser(target.id)).otpRequired).toBe(false);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });
});
