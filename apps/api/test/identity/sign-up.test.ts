import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import {
  buildIdentityApp,
  createUser,
  latestCode,
  newestOutboxId,
  PASSWORD,
  reloadUser,
  uniqueEmail,
} from '../support/identity';
import { testDatabase } from '../support/database';
import { oneTimeCodes } from '../../src/platform/db/schema';
import { eq } from 'drizzle-orm';
import { findUserByEmail } from '../../src/modules/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({ CODE_MAX_ATTEMPTS: '3' });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/staffs/register', payload });

const signUpPayload = (email = uniqueEmail('signup')) => ({
  firstName: 'Dana',
  lastName: 'Whitfield',
  email,
  password: PASSWORD,
  company: 'Northlight Casting',
  roleType: 'ADMIN',
});

const confirm = (email: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/confirm', payload: { email, code } });

describe('POST /api/staffs/register', () => {
  it('creates an unconfirmed casting director and mails a 6-digit code', async () => {
    const payload = signUpPayload();
    const res = await register({ ...payload, email: payload.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      userId: expect.any(String),
      nextStep: 'CONFIRM_SIGN_UP',
      codeDeliveryDetails: { destination: expect.stringMatching(/^s\*\*\*@example\.com$/) },
    });
    const user = await reloadUser(body.userId);
    expect(user).toMatchObject({
      email: payload.email,
      roleCode: 'CASTING_DIRECTOR',
      company: 'Northlight Casting',
      confirmedAt: null,
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await latestCode(t.app, payload.email);
    expect(mail.subject).toBe('Your Casting confirmation code');
    expect(mail.code).toMatch(/^\d{6}$/);
    // Stored as a keyed hash, never in clear.
    const { db } = await testDatabase();
    const [stored] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(stored?.codeHash).not.toContain(mail.code);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('roleType defaults to ADMIN and nothing else is accepted', async () => {
    const { roleType: _omitted, ...withoutRole } = signUpPayload();
    expect((await register(withoutRole)).statusCode).toBe(201);
    const res = await register({ ...signUpPayload(), roleType: 'SUPER_ADMIN' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('says when the address already has an account', async () => {
    const existing = await createUser();
    const res = await register(signUpPayload(existing.email.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'An account with this email already exists.' });
  });

  it.each([
    ['P@ssw0rd', 'This password is too common. Please choose a less predictable one.'],
    ['Password123!', 'This password is too common. Please choose a less predictable one.'],
  ])('refuses the common password %s', async (password, message) => {
    const res = await register({ ...signUpPayload(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      details: { issues: [{ path: 'body.password', message }] },
    });
  });

  it('refuses passwords shorter than 8 or longer than 128 characters and accepts 128', async () => {
    const short = await register({ ...signUpPayload(), password: 'Ab1#' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 8 characters');
    const long = `${'Qx7#'.repeat(31)}Zk9$`;
    expect(long).toHaveLength(128);
    expect((await register({ ...signUpPayload(), password: long })).statusCode).toBe(201);
    const tooLong = await register({ ...signUpPayload(), password: `${long}a` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers bad input with 400, not 500', async () => {
    for (const payload of [{}, { email: 'x' }, { ...signUpPayload(), firstName: '' }, [1, 2]]) {
      const res = await register(payload as Record<string, unknown>);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/staffs/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('confirming the account', () => {
  async function signUp() {
    const payload = signUpPayload();
    expect((await register(payload)).statusCode).toBe(201);
    return { ...payload, code: (await latestCode(t.app, payload.email)).code };
  }

  it('confirms with the mailed code, once', async () => {
    const account = await signUp();
    const res = await confirm(account.email, account.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ confirmed: true });
    const again = await confirm(account.email, account.code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
  });

  it('refuses a wrong code and an unknown address with the same answer', async () => {
    const account = await signUp();
    const wrong = await confirm(account.email, account.code === '000000' ? '111111' : '000000');
    const unknown = await confirm(uniqueEmail('nobody'), '123456');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_CODE',
        message: 'Invalid code or auth state for the user.',
      });
    }
  });

  it('kills the code after CODE_MAX_ATTEMPTS wrong tries, even for the right one', async () => {
    const account = await signUp();
    const wrong = account.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1) expect((await confirm(account.email, wrong)).statusCode).toBe(400);
    const res = await confirm(account.email, account.code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CODE');
  });

  it('says the right code has expired after CODE_TTL_MINUTES, and a wrong one is just wrong', async () => {
    const account = await signUp();
    const { db } = await testDatabase();
    const user = await findUserByEmail(db, account.email);
    await db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user!.id));
    const wrong = await confirm(account.email, account.code === '000000' ? '111111' : '000000');
    expect(wrong.json().code).toBe('INVALID_CODE');
    const expired = await confirm(account.email, account.code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'CODE_EXPIRED',
      message: 'This code has expired. Please request a new one.',
    });
    expect((await reloadUser(user!.id)).confirmedAt).toBeNull();
  });

  it('sets the expiry CODE_TTL_MINUTES ahead', async () => {
    const account = await signUp();
    const { db } = await testDatabase();
    const user = await findUserByEmail(db, account.email);
    const [row] = await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user!.id));
    const minutesAhead = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(14);
    expect(minutesAhead).toBeLessThanOrEqual(15);
  });

  it('resends a new code that replaces the old one, and answers alike for unknown addresses', async () => {
    const account = await signUp();
    const first = await newestOutboxId(t.app, account.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/resend-confirm',
      payload: { email: account.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/resend-confirm',
      payload: { email: uniqueEmail('nobody') },
    });
    expect(res.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    const second = await latestCode(t.app, account.email, { after: first });
    expect((await confirm(account.email, account.code)).statusCode).toBe(400);
    expect((await confirm(account.email, second.code)).statusCode).toBe(200);
  });
});
