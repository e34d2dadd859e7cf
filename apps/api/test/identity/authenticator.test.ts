import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChallenges } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';
import type { TestApp } from '../support/app';
import {
  authenticatorFrom,
  buildIdentityApp,
  createUser,
  CSRF,
  grantOf,
  PASSWORD,
  reloadUser,
  signIn,
  type SignedIn,
} from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({ CODE_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

async function setUp(session: SignedIn) {
  const res = await t.app.inject({ method: 'POST', url: '/api/users/authenticator', headers: session.auth });
  expect(res.statusCode, res.body).toBe(200);
  return authenticatorFrom(res.json().otpUrl);
}

const enable = (session: SignedIn, code: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/authenticator/enable',
    headers: session.auth,
    payload: { code },
  });

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

/** A user with an enabled authenticator, and the app that computes their codes. */
async function userWithAuthenticator() {
  const user = await createUser();
  const session = await signIn(t.app, user);
  const app = await setUp(session);
  // A code from the previous step, so the sign-in below can use the current one (same-step reuse is refused).
  expect((await enable(session, app.code(Date.now() - 30_000))).statusCode).toBe(200);
  return { user, app };
}

async function startSignIn(user: { email: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

const confirmSignIn = (session: string, challengeResponse: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-sign-in',
    payload: { session, challengeResponse },
  });

describe('authenticator set-up', () => {
  it("answers an otpauth URL with issuer Casting and the user's e-mail, and stores the secret sealed", async () => {
    const user = await createUser();
    const app = await setUp(await signIn(t.app, user));
    expect(app.url.protocol).toBe('otpauth:');
    expect(app.url.host).toBe('totp');
    expect(decodeURIComponent(app.url.pathname)).toBe(`/Casting:${user.email}`);
    expect(app.url.searchParams.get('issuer')).toBe('Casting');
    const secret = app.url.searchParams.get('secret')!;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const row = await reloadUser(user.id);
    expect(row.otpPendingSecret).toMatch(/^v1\./);
    expect(row.otpPendingSecret).not.toContain(secret);
    expect(row.otpEnabled).toBe(false);
  });

  it("refuses a wrong code with 'Invalid Verification code' and enables with a right one", async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const app = await setUp(session);
    const wrong = await enable(session, wrongCode(app.code()));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'INVALID_CODE', message: 'Invalid Verification code' });
    const empty = await enable(session, '  ');
    expect(empty.statusCode).toBe(400);
    const res = await enable(session, app.code());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, otpEnabled: true });
    const row = await reloadUser(user.id);
    expect(row.otpSecret).toMatch(/^v1\./);
    expect(row.otpPendingSecret).toBeNull();
  });

  it('accepts a code from one step either side, not two', async () => {
    const session = await signIn(t.app, await createUser());
    const app = await setUp(session);
    expect((await enable(session, app.code(Date.now() - 65_000))).statusCode).toBe(400);
    expect((await enable(session, app.code(Date.now() + 30_000))).statusCode).toBe(200);
  });
});

describe('signing in with the authenticator', () => {
  it('asks for the code, then signs in with it', async () => {
    const { user, app } = await userWithAuthenticator();
    const res = await startSignIn(user);
    const body = res.json();
    expect(body).toEqual({
      status: 'NEXT_STEP',
      signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
      session: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(res.cookies).toEqual([]);
    const done = await confirmSignIn(body.session, app.code());
    const grant = grantOf(done);
    expect(done.json().status).toBe('SIGNED_IN');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: grant.auth })).statusCode,
    ).toBe(200);
  });

  it("refuses a wrong code with 'Invalid code or auth state for the user.' and allows a retry", async () => {
    const { user, app } = await userWithAuthenticator();
    const { session } = (await startSignIn(user)).json();
    const wrong = await confirmSignIn(session, wrongCode(app.code()));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CODE',
      message: 'Invalid code or auth state for the user.',
    });
    expect((await confirmSignIn(session, app.code())).statusCode).toBe(200);
  });

  it('kills the challenge after CODE_MAX_ATTEMPTS wrong codes', async () => {
    const { user, app } = await userWithAuthenticator();
    const { session } = (await startSignIn(user)).json();
    for (let i = 0; i < 3; i += 1) {
      expect((await confirmSignIn(session, wrongCode(app.code()))).statusCode).toBe(400);
    }
    expect((await confirmSignIn(session, app.code())).json().code).toBe('INVALID_CODE');
  });

  it('refuses to use one code twice', async () => {
    const { user, app } = await userWithAuthenticator();
    const code = app.code();
    const first = (await startSignIn(user)).json().session;
    expect((await confirmSignIn(first, code)).statusCode).toBe(200);
    const second = (await startSignIn(user)).json().session;
    expect((await confirmSignIn(second, code)).json().code).toBe('INVALID_CODE');
  });

  it('refuses an unknown challenge, and an expired one even with the right code', async () => {
    const { user, app } = await userWithAuthenticator();
    expect((await confirmSignIn('no-such-session', app.code())).json().code).toBe('INVALID_CODE');
    const { session } = (await startSignIn(user)).json();
    const { db } = await testDatabase();
    await db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(signInChallenges.userId, user.id));
    const res = await confirmSignIn(session, app.code());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CODE');
  });
});

describe('otpRequired without an authenticator', () => {
  it('answers TOTP_NOT_ENABLED everywhere except the set-up calls, /users/me and sign-out', async () => {
    const user = await createUser({ otpRequired: true, roleCode: 'SUPER_ADMIN' });
    const session = await signIn(t.app, user);
    const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { ...session.auth, ...CSRF }, ...(payload ? { payload } : {}) });

    for (const res of [
      await call('GET', '/api/users'),
      await call('PATCH', '/api/users/me', { firstName: 'New' }),
      await call('PATCH', '/api/users/me/phone', { phoneNumber: '+15551234567' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TOTP_NOT_ENABLED');
    }
    const me = await call('GET', '/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ otpRequired: true, otpEnabled: false });

    const setup = await call('POST', '/api/users/authenticator');
    expect(setup.statusCode).toBe(200);
    const app = authenticatorFrom(setup.json().otpUrl);
    expect((await call('PATCH', '/api/users/authenticator/enable', { code: app.code() })).statusCode).toBe(
      200,
    );
    // The same access token now passes: the second-factor state is read from the database.
    expect((await call('GET', '/api/users')).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/sign-out')).statusCode).toBe(204);
  });
});
