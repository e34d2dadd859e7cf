import { z } from 'zod';
import {
  ACCESS_SCOPE_NAMES,
  PROJECT_SCOPES,
  accessScopeListSchema,
  inviteResultSchema,
  inviteTeamMembersSchema,
  scopesAllowedToCreate,
  scopesAllowedToUpdate,
  teamListQuerySchema,
  teamListSchema,
  teamMemberSchema,
  updateAccessSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import {
  assertRowVisible,
  changeMemberScope,
  inviteMembers,
  removeMember,
  resendInvitation,
  teamRowFilter,
  type TeamDeps,
} from './service';
import { teamMembers } from './views';

const projectParams = z.object({ id: z.string().max(64) });
const accessParams = projectParams.extend({ accessId: z.string().max(64) });

/** Who works on a project and with which scope: listing, inviting by e-mail, changing scopes, removing. */
export function teamRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const deps: TeamDeps = {
    db,
    mailer: context.mailer,
    log: context.log,
    publicUrl: context.config.publicUrl,
    invitationsPerDay: context.config.INVITATIONS_PER_DAY,
  };

  app.get(
    '/projects/access-scopes',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['team'],
        summary: 'Every access scope with the scopes its holder may grant and change',
        response: { 200: accessScopeListSchema },
      },
    },
    async () => ({
      items: PROJECT_SCOPES.map((code) => ({
        code,
        name: ACCESS_SCOPE_NAMES[code],
        scopeAllowedToCreate: scopesAllowedToCreate(code),
        scopeAllowedToUpdate: scopesAllowedToUpdate(code),
      })),
    }),
  );

  app.get(
    '/projects/:id/accesses',
    {
      config: { access: access.project('INVITE_TEAM_MEMBERS') },
      schema: {
        tags: ['team'],
        summary: 'Team members of a project',
        params: projectParams,
        querystring: teamListQuerySchema,
        response: { 200: teamListSchema },
      },
    },
    async (request) => {
      const caller = { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) };
      return teamMembers(db, request.params.id, request.query, await teamRowFilter(db, caller));
    },
  );

  app.post(
    '/projects/:id/accesses',
    {
      config: {
        access: access.project('INVITE_TEAM_MEMBERS'),
        audit: { action: 'team.invite' },
        idempotent: true,
      },
      schema: {
        tags: ['team'],
        summary: 'Invite team members; talent accounts are refused and listed in talentEmails',
        params: projectParams,
        body: inviteTeamMembersSchema,
        response: { 200: inviteResultSchema },
      },
    },
    async (request) =>
      inviteMembers(
        deps,
        { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) },
        request.params.id,
        request.body,
      ),
  );

  app.patch(
    '/projects/:id/access/:accessId',
    {
      config: {
        access: access.project('INVITE_TEAM_MEMBERS'),
        audit: {
          action: 'team.scope-change',
          target: { type: 'project-access', from: 'params', key: 'accessId' },
        },
      },
      schema: {
        tags: ['team'],
        summary: "Change a member's role (both roles must be in the caller's scopeAllowedToUpdate)",
        params: accessParams,
        body: updateAccessSchema,
        response: { 200: teamMemberSchema },
      },
    },
    // A talent submitter changes nobody's role (their scopeAllowedToUpdate is empty), so no row filter is needed.
    async (request) =>
      changeMemberScope(
        db,
        requireProjectActor(request),
        request.params.id,
        request.params.accessId,
        request.body.scope,
      ),
  );

  app.post(
    '/projects/:id/access/:accessId/resend',
    {
      config: { access: access.project('INVITE_TEAM_MEMBERS') },
      schema: {
        tags: ['team'],
        summary: "Send a pending invitation's e-mail again (scope in the caller's scopeAllowedToCreate)",
        params: accessParams,
      },
    },
    async (request, reply) => {
      const caller = { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) };
      await assertRowVisible(db, caller, request.params.id, request.params.accessId);
      await resendInvitation(
        deps,
        { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) },
        request.params.id,
        request.params.accessId,
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    '/projects/:id/access/:accessId',
    {
      config: {
        access: access.project('INVITE_TEAM_MEMBERS'),
        audit: { action: 'team.remove', target: { type: 'project-access', from: 'params', key: 'accessId' } },
      },
      schema: {
        tags: ['team'],
        summary: "Remove a member whose role is in the caller's scopeAllowedToCreate",
        params: accessParams,
      },
    },
    async (request, reply) => {
      const caller = { userId: requirePrincipal(request).userId, actor: requireProjectActor(request) };
      await assertRowVisible(db, caller, request.params.id, request.params.accessId);
      await removeMember(db, caller.actor, request.params.id, request.params.accessId);
      return reply.status(204).send();
    },
  );
}
