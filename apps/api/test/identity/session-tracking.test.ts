import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  buildIdentityApp,
  createUser,
  CSRF,
  grantOf,
  idleSession,
  refresh,
  signIn,
  type SignedIn,
} from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

type Via = 'cookie' | 'body' | 'bearer';

function track(session: SignedIn, via: Via, method: 'PATCH' | 'DELETE' = 'PATCH', suffix = '') {
  return t.app.inject({
    method,
    url: `/api/session-tracking/${session.trackingId}${suffix}`,
    headers: { ...CSRF, ...(via === 'bearer' ? session.auth : {}) },
    ...(via === 'cookie' ? { cookies: { casting_rt: session.refreshToken } } : {}),
    ...(via === 'body' ? { payload: { refreshToken: session.refreshToken } } : {}),
  });
}

describe('session tracking', () => {
  it.each<Via>(['cookie', 'body', 'bearer'])(
    'PATCH starts tracking (session named by %s) and answers the duration',
    async (via) => {
      const session = await signIn(t.app, await createUser());
      const res = await track(session, via);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { duration: 240 } });
    },
  );

  it('extend restarts the inactivity countdown, so a refresh after it succeeds', async () => {
    const session = await signIn(t.app, await createUser());
    await idleSession(session.trackingId, 239);
    const res = await track(session, 'cookie', 'PATCH', '/extend');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { duration: 240 } });
    await idleSession(session.trackingId, 0);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(200);
  });

  it('cannot extend a session that has already been idle past its duration', async () => {
    const session = await signIn(t.app, await createUser());
    await idleSession(session.trackingId, 240);
    const res = await track(session, 'cookie', 'PATCH', '/extend');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('DELETE ends the session and clears the cookie', async () => {
    const session = await signIn(t.app, await createUser());
    const res = await track(session, 'cookie', 'DELETE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { duration: 240 } });
    expect(res.cookies.find((c) => c.name === 'casting_rt')?.value).toBe('');
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth })).statusCode,
    ).toBe(401);
  });

  it("refuses to touch another person's session", async () => {
    const mine = await signIn(t.app, await createUser());
    const theirs = await signIn(t.app, await createUser());
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/session-tracking/${theirs.trackingId}/extend`,
      headers: CSRF,
      cookies: { casting_rt: mine.refreshToken },
    });
    expect(res.statusCode).toBe(404);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/session-tracking/${theirs.trackingId}`,
      headers: { ...CSRF, ...mine.auth },
    });
    expect(ended.statusCode).toBe(404);
    expect((await refresh(t.app, theirs.refreshToken)).statusCode).toBe(200);
  });

  it('needs a session and the X-Requested-With header', async () => {
    const session = await signIn(t.app, await createUser());
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/session-tracking/${session.trackingId}/extend`,
      headers: CSRF,
    });
    expect(anonymous.statusCode).toBe(401);
    const noHeader = await t.app.inject({
      method: 'PATCH',
      url: `/api/session-tracking/${session.trackingId}/extend`,
      cookies: { casting_rt: session.refreshToken },
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

describe('SESSION_DURATION_MINUTES', () => {
  it('sets the duration the grant and the tracking calls report, and the cut-off', async () => {
    const short = await buildIdentityApp({ SESSION_DURATION_MINUTES: '5' });
    try {
      const session = await signIn(short.app, await createUser());
      expect(session.sessionDurationMinutes).toBe(5);
      const tracked = await short.app.inject({
        method: 'PATCH',
        url: `/api/session-tracking/${session.trackingId}`,
        headers: CSRF,
        cookies: { casting_rt: session.refreshToken },
      });
      expect(tracked.json()).toEqual({ data: { duration: 5 } });
      await idleSession(session.trackingId, 4);
      const fresh = grantOf(await refresh(short.app, session.refreshToken));
      await idleSession(session.trackingId, 5);
      const late = await refresh(short.app, fresh.refreshToken);
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('SESSION_EXPIRED');
    } finally {
      await short.close();
    }
  });
});
