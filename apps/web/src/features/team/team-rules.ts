import { PROJECT_SCOPES, scopesAllowedToCreate, scopesAllowedToUpdate } from '@casting/domain';
import type { AccessScope, ProjectActor, ProjectScope, TeamMember } from '@casting/domain';

/** What the viewer may do to the team. */
export interface TeamRules {
  /** Roles offered when inviting: the viewer's scopeAllowedToCreate. */
  grantable: readonly ProjectScope[];
  /** Roles a member may be changed to and from: the viewer's scopeAllowedToUpdate, never TALENT_SUBMITTER. */
  changeable: readonly ProjectScope[];
}

const NOBODY: TeamRules = { grantable: [], changeable: [] };

/**
 * Owners and super admins may use every role; everyone else gets what the access-scope table lists
 * for their own scope (the domain's defaults until the table has loaded).
 */
export function teamRulesFor(
  actor: ProjectActor | null,
  viewerScope: ProjectScope | null,
  scopeTable: readonly AccessScope[] | undefined,
): TeamRules {
  const noSubmitter = (scopes: readonly ProjectScope[]) =>
    scopes.filter((scope) => scope !== 'TALENT_SUBMITTER');
  if (actor === 'SA' || actor === 'PO') {
    return { grantable: [...PROJECT_SCOPES], changeable: noSubmitter(PROJECT_SCOPES) };
  }
  if (actor === null || actor === 'CLIENT' || viewerScope === null) return NOBODY;
  const row = scopeTable?.find((entry) => entry.code === viewerScope);
  if (!row) {
    return { grantable: scopesAllowedToCreate(viewerScope), changeable: scopesAllowedToUpdate(viewerScope) };
  }
  return { grantable: row.scopeAllowedToCreate, changeable: noSubmitter(row.scopeAllowedToUpdate) };
}

/** The role dropdown is disabled for members whose role the viewer may not change (and for the owner). */
export function canChangeMember(rules: TeamRules, member: TeamMember): boolean {
  return !member.isOwner && rules.changeable.includes(member.scope);
}

/** Removal needs the member's role among those the viewer could grant, as the API checks it. */
export function canRemoveMember(rules: TeamRules, member: TeamMember): boolean {
  return !member.isOwner && rules.grantable.includes(member.scope);
}
