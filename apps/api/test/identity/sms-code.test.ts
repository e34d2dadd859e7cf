import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  authenticatorFrom,
  buildIdentityApp,
  createUser,
  grantOf,
  latestCode,
  newestOutboxId,
  PASSWORD,
  reloadUser,
  signIn,
  uniquePhone,
} from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({ CODE_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

const signInRequest = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: PASSWORD } });

const confirmSignIn = (session: string, challengeResponse: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-sign-in', payload: { session, challengeResponse } });

describe('verifying a phone number', () => {
  it('texts a code to the new number and turns text-message codes on once it comes back', async () => {
    const user = await createUser();
    const session = await signIn(t.app, user);
    const phone = uniquePhone();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/phone',
      headers: session.auth,
      payload: { phoneNumber: phone },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ codeDeliveryDetails: { destination: `+*******${phone.slice(-4)}` } });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
    expect(me.json().textSignIn).toBe(true);
    expect(await reloadUser(user.id)).toMatchObject({ phoneNumber: null, smsMfaEnabled: false });

    const { code } = await latestCode(t.app, phone);
    const verify = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/phone/verify',
        headers: session.auth,
        payload: { code: value },
      });
    expect((await verify(wrongCode(code))).json().code).toBe('INVALID_CODE');
    const done = await verify(code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ phoneNumber: phone, smsMfaEnabled: true });
    expect(await reloadUser(user.id)).toMatchObject({ phoneNumber: phone, smsMfaEnabled: true });
  });

  it.each(['', '5551234567', '+1555', '+1555abc4567', '+12345678901234567'])(
    "refuses '%s' with INVALID_PHONE_NUMBER",
    async (phoneNumber) => {
      const session = await signIn(t.app, await createUser());
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me/phone',
        headers: session.auth,
        payload: { phoneNumber },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_PHONE_NUMBER',
        message: 'Please enter a valid phone number.',
      });
    },
  );
});

describe('text-message sign-in turned off', () => {
  it('tells the signed-in user so, adds no sign-in number and says what to use instead; nothing is texted', async () => {
    const off = await buildIdentityApp({ SMS_SIGN_IN: 'false' });
    try {
      const session = await signIn(off.app, await createUser());
      // The web app reads the setting from the user it loads, to offer no phone number on the profile.
      const me = await off.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });
      expect(me.statusCode).toBe(200);
      expect(me.json().textSignIn).toBe(false);
      const phone = uniquePhone();
      const res = await off.app.inject({
        method: 'PATCH',
        url: '/api/users/me/phone',
        headers: session.auth,
        payload: { phoneNumber: phone },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'TEXT_SIGN_IN_OFF',
        message:
          'Codes by text message are turned off on this installation. Use an authenticator app as your second step instead.',
      });
      expect(await newestOutboxId(off.app, phone)).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('signing in with a text-message code', () => {
  async function smsUser() {
    const phone = uniquePhone();
    return { user: await createUser({ phoneNumber: phone, smsMfaEnabled: true }), phone };
  }

  it('texts a code, masks the destination and signs in with the code', async () => {
    const { user, phone } = await smsUser();
    const res = await signInRequest(user.email);
    expect(res.json()).toEqual({
      status: 'NEXT_STEP',
      signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      session: expect.any(String),
      codeDeliveryDetails: { destination: `+*******${phone.slice(-4)}` },
    });
    const { code } = await latestCode(t.app, phone);
    const done = await confirmSignIn(res.json().session, code);
    expect(grantOf(done).trackingId).toEqual(expect.any(String));
    // Single use.
    expect((await confirmSignIn(res.json().session, code)).json().code).toBe('INVALID_CODE');
  });

  it('resends a new code that replaces the first', async () => {
    const { user, phone } = await smsUser();
    const { session } = (await signInRequest(user.email)).json();
    const first = await latestCode(t.app, phone);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-sign-in-code',
      payload: { session },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ codeDeliveryDetails: { destination: `+*******${phone.slice(-4)}` } });
    const second = await latestCode(t.app, phone, { after: first.id });
    if (first.code !== second.code) {
      expect((await confirmSignIn(session, first.code)).json().code).toBe('INVALID_CODE');
    }
    expect((await confirmSignIn(session, second.code)).statusCode).toBe(200);
  });

  it('kills the challenge after CODE_MAX_ATTEMPTS wrong codes; resend cannot revive it', async () => {
    const { user, phone } = await smsUser();
    const { session } = (await signInRequest(user.email)).json();
    const { code } = await latestCode(t.app, phone);
    for (let i = 0; i < 3; i += 1) {
      const res = await confirmSignIn(session, wrongCode(code));
      expect(res.json()).toEqual({
        code: 'INVALID_CODE',
        message: 'Invalid code or auth state for the user.',
      });
    }
    expect((await confirmSignIn(session, code)).statusCode).toBe(400);
    const before = await newestOutboxId(t.app, phone);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-sign-in-code',
      payload: { session },
    });
    expect(resend.statusCode).toBe(400);
    expect(await newestOutboxId(t.app, phone)).toBe(before);
  });

  it('prefers the authenticator when both are enabled', async () => {
    const { user, phone } = await smsUser();
    const { session: challenge } = (await signInRequest(user.email)).json();
    const { code } = await latestCode(t.app, phone);
    const grant = grantOf(await confirmSignIn(challenge, code));
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/users/authenticator',
      headers: grant.auth,
    });
    const app = authenticatorFrom(setup.json().otpUrl);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/authenticator/enable',
      headers: grant.auth,
      payload: { code: app.code(Date.now() - 30_000) },
    });
    expect((await signInRequest(user.email)).json().signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });
});
