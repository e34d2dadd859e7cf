import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  can,
  type AccountRole,
  type Permission,
  type ProjectActor,
  type UserRoleCode,
  type OfficeRole,
  OFFICE_ROLES,
  OFFICE_STAFF_ROLES,
  CLIENT_LINK_HEADER,
  PERSON_DATA_ROLES,
  type ApiTokenScope,
} from '@casting/domain';
import type { OfficeKeyKind } from '../db/office-of';
import { enterOffice, openScope } from '../db/scope';
import { sessionsOnly, tokenRefusal, unknownCredential } from './api-token-access';
import type { ClientLinkResolver, ClientLinkScope } from './client-link-scope';

export type { ClientLinkResolver, ClientLinkScope } from './client-link-scope';
import {
  AppError,
  notFound,
  officeRequired,
  permissionDenied,
  projectAccessDenied,
  signInRequired,
} from '../errors';

/** Who is calling, once the bearer token has been verified. */
export interface Principal {
  userId: string;
  sessionId: string;
  roleCode: UserRoleCode;
  accountRole: AccountRole;
  otpRequired: boolean;
  otpEnabled: boolean;
  /** A generated password not yet replaced: only the password change (and reading oneself) are allowed. */
  mustChangePassword: boolean;
  /** The office this request works in (the session's), or null when the person may not work in it. */
  officeId: string | null;
  /** The person's role in that office; null for someone only on the team of one of its projects. */
  officeRole: OfficeRole | null;
  /** Why the session's office serves nobody although the person belongs to it; absent otherwise. */
  officeUnavailable?: 'PENDING_APPROVAL' | 'SUSPENDED';
  /** An office's API token, not a session: the office's owner (its maker) on routes with its `tokenScope`. */
  apiToken?: { id: string; scopes: readonly ApiTokenScope[] };
}

type ProjectIdSource = { from: 'params' | 'body' | 'query'; key: string };

/** The access rule every route declares in `config.access`. */
/** Where a public route's request names the row whose office it works in (see db/office-of.ts). */
export interface OfficeSource {
  kind: OfficeKeyKind;
  from: 'params' | 'body' | 'query';
  key: string;
}

export type AccessRule =
  | { kind: 'public'; office?: OfficeSource }
  | {
      kind: 'account';
      roles: readonly AccountRole[];
      allowPendingSecondFactor: boolean;
      allowPendingPasswordChange?: boolean;
      /** When set, the person must hold one of these roles in the request's office (see OfficeRole). */
      officeRoles?: readonly OfficeRole[];
      /** With officeRoles: a guest on one of the office's project teams (no office role) is admitted too. */
      guests?: boolean;
      /** The installation's own work (accounts, agencies, lookups, its audit log): runs outside any office. */
      installation?: boolean;
    }
  | {
      kind: 'project';
      permission: Permission;
      projectId: ProjectIdSource;
      /**
       * Where a client review link's secret may be (portal mode): when the request carries one, no sign-in is read,
       * the link is resolved instead and the caller acts as CLIENT within what the link shares.
       */
      clientLink?: ProjectIdSource;
    };

const STAFF: readonly AccountRole[] = ['SUPER_ADMIN', 'ADMIN'];
const ANY_ACCOUNT: readonly AccountRole[] = ['SUPER_ADMIN', 'ADMIN', 'TALENT'];

/** A staff account holding one of these roles in the request's office. */
const inOffice = (officeRoles: readonly OfficeRole[]): AccessRule => ({
  kind: 'account',
  roles: STAFF,
  allowPendingSecondFactor: false,
  officeRoles,
});

export const access = {
  /**
   * No sign-in. A route that reads or writes office data names where its request says whose (`office`): a link's
   * secret, an applicant's id... The request then works in that office; without it, in none.
   */
  public: (office?: OfficeSource): AccessRule => (office ? { kind: 'public', office } : { kind: 'public' }),
  /** Any signed-in account, talent included (e.g. reading one's own profile). */
  signedIn: (
    options: { allowPendingSecondFactor?: boolean; allowPendingPasswordChange?: boolean } = {},
  ): AccessRule => ({
    kind: 'account',
    roles: ANY_ACCOUNT,
    allowPendingSecondFactor: options.allowPendingSecondFactor ?? false,
    allowPendingPasswordChange: options.allowPendingPasswordChange ?? false,
  }),
  /** Staff accounts: super admins and admins (casting directors, assistants, clients). */
  staff: (): AccessRule => ({ kind: 'account', roles: STAFF, allowPendingSecondFactor: false }),
  /**
   * The office's own staff: its members but clients. The office's talent database (the roster, the imports into it)
   * holds every person who ever applied to any of its projects; a producer or an ad agency given a client role sees
   * the projects they were invited to, never the whole office's people (decision 0039).
   */
  office: (): AccessRule => inOffice(OFFICE_STAFF_ROLES),
  /**
   * Who may import people (into the office roster or an opportunity): the owner and casting directors; the product
   * hides the import page from assistants, and clients may add candidates nowhere.
   */
  importers: (): AccessRule => inOffice(['OWNER', 'CASTING_DIRECTOR']),
  /** Who may export or erase a person's data (a subject access or erasure request): the owner and casting directors. */
  personData: (): AccessRule => inOffice(PERSON_DATA_ROLES),
  /** The office's owner: its settings, its members and their roles. */
  officeOwner: (): AccessRule => inOffice(['OWNER']),
  /** Any member of the request's office, clients included; with `guests`, its project teams' guests too. */
  officeMember: (options: { guests?: boolean } = {}): AccessRule => ({
    kind: 'account',
    roles: STAFF,
    allowPendingSecondFactor: false,
    officeRoles: OFFICE_ROLES,
    ...(options.guests ? { guests: true } : {}),
  }),
  superAdmin: (): AccessRule => ({
    kind: 'account',
    roles: ['SUPER_ADMIN'],
    allowPendingSecondFactor: false,
  }),
  /**
   * The installation's operator (a super admin) at the installation's own work: accounts, agencies, lookups, the
   * installation's audit log. The request works in no office, so it reads and writes no office's data.
   */
  operator: (): AccessRule => ({
    kind: 'account',
    roles: ['SUPER_ADMIN'],
    allowPendingSecondFactor: false,
    installation: true,
  }),
  /** A project permission from the matrix; the project id is read from the validated request. */
  project: (
    permission: Permission,
    projectId: ProjectIdSource = { from: 'params', key: 'id' },
    options: { clientLink?: ProjectIdSource } = {},
  ): AccessRule => ({
    kind: 'project',
    permission,
    projectId,
    ...(options.clientLink ? { clientLink: options.clientLink } : {}),
  }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The scope an API token needs here; without one the route refuses tokens (decision 0767). */
    tokenScope?: ApiTokenScope;
  }
  interface FastifyRequest {
    principal: Principal | null;
    projectActor: ProjectActor | null;
    /** Set in client-link portal mode: what the link shares (the handler must answer nothing beyond it). */
    clientLink: ClientLinkScope | null;
  }
  interface FastifyInstance {
    routeAccess: RouteAccessEntry[];
    /** The same ports the hooks use, for a route that reads its credentials elsewhere (the live websocket). */
    accessControl: AccessControlPorts;
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: AccessRule | undefined;
  tokenScope: ApiTokenScope | undefined;
}

/** Verifies a bearer token; supplied by the identity module. */
export type Authenticator = (token: string, request: FastifyRequest) => Promise<Principal | null>;

/** Answers the caller's actor in a project, or null for a non-member; throws NOT_FOUND for an unknown project. */
export type ProjectActorResolver = (principal: Principal, projectId: string) => Promise<ProjectActor | null>;

export interface AccessControlPorts {
  authenticate: Authenticator;
  /** Moves the request into the office that owns what a public request names (db/office-of.ts). */
  enterOfficeOf?: (kind: OfficeKeyKind, key: string) => Promise<string | null>;
  resolveProjectActor: ProjectActorResolver;
  resolveClientLink?: ClientLinkResolver;
}

/** The client link secret a portal-mode request carries, from where its route's rule says (or its header). */
export function clientLinkSecretOf(request: FastifyRequest, rule: AccessRule): string | null {
  if (rule.kind !== 'project' || !rule.clientLink) return null;
  const container = request[rule.clientLink.from] as Record<string, unknown> | undefined;
  const value = container?.[rule.clientLink.key] ?? request.headers[CLIENT_LINK_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * The permission matrix applied to a resolved actor: no actor (not on the team) is PROJECT_ACCESS_DENIED; an actor
 * whose role lacks the permission is PERMISSION_DENIED. Both are 403: the caller is known, the action is not allowed.
 */
export function assertProjectPermission(
  actor: ProjectActor | null,
  permission: Permission,
): asserts actor is ProjectActor {
  if (!actor) throw projectAccessDenied();
  if (!can(actor, permission)) throw permissionDenied(permission);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function readProjectId(request: FastifyRequest, source: ProjectIdSource): string {
  const container = request[source.from] as Record<string, unknown> | undefined;
  const value = container?.[source.key];
  if (typeof value !== 'string' || value.length === 0) {
    throw new AppError('VALIDATION_FAILED', `A project id is required in ${source.from}.${source.key}.`);
  }
  return value;
}

/** Throws the catalogue error that refuses this principal under an account-level rule. */
export function assertAccountAllowed(rule: AccessRule, principal: Principal | null): void {
  if (rule.kind === 'public') return;
  if (!principal) throw signInRequired();
  if (rule.kind === 'account' && !rule.roles.includes(principal.accountRole)) {
    if (principal.accountRole === 'TALENT')
      throw new AppError('TALENT_NOT_ALLOWED', MESSAGES.talentNotAllowed);
    throw new AppError('FORBIDDEN', MESSAGES.notAllowed);
  }
  if (rule.kind === 'project' && principal.accountRole === 'TALENT') {
    throw new AppError('TALENT_NOT_ALLOWED', MESSAGES.talentNotAllowed);
  }
  // A generated password comes first: until the person chooses one, nothing else is theirs to do.
  const passwordChangeAllowed = rule.kind === 'account' && rule.allowPendingPasswordChange === true;
  if (principal.mustChangePassword && !passwordChangeAllowed) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
  }
  const pendingAllowed = rule.kind === 'account' && rule.allowPendingSecondFactor;
  if (principal.otpRequired && !principal.otpEnabled && !pendingAllowed) {
    throw new AppError('TOTP_NOT_ENABLED', MESSAGES.setUpTwoFactorToContinue);
  }
  if (rule.kind === 'account' && rule.officeRoles) {
    if (!principal.officeId) throw officeRequired(principal.officeUnavailable);
    const guest = rule.guests === true && principal.officeRole === null;
    if (!guest && (!principal.officeRole || !rule.officeRoles.includes(principal.officeRole))) {
      throw new AppError('FORBIDDEN', MESSAGES.officeRoleNotAllowed);
    }
  }
}

/**
 * Declares and enforces route access. Every route must carry `config.access`; the app refuses to become
 * ready otherwise, and the authorization test walks `app.routeAccess`.
 */
export function registerAccessControl(app: FastifyInstance, ports: AccessControlPorts): void {
  const entries: RouteAccessEntry[] = [];
  app.decorate('routeAccess', entries);
  app.decorate('accessControl', { ...ports, authenticate: sessionsOnly(ports.authenticate) });
  app.decorateRequest('principal', null);
  app.decorateRequest('projectActor', null);
  app.decorateRequest('clientLink', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // The config object is shared, so a plugin scope may still stamp its rule after this hook runs.
      entries.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get tokenScope() {
          return route.config?.tokenScope;
        },
      });
    }
  });

  app.addHook('onReady', async () => {
    const missing = entries.filter((entry) => !entry.access).map((entry) => `${entry.method} ${entry.url}`);
    if (missing.length > 0) throw new Error(`Routes without an access rule: ${missing.join(', ')}`);
  });

  // Callback-style hooks: the common cases (a public call without a token, a route outside projects) finish at once
  // instead of paying a promise per request; the asynchronous checks run only when there is something to check.
  // Each request runs in a database scope of its own (db/scope.ts): no office until the session (or, on a public
  // route, the link) says which, so that every query of the request sees that office's rows and nothing else.
  app.addHook('onRequest', (request, reply, done) =>
    openScope(() => authenticateRequest(request, reply, done)),
  );

  function authenticateRequest(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
    const rule = request.routeOptions.config.access;
    if (!rule) return done(); // not-found handling, which serves no data
    // Portal mode: the link's secret is the credential; a bearer token is not read (a super admin following a
    // client link sees only the client view).
    if (clientLinkSecretOf(request, rule)) return done();
    const token = bearerToken(request);
    if (!token) {
      request.principal = null;
      return done(admitted(rule, null));
    }
    ports.authenticate(token, request).then((principal) => {
      request.principal = principal;
      if (!principal && rule.kind !== 'public') {
        return done(unknownCredential(token));
      }
      if (principal?.apiToken) {
        const refusal = tokenRefusal(principal.apiToken.scopes, request.routeOptions.config.tokenScope);
        if (refusal) return done(refusal);
      }
      const installation = rule.kind === 'account' && rule.installation === true;
      enterOffice(installation ? null : (principal?.officeId ?? null));
      done(admitted(rule, principal));
    }, done);
  }

  app.addHook('preHandler', (request, _reply, done) => {
    const rule = request.routeOptions.config.access;
    // A callback hook must not return its promise: Fastify would then go on twice.
    if (rule?.kind === 'public' && rule.office) {
      publicOffice(request, rule.office).then(() => done(), done);
      return;
    }
    if (rule?.kind !== 'project') return done();
    projectActorOf(request, rule).then(() => done(), done);
  });

  async function publicOffice(request: FastifyRequest, source: OfficeSource) {
    const container = request[source.from] as Record<string, unknown> | undefined;
    const value = container?.[source.key];
    if (typeof value !== 'string' || value.length === 0 || !ports.enterOfficeOf) return;
    await ports.enterOfficeOf(source.kind, value);
  }

  async function projectActorOf(request: FastifyRequest, rule: Extract<AccessRule, { kind: 'project' }>) {
    const secret = clientLinkSecretOf(request, rule);
    if (secret) {
      if (!ports.resolveClientLink) throw notFound('The review link');
      // The link's secret says whose the request is: it works in the office of the link's project.
      await ports.enterOfficeOf?.('client_link', secret);
      const projectId = readProjectId(request, rule.projectId);
      const scope = await ports.resolveClientLink(secret, projectId, request);
      assertProjectPermission('CLIENT', rule.permission);
      request.projectActor = 'CLIENT';
      request.clientLink = scope;
      return;
    }
    if (!request.principal) return;
    const projectId = readProjectId(request, rule.projectId);
    const actor = await ports.resolveProjectActor(request.principal, projectId);
    assertProjectPermission(actor, rule.permission);
    request.projectActor = actor;
  }
}

/** The account-level check as a hook's error: undefined when the principal may call the route. */
function admitted(rule: AccessRule, principal: Principal | null): Error | undefined {
  try {
    assertAccountAllowed(rule, principal);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** Inside a plugin scope, gives every route the plugin registers the same rule (docs UI, static files). */
export function stampAccess(scope: FastifyInstance, rule: AccessRule): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: route.config?.access ?? rule };
  });
}
