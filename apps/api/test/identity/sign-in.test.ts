import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { identityKeys } from '../../src/modules/identity/crypto/keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/platform/db/schema';
import { appsCaughtUp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import {
  buildIdentityApp,
  createUser,
  grantOf,
  latestCode,
  PASSWORD,
  uniqueEmail,
} from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const signInRequest = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

const INVALID = { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password.' };

describe('POST /api/auth/sign-in', () => {
  it('signs in with a session grant and an httpOnly, SameSite=Strict refresh cookie on /api', async () => {
    const user = await createUser();
    const res = await signInRequest(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'SIGNED_IN',
      accessToken: expect.any(String),
      accessTokenExpiresIn: 900,
      trackingId: expect.any(String),
      sessionDurationMinutes: 240,
    });
    const cookie = res.cookies.find((c) => c.name === 'casting_rt');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    expect(cookie?.secure).toBeFalsy();
    // 256 random bits, base64url.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ sub: user.id, sid: body.trackingId, iss: 'casting-api', aud: 'casting' });
    expect(claims.exp! - claims.iat!).toBe(900);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  it('gives the same answer for an unknown address, a wrong password and a deactivated account', async () => {
    const user = await createUser();
    const deactivated = await createUser({ deactivatedAt: new Date() });
    const passwordless = await createUser();
    const { db } = await testDatabase();
    await db.update(users).set({ passwordHash: null }).where(eq(users.id, passwordless.id));
    for (const res of [
      await signInRequest(uniqueEmail('nobody'), PASSWORD),
      await signInRequest(user.email, 'Wrong#Password9'),
      await signInRequest(deactivated.email, PASSWORD),
      await signInRequest(passwordless.email, PASSWORD),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      expect(res.cookies).toEqual([]);
    }
  });

  it('asks an unconfirmed account to confirm, only after the right password', async () => {
    const user = await createUser({ confirmed: false });
    expect((await signInRequest(user.email, 'Wrong#Password9')).json()).toEqual(INVALID);
    const res = await signInRequest(user.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'NEXT_STEP', signInStep: 'CONFIRM_SIGN_UP', session: '' });
    expect(res.cookies).toEqual([]);
    // No usable code existed, so one was mailed; it confirms the account and sign-in then works.
    const { code } = await latestCode(t.app, user.email);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { email: user.email, code },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await signInRequest(user.email, PASSWORD)).json().status).toBe('SIGNED_IN');
  });

  it('signs in a talent: the web app, not the API, refuses them', async () => {
    const talent = await createUser({ roleCode: 'TALENT' });
    const grant = grantOf(await signInRequest(talent.email, PASSWORD));
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: grant.auth });
    expect(me.json().role).toEqual({ id: 5, code: 'TALENT' });
    const staffOnly = await t.app.inject({ method: 'GET', url: '/api/users', headers: grant.auth });
    expect(staffOnly.statusCode).toBe(403);
    expect(staffOnly.json()).toEqual({
      code: 'TALENT_NOT_ALLOWED',
      message: 'Only admins can access this app',
    });
  });

  it('validates the body without a 500', async () => {
    for (const payload of [{}, { email: 'not-an-email', password: 'x' }, { email: 'a@b.co' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('access tokens', () => {
  it('are refused once forged, or when the user is deactivated', async () => {
    const user = await createUser();
    const grant = grantOf(await signInRequest(user.email, PASSWORD));
    const forged = `${grant.accessToken.slice(0, -4)}AAAA`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');

    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    await appsCaughtUp();
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: grant.auth });
    expect(after.statusCode).toBe(401);
  });

  it('are refused without an expiry, even when validly signed', async () => {
    const user = await createUser();
    const grant = grantOf(await signInRequest(user.email, PASSWORD));
    const claims = decodeJwt(grant.accessToken);
    const key = identityKeys(t.context.config).accessToken;
    const forever = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(claims.iss!)
      .setAudience(claims.aud!)
      .setIssuedAt()
      .sign(key);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${forever}` },
    });
    expect(res.statusCode).toBe(401);
    // The same claims with an expiry are accepted, so the refusal is the missing expiry's.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: grant.auth });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('carry the role from the database, not from the token', async () => {
    const user = await createUser();
    const grant = grantOf(await signInRequest(user.email, PASSWORD));
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: grant.auth })).statusCode).toBe(
      403,
    );
    const { db } = await testDatabase();
    await db.update(users).set({ roleCode: 'SUPER_ADMIN' }).where(eq(users.id, user.id));
    await appsCaughtUp();
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: grant.auth })).statusCode).toBe(
      200,
    );
  });
});
