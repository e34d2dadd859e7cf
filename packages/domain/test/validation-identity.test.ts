import { describe, expect, it } from 'vitest';
import {
  confirmUserSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInCodeErrorMessage,
  signInCodeSchema,
  signInSchema,
  signUpSchema,
  twoFactorSetupCodeSchema,
} from '../src';
import { issuesOf, parsed } from './helpers';

const PASSWORD = 'Abcdefg1!';

describe('sign-up', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: PASSWORD };

  it('fixes roleType to ADMIN and keeps company optional', () => {
    expect(parsed(signUpSchema, valid)).toEqual({ ...valid, roleType: 'ADMIN' });
    expect(parsed(signUpSchema, { ...valid, company: ' Studio ', roleType: 'ADMIN' })).toMatchObject({
      company: 'Studio',
      roleType: 'ADMIN',
    });
  });

  it('refuses any other roleType', () => {
    expect(signUpSchema.safeParse({ ...valid, roleType: 'SUPER_ADMIN' }).success).toBe(false);
  });

  it('reports every missing field with its message', () => {
    expect(issuesOf(signUpSchema, { firstName: ' ', lastName: '', email: '', password: '' })).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Email is required',
      'password: Password is required',
    ]);
    expect(issuesOf(signUpSchema, {})).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'email: Email is required',
      'password: Password is required',
    ]);
  });
});

describe('sign-in, forgot and reset password', () => {
  it('sign-in needs an e-mail and a non-empty password, not a strong one', () => {
    expect(issuesOf(signInSchema, { email: 'a@example.com', password: 'weak' })).toEqual([]);
    expect(issuesOf(signInSchema, { email: 'bad', password: '' })).toEqual([
      'email: Invalid email address',
      'password: Password is required',
    ]);
  });

  it('forgot password needs an e-mail', () => {
    expect(issuesOf(forgotPasswordSchema, { email: '' })).toEqual(['email: Email is required']);
    expect(parsed(forgotPasswordSchema, { email: 'A@Example.com' })).toEqual({ email: 'a@example.com' });
  });

  it('reset password checks the code and the new password', () => {
    expect(
      issuesOf(resetPasswordSchema, { email: 'a@example.com', code: '123456', newPassword: PASSWORD }),
    ).toEqual([]);
    expect(
      issuesOf(resetPasswordSchema, { email: 'a@example.com', code: '123', newPassword: 'abcdefgh' }),
    ).toEqual([
      'code: Confirmation code must be exactly 6 characters',
      'newPassword: Password must contain at least one capital letter and one number and one special character',
    ]);
  });

  it('confirm user needs the e-mail and a 6-character code', () => {
    expect(issuesOf(confirmUserSchema, { email: 'a@example.com', code: '12345' })).toEqual([
      'code: Confirmation code must be exactly 6 characters',
    ]);
  });
});

describe('second-factor codes', () => {
  it.each([
    ['', ['Invalid Verification code']],
    ['   ', ['Invalid Verification code']],
    [' 123456 ', []],
  ])('setup code %j -> %j', (value, messages) => {
    expect(issuesOf(twoFactorSetupCodeSchema, value)).toEqual(messages);
  });

  it('trims the setup code', () => {
    expect(parsed(twoFactorSetupCodeSchema, ' 123456 ')).toBe('123456');
  });

  it('sign-in code must not be empty', () => {
    expect(issuesOf(signInCodeSchema, '')).toHaveLength(1);
    expect(issuesOf(signInCodeSchema, '654321')).toEqual([]);
  });

  it.each([
    ['Invalid code or auth state for the user.', 'Invalid verification code. Please try again.'],
    ['Too many attempts', 'Too many attempts'],
    [undefined, 'Invalid verification code. Please try again.'],
  ])('server says %j, screen shows %j', (server, shown) => {
    expect(signInCodeErrorMessage(server)).toBe(shown);
  });
});
