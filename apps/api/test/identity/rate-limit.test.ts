import { MESSAGES } from '@casting/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildTestApp } from '../support/app';
import { createUser, PASSWORD, uniqueEmail } from '../support/identity';

const LIMITED = { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_ACCOUNT_RATE_LIMIT_MAX: '5', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' },
  });
});
afterAll(() => t.close());

let nextAddress = 1;
/** A fresh client address for each call, so only the per-account limit can apply. */
const freshAddress = () => `10.9.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const post = (url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('per-address limits', () => {
  it('answers 429 with a clear message after AUTH_RATE_LIMIT_MAX sign-ins from one address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) {
      const res = await post('/api/auth/sign-in', { email: uniqueEmail(), password: 'Wrong#Pass1' }, address);
      expect(res.statusCode).toBe(401);
    }
    const res = await post('/api/auth/sign-in', { email: uniqueEmail(), password: 'Wrong#Pass1' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(LIMITED);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is unaffected.
    const other = await post('/api/auth/sign-in', { email: uniqueEmail(), password: 'x' }, freshAddress());
    expect(other.statusCode).toBe(401);
  });

  it.each([
    ['/api/auth/confirm-sign-in', { session: 'nope', challengeResponse: '123456' }],
    ['/api/users/confirm', { email: 'a@example.com', code: '123456' }],
    ['/api/users/resend-confirm', { email: 'a@example.com' }],
    ['/api/auth/forgot-password', { email: 'a@example.com' }],
    ['/api/auth/reset-password', { email: 'a@example.com', code: '123456', newPassword: 'Velvet#Harbor42' }],
    ['/api/staffs/register', {}],
  ])('limits %s per address', async (url, payload) => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // Distinct accounts, so only the address counts.
      const body = 'email' in payload ? { ...payload, email: uniqueEmail() } : payload;
      statuses.push((await post(url, body, address)).statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

describe('per-account limits', () => {
  const signInFrom = (email: string, password: string, address: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
      remoteAddress: address,
    });

  it('let a stranger lock only their own address out, never the owner at theirs (default limits)', async () => {
    const defaults = await buildTestApp();
    try {
      const user = await createUser();
      const stranger = freshAddress();
      for (let i = 0; i < 10; i += 1) {
        expect((await signInFrom(user.email, 'Wrong#Pass1', stranger, defaults.app)).statusCode).toBe(401);
      }
      // The stranger's address is now refused, even with the right password...
      const refused = await signInFrom(user.email, PASSWORD, stranger, defaults.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(LIMITED);
      // ...while the owner, at their own address, signs in.
      const owner = await signInFrom(user.email, PASSWORD, freshAddress(), defaults.app);
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().status).toBe('SIGNED_IN');
    } finally {
      await defaults.close();
    }
  });

  it('stop attempts on one account from one address, counted in the database per account and address', async () => {
    const user = await createUser();
    const address = freshAddress();
    // Different accounts from the same address do not count together (the route's own limit aside).
    for (let i = 0; i < 3; i += 1) {
      expect((await signInFrom(user.email, 'Wrong#Pass1', address)).statusCode).toBe(401);
    }
    const second = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      // A second API instance has its own per-route counters, but shares the account's in the database.
      const res = await signInFrom(user.email, PASSWORD, address, second.app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(LIMITED);
    } finally {
      await second.close();
    }
  });

  it('lock one account attacked from many addresses at the higher account-wide ceiling', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await signInFrom(user.email, 'Wrong#Pass1', freshAddress())).statusCode).toBe(401);
    }
    // The owner gets in past this lock with the link it mails (sign-in-unlock.test.ts).
    const res = await signInFrom(user.email, PASSWORD, freshAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.signInLocked });
    // Other accounts are unaffected.
    const other = await createUser();
    expect((await signInFrom(other.email, PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('start afresh when the window has passed', async () => {
    const short = await buildTestApp({
      env: {
        AUTH_RATE_LIMIT_MAX: '1',
        AUTH_ACCOUNT_RATE_LIMIT_MAX: '1',
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '1',
      },
    });
    try {
      const email = uniqueEmail();
      const call = () =>
        short.app.inject({
          method: 'POST',
          url: '/api/users/resend-confirm',
          payload: { email },
          remoteAddress: freshAddress(),
        });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call()).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });
});
