import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildTestApp } from '../support/app';
import { createUser, PASSWORD, uniqueEmail } from '../support/identity';

const LIMITED = { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' } });
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
  it('stop sign-in attempts on one account spread over many addresses, even with the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i += 1) {
      const res = await post(
        '/api/auth/sign-in',
        { email: user.email, password: 'Wrong#Pass1' },
        freshAddress(),
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await post('/api/auth/sign-in', { email: user.email, password: PASSWORD }, freshAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(LIMITED);
    // Other accounts are unaffected.
    const other = await createUser();
    const ok = await post('/api/auth/sign-in', { email: other.email, password: PASSWORD }, freshAddress());
    expect(ok.statusCode).toBe(200);
  });

  it('are counted in the database, so they hold across API instances', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/auth/forgot-password', { email }, freshAddress())).statusCode).toBe(200);
    }
    const second = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      const res = await second.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('start afresh when the window has passed', async () => {
    const short = await buildTestApp({
      env: { AUTH_RATE_LIMIT_MAX: '1', AUTH_RATE_LIMIT_WINDOW_SECONDS: '1' },
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
