import { describe, expect, it } from 'vitest';
import {
  effectiveDefaultRoleId,
  linkGenerationSchema,
  linkTitleCounterLevel,
  linkTitleSchema,
  nextDefaultRoleId,
  opportunitySelectionSchema,
} from '../src';
import { issuesOf } from './helpers';

describe('link title', () => {
  it.each([
    ['', ['Title is required']],
    ['   ', ['Title is required']],
    ['Spring call', []],
    ['x'.repeat(80), []],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(linkTitleSchema, value)).toEqual(messages);
  });

  it.each([
    [0, 'normal'],
    [25, 'normal'],
    [26, 'warning'],
    [30, 'warning'],
    [31, 'over'],
  ])('a %i-character title shows a %s counter', (length, level) => {
    expect(linkTitleCounterLevel('x'.repeat(length))).toBe(level);
  });
});

describe('opportunity selection', () => {
  it.each([
    [{ roleIds: [] }, ['roleIds: At least one opportunity must be selected']],
    [{ roleIds: ['r1'] }, []],
    [{ roleIds: ['r1'], defaultRoleId: null }, []],
    [
      { roleIds: ['r1', 'r2'] },
      ['defaultRoleId: Please select a default opportunity when multiple opportunities are chosen'],
    ],
    [
      { roleIds: ['r1', 'r2'], defaultRoleId: '' },
      ['defaultRoleId: Please select a default opportunity when multiple opportunities are chosen'],
    ],
    [
      { roleIds: ['r1', 'r2'], defaultRoleId: 'r3' },
      ['defaultRoleId: Selected default opportunity must be one of the chosen opportunities'],
    ],
    [
      { roleIds: ['r1'], defaultRoleId: 'r3' },
      ['defaultRoleId: Selected default opportunity must be one of the chosen opportunities'],
    ],
    [{ roleIds: ['r1', 'r2'], defaultRoleId: 'r2' }, []],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(opportunitySelectionSchema, value)).toEqual(messages);
  });

  it.each([
    [['r1', 'r2'], 'r2', 'r2'],
    [['r1', 'r2'], 'r3', null],
    [['r1'], 'r1', null],
    [[], 'r1', null],
    [['r1', 'r2'], null, null],
  ] as [string[], string | null, string | null][])(
    'after choosing %j the default %j becomes %j',
    (ids, current, next) => {
      expect(nextDefaultRoleId(ids, current)).toBe(next);
    },
  );

  it('a single opportunity is the default', () => {
    expect(effectiveDefaultRoleId(['r1'], null)).toBe('r1');
    expect(effectiveDefaultRoleId(['r1', 'r2'], 'r2')).toBe('r2');
    expect(effectiveDefaultRoleId(['r1', 'r2'], 'r9')).toBeNull();
    expect(effectiveDefaultRoleId([], null)).toBeNull();
  });
});

describe('link generation', () => {
  const agencyUser = { id: 'u1', name: 'Ann Agent', agencyId: 'a1' };
  it.each([
    [{ name: 'Links', roleIds: ['r1'] }, []],
    [{ name: '', roleIds: [] }, ['name: The name should not be empty', 'roleIds: Select at least one role']],
    [
      {
        name: '',
        roleIds: ['r1'],
        representation: true,
        referralUsers: [
          agencyUser,
          { id: 'u2', name: 'Bo Free', agencyId: null },
          { id: 'u3', name: 'Cy Solo' },
        ],
      },
      [
        'name: The name should not be empty',
        'referralUsers: User(s) Bo Free, Cy Solo not associated with a Talent Agency, Toggle off Representation or remove them from your list to generate links',
      ],
    ],
    [{ name: 'Links', roleIds: ['r1'], representation: true, referralUsers: [agencyUser] }, []],
    [
      { name: 'Links', roleIds: ['r1'], representation: false, referralUsers: [{ id: 'u2', name: 'Bo' }] },
      [],
    ],
  ])('%j -> %j', (value, messages) => {
    expect(issuesOf(linkGenerationSchema, value)).toEqual(messages);
  });
});
