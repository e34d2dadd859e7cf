import type { ProjectActor, ProjectScope } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildMember, SCOPE_TABLE } from './team-fixtures';
import { canChangeMember, canRemoveMember, teamRulesFor } from './team-rules';

describe('teamRulesFor', () => {
  it.each<[ProjectActor, ProjectScope | null, ProjectScope[], ProjectScope[]]>([
    [
      'SA',
      null,
      ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
      ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR'],
    ],
    [
      'PO',
      'PROJECT_OWNER',
      ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
      ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR'],
    ],
    [
      'PE',
      'PROJECT_EDITOR',
      ['PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
      ['PROJECT_EDITOR', 'TALENT_EDITOR'],
    ],
    ['TE', 'TALENT_EDITOR', ['TALENT_EDITOR', 'TALENT_SUBMITTER'], ['TALENT_EDITOR']],
    ['TS', 'TALENT_SUBMITTER', ['TALENT_SUBMITTER'], []],
  ])('%s may grant and change what the scope table lists', (actor, scope, grantable, changeable) => {
    expect(teamRulesFor(actor, scope, SCOPE_TABLE)).toEqual({ grantable, changeable });
  });

  it('never offers TALENT_SUBMITTER through a role change, even if the table listed it', () => {
    const generous = SCOPE_TABLE.map((row) => ({ ...row, scopeAllowedToUpdate: row.scopeAllowedToCreate }));

    expect(teamRulesFor('TE', 'TALENT_EDITOR', generous).changeable).toEqual(['TALENT_EDITOR']);
  });

  it('falls back to the domain defaults while the table loads', () => {
    expect(teamRulesFor('TE', 'TALENT_EDITOR', undefined)).toEqual({
      grantable: ['TALENT_EDITOR', 'TALENT_SUBMITTER'],
      changeable: ['TALENT_EDITOR'],
    });
  });

  it('gives a client or a non-member nothing', () => {
    expect(teamRulesFor('CLIENT', null, SCOPE_TABLE)).toEqual({ grantable: [], changeable: [] });
    expect(teamRulesFor(null, null, SCOPE_TABLE)).toEqual({ grantable: [], changeable: [] });
  });
});

describe('member rules for a talent editor', () => {
  const rules = teamRulesFor('TE', 'TALENT_EDITOR', SCOPE_TABLE);

  it.each<[ProjectScope, boolean, boolean]>([
    ['PROJECT_OWNER', false, false],
    ['PROJECT_EDITOR', false, false],
    ['TALENT_EDITOR', true, true],
    ['TALENT_SUBMITTER', false, true],
  ])('a %s member: change %s, remove %s', (scope, change, remove) => {
    const member = buildMember({ scope });

    expect(canChangeMember(rules, member)).toBe(change);
    expect(canRemoveMember(rules, member)).toBe(remove);
  });

  it("leaves the project owner's access alone even for a super admin", () => {
    const owner = buildMember({ scope: 'PROJECT_OWNER', isOwner: true });
    const superAdmin = teamRulesFor('SA', null, SCOPE_TABLE);

    expect(canChangeMember(superAdmin, owner)).toBe(false);
    expect(canRemoveMember(superAdmin, owner)).toBe(false);
  });
});
