import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AccessRule } from '../../src/platform/http/access';
import { createUser, signIn, type CreateUserOverrides } from './identity';
import { createOffice } from './projects';

/**
 * The access rules of routes outside a project, by name, as a route table writes them:
 * - `public`: no sign-in (the request's own secret, if any, is the credential);
 * - `staff`: any staff account (super admins and admins), whatever its office;
 * - `memberOrGuest`: any member of the request's office, or a guest on one of its project teams;
 * - `officeStaff`: the office's members but clients;
 * - `owner`: the office's owner;
 * - `operator`: the installation's super admin, working outside any office.
 */
export type AccountRuleName = 'public' | 'staff' | 'memberOrGuest' | 'officeStaff' | 'owner' | 'operator';

/** The name of the rule a route declares, or `other` for any rule a table of these names cannot state. */
export function accountRuleName(rule: AccessRule | undefined): AccountRuleName | 'other' {
  if (rule?.kind === 'public') return 'public';
  if (rule?.kind !== 'account') return 'other';
  if (rule.roles.length === 1 && rule.roles[0] === 'SUPER_ADMIN')
    return rule.installation ? 'operator' : 'other';
  if (rule.roles.includes('TALENT')) return 'other';
  if (!rule.officeRoles) return 'staff';
  if (rule.guests) return rule.officeRoles.length === 4 ? 'memberOrGuest' : 'other';
  if (rule.officeRoles.length === 1 && rule.officeRoles[0] === 'OWNER') return 'owner';
  return rule.officeRoles.includes('CLIENT') ? 'other' : 'officeStaff';
}

/**
 * The callers a table of account rules is walked with: an office's client, casting director and owner, a talent
 * account (no office), and the installation's operator (a super admin, who owns the first office).
 */
export const CALLERS = ['anonymous', 'talent', 'client', 'director', 'owner', 'operator'] as const;
export type Caller = (typeof CALLERS)[number];

export interface Outcome {
  status: number;
  code?: string;
}

/** One route of a module's table. */
export interface AccountRouteCase {
  /** `METHOD /url`, as registered. */
  route: string;
  /** The rule the route must declare. */
  rule: AccountRuleName;
  /** What a caller the rule admits gets (with the error code when the handler itself answers 4xx). */
  ok: number | Outcome;
  /** A caller's answer where the handler, not the rule, decides it (a public route reading its own credential). */
  outcomeFor?: Partial<Record<Caller, Outcome>>;
  /** The request a caller with these headers makes; by default the route's url with the headers. */
  request?(headers: Record<string, string>): InjectOptions | Promise<InjectOptions>;
}

/** Who each signed-in rule admits; anyone else signed in is FORBIDDEN (talent: TALENT_NOT_ALLOWED). */
const ADMITS: Record<Exclude<AccountRuleName, 'public'>, readonly Caller[]> = {
  staff: ['client', 'director', 'owner', 'operator'],
  memberOrGuest: ['client', 'director', 'owner', 'operator'],
  officeStaff: ['director', 'owner', 'operator'],
  owner: ['owner', 'operator'],
  operator: ['operator'],
};

/** The answer a caller must get from the rule alone: a public route's credential is in the request, not the caller. */
export function expectedByRule(rule: AccountRuleName, caller: Caller, ok: number | Outcome): Outcome {
  const admitted = typeof ok === 'number' ? { status: ok } : ok;
  if (rule === 'public') return admitted;
  if (caller === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (caller === 'talent') return { status: 403, code: 'TALENT_NOT_ALLOWED' };
  return ADMITS[rule].includes(caller) ? admitted : { status: 403, code: 'FORBIDDEN' };
}

/** Signs in one caller of each kind, the office ones in a new office of their own; answers their headers. */
export async function signInCallers(app: FastifyInstance): Promise<Record<Caller, Record<string, string>>> {
  const officeId = await createOffice(`Callers ${randomUUID().slice(0, 8)}`);
  const auth = async (overrides: CreateUserOverrides) =>
    (await signIn(app, await createUser(overrides))).auth;
  return {
    anonymous: {},
    talent: await auth({ roleCode: 'TALENT', officeId: null }),
    client: await auth({ roleCode: 'CLIENT', officeId, officeRole: 'CLIENT' }),
    director: await auth({ officeId, officeRole: 'CASTING_DIRECTOR' }),
    owner: await auth({ officeId, officeRole: 'OWNER' }),
    operator: await auth({ roleCode: 'SUPER_ADMIN' }),
  };
}

/**
 * One route of a table asked by every caller: what each got (status, and the error code of a 4xx) beside what the
 * route's rule (or its `outcomeFor`) says each must get, for one `expect(actual).toEqual(expected)`.
 */
export async function outcomesByCaller(
  app: FastifyInstance,
  callers: Record<Caller, Record<string, string>>,
  route: AccountRouteCase,
): Promise<{ actual: Record<string, Outcome>; expected: Record<string, Outcome> }> {
  const [method, url] = route.route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string];
  const actual: Record<string, Outcome> = {};
  const expected: Record<string, Outcome> = {};
  for (const caller of CALLERS) {
    const headers = callers[caller];
    const res = await app.inject(route.request ? await route.request(headers) : { method, url, headers });
    const outcome: Outcome = { status: res.statusCode };
    if (res.statusCode >= 400) outcome.code = res.json().code;
    actual[caller] = outcome;
    expected[caller] = route.outcomeFor?.[caller] ?? expectedByRule(route.rule, caller, route.ok);
  }
  return { actual, expected };
}

/** The rules the app's routes selected by `owned` declare, by `METHOD /url` (HEAD left out: it is its GET's). */
export function declaredRules(app: FastifyInstance, owned: (url: string) => boolean) {
  return Object.fromEntries(
    app.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && owned(entry.url))
      .map((entry) => [`${entry.method} ${entry.url}`, accountRuleName(entry.access)]),
  );
}

/** A table's routes with the rule each must declare, to compare with `declaredRules`. */
export function tabledRules(table: readonly AccountRouteCase[]) {
  return Object.fromEntries(table.map((entry) => [entry.route, entry.rule]));
}
