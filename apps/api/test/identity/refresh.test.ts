import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens, users } from '../../src/platform/db/schema';
import { sha256 } from '../../src/modules/identity/crypto/tokens';
import { appsCaughtUp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import {
  buildIdentityApp,
  createUser,
  CSRF,
  grantOf,
  idleSession,
  refresh,
  refreshCookieOf,
  signIn,
} from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${accessToken}` } });

async function sessionRow(id: string) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id));
  return row!;
}

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and issues a new access token for the same session', async () => {
    const session = await signIn(t.app, await createUser());
    const res = await refresh(t.app, session.refreshToken);
    const next = grantOf(res);
    expect(res.json()).toEqual({
      accessToken: expect.any(String),
      accessTokenExpiresIn: 900,
      trackingId: session.trackingId,
      sessionDurationMinutes: 240,
    });
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect((await me(next.accessToken)).statusCode).toBe(200);
    // The rotated token keeps working in turn.
    expect((await refresh(t.app, next.refreshToken)).statusCode).toBe(200);
  });

  it('answers tabs refreshing at once with one token each can keep using, and keeps the session', async () => {
    const session = await signIn(t.app, await createUser());
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(t.app, session.refreshToken)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const successors = new Set(answers.map((res) => grantOf(res).refreshToken));
    expect(successors.size).toBe(1);
    expect((await sessionRow(session.trackingId)).revokedAt).toBeNull();
    for (const res of answers) expect((await me(grantOf(res).accessToken)).statusCode).toBe(200);
    const [successor] = [...successors];
    expect((await refresh(t.app, successor!)).statusCode).toBe(200);
  });

  it('gives a late tab the live token after other rotations within the grace window', async () => {
    const session = await signIn(t.app, await createUser());
    const second = grantOf(await refresh(t.app, session.refreshToken));
    const third = grantOf(await refresh(t.app, second.refreshToken));
    const late = await refresh(t.app, session.refreshToken);
    expect(late.statusCode).toBe(200);
    expect(grantOf(late).refreshToken).toBe(third.refreshToken);
    expect((await sessionRow(session.trackingId)).revokedAt).toBeNull();
  });

  it('revokes the whole session when a token rotated outside the grace window is presented again', async () => {
    const session = await signIn(t.app, await createUser());
    const second = grantOf(await refresh(t.app, session.refreshToken));
    // The rotation happened longer ago than the 30-second window in which racing tabs are answered.
    const { db } = await testDatabase();
    await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '31 seconds'` })
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));
    const replay = await refresh(t.app, session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_REFRESH_TOKEN');
    // The legitimate holder's newer token and access token die with the family.
    expect((await refresh(t.app, second.refreshToken)).statusCode).toBe(401);
    expect((await me(second.accessToken)).statusCode).toBe(401);
    expect((await sessionRow(session.trackingId)).revokedReason).toBe('REFRESH_TOKEN_REUSE');
  });

  it('requires the X-Requested-With header', async () => {
    const session = await signIn(t.app, await createUser());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { casting_rt: session.refreshToken },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Missing X-Requested-With header.' });
  });

  it('refuses a missing or unknown token and clears the cookie', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: CSRF });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('INVALID_REFRESH_TOKEN');
    const unknown = await refresh(t.app, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(refreshCookieOf(unknown)).toBe('');
  });

  it('refuses a session idle past its duration with SESSION_EXPIRED, and revokes it', async () => {
    const session = await signIn(t.app, await createUser());
    await idleSession(session.trackingId, 241);
    const res = await refresh(t.app, session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await sessionRow(session.trackingId)).revokedReason).toBe('IDLE');
  });

  it('does not count a refresh as activity', async () => {
    const session = await signIn(t.app, await createUser());
    await idleSession(session.trackingId, 100);
    const before = (await sessionRow(session.trackingId)).lastActivityAt;
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(200);
    expect((await sessionRow(session.trackingId)).lastActivityAt).toEqual(before);
  });

  it('refuses the tokens of a deactivated user', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
    await appsCaughtUp();
    expect((await refresh(t.app, session.refreshToken)).json().code).toBe('INVALID_REFRESH_TOKEN');
  });
});

describe('POST /api/auth/sign-out', () => {
  it('revokes the session, clears the cookie and answers 204', async () => {
    const session = await signIn(t.app, await createUser());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: CSRF,
      cookies: { casting_rt: session.refreshToken },
    });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'casting_rt');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api');
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    expect((await sessionRow(session.trackingId)).revokedReason).toBe('SIGN_OUT');
  });

  it('works with the bearer token alone, and without any session at all', async () => {
    const session = await signIn(t.app, await createUser());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...CSRF, ...session.auth },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(session.accessToken)).statusCode).toBe(401);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: CSRF });
    expect(anonymous.statusCode).toBe(204);
  });

  it('requires the X-Requested-With header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Missing X-Requested-With header.');
  });
});
