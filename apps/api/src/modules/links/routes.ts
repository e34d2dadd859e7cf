import { z } from 'zod';
import {
  checkTitleRequestSchema,
  checkTitleResultSchema,
  resolveLinkQuerySchema,
  resolvedLinkSchema,
  shareLinkGroupPatchSchema,
  shareLinkListQuerySchema,
  shareLinkListSchema,
  shareLinkUpsertResultSchema,
  shareLinkUpsertSchema,
  roleOptionListSchema,
  linkGenerationRequestSchema,
  referralUserListSchema,
  shareLinkSettingsSchema,
  urlMappingQuerySchema,
  urlMappingResultSchema,
  LINK_STATUSES,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { linkOpportunities } from './link-creator';
import { patchGroup, upsertShareLinks } from './link-groups';
import { listShareLinks } from './link-list';
import { isTitleUnique } from './link-lookup';
import { resolveLink, urlMapping } from './link-resolve';
import { generateReferralLinks, listReferralUsers } from './referral-links';

const TAGS = ['links'];
const projectParams = z.object({ id: z.string().max(64) });
const groupParams = z.object({ id: z.string().max(64), groupId: z.uuid() });

/** Who may make and read submission links: every team actor (SUBMIT_TALENT), a talent submitter with limits. */
const LINKS_PERMISSION = 'SUBMIT_TALENT' as const;

export interface UploadGrantPort {
  /** An opaque grant the apply page passes to the media module's upload calls, or null when uploads are off. */
  (projectId: string, shareLinkId: string): Promise<string | null>;
}

export function linkRoutes(app: App, context: AppContext, uploadGrant: UploadGrantPort) {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;
  const creator = (request: Parameters<typeof requirePrincipal>[0]) => ({
    userId: requirePrincipal(request).userId,
    actor: requireProjectActor(request),
  });

  app.post(
    '/v2/projects/:id/share-links/check-title',
    {
      config: { access: access.project(LINKS_PERMISSION) },
      schema: {
        tags: TAGS,
        summary:
          'Whether a submission link title is free in the project (case and surrounding spaces ignored)',
        params: projectParams,
        body: checkTitleRequestSchema,
        response: { 200: checkTitleResultSchema },
      },
    },
    async (request) => ({
      isUnique: await isTitleUnique(db, request.params.id, request.body.title, request.body.excludeGroupId),
    }),
  );

  app.post(
    '/v2/projects/:id/share-links',
    {
      config: { access: access.project(LINKS_PERMISSION) },
      schema: {
        tags: TAGS,
        summary:
          'Create submission links (one per chosen agency or agent, as a group), or update the group of link `id`',
        params: projectParams,
        body: shareLinkUpsertSchema,
        response: { 200: shareLinkUpsertResultSchema, 201: shareLinkUpsertResultSchema },
      },
    },
    async (request, reply) => {
      const links = await upsertShareLinks(db, publicUrl, request.params.id, creator(request), request.body);
      return reply.status(request.body.id ? 200 : 201).send(links);
    },
  );

  app.get(
    '/v2/projects/:id/share-links/referral-users',
    {
      config: { access: access.project('SELECT_LINK_REFERRAL_USERS') },
      schema: {
        tags: TAGS,
        summary: 'The team members links may be generated for, with the agency of each representative',
        params: projectParams,
        response: { 200: referralUserListSchema },
      },
    },
    async (request) => listReferralUsers(db, request.params.id),
  );

  app.post(
    '/v2/projects/:id/share-links/generate',
    {
      config: { access: access.project('SELECT_LINK_REFERRAL_USERS') },
      schema: {
        tags: TAGS,
        summary:
          'Generate one link per chosen referral user (a team member), as one group; with representation each is pre-filled with their agent',
        params: projectParams,
        body: linkGenerationRequestSchema,
        response: { 201: shareLinkUpsertResultSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await generateReferralLinks(db, publicUrl, request.params.id, creator(request), request.body)),
  );

  app.get(
    '/v2/projects/:id/share-links/opportunities',
    {
      config: { access: access.project(LINKS_PERMISSION) },
      schema: {
        tags: TAGS,
        summary:
          'The opportunities the link dialog offers: all of the project’s, or only those shared with a talent submitter’s agency',
        params: projectParams,
        response: { 200: roleOptionListSchema },
      },
    },
    async (request) => linkOpportunities(db, request.params.id, creator(request)),
  );

  app.get(
    '/v2/projects/:id/share-links',
    {
      config: { access: access.project(LINKS_PERMISSION) },
      schema: {
        tags: TAGS,
        summary: 'The project’s submission links, newest first (keyset paged)',
        params: projectParams,
        querystring: shareLinkListQuerySchema,
        response: { 200: shareLinkListSchema },
      },
    },
    async (request) => listShareLinks(db, publicUrl, request.params.id, creator(request), request.query),
  );

  app.patch(
    '/v2/projects/:id/share-link-groups/:groupId',
    {
      config: { access: access.project(LINKS_PERMISSION) },
      schema: {
        tags: TAGS,
        summary: 'Rename a group of links, change its settings, close or reopen it, or set its expiry',
        params: groupParams,
        body: shareLinkGroupPatchSchema,
        response: {
          200: z.object({
            id: z.string(),
            title: z.string(),
            settings: shareLinkSettingsSchema,
            status: z.enum(LINK_STATUSES),
            closedAt: z.string().nullable(),
            expiresAt: z.string().nullable(),
          }),
        },
      },
    },
    async (request) =>
      patchGroup(db, request.params.id, creator(request), request.params.groupId, request.body),
  );

  app.get(
    '/v2/projects/standalone-url-mapping',
    {
      config: { access: access.public() },
      schema: {
        tags: TAGS,
        summary: 'Resolve an apply address’s slug to its submission link',
        querystring: urlMappingQuerySchema,
        response: { 200: urlMappingResultSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return urlMapping(db, request.query.url, request.query.projectId);
    },
  );

  app.get(
    '/v2/share-links/resolve',
    {
      config: { access: access.public({ kind: 'share_link', from: 'query', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary:
          'What an apply page shows for a link secret: the form’s content when open, only the status when closed or expired',
        querystring: resolveLinkQuerySchema,
        response: { 200: resolvedLinkSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return resolveLink(db, request.query.token, uploadGrant);
    },
  );
}
