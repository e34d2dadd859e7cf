import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import {
  authenticatorFrom,
  buildIdentityApp,
  createUser,
  grantOf,
  PASSWORD,
  refresh,
  reloadUser,
  signIn,
  uniqueEmail,
  type SignedIn,
} from '../support/identity';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const signInWith = (user: { email: string }, userAgent: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });

async function subjects(email: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return (res.json().items as { subject: string }[]).map((item) => item.subject);
}

/** Waits for a mail with this subject: notices leave through the `mail` job, after the answer. */
async function waitForSubject(email: string, subject: string): Promise<string[]> {
  // Bounded by time, not attempts: on a loaded machine the mail job can take seconds to be picked up.
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const found = await subjects(email);
    if (found.includes(subject)) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail '${subject}' to ${email}`);
}

async function enableAuthenticator(session: SignedIn) {
  const setUp = await t.app.inject({
    method: 'POST',
    url: '/api/users/authenticator',
    headers: session.auth,
  });
  const app = authenticatorFrom(setUp.json().otpUrl);
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/authenticator/enable',
    headers: session.auth,
    // A code from the previous step, so a sign-in in the same step can still use the current one.
    payload: { code: app.code(Date.now() - 30_000) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { app, body: res.json() as { otpEnabled: boolean; recoveryCodes: string[] } };
}

async function totpChallenge(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: PASSWORD },
  });
  expect(res.json().signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  return res.json().session;
}

const confirm = (session: string, challengeResponse: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-sign-in', payload: { session, challengeResponse } });

describe('authenticator recovery codes', () => {
  it('are answered once when the authenticator is enabled, ten of them, stored only as digests', async () => {
    const user = await createUser();
    const { body } = await enableAuthenticator(await signIn(t.app, user));
    expect(body.otpEnabled).toBe(true);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const { db } = await testDatabase();
    const rows = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const stored = rows.map((row) => row.codeHash);
    for (const code of body.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('sign in once each at the authenticator step, in any case and without the dash', async () => {
    const user = await createUser();
    const { body } = await enableAuthenticator(await signIn(t.app, user));
    const [first] = body.recoveryCodes as [string];

    const typed = first.replace('-', '').toUpperCase();
    const res = await confirm(await totpChallenge(user.email), typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('SIGNED_IN');

    const again = await confirm(await totpChallenge(user.email), first);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
    const { db } = await testDatabase();
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), sql`${recoveryCodes.usedAt} is not null`));
    expect(used?.n).toBe(1);
  });

  it('are replaced after the current password; the old ones stop working', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const { body } = await enableAuthenticator(session);
    const regenerate = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/recovery-codes',
        headers: session.auth,
        payload: { password },
      });

    const wrong = await regenerate(`${PASSWORD}x`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'FORBIDDEN', message: 'Your password is not correct.' });

    const res = await regenerate(PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => body.recoveryCodes.includes(code))).toBe(false);

    expect((await confirm(await totpChallenge(user.email), body.recoveryCodes[0]!)).statusCode).toBe(400);
    expect((await confirm(await totpChallenge(user.email), fresh[0]!)).statusCode).toBe(200);
  });

  it('cannot be generated without an authenticator, and go when it is turned off', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/recovery-codes',
      headers: session.auth,
      payload: { password: PASSWORD },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ code: 'CONFLICT', message: 'Turn the authenticator app on first.' });

    await enableAuthenticator(session);
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/authenticator',
      headers: session.auth,
      payload: { password: PASSWORD },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { db } = await testDatabase();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
  });
});

describe('sessions list', () => {
  const list = (session: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/users/me/sessions', headers: session.auth });

  it('shows each live session with its device, address and times, and marks the current one', async () => {
    const user = await createUser();
    const laptop = grantOf(await signInWith(user, FIREFOX, '203.0.113.7'));
    const phone = grantOf(await signInWith(user, SAFARI_IPHONE, '198.51.100.20'));
    const res = await list(laptop);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(2);
    const byId = Object.fromEntries(items.map((item) => [item.id, item]));
    expect(byId[laptop.trackingId]).toMatchObject({
      device: 'Firefox on Windows',
      userAgent: FIREFOX,
      ipAddress: '203.0.113.7',
      current: true,
    });
    expect(byId[phone.trackingId]).toMatchObject({
      device: 'Safari on iOS',
      ipAddress: '198.51.100.20',
      current: false,
    });
    expect(Date.parse(String(byId[phone.trackingId]?.createdAt))).not.toBeNaN();
    expect(Date.parse(String(byId[phone.trackingId]?.lastActivityAt))).not.toBeNaN();
  });

  it('signs one session out; it can no longer refresh and leaves the list', async () => {
    const user = await createUser();
    const here = await signIn(t.app, user);
    const there = await signIn(t.app, user);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${there.trackingId}`,
      headers: here.auth,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await refresh(t.app, there.refreshToken)).statusCode).toBe(401);
    const ids = ((await list(here)).json().items as { id: string }[]).map((item) => item.id);
    expect(ids).toEqual([here.trackingId]);
  });

  it("answers not found for another person's session and leaves it alone", async () => {
    const me = await signIn(t.app, await createUser());
    const other = await signIn(t.app, await createUser());
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${other.trackingId}`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Session was not found.' });
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(200);
  });

  it('signs out every other session at once and keeps this one', async () => {
    const user = await createUser();
    const here = await signIn(t.app, user);
    const others = [await signIn(t.app, user), await signIn(t.app, user)];
    const res = await t.app.inject({ method: 'DELETE', url: '/api/users/me/sessions', headers: here.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const other of others) expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(401);
    expect((await list(here)).statusCode).toBe(200);
  });
});

describe('notices', () => {
  const NEW_SIGN_IN = 'New sign-in to your Casting account';

  it('mail the owner when a sign-in comes from a new browser or system, not for a known one', async () => {
    const user = await createUser();
    grantOf(await signInWith(user, FIREFOX));
    // Same browser, a newer version: known.
    grantOf(await signInWith(user, FIREFOX.replace(/128\.0/g, '129.0')));
    grantOf(await signInWith(user, SAFARI_IPHONE, '198.51.100.33'));
    const mails = await waitForSubject(user.email, NEW_SIGN_IN);
    expect(mails.filter((subject) => subject === NEW_SIGN_IN)).toHaveLength(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}`,
    });
    const notice = (res.json().items as { subject: string; text: string }[]).find(
      (item) => item.subject === NEW_SIGN_IN,
    );
    expect(notice?.text).toContain('Safari on iOS from the address 198.51.100.33');
  });

  it('mail the owner when an authenticator is turned on', async () => {
    const user = await createUser();
    await enableAuthenticator(await signIn(t.app, user));
    await waitForSubject(user.email, 'An authenticator app was turned on for your Casting account');
  });
});

describe('a password that must be changed (the generated first admin)', () => {
  it('allows reading oneself and changing it, refuses everything else with PASSWORD_CHANGE_REQUIRED', async () => {
    const user = await createUser({ roleCode: 'SUPER_ADMIN', mustChangePassword: true });
    const session = await signIn(t.app, user);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().mustChangePassword).toBe(true);

    for (const [method, url] of [
      ['GET', '/api/users/me/sessions'],
      ['GET', '/api/users'],
      ['GET', '/api/projects'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: session.auth });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 403,
        body: { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Choose a new password to continue.' },
      });
    }

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: session.auth,
      payload: { currentPassword: PASSWORD, newPassword: 'Lantern$Meadow81' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reloadUser(user.id)).mustChangePassword).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: session.auth });
    expect(after.statusCode).toBe(200);
    const meAfter = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
    expect(meAfter.json().mustChangePassword).toBe(false);
  });

  it('is lifted by a password reset too', async () => {
    const user = await createUser({ mustChangePassword: true, email: uniqueEmail('forced') });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const mails = await waitForSubject(user.email, 'Your Casting password reset code');
    expect(mails).toContain('Your Casting password reset code');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}`,
    });
    const text = (res.json().items as { subject: string; text: string }[])[0]!.text;
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: user.email, code, newPassword: 'Lantern$Meadow81' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await reloadUser(user.id)).mustChangePassword).toBe(false);
  });
});
