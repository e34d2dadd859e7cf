import { accountRoleOf } from '@casting/domain';
import type { AccountRole, UserRoleCode } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import type { AccessGroup, AppRoute } from '../routes';

export type RouteAccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** A talent account: sign it out and say why. */
  | { kind: 'refuseTalent' }
  /** Signed in on a route the role may not open, but a required second factor is still missing:
   *  stay on this URL without showing the page until the two-factor set-up is done. */
  | { kind: 'awaitSecondFactor' };

/** Account roles allowed per access group; a signed-out visitor counts as GUEST. */
const ALLOWED: Record<AccessGroup, readonly AccountRole[]> = {
  guest: ['GUEST'],
  public: ['GUEST', 'ADMIN', 'SUPER_ADMIN'],
  account: ['ADMIN', 'SUPER_ADMIN'],
  staff: ['ADMIN', 'SUPER_ADMIN'],
  office: ['ADMIN', 'SUPER_ADMIN'],
  superAdmin: ['SUPER_ADMIN'],
  importers: ['ADMIN', 'SUPER_ADMIN'],
};

/**
 * User roles a group refuses although their account role is allowed, as the API's `access.office()` and
 * `access.importers()` rules do: a client account signs in as ADMIN, but the office's talent database is the
 * office's own (decision 0039); casting assistants do not import (/import is hidden from them), and neither do
 * clients, who may add no candidate anywhere. A client account reviews in the client layout (its projects at
 * /client/review-project): the back office's pages offer actions it may not take, so they send it there (decision
 * 0142); its own profile stays open to it.
 */
const REFUSED_ROLES: Partial<Record<AccessGroup, readonly UserRoleCode[]>> = {
  staff: ['CLIENT'],
  office: ['CLIENT'],
  importers: ['CASTING_ASSISTANT', 'CLIENT'],
};

/** Where a signed-in person belongs: a client account's projects in the client layout, everyone else's /projects. */
export function homeOf(user: { role: { code: UserRoleCode } }): string {
  return user.role.code === 'CLIENT' ? paths.client.reviewProjects : paths.projects;
}

export interface RouteAccessInput {
  /** The matched route, or null for a path no route matches. */
  route: AppRoute | null;
  user: { role: { code: UserRoleCode } } | null;
  /** False while the user must set up a required second factor (otpRequired && !otpEnabled). */
  otpSatisfied: boolean;
}

/**
 * The route guard as a pure decision: unknown paths go to /404; a signed-out visitor reaches guest
 * and public pages only, else sign-in; a talent account is signed out; a required second factor not
 * yet set up holds the page; a role outside the route's group goes home (/projects, or a client account's
 * projects).
 */
export function resolveRouteAccess({ route, user, otpSatisfied }: RouteAccessInput): RouteAccessDecision {
  if (!route) return { kind: 'redirect', to: paths.notFound };
  if (!user) {
    return ALLOWED[route.access].includes('GUEST')
      ? { kind: 'allow' }
      : { kind: 'redirect', to: paths.auth.signIn };
  }
  const role = accountRoleOf(user.role.code);
  if (role === 'TALENT') return { kind: 'refuseTalent' };
  if (ALLOWED[route.access].includes(role) && !REFUSED_ROLES[route.access]?.includes(user.role.code)) {
    return { kind: 'allow' };
  }
  return otpSatisfied ? { kind: 'redirect', to: homeOf(user) } : { kind: 'awaitSecondFactor' };
}
