import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  authenticatorFrom,
  buildIdentityApp,
  createUser,
  PASSWORD,
  reloadUser,
  signIn,
  uniquePhone,
  updateUserRow,
  type SignedIn,
} from '../support/identity';
import { buildTestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const WRONG_PASSWORD = { code: 'FORBIDDEN', message: 'Your password is not correct.' };
const REQUIRED = {
  code: 'CONFLICT',
  message: 'Your administrator requires an authenticator app for this account.',
};

const removeAuthenticator = (session: SignedIn | null, payload: object, app = t.app) =>
  app.inject({
    method: 'DELETE',
    url: '/api/users/authenticator',
    headers: session?.auth ?? {},
    payload,
  });

const removePhone = (session: SignedIn | null, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/users/me/phone', headers: session?.auth ?? {}, payload });

const signInAnswer = async (email: string) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD } })
  ).json();

/** A signed-in user whose authenticator is on; `otpRequired` as an administrator set it. */
async function withAuthenticator(otpRequired = false) {
  const user = await createUser();
  const session = await signIn(t.app, user);
  const setUp = await t.app.inject({
    method: 'POST',
    url: '/api/users/authenticator',
    headers: session.auth,
  });
  const app = authenticatorFrom(setUp.json().otpUrl);
  const enabled = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/authenticator/enable',
    headers: session.auth,
    payload: { code: app.code() },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  if (otpRequired) await updateUserRow(user.id, { otpRequired: true });
  return { user, session };
}

async function subjects(email: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return (res.json().items as { subject: string }[]).map((item) => item.subject);
}

/** Waits for a notice with this subject (notices leave through the `mail` job, after the answer) and returns it. */
async function noticeSubject(email: string, subject: string): Promise<string | undefined> {
  // Bounded by time, not attempts: on a loaded machine the job can take seconds to be picked up.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await subjects(email)).includes(subject)) return subject;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

const TURNED_ON = 'An authenticator app was turned on for your Casting account';
const TURNED_OFF = 'Your Casting authenticator app was turned off';

describe('DELETE /api/users/authenticator', () => {
  it('turns the authenticator off with the current password, forgets the secret and tells the owner', async () => {
    const { user, session } = await withAuthenticator();
    expect((await signInAnswer(user.email)).signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');

    const res = await removeAuthenticator(session, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, otpEnabled: false, otpRequired: false });
    expect(await reloadUser(user.id)).toMatchObject({
      otpEnabled: false,
      otpSecret: null,
      otpPendingSecret: null,
      otpLastStep: null,
    });
    expect((await signInAnswer(user.email)).status).toBe('SIGNED_IN');
    expect(await noticeSubject(user.email, TURNED_OFF)).toBe(TURNED_OFF);
  });

  it("refuses a wrong password with 'Your password is not correct.' and changes nothing", async () => {
    const { user, session } = await withAuthenticator();
    const res = await removeAuthenticator(session, { password: `${PASSWORD}x` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(WRONG_PASSWORD);
    const row = await reloadUser(user.id);
    expect(row.otpEnabled).toBe(true);
    expect(row.otpSecret).toMatch(/^v1\./);
    // The only notice is the one for turning it on; it is queued before the refused call.
    expect(await noticeSubject(user.email, TURNED_ON)).toBe(TURNED_ON);
    expect(await subjects(user.email)).toEqual([TURNED_ON]);
  });

  it('refuses while an administrator requires the authenticator, even with the right password', async () => {
    const { user, session } = await withAuthenticator(true);
    const res = await removeAuthenticator(session, { password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(REQUIRED);
    expect((await reloadUser(user.id)).otpEnabled).toBe(true);
  });

  it('asks for the password and for a session', async () => {
    const { session } = await withAuthenticator();
    const missing = await removeAuthenticator(session, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect(missing.json().message).toContain('Password is required');
    const anonymous = await removeAuthenticator(null, { password: PASSWORD });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts wrong passwords against the account and refuses once the limit is reached', async () => {
    const limited = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      const user = await createUser();
      const session = await signIn(limited.app, user);
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await removeAuthenticator(session, { password: 'Wrong#Guess1' }, limited.app)).statusCode,
        ).toBe(403);
      }
      const blocked = await removeAuthenticator(session, { password: PASSWORD }, limited.app);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('DELETE /api/users/me/phone', () => {
  async function withPhone() {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const phone = uniquePhone();
    await updateUserRow(user.id, { phoneNumber: phone, smsMfaEnabled: true });
    return { user, session, phone };
  }

  it('removes the number with the current password; sign-in stops texting codes', async () => {
    const { user, session, phone } = await withPhone();
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
    expect(me.json()).toMatchObject({ phoneNumber: `+*******${phone.slice(-4)}`, smsMfaEnabled: true });
    expect((await signInAnswer(user.email)).signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');

    const res = await removePhone(session, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, phoneNumber: null, smsMfaEnabled: false });
    expect(await reloadUser(user.id)).toMatchObject({ phoneNumber: null, smsMfaEnabled: false });
    expect((await signInAnswer(user.email)).status).toBe('SIGNED_IN');
    const removed = 'Your Casting phone number was removed';
    expect(await noticeSubject(user.email, removed)).toBe(removed);
  });

  it("refuses a wrong password with 'Your password is not correct.' and keeps the number", async () => {
    const { user, session, phone } = await withPhone();
    const res = await removePhone(session, { password: 'Not#MyPassword9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(WRONG_PASSWORD);
    expect(await reloadUser(user.id)).toMatchObject({ phoneNumber: phone, smsMfaEnabled: true });
  });

  it('is allowed while an authenticator is required, and needs a session', async () => {
    const { user, session } = await withPhone();
    await updateUserRow(user.id, { otpRequired: true, otpEnabled: true });
    expect((await removePhone(session, { password: PASSWORD })).statusCode).toBe(200);
    expect((await removePhone(null, { password: PASSWORD })).statusCode).toBe(401);
  });
});
