import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import {
  buildIdentityApp,
  createUser,
  latestCode,
  newestOutboxId,
  PASSWORD,
  refresh,
  reloadUser,
  signIn,
  uniqueEmail,
} from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({ CODE_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Lantern$Meadow81';

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

const reset = (email: string, code: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email, code, newPassword } });

const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } })).statusCode;

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const user = await createUser();
    const unknownEmail = uniqueEmail('nobody');
    const known = await forgot(user.email);
    const unknown = await forgot(unknownEmail);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await latestCode(t.app, user.email);
    expect(mail.subject).toBe('Your Casting password reset code');
    expect(await newestOutboxId(t.app, unknownEmail)).toBeUndefined();
  });

  it('sets the new password, revokes every session, and the old password stops working', async () => {
    const user = await createUser();
    const first = await signIn(t.app, user);
    const second = await signIn(t.app, user);
    await forgot(user.email);
    const { code } = await latestCode(t.app, user.email);
    const res = await reset(user.email, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ passwordReset: true });
    for (const session of [first, second]) {
      expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
      expect(me.statusCode).toBe(401);
    }
    expect(await signInStatus(user.email, PASSWORD)).toBe(401);
    expect(await signInStatus(user.email, NEW_PASSWORD)).toBe(200);
    // Single use.
    expect((await reset(user.email, code, 'Another#Pass55')).json().code).toBe('INVALID_CODE');
  });

  it('refuses wrong codes, unknown addresses, and a code after CODE_MAX_ATTEMPTS', async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await latestCode(t.app, user.email);
    expect((await reset(uniqueEmail('nobody'), code)).json()).toEqual({
      code: 'INVALID_CODE',
      message: 'Invalid code or auth state for the user.',
    });
    for (let i = 0; i < 3; i += 1) expect((await reset(user.email, wrongCode(code))).statusCode).toBe(400);
    expect((await reset(user.email, code)).statusCode).toBe(400);
    expect(await signInStatus(user.email, PASSWORD)).toBe(200);
  });

  it('says an expired code has expired', async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await latestCode(t.app, user.email);
    const { db } = await testDatabase();
    await db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeCodes.userId, user.id));
    const res = await reset(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('applies the password rules and refuses common passwords without spending the code', async () => {
    const user = await createUser();
    await forgot(user.email);
    const { code } = await latestCode(t.app, user.email);
    const weak = await reset(user.email, code, 'alllowercase');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    const common = await reset(user.email, code, 'Welcome1!');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This password is too common. Please choose a less predictable one.',
      details: { issues: [{ path: 'body.newPassword' }] },
    });
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });

  it('confirms an unconfirmed account, and sends nothing to a deactivated one', async () => {
    const unconfirmed = await createUser({ confirmed: false });
    await forgot(unconfirmed.email);
    const { code } = await latestCode(t.app, unconfirmed.email);
    expect((await reset(unconfirmed.email, code)).statusCode).toBe(200);
    expect((await reloadUser(unconfirmed.id)).confirmedAt).not.toBeNull();

    const deactivated = await createUser({ deactivatedAt: new Date() });
    expect((await forgot(deactivated.email)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await newestOutboxId(t.app, deactivated.email)).toBeUndefined();
  });
});
