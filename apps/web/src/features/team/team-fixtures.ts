import type { AccessScope, TeamMember } from '@casting/domain';

/** Test data for the team dialog's tests. */

// What GET /projects/access-scopes answers (each role grants and changes its own rank and below).
export const SCOPE_TABLE: AccessScope[] = [
  {
    code: 'PROJECT_OWNER',
    name: 'Project Owner',
    scopeAllowedToCreate: ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
    scopeAllowedToUpdate: ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR'],
  },
  {
    code: 'PROJECT_EDITOR',
    name: 'Project Editor',
    scopeAllowedToCreate: ['PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
    scopeAllowedToUpdate: ['PROJECT_EDITOR', 'TALENT_EDITOR'],
  },
  {
    code: 'TALENT_EDITOR',
    name: 'Talent Editor',
    scopeAllowedToCreate: ['TALENT_EDITOR', 'TALENT_SUBMITTER'],
    scopeAllowedToUpdate: ['TALENT_EDITOR'],
  },
  {
    code: 'TALENT_SUBMITTER',
    name: 'Talent Submitter',
    scopeAllowedToCreate: ['TALENT_SUBMITTER'],
    scopeAllowedToUpdate: [],
  },
];

export function buildMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'access-1',
    email: 'member@example.com',
    scope: 'TALENT_EDITOR',
    user: { id: 'user-2', fullName: 'Tomas Reyes', imageUrl: null },
    status: 'ACTIVE',
    isOwner: false,
    createdAt: '2031-01-01T00:00:00.000Z',
    ...overrides,
  };
}
