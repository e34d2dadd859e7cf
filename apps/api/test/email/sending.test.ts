import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText } from '@casting/domain';
import { deliverRecipient } from '../../src/modules/email';
import { emailBounces, emailRecipients, submissions } from '../../src/platform/db/schema';
import type { Mailer } from '../../src/platform/mail/ports';
import { type TestApp } from '../support/app';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildProject, buildRole, type Cast } from '../support/projects';
import { buildEmailFixture, emailCalls, REFUSED, unfold, type EmailFixture } from './email-fixture';

// Sending e-mail to candidates through a real SMTP server: one message each, refused addresses, retries without
// sending twice, unsubscribing, and what a talent submitter may send.
let t: TestApp;
let cast: Cast;
let role: EmailFixture['role'];
let received: EmailFixture['received'];
let smtp: EmailFixture['smtp'];
let close: EmailFixture['close'];
const { as, api, messagesTo, settled } = emailCalls(() => ({ t, cast, role, received }));

beforeAll(async () => {
  ({ t, cast, role, smtp, received, close } = await buildEmailFixture());
});
afterAll(() => close());

describe('sending to candidates', () => {
  it('sends one personalised message per candidate through SMTP, marks a refused address, and reports each status', async () => {
    const people = await Promise.all(
      [
        ['Ana', 'ana@example.com'],
        ['Bo', REFUSED],
        ['Cy', 'cy@example.com'],
      ].map(([firstName, email]) => buildApplicant(role, cast.people.PO.user, { firstName, email })),
    );
    const noAddress = await buildApplicant(role, cast.people.PO.user, { firstName: 'Dee' });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/email-sends'),
      headers: as('PE'),
      payload: {
        submissionIds: [...people.map((row) => row.id), noAddress.id],
        subject: 'Hello {{firstName}}',
        body: docFromText('Hi {{firstName}}, this is {{senderName}}.'),
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().queued).toBe(3);
    const send = await settled(res.json().id);
    const byName = Object.fromEntries(
      send.recipients.map((r: { name: string; status: string; reason: string | null }) => [
        r.name.split(' ')[0],
        r,
      ]),
    );
    expect(byName.Ana.status).toBe('SENT');
    expect(byName.Cy.status).toBe('SENT');
    expect(byName.Bo.status).toBe('FAILED');
    expect(byName.Bo.reason).toMatch(/Refused by the receiving mail server.*550/);
    expect(byName.Dee).toMatchObject({ status: 'SKIPPED', reason: 'No e-mail address on file' });
    expect(send.counts).toMatchObject({ SENT: 2, FAILED: 1, SKIPPED: 1, QUEUED: 0 });

    const [ana] = messagesTo('ana@example.com');
    expect(ana?.raw).toContain('Subject: Hello Ana');
    expect(ana?.raw).toMatch(/Reply-To: [^\r\n]*@/);
    expect(ana?.raw).toContain('multipart/alternative');
    expect(ana?.raw).toContain('text/html');
    expect(messagesTo(REFUSED)).toHaveLength(0);

    const { db } = await testDatabase();
    const bounce = await db.select().from(emailBounces).where(eq(emailBounces.email, REFUSED));
    expect(bounce).toHaveLength(1);

    // The bounced address is not tried again by a later send.
    const again = await t.app.inject({
      method: 'POST',
      url: api('/email-sends'),
      headers: as('PE'),
      payload: { submissionIds: [people[1]!.id], subject: 'Again', body: docFromText('Again') },
    });
    expect(again.json().queued).toBe(0);
  });

  it('never sends twice when a job runs again, and retries a passing failure once', async () => {
    const row = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Rhea',
      email: 'rhea@example.com',
    });
    const { db } = await testDatabase();
    // Made with the workers of another app stopped: this test drives the job handler itself.
    let calls = 0;
    const flaky: Mailer = {
      kind: 'smtp',
      async send(message) {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        await smtp.send(message);
      },
    };
    const [recipient] = await db.transaction(async (tx) => {
      const { createSend } = await import('../../src/modules/email');
      const { recipients } = await createSend(tx, { send: async () => null } as never, {
        projectId: cast.project.id,
        kind: 'CANDIDATES',
        message: { templateId: null, templateName: null, subject: 'Once', body: docFromText('Once only') },
        link: { shareLinkId: null, url: null },
        sender: {
          userId: cast.people.PO.user.id,
          senderName: 'Olivia Owner',
          replyTo: cast.people.PO.user.email,
        },
        recipients: [
          {
            email: 'rhea@example.com',
            firstName: 'Rhea',
            lastName: '',
            opportunityName: null,
            submissionId: row.id,
            offersOptOut: false,
          },
        ],
      });
      return recipients;
    });
    const url = t.context.config.publicUrl;
    await expect(deliverRecipient(db, flaky, url, recipient!.id)).rejects.toThrow('ECONNREFUSED');
    const [afterFailure] = await db
      .select()
      .from(emailRecipients)
      .where(eq(emailRecipients.id, recipient!.id));
    expect(afterFailure).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(await deliverRecipient(db, flaky, url, recipient!.id)).toBe('sent');
    expect(await deliverRecipient(db, flaky, url, recipient!.id)).toBe('nothing');
    expect(await deliverRecipient(db, flaky, url, recipient!.id)).toBe('nothing');
    expect(messagesTo('rhea@example.com').filter((m) => m.raw.includes('Subject: Once'))).toHaveLength(1);
  });

  it('answers a retried send with the same Idempotency-Key from the first, e-mailing once', async () => {
    const row = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Ivo',
      email: 'ivo@example.com',
    });
    const retry = () =>
      t.app.inject({
        method: 'POST',
        url: api('/email-sends'),
        headers: { ...as('PE'), 'idempotency-key': 'send-ivo-once' },
        payload: { submissionIds: [row.id], subject: 'Retried', body: docFromText('Only once') },
      });
    const first = await retry();
    const second = await retry();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    await settled(first.json().id);
    expect(messagesTo('ivo@example.com').filter((m) => m.raw.includes('Subject: Retried'))).toHaveLength(1);
    const { db } = await testDatabase();
    const rows = await db.select().from(emailRecipients).where(eq(emailRecipients.email, 'ivo@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('gives people who applied on their own a working unsubscribe link that stops later mail from the project', async () => {
    const row = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Uma',
      email: 'uma@example.com',
    });
    const { db } = await testDatabase();
    await db.update(submissions).set({ source: 'SUBMISSION_LINK' }).where(eq(submissions.id, row.id));
    const send = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: api('/email-sends'),
        headers: as('PO'),
        payload: { submissionIds: [row.id], subject: 'News for {{firstName}}', body: docFromText('News') },
      });
      return settled(res.json().id);
    };
    expect((await send()).recipients[0].status).toBe('SENT');
    const raw = unfold(messagesTo('uma@example.com').at(-1)!.raw);
    const token = /\/email\/opt-out\/([A-Za-z0-9_-]{24})/.exec(raw)?.[1];
    expect(token).toBeDefined();
    expect(raw).toContain('List-Unsubscribe:');

    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/email/opt-out',
      payload: { token: `${token!.slice(0, 23)}${token!.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(tampered.statusCode).toBe(404);
    const optOut = await t.app.inject({ method: 'POST', url: '/api/email/opt-out', payload: { token } });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json().projectName).toBe(cast.project.name);

    const later = await send();
    expect(later.recipients[0]).toMatchObject({ status: 'SKIPPED' });
    expect(later.recipients[0].reason).toContain('Unsubscribed');
  });

  it('shows a talent submitter only their own sends, and previews only candidates they may e-mail', async () => {
    const reviewed = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Vera',
      email: 'vera@example.com',
    });
    await placeInFolder(reviewed, await systemFolder(role, 'TS_FOR_REVIEW'), cast.project.id);
    const staffOnly = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Walt',
      email: 'walt@example.com',
    });
    const sendAs = async (actor: 'PE' | 'TS', submissionId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: api('/email-sends'),
        headers: as(actor),
        payload: { submissionIds: [submissionId], subject: `From ${actor}`, body: docFromText('Hi') },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const mine = await sendAs('TS', reviewed.id);
    const theirs = await sendAs('PE', staffOnly.id);

    const list = await t.app.inject({ method: 'GET', url: api('/email-sends?limit=100'), headers: as('TS') });
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    // Every item of the submitter's list is theirs (earlier tests sent as the staff).
    expect(list.json().items.every((item: { sentBy: string }) => item.sentBy.includes('Submitter'))).toBe(
      true,
    );
    const own = await t.app.inject({ method: 'GET', url: api(`/email-sends/${mine}`), headers: as('TS') });
    expect(own.statusCode).toBe(200);
    expect(own.json().recipients.map((r: { email: string }) => r.email)).toEqual(['vera@example.com']);
    const other = await t.app.inject({
      method: 'GET',
      url: api(`/email-sends/${theirs}`),
      headers: as('TS'),
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('walt@example.com');
    // The staff still read the whole history.
    const staffList = await t.app.inject({
      method: 'GET',
      url: api('/email-sends?limit=100'),
      headers: as('PO'),
    });
    expect(staffList.json().items.map((item: { id: string }) => item.id)).toEqual(
      expect.arrayContaining([mine, theirs]),
    );
    const staffDetail = await t.app.inject({
      method: 'GET',
      url: api(`/email-sends/${mine}`),
      headers: as('PO'),
    });
    expect(staffDetail.statusCode).toBe(200);

    // Previewing applies the reach of sending: a candidate outside the submitter folders is answered as an unknown id.
    const preview = (actor: 'PO' | 'TS', submissionId: string) =>
      t.app.inject({
        method: 'POST',
        url: api('/email-preview'),
        headers: as(actor),
        payload: { subject: 'Hi {{firstName}}', body: docFromText('Hi'), submissionId },
      });
    const refused = await preview('TS', staffOnly.id);
    const unknown = await preview('TS', randomUUID());
    expect(refused.statusCode).toBe(404);
    expect([refused.json().code, refused.json().message]).toEqual([
      unknown.json().code,
      unknown.json().message,
    ]);
    expect(refused.body).not.toContain('walt@example.com');
    const allowed = await preview('TS', reviewed.id);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ to: 'vera@example.com', subject: 'Hi Vera' });
    expect((await preview('PO', staffOnly.id)).statusCode).toBe(200);
  });

  it('refuses a candidate of another project in one go, writing nothing', async () => {
    const otherRole = await buildRole(await buildProject(cast.people.SA.user));
    const foreign = await buildApplicant(otherRole, cast.people.PO.user, { email: 'foreign@example.com' });
    const mine = await buildApplicant(role, cast.people.PO.user, { email: 'mine@example.com' });
    const before = await t.app.inject({ method: 'GET', url: api('/email-sends'), headers: as('PO') });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/email-sends'),
      headers: as('PO'),
      payload: { submissionIds: [mine.id, foreign.id], subject: 'x', body: docFromText('x') },
    });
    expect(res.statusCode).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: api('/email-sends'), headers: as('PO') });
    expect(after.json().items[0].id).toBe(before.json().items[0].id);
  });
});
