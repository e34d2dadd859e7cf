import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp, createUser, PASSWORD, refresh, signIn } from '../support/identity';

// A signed-in person changes their password after the current one; other sessions end, this one stays, and the
// owner is told by e-mail.

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Lighthouse#Keeper42';

const change = (accessToken: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/me/password',
    headers: { authorization: `Bearer ${accessToken}` },
    payload,
  });

const signInWith = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

describe('PUT /api/users/me/password', () => {
  it('changes the password, ends the other sessions, keeps this one and mails a notice', async () => {
    const user = await createUser();
    const here = await signIn(t.app, user);
    const elsewhere = await signIn(t.app, user);

    const res = await change(here.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ passwordChanged: true });

    expect((await signInWith(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const { db } = await testDatabase();
    const [other] = await db.select().from(authSessions).where(eq(authSessions.id, elsewhere.trackingId));
    expect(other?.revokedReason).toBe('PASSWORD_CHANGED');
    expect((await refresh(t.app, elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t.app, here.refreshToken)).statusCode).toBe(200);

    // The notice leaves through the mail job after the answer: wait for it by time (the poll's default is 1 s).
    await expect
      .poll(
        async () => {
          const outbox = await t.app.inject({
            method: 'GET',
            url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}`,
          });
          return outbox.json().items.map((item: { subject: string }) => item.subject);
        },
        { timeout: 20_000, interval: 100 },
      )
      .toContain('Your Casting password was changed');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const res = await change(session.accessToken, {
      currentPassword: 'Wrong#Password1',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect((await signInWith(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one, or a common one, naming the field', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const same = await change(session.accessToken, { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().details.issues).toEqual([
      { path: 'body.newPassword', message: 'Choose a new password that differs from your current one.' },
    ]);
    const common = await change(session.accessToken, {
      currentPassword: PASSWORD,
      newPassword: 'Password1!',
    });
    expect(common.statusCode).toBe(400);
    expect(JSON.stringify(common.json())).toContain('newPassword');
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});
