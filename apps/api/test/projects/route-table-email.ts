import { docFromText, shareLinkUpsertSchema } from '@casting/domain';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import { newLinkToken, tokenDigest } from '../../src/platform/crypto/link-tokens';
import { emailRecipients, emailTemplates } from '../../src/platform/db/schema';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { fresh, inPath, publicRoute, type Fixture, type RouteCase } from './route-rules';

/**
 * E-mail templates, sends and invitations. Who may, from the product's permission table: the candidate action
 * 'send e-mail' (every member) uses templates and sends; writing templates is the casting staff's (ours, decision
 * 0032); inviting people to apply is submitting talent (every member).
 */
const SEND_EMAIL = ['SA', 'PO', 'PE', 'TE', 'TS'] as const;
const MANAGE_TEMPLATES = ['SA', 'PO', 'PE'] as const;
const SUBMIT_TALENT = ['SA', 'PO', 'PE', 'TE', 'TS'] as const;

/** The mail provider's shared secret for the bounce webhook, configured on the matrix's app. */
export const BOUNCE_WEBHOOK_SECRET = 'matrix-bounce-webhook-secret-0123456789';

const message = { subject: 'Hello {{firstName}}', body: docFromText('Hi {{firstName}}') };

async function template(fixture: Fixture) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(emailTemplates)
    .values({ projectId: fixture.cast.project.id, name: fresh('Template'), ...message })
    .returning();
  return row!;
}

/** A candidate a talent submitter may e-mail too: in the For Review submitter folder. */
async function reviewRow(fixture: Fixture) {
  const row = await buildApplicant(fixture.role, fixture.cast.people.PO.user, {
    firstName: 'Rowan',
    email: `${fresh('rowan').replace(' ', '-')}@example.com`,
  });
  await placeInFolder(row, await systemFolder(fixture.role, 'TS_FOR_REVIEW'), fixture.role.projectId);
  return row;
}

async function send(fixture: Fixture) {
  const { db } = await testDatabase();
  const { createSend } = await import('../../src/modules/email');
  return db.transaction(async (tx) => {
    const created = await createSend(tx, { send: async () => null } as never, {
      projectId: fixture.cast.project.id,
      kind: 'CANDIDATES',
      message: { templateId: null, templateName: null, ...message },
      link: { shareLinkId: null, url: null },
      sender: {
        userId: fixture.cast.people.PO.user.id,
        senderName: 'Olivia Owner',
        replyTo: 'o@example.com',
      },
      recipients: [],
    });
    return created.send;
  });
}

/** A recipient's unsubscribe secret, as a sent message carries it. */
async function optOutToken(fixture: Fixture) {
  const { db } = await testDatabase();
  const sent = await send(fixture);
  const token = newLinkToken();
  await db.insert(emailRecipients).values({
    sendId: sent.id,
    projectId: fixture.cast.project.id,
    email: `${fresh('optout').replace(' ', '-')}@example.com`,
    status: 'SENT',
    offersOptOut: true,
    optOutDigest: tokenDigest(token),
  });
  return token;
}

async function link(fixture: Fixture) {
  const { db } = await testDatabase();
  const [created] = await upsertShareLinks(
    db,
    'http://localhost:3000',
    fixture.cast.project.id,
    { userId: fixture.cast.people.PO.user.id, actor: 'PO' },
    shareLinkUpsertSchema.parse({ title: fresh('Link'), roleIds: [fixture.role.id] }),
  );
  return created!;
}

export const EMAIL_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v2/projects/:id/email-templates',
    rule: inPath(SEND_EMAIL),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/email-templates` }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/email-templates',
    rule: inPath(MANAGE_TEMPLATES),
    ok: 201,
    request: async (_f, id) => ({
      url: `/api/v2/projects/${id}/email-templates`,
      payload: { name: fresh('Template'), ...message },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/email-templates/:templateId',
    rule: inPath(SEND_EMAIL),
    ok: 200,
    request: async (f, id) => ({ url: `/api/v2/projects/${id}/email-templates/${(await template(f)).id}` }),
  },
  {
    method: 'PUT',
    route: '/api/v2/projects/:id/email-templates/:templateId',
    rule: inPath(MANAGE_TEMPLATES),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/email-templates/${(await template(f)).id}`,
      payload: { name: fresh('Renamed'), ...message },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/v2/projects/:id/email-templates/:templateId',
    rule: inPath(MANAGE_TEMPLATES),
    ok: 204,
    request: async (f, id) => ({ url: `/api/v2/projects/${id}/email-templates/${(await template(f)).id}` }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/email-preview',
    rule: inPath(SEND_EMAIL),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/email-preview`,
      payload: { ...message, submissionId: (await reviewRow(f)).id },
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/email-sends',
    rule: inPath(SEND_EMAIL),
    ok: 201,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/email-sends`,
      payload: { ...message, submissionIds: [(await reviewRow(f)).id] },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/email-sends',
    rule: inPath(SEND_EMAIL),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/email-sends` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/email-allowance',
    rule: inPath(SEND_EMAIL),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/email-allowance` }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/email-sends/:sendId',
    rule: inPath(SEND_EMAIL),
    ok: 200,
    // A talent submitter reads only their own sends; this one is the owner's.
    outcomeFor: { TS: { status: 404, code: 'NOT_FOUND' } },
    request: async (f, id) => ({ url: `/api/v2/projects/${id}/email-sends/${(await send(f)).id}` }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/candidate-invitations/check',
    rule: inPath(SUBMIT_TALENT),
    ok: 200,
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/candidate-invitations/check`,
      payload: { text: 'a@example.com, not-an-address', format: 'LIST' },
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/candidate-invitations',
    rule: inPath(SUBMIT_TALENT),
    ok: 201,
    // The link is not of the talent submitter's agency (they have none here): refused as the link field's error.
    outcomeFor: { TS: { status: 400, code: 'VALIDATION_FAILED' } },
    request: async (f, id) => ({
      url: `/api/v2/projects/${id}/candidate-invitations`,
      payload: {
        roleId: f.role.id,
        shareLinkId: (await link(f)).id,
        templateId: (await template(f)).id,
        people: [{ email: `${fresh('invitee').replace(' ', '-')}@example.com` }],
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/v2/projects/:id/candidate-invitations',
    rule: inPath(SUBMIT_TALENT),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/candidate-invitations` }),
  },

  {
    method: 'POST',
    route: '/api/email/opt-out',
    rule: publicRoute,
    ok: 200,
    request: async (f) => ({ url: '/api/email/opt-out', payload: { token: await optOutToken(f) } }),
  },
  {
    // The mail provider's webhook (decision 0058): its shared secret is the credential, whoever signs the call.
    method: 'POST',
    route: '/api/email/bounces',
    rule: publicRoute,
    ok: 200,
    request: async () => ({
      url: '/api/email/bounces',
      headers: { 'x-webhook-secret': BOUNCE_WEBHOOK_SECRET },
      payload: [{ email: `${fresh('gone').replace(' ', '-')}@example.com`, reason: '550', permanent: true }],
    }),
  },
];
