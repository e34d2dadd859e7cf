import { describe, expect, it } from 'vitest';
import {
  PROJECT_SCOPES,
  accountRoleOf,
  projectActorFor,
  scopesAllowedToCreate,
  scopesAllowedToUpdate,
  userRoleCodeById,
} from '../src';
import type { ProjectActorInput, ScopeGranter } from '../src';

describe('account and user roles', () => {
  it.each([
    [1, 'SUPER_ADMIN'],
    [2, 'CASTING_DIRECTOR'],
    [3, 'CASTING_ASSISTANT'],
    [4, 'CLIENT'],
    [5, 'TALENT'],
    [0, null],
    [6, null],
  ])('role id %i is %s', (id, code) => {
    expect(userRoleCodeById(id)).toBe(code);
  });

  it.each([
    ['SUPER_ADMIN', 'SUPER_ADMIN'],
    ['CASTING_DIRECTOR', 'ADMIN'],
    ['CASTING_ASSISTANT', 'ADMIN'],
    ['CLIENT', 'ADMIN'],
    ['TALENT', 'TALENT'],
  ] as const)('%s signs in as account role %s', (code, role) => {
    expect(accountRoleOf(code)).toBe(role);
  });
});

describe('project actor', () => {
  const cases: [ProjectActorInput, string | null][] = [
    [{ viaClientLink: true }, 'CLIENT'],
    [{ viaClientLink: true, isSuperAdmin: true, scope: 'PROJECT_OWNER' }, 'CLIENT'],
    [{ isSuperAdmin: true }, 'SA'],
    [{ isSuperAdmin: true, scope: 'TALENT_SUBMITTER' }, 'SA'],
    [{ scope: 'PROJECT_OWNER' }, 'PO'],
    [{ scope: 'PROJECT_EDITOR' }, 'PE'],
    [{ scope: 'TALENT_EDITOR' }, 'TE'],
    [{ scope: 'TALENT_SUBMITTER' }, 'TS'],
    [{ scope: 'TALENT_EDITOR', isOwner: true }, 'TE'],
    [{ isOwner: true }, 'PO'],
    [{ scope: null, isOwner: false }, null],
    [{}, null],
    // A client account is CLIENT on any team it joins, whatever the scope; off the team it is nobody.
    [{ isClientAccount: true, scope: 'PROJECT_EDITOR' }, 'CLIENT'],
    [{ isClientAccount: true, isOwner: true }, 'CLIENT'],
    [{ isClientAccount: true }, null],
  ];
  it.each(cases)('%j is %s', (input, actor) => {
    expect(projectActorFor(input)).toBe(actor);
  });
});

describe('project scopes', () => {
  const ALL = ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'];
  const table: [ScopeGranter, string[], string[]][] = [
    ['SA', ALL, ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR']],
    ['PO', ALL, ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR']],
    ['PROJECT_OWNER', ALL, ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR']],
    [
      'PROJECT_EDITOR',
      ['PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
      ['PROJECT_EDITOR', 'TALENT_EDITOR'],
    ],
    ['PE', ['PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'], ['PROJECT_EDITOR', 'TALENT_EDITOR']],
    ['TALENT_EDITOR', ['TALENT_EDITOR', 'TALENT_SUBMITTER'], ['TALENT_EDITOR']],
    ['TALENT_SUBMITTER', ['TALENT_SUBMITTER'], []],
    ['TS', ['TALENT_SUBMITTER'], []],
    ['CLIENT', [], []],
    [null, [], []],
  ];
  it.each(table)('%s may create %j and update to %j', (granter, create, update) => {
    expect(scopesAllowedToCreate(granter)).toEqual(create);
    expect(scopesAllowedToUpdate(granter)).toEqual(update);
  });

  it('never offers TALENT_SUBMITTER through a role change', () => {
    for (const granter of [...PROJECT_SCOPES, 'SA', 'PO', 'PE', 'TE', 'TS', 'CLIENT'] as const) {
      expect(scopesAllowedToUpdate(granter)).not.toContain('TALENT_SUBMITTER');
    }
  });
});
