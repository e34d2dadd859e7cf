import type { UserRoleCode } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { ROUTES } from '../routes';
import { resolveRouteAccess } from './resolve-route-access';
import type { RouteAccessDecision } from './resolve-route-access';

/*
 * The expectations below are written from the product's access rules, not read from the route table:
 * each list is written out by hand, who may open which paths, rather than read from the code under test.
 */
const GUEST_ONLY = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/reset-password',
  '/auth/confirm-user',
  '/auth/check-email',
  '/auth/reset-password-successfully',
  '/auth/forgot-password',
];
const GUEST_ADMIN_SUPER_ADMIN = [
  '/deep-linking',
  '/client/review-submission/:id',
  '/client/review-submission/auth',
  '/client/review-project/:id',
  // (ours) A client account's projects, where it lands after sign-in (decision 0142).
  '/client/review-project',
  '/downloads/:id',
  '/project-share/:id',
  '/submit/:projectId',
  '/castingcall/apply',
  '/castingcall/apply/:slug',
  '/:type/apply',
  '/:type/apply/:slug',
  '/claim-confirmation/:id',
  // (ours) The talent's private link from the confirmation e-mail.
  '/submission/:id',
  // Ours: the unsubscribe link of a project's e-mail opens for anyone (decision 0377).
  '/email/opt-out/:token',
  // (ours) The reply page of a chat e-mail (private link, no account needed).
  '/chat/reply/:threadId',
  // (ours) The public pages' terms and privacy, linked from every apply page.
  '/terms',
  '/privacy',
  '/404',
  // (ours) An office invitation's link: read signed out, accepted signed in.
  '/invitations/office/:token',
  // (ours) A self-tape request's and an audition invitation's private pages, opened from the e-mail without an
  // account.
  '/self-tapes/:token',
  '/auditions/:projectId',
];
// '/audit' (the audit log) and '/agencies' (agency verification) are ours; they follow the rule of /users: super
// admins only.
// '/operator/offices' (the installation's offices) is ours too, the operator's.
const SUPER_ADMIN_ONLY = [
  '/enums',
  '/users',
  '/projects/admin-scripts/:id',
  '/audit',
  '/agencies',
  '/operator/offices',
];
const SUPER_ADMIN_AND_ADMIN = [
  '/profile',
  '/profile/edit',
  '/projects',
  '/projectv2/create',
  '/projectv2/edit/:id',
  '/projectv2/view/:id',
  '/projects/chat/:id',
  '/projects/candidate/:id',
  '/projects/overview/:id',
  '/projects/roles/:id',
  '/projects/invite-candidates/:id',
  '/projects/create',
  '/projects/create/:id',
  '/projects/email/:id/send',
  '/projects/:id/email-templates',
  '/projects/:id/email-templates/:emailTemplatesId',
  '/projects/:id/email-templates/new',
  '/projects/:id/applicant-links',
  '/projects/:id/roster-management',
  '/import',
  '/roster',
  // (ours) The office's own pages; what each member may change there is the office role's, on the page.
  '/office/settings',
  '/office/members',
  '/',
  '/projects/compare/:id',
  '/projects/:id/presentations',
  '/projects/:id/self-tapes/:requestId',
  '/projects/:id/auditions',
  '/projects/:id/auditions/:sessionId',
  '/projects/:id/auditions/:sessionId/check-in',
  '/projects/:id/self-tapes',
  '/projects/:id/auditions/days/:day',
];

type Actor = 'signed out' | UserRoleCode;
const ACTORS: Actor[] = [
  'signed out',
  'TALENT',
  'CASTING_DIRECTOR',
  'CASTING_ASSISTANT',
  'CLIENT',
  'SUPER_ADMIN',
];

const allow: RouteAccessDecision = { kind: 'allow' };
const toSignIn: RouteAccessDecision = { kind: 'redirect', to: '/auth/sign-in' };
const toProjects: RouteAccessDecision = { kind: 'redirect', to: '/projects' };
const toClientProjects: RouteAccessDecision = { kind: 'redirect', to: '/client/review-project' };
const refuse: RouteAccessDecision = { kind: 'refuseTalent' };

function expected(path: string, actor: Actor): RouteAccessDecision {
  if (actor === 'TALENT') return refuse;
  const isAdmin = actor === 'CASTING_DIRECTOR' || actor === 'CASTING_ASSISTANT' || actor === 'CLIENT';
  // A client account's home is its projects in the client review layout (decision 0142).
  const home = actor === 'CLIENT' ? toClientProjects : toProjects;
  if (GUEST_ONLY.includes(path)) return actor === 'signed out' ? allow : home;
  if (GUEST_ADMIN_SUPER_ADMIN.includes(path)) return allow;
  // Ours (decision 0142): the back office's pages offer a client account actions it may not take; it reviews in the
  // client layout, and keeps its own profile.
  if (actor === 'CLIENT' && SUPER_ADMIN_AND_ADMIN.includes(path) && !path.startsWith('/profile')) return home;
  // The sidebar hides /import from casting assistants (role id 3); the guard refuses them the page too.
  if (path === '/import' && actor === 'CASTING_ASSISTANT') return toProjects;
  if (SUPER_ADMIN_AND_ADMIN.includes(path)) return actor === 'signed out' ? toSignIn : allow;
  if (SUPER_ADMIN_ONLY.includes(path)) {
    if (actor === 'signed out') return toSignIn;
    return isAdmin ? home : allow;
  }
  throw new Error(`The table lists no access rule for ${path}`);
}

function userFor(actor: Actor) {
  return actor === 'signed out' ? null : buildUser({ roleCode: actor });
}

describe('route table', () => {
  it('holds exactly the routes of the table, each once', () => {
    const specPaths = [
      ...GUEST_ONLY,
      ...GUEST_ADMIN_SUPER_ADMIN,
      ...SUPER_ADMIN_ONLY,
      ...SUPER_ADMIN_AND_ADMIN,
    ];
    const tablePaths = ROUTES.map((route) => route.path);

    expect(new Set(tablePaths).size).toBe(tablePaths.length);
    expect([...tablePaths].sort()).toEqual([...specPaths].sort());
  });
});

describe('resolveRouteAccess', () => {
  const cases = ROUTES.flatMap((route) => ACTORS.map((actor) => ({ route, actor })));

  it.each(cases)('$route.path as $actor', ({ route, actor }) => {
    expect(resolveRouteAccess({ route, user: userFor(actor), otpSatisfied: true })).toEqual(
      expected(route.path, actor),
    );
  });

  it.each(ACTORS)('sends an unknown path to /404 (%s)', (actor) => {
    expect(resolveRouteAccess({ route: null, user: userFor(actor), otpSatisfied: true })).toEqual({
      kind: 'redirect',
      to: '/404',
    });
  });

  describe('while a required second factor is not set up', () => {
    const byPath = (path: string) => {
      const found = ROUTES.find((route) => route.path === path);
      if (!found) throw new Error(`no route ${path}`);
      return found;
    };

    it('keeps a signed-in user on a route their role may not open instead of redirecting', () => {
      const director = buildUser({ roleCode: 'CASTING_DIRECTOR', otpRequired: true });
      expect(resolveRouteAccess({ route: byPath('/users'), user: director, otpSatisfied: false })).toEqual({
        kind: 'awaitSecondFactor',
      });
      expect(
        resolveRouteAccess({ route: byPath('/auth/sign-in'), user: director, otpSatisfied: false }),
      ).toEqual({
        kind: 'awaitSecondFactor',
      });
    });

    it('still lets them open the routes their role allows', () => {
      const director = buildUser({ roleCode: 'CASTING_DIRECTOR', otpRequired: true });
      expect(resolveRouteAccess({ route: byPath('/projects'), user: director, otpSatisfied: false })).toEqual(
        allow,
      );
    });

    it('still refuses a talent account', () => {
      const talent = buildUser({ roleCode: 'TALENT', otpRequired: true });
      expect(resolveRouteAccess({ route: byPath('/projects'), user: talent, otpSatisfied: false })).toEqual(
        refuse,
      );
    });
  });
});
