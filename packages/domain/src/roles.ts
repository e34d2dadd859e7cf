/** Account roles decide which screens a signed-in person may open. */
export const ACCOUNT_ROLES = ['SUPER_ADMIN', 'ADMIN', 'TALENT', 'GUEST'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** User role ids as the product ranks them; the sidebar and the route guards decide by these ids. */
export const USER_ROLE_IDS = {
  SUPER_ADMIN: 1,
  CASTING_DIRECTOR: 2,
  CASTING_ASSISTANT: 3,
  CLIENT: 4,
  TALENT: 5,
} as const;
export type UserRoleCode = keyof typeof USER_ROLE_IDS;
export type UserRoleId = (typeof USER_ROLE_IDS)[UserRoleCode];

export const USER_ROLE_CODES = [
  'SUPER_ADMIN',
  'CASTING_DIRECTOR',
  'CASTING_ASSISTANT',
  'CLIENT',
  'TALENT',
] as const satisfies readonly UserRoleCode[];

export function userRoleCodeById(id: number): UserRoleCode | null {
  return USER_ROLE_CODES.find((code) => USER_ROLE_IDS[code] === id) ?? null;
}

/** Staff roles all sign in as ADMIN; sign-up's roleType ADMIN creates a CASTING_DIRECTOR. */
export function accountRoleOf(code: UserRoleCode): AccountRole {
  switch (code) {
    case 'SUPER_ADMIN':
      return 'SUPER_ADMIN';
    case 'TALENT':
      return 'TALENT';
    case 'CASTING_DIRECTOR':
    case 'CASTING_ASSISTANT':
    case 'CLIENT':
      return 'ADMIN';
  }
}

/** Project access scopes, strongest first. */
export const PROJECT_SCOPES = [
  'PROJECT_OWNER',
  'PROJECT_EDITOR',
  'TALENT_EDITOR',
  'TALENT_SUBMITTER',
] as const;
export type ProjectScope = (typeof PROJECT_SCOPES)[number];

export const ACCESS_SCOPE_NAMES: Record<ProjectScope, string> = {
  PROJECT_OWNER: 'Project Owner',
  PROJECT_EDITOR: 'Project Editor',
  TALENT_EDITOR: 'Talent Editor',
  TALENT_SUBMITTER: 'Talent Submitter',
};

/** The columns of the permission matrix: a person's standing inside one project. */
export const PROJECT_ACTORS = ['SA', 'PO', 'PE', 'TE', 'TS', 'CLIENT'] as const;
export type ProjectActor = (typeof PROJECT_ACTORS)[number];

export const SCOPE_ACTOR: Record<ProjectScope, ProjectActor> = {
  PROJECT_OWNER: 'PO',
  PROJECT_EDITOR: 'PE',
  TALENT_EDITOR: 'TE',
  TALENT_SUBMITTER: 'TS',
};

/** Higher is stronger: PO > PE > TE > TS. */
export const SCOPE_RANK: Record<ProjectScope, number> = {
  PROJECT_OWNER: 4,
  PROJECT_EDITOR: 3,
  TALENT_EDITOR: 2,
  TALENT_SUBMITTER: 1,
};

export interface ProjectActorInput {
  isSuperAdmin?: boolean;
  scope?: ProjectScope | null;
  isOwner?: boolean;
  viaClientLink?: boolean;
  /** The account's role is CLIENT (a producer or agency with an account). */
  isClientAccount?: boolean;
}

/** Who the person is inside a project, or null for a non-member. */
export function projectActorFor(input: ProjectActorInput): ProjectActor | null {
  // A client link is a guest portal: even a super admin following one sees only the client view.
  if (input.viaClientLink) return 'CLIENT';
  // A client account reviews: on any team it joins, whatever scope it was invited with, it acts as CLIENT.
  if (input.isClientAccount) return input.scope || input.isOwner ? 'CLIENT' : null;
  if (input.isSuperAdmin) return 'SA';
  if (input.scope) return SCOPE_ACTOR[input.scope];
  if (input.isOwner) return 'PO';
  return null;
}

function isProjectScope(value: string): value is ProjectScope {
  return (PROJECT_SCOPES as readonly string[]).includes(value);
}

/** Accepts either a scope code or an actor, so SA (who has no scope) can be asked about too. */
export type ScopeGranter = ProjectScope | ProjectActor | null | undefined;

function scopesAtOrBelow(granter: ScopeGranter): ProjectScope[] {
  if (!granter) return [];
  const actor = isProjectScope(granter) ? SCOPE_ACTOR[granter] : granter;
  if (actor === 'SA' || actor === 'PO') return [...PROJECT_SCOPES];
  if (actor === 'CLIENT') return [];
  const own = PROJECT_SCOPES.find((scope) => SCOPE_ACTOR[scope] === actor);
  if (!own) return [];
  return PROJECT_SCOPES.filter((scope) => SCOPE_RANK[scope] <= SCOPE_RANK[own]);
}

/** Scopes this member may grant when inviting: their own rank and below; owners and SA all. */
export function scopesAllowedToCreate(granter: ScopeGranter): ProjectScope[] {
  return scopesAtOrBelow(granter);
}

/** Scopes this member may set through a role change; TALENT_SUBMITTER is never offered there. */
export function scopesAllowedToUpdate(granter: ScopeGranter): ProjectScope[] {
  return scopesAtOrBelow(granter).filter((scope) => scope !== 'TALENT_SUBMITTER');
}

/**
 * A person's role in one office, strongest first. The owner runs the office (its settings, members and every
 * project, as SA does in the project matrix); casting directors and assistants work in the projects they are on and
 * in the office's roster; a client reviews the projects they are invited to.
 */
export const OFFICE_ROLES = ['OWNER', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];

export const OFFICE_ROLE_NAMES: Record<OfficeRole, string> = {
  OWNER: 'Owner',
  CASTING_DIRECTOR: 'Casting Director',
  CASTING_ASSISTANT: 'Casting Assistant',
  CLIENT: 'Client',
};

/** Who works in the office's own talent database (roster, imports): every member but clients. */
export const OFFICE_STAFF_ROLES: readonly OfficeRole[] = ['OWNER', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT'];

export function isOfficeRole(value: unknown): value is OfficeRole {
  return typeof value === 'string' && (OFFICE_ROLES as readonly string[]).includes(value);
}
