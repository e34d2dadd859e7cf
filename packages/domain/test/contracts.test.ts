import { describe, expect, it } from 'vitest';
import { healthResponseSchema, outboxListSchema, pageQuerySchema, userSchema } from '../src';
import { parsed } from './helpers';

describe('health contract', () => {
  it('accepts both databases and nothing else', () => {
    expect(
      healthResponseSchema.safeParse({ status: 'ok', database: 'pglite', version: '0.1.0' }).success,
    ).toBe(true);
    expect(
      healthResponseSchema.safeParse({ status: 'ok', database: 'postgres', version: '0.1.0' }).success,
    ).toBe(true);
    expect(
      healthResponseSchema.safeParse({ status: 'ok', database: 'mysql', version: '0.1.0' }).success,
    ).toBe(false);
    expect(
      healthResponseSchema.safeParse({ status: 'down', database: 'pglite', version: '0.1.0' }).success,
    ).toBe(false);
  });
});

describe('outbox contract', () => {
  const message = {
    id: 'm1',
    channel: 'email',
    to: 'a@example.com',
    subject: 'Confirm',
    text: 'Your code is 123456',
    createdAt: '2025-01-02T03:04:05.000Z',
  };
  it('accepts mail and text messages with an ISO time', () => {
    expect(parsed(outboxListSchema, { items: [message, { ...message, channel: 'sms' }] }).items).toHaveLength(
      2,
    );
    expect(outboxListSchema.safeParse({ items: [{ ...message, channel: 'fax' }] }).success).toBe(false);
    expect(outboxListSchema.safeParse({ items: [{ ...message, createdAt: 'yesterday' }] }).success).toBe(
      false,
    );
  });
});

describe('user contract', () => {
  const user = {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    imageUrl: null,
    roleId: 2,
    role: { id: 2, code: 'CASTING_DIRECTOR' },
    agent: null,
    otpRequired: false,
    otpEnabled: false,
    phoneNumber: '+*******1234',
    smsMfaEnabled: true,
  };
  it('accepts a staff user and an agent', () => {
    expect(parsed(userSchema, user)).toEqual(user);
    const agent = { id: 'g1', agencyId: 'a1', isVerified: true, userId: 'u1' };
    expect(parsed(userSchema, { ...user, agent }).agent).toEqual(agent);
  });
  it('refuses an unknown role code or a missing flag', () => {
    expect(userSchema.safeParse({ ...user, role: { id: 9, code: 'GUEST' } }).success).toBe(false);
    const { otpEnabled: _otpEnabled, ...withoutFlag } = user;
    expect(userSchema.safeParse(withoutFlag).success).toBe(false);
    const { smsMfaEnabled: _smsMfaEnabled, ...withoutPhoneFlag } = user;
    expect(userSchema.safeParse(withoutPhoneFlag).success).toBe(false);
  });
  it('accepts a user without a phone number', () => {
    expect(parsed(userSchema, { ...user, phoneNumber: null, smsMfaEnabled: false }).phoneNumber).toBeNull();
  });
});

describe('page query', () => {
  it.each([
    [{}, { limit: 20, offset: 0 }],
    [
      { limit: '5', offset: '10' },
      { limit: 5, offset: 10 },
    ],
    [{ limit: '100' }, { limit: 100, offset: 0 }],
  ])('%j -> %j', (query, expected) => {
    expect(parsed(pageQuerySchema, query)).toEqual(expected);
  });
  it.each([{ limit: '0' }, { limit: '101' }, { offset: '-1' }, { limit: '2.5' }, { limit: 'ten' }])(
    'refuses %j',
    (query) => {
      expect(pageQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});
