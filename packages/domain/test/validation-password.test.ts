import { describe, expect, it } from 'vitest';
import { confirmPasswordSchema, passwordChecklist, passwordSchema, withPasswordConfirmation } from '../src';
import { z } from 'zod';
import { issuesOf } from './helpers';

const MIN = 'Password must be at least 8 characters';
const MAX = 'Password must be at most 128 characters';
const COMPLEXITY =
  'Password must contain at least one capital letter and one number and one special character';
const LOWERCASE = 'Password must contain at least one lowercase letter';

describe('password', () => {
  it.each([
    ['', ['Password is required']],
    [undefined, ['Password is required']],
    ['Ab1!', [MIN]],
    ['abcdefgh', [COMPLEXITY]],
    ['abcdefg1', [COMPLEXITY]],
    ['Abcdefg1', [COMPLEXITY]],
    ['abcdefg!', [COMPLEXITY]],
    ['ABCDEFG1!', [LOWERCASE]],
    ['abc', [MIN, COMPLEXITY]],
    [`Aa1!${'x'.repeat(125)}`, [MAX]],
    ['Abcdefg1!', []],
    ['Abcdefg1@', []],
    ['Abcdefg1#', []],
    ['Abcdefg1$', []],
    ['Abcdefg1%', []],
    ['Abcdefg1&', []],
    ['Abcdefg1_', []],
    ['Abcd efg1', []],
    [`Aa1!${'x'.repeat(124)}`, []],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(passwordSchema, value)).toEqual(messages);
  });
});

describe('password checklist', () => {
  const met = (password: string) =>
    Object.fromEntries(passwordChecklist(password).map((item) => [item.key, item.met]));

  it('lists every rule with a label', () => {
    const items = passwordChecklist('');
    expect(items.map((item) => item.key)).toEqual(['length', 'capital', 'lowercase', 'number', 'special']);
    expect(items.every((item) => item.label.length > 0 && !item.met)).toBe(true);
    expect(items.find((item) => item.key === 'special')?.label).toContain('@ # $ % &');
    expect(items.find((item) => item.key === 'length')?.label).toContain('8');
  });

  it.each([
    ['abc', { length: false, capital: false, lowercase: true, number: false, special: false }],
    ['ABCDEFGH', { length: true, capital: true, lowercase: false, number: false, special: false }],
    ['Abcdefg1!', { length: true, capital: true, lowercase: true, number: true, special: true }],
  ])('%j -> %j', (password, expected) => {
    expect(met(password)).toEqual(expected);
  });

  it('agrees with the schema: all met exactly when the password is valid', () => {
    for (const password of ['', 'abc', 'Abcdefg1', 'Abcdefg1!', 'ABCDEFG1!', 'abcdefg1!']) {
      const allMet = passwordChecklist(password).every((item) => item.met);
      expect(allMet).toBe(passwordSchema.safeParse(password).success);
    }
  });
});

describe('password confirmation', () => {
  it.each([
    [{ password: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' }, []],
    [{ password: 'Abcdefg1!', confirmPassword: 'Abcdefg1?' }, ['confirmPassword: Passwords must match']],
    [{ password: 'Abcdefg1!', confirmPassword: '' }, ['confirmPassword: Confirm password is required']],
    [
      { password: '', confirmPassword: 'x' },
      ['password: Password is required', 'confirmPassword: Passwords must match'],
    ],
    [
      { password: 'short', confirmPassword: 'other' },
      ['password: ' + MIN, 'password: ' + COMPLEXITY, 'confirmPassword: Passwords must match'],
    ],
  ])('%j -> %j', (value, messages) => {
    // The new-password form as the reset and sign-up pages compose it.
    const form = withPasswordConfirmation(
      z.object({ password: passwordSchema, confirmPassword: confirmPasswordSchema }),
    );
    expect(issuesOf(form, value)).toEqual(messages);
  });

  it('adds the rule to any form with password and confirmPassword', () => {
    const form = withPasswordConfirmation(
      z.object({ email: z.string(), password: z.string(), confirmPassword: confirmPasswordSchema }),
    );
    expect(issuesOf(form, { email: 'a', password: 'x', confirmPassword: 'y' })).toEqual([
      'confirmPassword: Passwords must match',
    ]);
    expect(issuesOf(confirmPasswordSchema, undefined)).toEqual(['Confirm password is required']);
  });
});
