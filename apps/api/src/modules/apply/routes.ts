import { z } from 'zod';
import {
  agencyReviewCountsQuerySchema,
  agencyReviewCountsSchema,
  changeRepresentativeSchema,
  checkEmailWebformResultSchema,
  checkEmailWebformSchema,
  confirmApplicationResultSchema,
  confirmApplicationSchema,
  createRepresentativeSchema,
  globalContentQuerySchema,
  globalContentSchema,
  LINK_MESSAGES,
  messageResultSchema,
  privateTokenQuerySchema,
  representativeListSchema,
  representativeSchema,
  representativeFormSchema,
  PUBLIC_PAGE_TEXT,
  representativesQuerySchema,
  resendQuerySchema,
  sendUnderReviewResultSchema,
  sendUnderReviewSchema,
  standaloneApplyResultSchema,
  standaloneApplySchema,
  standaloneUpdateSchema,
  standaloneViewSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { currentOfficeId } from '../../platform/db/scope';
import { publicQuota } from '../../platform/http/public-quota';
import type { App } from '../../platform/http/types';
import { officeLegalParagraphs } from '../offices';
import { locateAddress } from '../../platform/address';
import type { ApplyDeps } from './apply-deps';
import { confirmApplication } from './address-owner';
import { applyStandalone } from './apply-standalone';
import { checkEmailWebform, resendPrivateLink, standaloneView, updateStandalone } from './private-link';
import {
  addRepresentativeByStaff,
  changeRepresentative,
  createRepresentative,
  linkRepresentatives,
} from './representation';
import { agencyReviewCounts } from './agency-review-counts';
import { sendUnderReview } from './send-under-review';
import { privateMediaRoutes } from './private-media-routes';

const TAGS = ['apply'];
const idParams = z.object({ id: z.uuid() });
const projectParams = z.object({ id: z.string().max(64) });
/** Public bodies are small: an application is text plus upload references, never file content. */
const PUBLIC_BODY_LIMIT = 64 * 1024;

export function applyRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  privateMediaRoutes(app, context);
  const deps: ApplyDeps = {
    db,
    jobs: context.jobs,
    publicUrl: context.config.publicUrl,
    config: context.config,
    addresses: context.addresses,
    // A new application tells the team's open candidates pages, on whichever instance they are connected.
    events: context.events,
  };

  app.get(
    '/v2/global-content',
    {
      // A submission link's secret in `token` puts the request in the link's office, whose own texts then apply.
      config: { access: access.public({ kind: 'share_link', from: 'query', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary:
          'Shared content of the public pages: terms and privacy (the office’s own with its link’s token)',
        querystring: globalContentQuerySchema,
        response: { 200: globalContentSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const base = context.config.publicUrl.replace(/\/$/, '');
      const office = await officeLegalParagraphs(db, currentOfficeId());
      return {
        termsUrl: `${base}/terms`,
        privacyUrl: `${base}/privacy`,
        termsTitle: LINK_MESSAGES.termsTitle,
        privacyTitle: LINK_MESSAGES.privacyTitle,
        // The link's office's wording when it wrote one, else the installation's (TERMS_FILE, PRIVACY_FILE), else the
        // product's default.
        terms: office.terms ?? context.config.legalText.terms ?? [...PUBLIC_PAGE_TEXT.terms],
        privacy: office.privacy ?? context.config.legalText.privacy ?? [...PUBLIC_PAGE_TEXT.privacy],
        supportEmail: context.config.SUPPORT_EMAIL ?? null,
      };
    },
  );

  app.post(
    '/v2/applicants/standalone',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { access: access.public({ kind: 'share_link', from: 'body', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary: 'Apply through a submission link, without an account (the link secret is the credential)',
        body: standaloneApplySchema,
        response: { 201: standaloneApplyResultSchema },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'submit');
      await publicQuota(db, request, 'application');
      return reply.status(201).send(await applyStandalone(deps, request.body));
    },
  );

  app.patch(
    '/v2/applicants/standalone/:id',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { access: access.public({ kind: 'applicant', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary: 'The talent updates their submission through their private link',
        params: idParams,
        body: standaloneUpdateSchema,
        response: { 200: standaloneViewSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      const { address } = request.body;
      const coordinates = address === undefined ? undefined : await locateAddress(context.addresses, address);
      return updateStandalone(db, request.params.id, request.body, coordinates);
    },
  );

  app.get(
    '/v2/applicants/:id/standalone/token',
    {
      config: { access: access.public({ kind: 'applicant', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary: 'What the talent submitted, opened with their private link’s token',
        params: idParams,
        querystring: privateTokenQuerySchema,
        response: { 200: standaloneViewSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return standaloneView(db, request.params.id, request.query.token);
    },
  );

  app.post(
    '/v2/applicants/:id/standalone/confirm',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { access: access.public({ kind: 'applicant', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary:
          'The address’s owner confirms an application made with an address a person already had (private link mailed there)',
        params: idParams,
        body: confirmApplicationSchema,
        response: { 200: confirmApplicationResultSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      return confirmApplication(deps, request.params.id, request.body.accessToken);
    },
  );

  app.get(
    '/v2/applicants/:id/standalone/resend-email',
    {
      config: { access: access.public({ kind: 'applicant', from: 'params', key: 'id' }) },
      schema: {
        tags: TAGS,
        summary:
          'Mail the talent a fresh private link (to the address they gave); token is the submission link’s',
        params: idParams,
        querystring: resendQuerySchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'mail');
      return resendPrivateLink(deps, request.params.id, request.query.token);
    },
  );

  app.post(
    '/applicants/:id/check-email-webform',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { access: access.public({ kind: 'share_link', from: 'body', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary:
          'Whether an e-mail already applied to the project `id` (a returning talent is mailed their private link)',
        params: projectParams,
        body: checkEmailWebformSchema,
        response: { 200: checkEmailWebformResultSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'mail');
      return checkEmailWebform(deps, request.params.id, request.body.email, request.body.token);
    },
  );

  app.get(
    '/users/representatives',
    {
      config: { access: access.public({ kind: 'share_link', from: 'query', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary: 'The representation a submission link is pre-filled with (no sign-in; the link secret)',
        querystring: representativesQuerySchema,
        response: { 200: representativeListSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'read');
      return linkRepresentatives(db, request.query.token);
    },
  );

  app.post(
    '/users/representatives',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { access: access.public({ kind: 'share_link', from: 'body', key: 'token' }) },
      schema: {
        tags: TAGS,
        summary: 'Add Representation on an apply page: an existing agent by e-mail, or a new unverified one',
        body: createRepresentativeSchema,
        response: { 201: representativeSchema },
      },
    },
    async (request, reply) => {
      await publicQuota(db, request, 'submit');
      const { token, ...form } = request.body;
      return reply.status(201).send(await createRepresentative(db, token, form));
    },
  );

  app.patch(
    '/users/representatives',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { access: access.public({ kind: 'applicant', from: 'body', key: 'applicantId' }) },
      schema: {
        tags: TAGS,
        summary:
          'The talent changes their representation through their private link (when the link allows it)',
        body: changeRepresentativeSchema,
        response: { 200: representativeSchema },
      },
    },
    async (request) => {
      await publicQuota(db, request, 'submit');
      await publicQuota(db, request, 'application');
      const { applicantId, accessToken, ...form } = request.body;
      return changeRepresentative(deps, applicantId, accessToken, form);
    },
  );

  app.post(
    '/v2/projects/:id/applicants/:applicantId/representatives',
    {
      config: { access: access.project('MANAGE_APPLICANTS') },
      schema: {
        tags: TAGS,
        summary:
          'Add Representation from the candidate preview: name the candidate’s agent (mailed a claim to confirm)',
        params: projectParams.extend({ applicantId: z.uuid() }),
        body: representativeFormSchema,
        response: { 201: representativeSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addRepresentativeByStaff(deps, request.params.id, request.params.applicantId, request.body),
        ),
  );

  app.post(
    '/v2/projects/:id/applicants/send-under-review',
    {
      config: { access: access.project('SEND_UNDER_REVIEW') },
      schema: {
        tags: TAGS,
        summary: 'A talent submitter sends submissions waiting for review on to the casting team',
        params: projectParams,
        body: sendUnderReviewSchema,
        response: { 200: sendUnderReviewResultSchema },
      },
    },
    async (request) =>
      sendUnderReview(db, request.params.id, request.body.applicantIds, context.events, context.jobs),
  );

  app.get(
    '/v2/projects/:id/applicants/agency-review-counts',
    {
      // The casting team that chooses which agencies a link goes to sees how many wait with each; a talent submitter
      // works in those folders and sees them there, and a client never learns that an agency review exists.
      config: { access: access.project('SELECT_LINK_REFERRAL_USERS') },
      schema: {
        tags: TAGS,
        summary:
          'How many candidates wait in agency review (For Review, Hold for Later), per agency, in a project or one opportunity',
        params: projectParams,
        querystring: agencyReviewCountsQuerySchema,
        response: { 200: agencyReviewCountsSchema },
      },
    },
    async (request) => agencyReviewCounts(db, request.params.id, request.query.roleId),
  );
}
