import { randomUUID } from 'node:crypto';
import { shareLinkUpsertSchema, searchFold } from '@casting/domain';
import { openClaim } from '../../src/modules/agencies/claims';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import { agencies, agents } from '../../src/platform/db/schema';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import {
  SPEC,
  fresh,
  inPath,
  publicRoute,
  staff,
  superAdmin,
  type Fixture,
  type RouteCase,
} from './route-rules';

/** A link of the fixture's project, made through the service; answers its secret and ids. */
export async function fixtureLink(fixture: Fixture, settings: Record<string, unknown> = {}) {
  const { db } = await testDatabase();
  const [link] = await upsertShareLinks(
    db,
    'http://localhost:3000',
    fixture.cast.project.id,
    { userId: fixture.cast.people.PO.user.id, actor: 'PO' },
    shareLinkUpsertSchema.parse({ title: fresh('Link'), roleIds: [fixture.role.id], ...settings }),
  );
  return { ...link!, token: link!.link.split('/').at(-1)! };
}

async function fixtureAgent() {
  const { db } = await testDatabase();
  const name = fresh('Agency');
  const [agency] = await db
    .insert(agencies)
    .values({ name, searchText: searchFold(name) })
    .returning();
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  const [agent] = await db
    .insert(agents)
    .values({ agencyId: agency!.id, firstName: 'Ari', lastName: 'Agent', email, searchText: email })
    .returning();
  return { agency: agency!, agent: agent! };
}

/** A candidate with an open representation claim; answers the claim's id and secret. */
async function fixtureClaim(fixture: Fixture) {
  const { db } = await testDatabase();
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user);
  const { agency, agent } = await fixtureAgent();
  const claim = await openClaim(db, {
    projectId: fixture.cast.project.id,
    applicantId: row.applicantId,
    agentId: agent.id,
    agencyId: agency.id,
    shareLinkId: null,
  });
  return claim!;
}

/** Routes of submission links, agencies, representation and apply that sit under the projects' prefixes. */
export const LINK_PROJECT_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    route: '/api/v2/projects/:id/share-links/check-title',
    rule: inPath(SPEC.submitTalent),
    ok: 200,
    request: async (_f, id) => ({
      url: `/api/v2/projects/${id}/share-links/check-title`,
      payload: { title: 'Any' },
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/share-links',
    rule: inPath(SPEC.submitTalent),
    ok: 201,
    // The fixture's talent submitter is no agent, so no opportunity is shared with them (decision 0054).
    outcomeFor: { TS: { status: 400, code: 'VALIDATION_FAILED' } },
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/share-links`,
      payload: { title: fresh('Matrix'), roleIds: [f.role.id] },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/share-links/referral-users',
    rule: inPath(SPEC.selectLinkReferralUsers),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/share-links/referral-users` }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/share-links/generate',
    rule: inPath(SPEC.selectLinkReferralUsers),
    ok: 201,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/share-links/generate`,
      payload: {
        name: fresh('Referral'),
        roleIds: [f.role.id],
        referralUserIds: [f.cast.people.PO.user.id],
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/share-links/opportunities',
    rule: inPath(SPEC.submitTalent),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/share-links/opportunities` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/share-links',
    rule: inPath(SPEC.submitTalent),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/share-links` }),
  },
  {
    method: 'PATCH',
    route: '/api/v2/projects/:id/share-link-groups/:groupId',
    rule: inPath(SPEC.submitTalent),
    ok: 200,
    // The owner's plain link: a talent submitter changes only groups shared with their own agency.
    outcomeFor: { TS: { status: 404, code: 'NOT_FOUND' } },
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/share-link-groups/${(await fixtureLink(f)).groupId}`,
      payload: { closed: false },
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/applicants/:applicantId/representatives',
    rule: inPath(SPEC.manageApplicants),
    ok: 201,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      return {
        url: `/api/v2/projects/${id}/applicants/${row.applicantId}/representatives`,
        payload: {
          agent: {
            firstName: 'Rae',
            lastName: 'Agent',
            email: `rae-${randomUUID().slice(0, 8)}@example.com`,
          },
          agency: { name: 'Matrix Agency' },
        },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/applicants/send-under-review',
    rule: inPath(SPEC.sendUnderReview),
    ok: 200,
    request: async (f, id) => {
      const row = await buildApplicant(f.role, f.cast.people.PO.user);
      await placeInFolder(row, await systemFolder(f.role, 'TS_FOR_REVIEW'), f.role.projectId);
      return {
        url: `/api/v2/projects/${id}/applicants/send-under-review`,
        payload: { applicantIds: [row.id] },
      };
    },
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/applicants/agency-review-counts',
    rule: inPath(SPEC.selectLinkReferralUsers),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/applicants/agency-review-counts?roleId=${f.role.id}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/standalone-url-mapping',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({
      url: `/api/v2/projects/standalone-url-mapping?url=${(await fixtureLink(f)).token}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/claim-representative/:claimId',
    rule: publicRoute,
    ok: 200,
    request: async (f) => {
      const claim = await fixtureClaim(f);
      return {
        url: `/api/v2/projects/${f.cast.project.id}/claim-representative/${claim.id}?token=${claim.token}`,
      };
    },
  },
  ...(['', '/deny'] as const).map((suffix): RouteCase => ({
    method: 'POST',
    route: `/api/v2/projects/:id/claim-representative${suffix}`,
    rule: publicRoute,
    ok: 200,
    request: async (f) => {
      const claim = await fixtureClaim(f);
      return {
        url: `/api/v2/projects/${f.cast.project.id}/claim-representative${suffix}`,
        payload: { claimId: claim.id, token: claim.token },
      };
    },
  })),
  {
    method: 'GET',
    route: '/api/users/lookups/addresses',
    rule: publicRoute,
    ok: 200,
    request: async () => ({ url: '/api/users/lookups/addresses?zip=10001' }),
  },
];

const applyPayload = (token: string) => ({
  token,
  firstName: 'Mia',
  lastName: fresh('Matrix'),
  email: `matrix-${randomUUID().slice(0, 8)}@example.com`,
  acceptTerms: true,
});

/** The other new routes (their own prefixes); the links route-matrix test walks them with LINK_PROJECT_ROUTES. */
export const LINK_OTHER_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/users/agencies/search',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/users/agencies/search?text=a' }),
  },
  {
    method: 'GET',
    route: '/api/users/representatives/search',
    rule: staff,
    ok: 200,
    request: async () => ({ url: '/api/users/representatives/search?text=a' }),
  },
  {
    method: 'GET',
    route: '/api/applicants/representatives',
    // The project is the one the named candidates belong to.
    rule: { kind: 'project', allowed: SPEC.viewProject, projectIn: 'folder' },
    ok: 200,
    // Another office's candidates are unknown ids to its owner, refused as such; so is a candidate outside the
    // submitter folders to a talent submitter.
    outcomeFor: {
      otherOffice: { status: 400, code: 'VALIDATION_FAILED' },
      TS: { status: 400, code: 'VALIDATION_FAILED' },
    },
    request: async (f) => ({
      url: `/api/applicants/representatives?applicantIds[]=${(await buildApplicant(f.role, f.cast.people.PO.user)).applicantId}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/agencies',
    rule: superAdmin,
    ok: 200,
    request: async () => ({ url: '/api/admin/agencies?text=agency' }),
  },
  {
    method: 'PATCH',
    route: '/api/users/agencies/:id',
    rule: superAdmin,
    ok: 200,
    request: async () => ({
      url: `/api/users/agencies/${(await fixtureAgent()).agency.id}`,
      payload: { isVerified: true },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/users/agents/:id',
    rule: superAdmin,
    ok: 200,
    request: async () => ({
      url: `/api/users/agents/${(await fixtureAgent()).agent.id}`,
      payload: { isVerified: true },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/share-links/resolve',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({ url: `/api/v2/share-links/resolve?token=${(await fixtureLink(f)).token}` }),
  },
  {
    method: 'GET',
    route: '/api/v2/global-content',
    rule: publicRoute,
    ok: 200,
    request: async () => ({ url: '/api/v2/global-content' }),
  },
  {
    method: 'POST',
    route: '/api/v2/applicants/standalone',
    rule: publicRoute,
    ok: 201,
    request: async (f) => ({
      url: '/api/v2/applicants/standalone',
      payload: applyPayload((await fixtureLink(f)).token),
    }),
  },
  {
    method: 'POST',
    route: '/api/applicants/:id/check-email-webform',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({
      url: `/api/applicants/${f.cast.project.id}/check-email-webform`,
      payload: { email: 'someone@example.com', token: (await fixtureLink(f)).token },
    }),
  },
  {
    method: 'GET',
    route: '/api/users/representatives',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({ url: `/api/users/representatives?token=${(await fixtureLink(f)).token}` }),
  },
  {
    method: 'POST',
    route: '/api/users/representatives',
    rule: publicRoute,
    ok: 201,
    request: async (f) => ({
      url: '/api/users/representatives',
      payload: {
        token: (await fixtureLink(f)).token,
        agency: { name: 'Matrix Agency' },
        agent: { firstName: 'Ann', lastName: 'Agent', email: `rep-${randomUUID().slice(0, 8)}@example.com` },
      },
    }),
  },
];

/**
 * The routes a talent's private token opens (their own application, its representative): public, the token in the
 * request being the credential. They need that token, so the links route-matrix test walks them with guessed secrets
 * (the same 404 for anonymous and signed-in callers) rather than through the actor matrix.
 */
export const LINK_PRIVATE_TOKEN_ROUTES = [
  'DELETE /api/v2/applicants/:id/standalone/media/:mediaId',
  'GET /api/v2/applicants/:id/standalone/media',
  'GET /api/v2/applicants/:id/standalone/resend-email',
  'GET /api/v2/applicants/:id/standalone/selfie',
  'GET /api/v2/applicants/:id/standalone/token',
  'PATCH /api/users/representatives',
  'PATCH /api/v2/applicants/standalone/:id',
  'POST /api/v2/applicants/:id/standalone/confirm',
  'POST /api/v2/applicants/:id/standalone/media',
  'PUT /api/v2/applicants/:id/standalone/selfie',
] as const;
