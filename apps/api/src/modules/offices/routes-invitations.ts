import { z } from 'zod';
import {
  acceptOfficeInvitationSchema,
  createOfficeInvitationSchema,
  myOfficeSchema,
  officeInvitationListSchema,
  officeInvitationPreviewSchema,
  officeInvitationSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { auditInOffices } from '../../platform/http/audit';
import { requirePrincipal } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { officeCaller } from './caller';
import {
  acceptInvitation,
  inviteToOffice,
  pendingInvitations,
  previewInvitation,
  revokeInvitation,
  type InvitationDeps,
} from './invitations';

const TAGS = ['offices'];
const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().min(20).max(200) });

/** Inviting people into the office by e-mail, the link's public preview, and accepting it. */
export function invitationRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const deps: InvitationDeps = {
    db,
    jobs: context.jobs,
    publicUrl: context.config.publicUrl,
    invitationsPerDay: context.config.OFFICE_INVITATIONS_PER_DAY,
  };

  app.post(
    '/offices/current/invitations',
    {
      config: {
        access: access.officeOwner(),
        audit: { action: 'office.invite', fields: ['email', 'role'] },
        idempotent: true,
      },
      schema: {
        tags: TAGS,
        summary: 'Invite someone to the office by e-mail (replaces their pending invitation)',
        body: createOfficeInvitationSchema,
        response: { 201: officeInvitationSchema },
      },
    },
    async (request, reply) => {
      const caller = officeCaller(request);
      return reply.status(201).send(await inviteToOffice(deps, caller.userId, caller.officeId, request.body));
    },
  );

  app.get(
    '/offices/current/invitations',
    {
      config: { access: access.officeOwner() },
      schema: {
        tags: TAGS,
        summary: 'The office’s invitations still waiting for an answer, newest first',
        response: { 200: officeInvitationListSchema },
      },
    },
    async (request) => ({ items: await pendingInvitations(db, officeCaller(request).officeId) }),
  );

  app.delete(
    '/offices/current/invitations/:id',
    {
      config: {
        access: access.officeOwner(),
        audit: {
          action: 'office.invitation-revoke',
          target: { type: 'office-invitation', from: 'params', key: 'id' },
        },
      },
      schema: {
        tags: TAGS,
        summary: 'Withdraw a pending invitation; its link stops working',
        params: idParams,
      },
    },
    async (request, reply) => {
      await revokeInvitation(db, officeCaller(request).officeId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/offices/invitations/:token',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'What an invitation link offers: the office, the invited address and role, and until when',
        params: tokenParams,
        response: { 200: officeInvitationPreviewSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return previewInvitation(db, request.params.token);
    },
  );

  app.post(
    '/offices/invitations/accept',
    {
      config: { access: access.staff(), audit: { action: 'office.invitation-accept' } },
      schema: {
        tags: TAGS,
        summary:
          'Accept an invitation sent to the caller’s confirmed address; the session moves into the office',
        body: acceptOfficeInvitationSchema,
        response: { 200: myOfficeSchema },
      },
    },
    async (request) => {
      const { office, left } = await acceptInvitation(db, requirePrincipal(request), request.body.token);
      auditInOffices(request, [left ?? office.id, office.id]);
      return office;
    },
  );
}
