import type { Principal } from '../../platform/http/access';
import { z } from 'zod';
import {
  adminAgencyListQuerySchema,
  adminAgencyListSchema,
  agencySearchQuerySchema,
  agencySearchResultSchema,
  applicantRepresentativesQuerySchema,
  applicantRepresentativesSchema,
  claimAnswerResultSchema,
  claimAnswerSchema,
  claimViewQuerySchema,
  claimViewSchema,
  representativeSearchQuerySchema,
  representativeSearchResultSchema,
  verifySchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { assertCandidatesReached } from '../../platform/db/candidate-reach';
import { access } from '../../platform/http/access';
import { publicQuota } from '../../platform/http/public-quota';
import { requirePrincipal } from '../../platform/http/principal';
import { projectStanding, requireProjectPermission } from '../../platform/http/project-access';
import type { App } from '../../platform/http/types';
import {
  listAgenciesForAdmin,
  searchAgencies,
  searchRepresentatives,
  type AgencyScope,
} from './agency-search';
import { agentOfUser } from './agents';
import { answerClaim, claimView } from './claims';
import {
  applicantsNotInOneProject,
  projectOfApplicants,
  representativesOfApplicants,
} from './representation';
import { setAgencyVerified, setAgentVerified } from './verification';

const TAGS = ['agencies'];
const idParams = z.object({ id: z.uuid() });

/**
 * A talent submitter (a TS in the named project, or any representative when no project is named) sees only their own
 * agency; staff see every agency.
 */
async function agencyScope(db: Db, principal: Principal, projectId?: string): Promise<AgencyScope> {
  if (principal.accountRole === 'SUPER_ADMIN') return { onlyAgencyId: null };
  const agent = await agentOfUser(db, principal.userId);
  if (!agent) return { onlyAgencyId: null };
  if (projectId) {
    const standing = await projectStanding(db, principal, projectId);
    if (standing.actor !== 'TS') return { onlyAgencyId: null };
  }
  return { onlyAgencyId: agent.agencyId };
}

export function agencyRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/users/agencies/search',
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary:
          'Search agencies for the link dialog’s picker (pages of 20); a talent submitter sees only theirs',
        querystring: agencySearchQuerySchema,
        response: { 200: agencySearchResultSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (request.query.projectId) {
        await requireProjectPermission(db, request, request.query.projectId, 'VIEW_PROJECT');
      }
      const scope = await agencyScope(db, principal, request.query.projectId);
      return searchAgencies(db, scope, request.query);
    },
  );

  app.get(
    '/users/representatives/search',
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary:
          'Search agents (representatives) by name or e-mail; a talent submitter sees only their agency’s',
        querystring: representativeSearchQuerySchema,
        response: { 200: representativeSearchResultSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (request.query.projectId) {
        await requireProjectPermission(db, request, request.query.projectId, 'VIEW_PROJECT');
      }
      const scope = await agencyScope(db, principal, request.query.projectId);
      return searchRepresentatives(db, scope, request.query);
    },
  );

  app.get(
    '/applicants/representatives',
    {
      config: { access: access.staff() },
      schema: {
        tags: TAGS,
        summary: 'The representatives of the chosen candidates (all of one project the caller may view)',
        querystring: applicantRepresentativesQuerySchema,
        response: { 200: applicantRepresentativesSchema },
      },
    },
    async (request) => {
      const ids = request.query['applicantIds[]'];
      const projectId = await projectOfApplicants(db, ids);
      const actor = await requireProjectPermission(db, request, projectId, 'VIEW_PROJECT');
      // A candidate out of the caller's reach is answered as an unknown id is.
      await assertCandidatesReached(db, actor, projectId, ids, applicantsNotInOneProject);
      return { items: await representativesOfApplicants(db, [...new Set(ids)]) };
    },
  );

  app.get(
    '/admin/agencies',
    {
      config: { access: access.operator() },
      schema: {
        tags: TAGS,
        summary:
          'Every agency with its agents, by name, a keyset page at a time (super admin, for verifying them)',
        querystring: adminAgencyListQuerySchema,
        response: { 200: adminAgencyListSchema },
      },
    },
    async (request) => listAgenciesForAdmin(db, request.query),
  );

  app.patch(
    '/users/agencies/:id',
    {
      config: { access: access.operator() },
      schema: {
        tags: TAGS,
        summary: 'Verify (or un-verify) an agency (super admin)',
        params: idParams,
        body: verifySchema,
        response: { 200: z.object({ id: z.string(), isVerified: z.boolean() }) },
      },
    },
    async (request) => setAgencyVerified(db, request.params.id, request.body.isVerified),
  );

  app.patch(
    '/users/agents/:id',
    {
      config: { access: access.operator() },
      schema: {
        tags: TAGS,
        summary: 'Verify (or un-verify) an agent (super admin)',
        params: idParams,
        body: verifySchema,
        response: { 200: z.object({ id: z.string(), isVerified: z.boolean() }) },
      },
    },
    async (request) => setAgentVerified(db, request.params.id, request.body.isVerified),
  );

  app.get(
    '/v2/projects/:id/claim-representative/:claimId',
    {
      config: { access: access.public({ kind: 'project', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary:
          'The representation claim an agent was mailed, for the confirmation page (secret from the e-mail)',
        params: idParams.extend({ claimId: z.uuid() }),
        querystring: claimViewQuerySchema,
        response: { 200: claimViewSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'claim');
      return claimView(db, request.params.id, request.params.claimId, request.query.token);
    },
  );

  for (const [path, answer] of [
    ['/v2/projects/:id/claim-representative', 'CONFIRMED'],
    ['/v2/projects/:id/claim-representative/deny', 'DENIED'],
  ] as const) {
    app.post(
      path,
      {
        // The agent answers from the e-mailed link, signed in or not: the claim's secret is the credential.
        config: { access: access.public({ kind: 'project', from: 'params', key: 'id' }) },
        schema: {
          tags: TAGS,
          summary:
            answer === 'CONFIRMED'
              ? 'The named agent confirms a representation claim (secret from the claim e-mail)'
              : 'The named agent declines a representation claim (secret from the claim e-mail)',
          params: idParams,
          body: claimAnswerSchema,
          response: { 200: claimAnswerResultSchema },
        },
      },
      async (request) => {
        await publicQuota(db, request, 'claim');
        return answerClaim(db, request.params.id, request.body, answer);
      },
    );
  }
}
