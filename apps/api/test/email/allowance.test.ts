import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText } from '@casting/domain';
import { authRateLimits, candidateInvitations, emailSends } from '../../src/platform/db/schema';
import { type TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { type Cast } from '../support/projects';
import { buildEmailFixture, emailCalls, type EmailFixture } from './email-fixture';

// The daily allowance of e-mails to candidates: sends and invitations to apply draw on one allowance per account and
// one per office; a request over either is refused whole, and the pages read what is left.
let t: TestApp;
let cast: Cast;
let role: EmailFixture['role'];
let received: EmailFixture['received'];
let close: EmailFixture['close'];
const { as, api, link } = emailCalls(() => ({ t, cast, role, received }));

const PER_ACCOUNT = 5;
const PER_OFFICE = 8;

beforeAll(async () => {
  ({ t, cast, role, received, close } = await buildEmailFixture({
    CANDIDATE_EMAILS_PER_DAY: String(PER_ACCOUNT),
    CANDIDATE_EMAILS_PER_DAY_OFFICE: String(PER_OFFICE),
  }));
  // The counters of this worker's shared office start fresh: other files e-mailed its candidates too.
  const { db } = await testDatabase();
  await db.delete(authRateLimits).where(like(authRateLimits.key, 'candidate-mail:%'));
});
afterAll(() => close());

async function candidates(count: number) {
  const rows = [];
  for (let index = 0; index < count; index += 1) {
    rows.push(
      await buildApplicant(role, cast.people.PO.user, {
        firstName: `Quota${index}`,
        email: `quota-${index}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      }),
    );
  }
  return rows;
}

const allowance = async (actor: 'PO' | 'PE' | 'TE') => {
  const res = await t.app.inject({ method: 'GET', url: api('/email-allowance'), headers: as(actor) });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const sendTo = async (actor: 'PO' | 'PE' | 'TE', rows: { id: string }[]) =>
  t.app.inject({
    method: 'POST',
    url: api('/email-sends'),
    headers: as(actor),
    payload: {
      submissionIds: rows.map((row) => row.id),
      subject: 'Quota {{firstName}}',
      body: docFromText('Hi {{firstName}}'),
    },
  });

async function sendsOfProject() {
  const { db } = await testDatabase();
  return db.select({ id: emailSends.id }).from(emailSends).where(eq(emailSends.projectId, cast.project.id));
}

describe('daily allowance of e-mails to candidates', () => {
  it('counts sends and invitations per account and per office, refuses a request over either whole, and says what is left', async () => {
    expect(await allowance('PE')).toEqual({
      remaining: PER_ACCOUNT,
      account: { max: PER_ACCOUNT, remaining: PER_ACCOUNT },
      office: { max: PER_OFFICE, remaining: PER_OFFICE },
    });

    const first = await sendTo('PE', await candidates(3));
    expect(first.statusCode).toBe(201);
    expect(first.json().queued).toBe(3);
    expect((await allowance('PE')).remaining).toBe(2);
    expect((await allowance('PO')).remaining).toBe(PER_ACCOUNT);
    expect((await allowance('PO')).office.remaining).toBe(PER_OFFICE - 3);

    // Three more would pass the editor's own five: refused, and nothing is written or queued.
    const sendsBefore = (await sendsOfProject()).length;
    const over = await sendTo('PE', await candidates(3));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'You can send 2 more e-mails to candidates today (at most 5 a day), and this would send 3. ' +
        'Send to fewer people, or try again tomorrow.',
    });
    expect(await sendsOfProject()).toHaveLength(sendsBefore);
    expect((await allowance('PE')).remaining).toBe(2);

    // Invitations to apply draw on the same allowance.
    const templates = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('PE') });
    const templateId = templates
      .json()
      .items.find((item: { starterKey: string }) => item.starterKey === 'INVITATION').id;
    const shareLink = await link();
    const invite = (actor: 'PE' | 'TE', emails: string[]) =>
      t.app.inject({
        method: 'POST',
        url: api('/candidate-invitations'),
        headers: as(actor),
        payload: {
          roleId: role.id,
          shareLinkId: shareLink.id,
          templateId,
          people: emails.map((email) => ({ email, firstName: 'In', lastName: 'Vited' })),
        },
      });
    const invited = await invite('PE', ['quota-a@example.com', 'quota-b@example.com']);
    expect(invited.statusCode).toBe(201);
    expect(invited.json().invited).toBe(2);
    expect(await allowance('PE')).toMatchObject({ remaining: 0, account: { remaining: 0 } });
    const noMore = await invite('PE', ['quota-c@example.com']);
    expect(noMore.statusCode).toBe(429);
    expect(noMore.json().message).toContain('You can send 0 more e-mails to candidates today');

    // The owner has their own five, but the office has 3 left of its 8: four are refused, three go.
    const officeOver = await sendTo('PO', await candidates(4));
    expect(officeOver.statusCode).toBe(429);
    expect(officeOver.json().message).toBe(
      'Your office can send 3 more e-mails to candidates today (at most 8 a day), and this would send 4. ' +
        'Send to fewer people, or try again tomorrow.',
    );
    expect((await sendTo('PO', await candidates(3))).statusCode).toBe(201);
    expect(await allowance('PO')).toEqual({
      remaining: 0,
      account: { max: PER_ACCOUNT, remaining: 2 },
      office: { max: PER_OFFICE, remaining: 0 },
    });
    // The office's allowance is spent for everyone: an invitation by another member is refused, and not recorded.
    const teRefused = await invite('TE', ['quota-d@example.com']);
    expect(teRefused.statusCode).toBe(429);
    expect(teRefused.json().message).toContain('Your office can send 0 more e-mails');
    const { db } = await testDatabase();
    const recorded = await db
      .select({ email: candidateInvitations.email })
      .from(candidateInvitations)
      .where(
        and(eq(candidateInvitations.projectId, cast.project.id), like(candidateInvitations.email, 'quota-%')),
      );
    expect(recorded.map((row) => row.email).sort()).toEqual(['quota-a@example.com', 'quota-b@example.com']);
  });
});
