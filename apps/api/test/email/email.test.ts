import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText, searchFold, shareLinkUpsertSchema } from '@casting/domain';
import { deliverRecipient } from '../../src/modules/email';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import {
  agencies,
  agents,
  emailBounces,
  emailRecipients,
  emailTemplates,
  emailTemplateSeeds,
  submissions,
} from '../../src/platform/db/schema';
import { createSmtpMailer } from '../../src/platform/mail/smtp';
import type { Mailer } from '../../src/platform/mail/ports';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildCast, buildProject, buildRole, type Cast } from '../support/projects';

interface Received {
  to: string[];
  raw: string;
}

/** The raw message with quoted-printable soft line breaks joined, so links read whole. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

// A real SMTP server on loopback that refuses one address for good, as a receiving server does for an unknown user.
const received: Received[] = [];
let server: SMTPServer;
let smtp: Mailer & { close(): void };
let t: TestApp;
let cast: Cast;
let role: Awaited<ReturnType<typeof buildRole>>;
const REFUSED = 'nobody-here@refused.test';

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) {
        const error = new Error('5.1.1 No such user here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  smtp = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Casting <no-reply@casting.test>');
  t = await buildTestApp({ mailer: smtp, runWorkers: true });
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead <Detective>' });
});
afterAll(async () => {
  await t.close();
  smtp.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const as = (actor: 'PO' | 'PE' | 'TE' | 'TS' | 'SA') => cast.headers(actor);
const api = (path: string) => `/api/v2/projects/${cast.project.id}${path}`;
const messagesTo = (address: string) => received.filter((message) => message.to.includes(address));

/** Waits (up to 20 s of time) until no recipient of the send is queued or sending; answers the send. */
async function settled(sendId: string) {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const res = await t.app.inject({ method: 'GET', url: api(`/email-sends/${sendId}`), headers: as('PO') });
    const body = res.json();
    if (body.recipients.every((r: { status: string }) => r.status !== 'QUEUED' && r.status !== 'SENDING')) {
      return body;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the send did not settle within 20 s');
}

async function link(agencyIds: string[] = []) {
  const { db } = await testDatabase();
  const [created] = await upsertShareLinks(
    db,
    t.context.config.publicUrl,
    cast.project.id,
    { userId: cast.people.PO.user.id, actor: 'PO' },
    shareLinkUpsertSchema.parse({
      title: `Link ${Date.now()}${Math.random()}`,
      roleIds: [role.id],
      agencyIds,
    }),
  );
  return created!;
}

/** Makes the cast's talent submitter a verified agent of a new agency; answers the agency's id. */
async function submitterAgency() {
  const { db } = await testDatabase();
  const name = `Agency ${Math.random()}`;
  const [agency] = await db
    .insert(agencies)
    .values({ name, searchText: searchFold(name), isVerified: true })
    .returning();
  const submitter = cast.people.TS.user;
  await db.insert(agents).values({
    agencyId: agency!.id,
    userId: submitter.id,
    firstName: submitter.firstName,
    lastName: submitter.lastName,
    email: submitter.email,
    isVerified: true,
    searchText: submitter.email,
  });
  return agency!.id;
}

describe('templates', () => {
  it('starts every project with the starter templates, the four roster notices among them', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('TE') });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Callback',
      'Invitation to apply',
      'Release',
      'Request for a self-tape',
      'Roster: availability check',
      'Roster: booking',
      'Roster: hold',
      'Roster: release',
    ]);
  });

  it('adds only the new roster starters to a project seeded before them, not a starter the team deleted', async () => {
    const project = await buildProject(cast.people.PO.user);
    const { db } = await testDatabase();
    // As migration 0020 leaves a project seeded earlier: the first four starters recorded, "Callback" deleted since.
    await db.insert(emailTemplateSeeds).values({
      projectId: project.id,
      starterKeys: ['INVITATION', 'SELF_TAPE', 'CALLBACK', 'RELEASE'],
    });
    await db.insert(emailTemplates).values({
      projectId: project.id,
      name: 'Invitation to apply',
      subject: 'Our own invitation',
      body: docFromText('Our own words'),
      starterKey: 'INVITATION',
    });
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/projects/${project.id}/email-templates`,
        headers: cast.headers('SA'),
      });
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.statusCode, first.body).toBe(200);
    const names = [
      'Invitation to apply',
      'Roster: availability check',
      'Roster: booking',
      'Roster: hold',
      'Roster: release',
    ];
    expect(first.json().items.map((item: { name: string }) => item.name)).toEqual(names);
    expect(second.json().items.map((item: { name: string }) => item.name)).toEqual(names);
    expect(first.json().items[0].subject).toBe('Our own invitation');
  });

  it('refuses an unknown merge field by name, and a talent editor may not write templates', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: as('PE'),
      payload: { name: 'Typo', subject: 'Hi {{frstName}}', body: docFromText('Hello') },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('{{frstName}}');
    const te = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: as('TE'),
      payload: { name: 'Mine', subject: 'Hi', body: docFromText('Hello') },
    });
    expect(te.statusCode).toBe(403);
  });

  it('previews for a candidate with an unusual name escaped, and missing fields with their fallbacks', async () => {
    const row = await buildApplicant(role, cast.people.PO.user, {
      firstName: '<script>alert("x")</script>',
      lastName: "O'Neil & Sons",
      email: 'preview@example.com',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: api('/email-templates'),
      headers: as('PO'),
      payload: {
        name: 'Audition',
        subject: 'Audition for {{opportunityName}}, {{firstName}}',
        body: docFromText('Dear {{firstName}} {{lastName}},\n\nSee you, {{senderName}}'),
      },
    });
    expect(created.statusCode).toBe(201);
    const preview = await t.app.inject({
      method: 'POST',
      url: api('/email-preview'),
      headers: as('TE'),
      payload: { templateId: created.json().id, submissionId: row.id },
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body.to).toBe('preview@example.com');
    expect(body.html).not.toContain('<script>');
    expect(body.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Sons');
    expect(body.subject).toBe('Audition for Lead <Detective>, <script>alert("x")</script>');
    // The sender is whoever previews (and later sends): here the talent editor.
    expect(body.text).toContain('See you, Tess Talent-Editor');

    const nobody = await t.app.inject({
      method: 'POST',
      url: api('/email-preview'),
      headers: as('TE'),
      payload: { templateId: created.json().id },
    });
    expect(nobody.json().text).toContain('Dear there,');
  });
});

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

    // Previewing applies the folder rule of sending: a candidate outside the submitter folders is refused.
    const preview = (actor: 'PO' | 'TS', submissionId: string) =>
      t.app.inject({
        method: 'POST',
        url: api('/email-preview'),
        headers: as(actor),
        payload: { subject: 'Hi {{firstName}}', body: docFromText('Hi'), submissionId },
      });
    const refused = await preview('TS', staffOnly.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
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

describe('invitations', () => {
  it('reads a CSV with bad rows, invites the good ones once and tracks them (TS_INVITED for a talent submitter)', async () => {
    const csv = [
      'First Name,Last Name,E-mail',
      '"Mia, Jr.",Stone,mia@example.com',
      'Noah,Park,not-an-address',
      'Ola,Berg,',
      'Mia,Again,MIA@example.com',
      'Pia,Lund,pia@example.com',
    ].join('\r\n');
    const check = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations/check'),
      headers: as('TS'),
      payload: { text: csv, format: 'CSV', roleId: role.id },
    });
    expect(check.statusCode).toBe(200);
    const parsed = check.json();
    expect(parsed.valid.map((row: { email: string }) => row.email)).toEqual([
      'mia@example.com',
      'pia@example.com',
    ]);
    expect(parsed.valid[0]).toMatchObject({ firstName: 'Mia, Jr.', lastName: 'Stone', line: 2 });
    expect(parsed.invalid.map((row: { line: number }) => row.line)).toEqual([3, 4]);
    expect(parsed.duplicates.map((row: { line: number }) => row.line)).toEqual([5]);

    const noColumn = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations/check'),
      headers: as('PO'),
      payload: { text: 'name,phone\nA,1', format: 'CSV' },
    });
    expect(noColumn.statusCode).toBe(400);
    expect(JSON.stringify(noColumn.json())).toContain('no column named email');

    const templates = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('TS') });
    const invitation = templates
      .json()
      .items.find((item: { starterKey: string }) => item.starterKey === 'INVITATION');
    // A talent submitter invites through a link of their own agency only.
    const otherLink = await link();
    const refused = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('TS'),
      payload: {
        roleId: role.id,
        shareLinkId: otherLink.id,
        templateId: invitation.id,
        people: parsed.valid,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Choose a submission link of this project');
    const shareLink = await link([await submitterAgency()]);
    // Mia is already a candidate of another opportunity: the invitation reuses her, never a second applicant.
    const otherRole = await buildRole(cast.project);
    const existingMia = await buildApplicant(otherRole, cast.people.PO.user, {
      firstName: 'Mia',
      lastName: 'Stone',
      email: 'mia@example.com',
    });
    const send = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('TS'),
      payload: {
        roleId: role.id,
        shareLinkId: shareLink.id,
        templateId: invitation.id,
        people: parsed.valid,
      },
    });
    expect(send.statusCode).toBe(201);
    expect(send.json()).toMatchObject({ invited: 2, skipped: [] });
    await settled(send.json().sendId);
    const mia = unfold(messagesTo('mia@example.com').at(-1)!.raw);
    expect(mia).toContain(shareLink.link);
    expect(mia).toContain('Hi Mia, Jr.,');

    const twice = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('PO'),
      payload: {
        roleId: role.id,
        shareLinkId: shareLink.id,
        templateId: invitation.id,
        people: parsed.valid,
      },
    });
    expect(twice.json()).toMatchObject({ invited: 0, sendId: null });

    // A retry of an invitation whose answer was lost, with the same Idempotency-Key, replays the first answer.
    const invite = () =>
      t.app.inject({
        method: 'POST',
        url: api('/candidate-invitations'),
        headers: { ...as('PO'), 'idempotency-key': 'invite-quinn-once' },
        payload: {
          roleId: role.id,
          shareLinkId: shareLink.id,
          templateId: invitation.id,
          people: [{ email: 'quinn@example.com', firstName: 'Quinn', lastName: 'Hale' }],
        },
      });
    const firstInvite = await invite();
    const retriedInvite = await invite();
    expect(firstInvite.json()).toMatchObject({ invited: 1, skipped: [] });
    expect(retriedInvite.headers['idempotency-replayed']).toBe('true');
    expect(retriedInvite.json()).toEqual(firstInvite.json());
    await settled(firstInvite.json().sendId);
    expect(messagesTo('quinn@example.com')).toHaveLength(1);
    expect(twice.json().skipped).toHaveLength(2);

    const list = await t.app.inject({ method: 'GET', url: api('/candidate-invitations'), headers: as('TS') });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(2);
    expect(list.json().items[0]).toMatchObject({
      status: 'INVITED',
      mailStatus: 'SENT',
      submitterFolder: 'TS_INVITED',
    });

    // The invitees are the agency's candidates in the opportunity's Invited folder, and not yet the team's.
    const invitedFolder = await systemFolder(role, 'TS_INVITED');
    const inFolder = async (actor: 'TS' | 'PO', folderId?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${cast.project.id}/applicants?roleId=${role.id}${folderId ? `&folderId=${folderId}` : ''}`,
        headers: as(actor),
      });
      expect(res.statusCode).toBe(200);
      return res.json().items as {
        applicantId: string;
        firstName: string;
        lastName: string;
        email: string | null;
      }[];
    };
    const invitedRows = await inFolder('TS', invitedFolder);
    expect(invitedRows.map((row) => row.firstName).sort()).toEqual(['Mia', 'Pia']);
    expect(invitedRows.find((row) => row.firstName === 'Mia')?.applicantId).toBe(existingMia.applicantId);
    const invitees = ['mia@example.com', 'pia@example.com'];
    const teamSees = async (folderId?: string) =>
      (await inFolder('PO', folderId)).filter((row) => invitees.includes(row.email ?? ''));
    expect(await teamSees()).toEqual([]);
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants/folder-counts?roleId=${role.id}`,
      headers: as('TS'),
    });
    expect(
      counts.json().counts.find((entry: { folderId: string }) => entry.folderId === invitedFolder),
    ).toMatchObject({ count: 2 });

    // Once Pia applies to the opportunity, her invitation reads as applied: she leaves Invited, lands in New
    // Submissions for the team, and her application's details replace the invitation's.
    await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Pia',
      lastName: 'Lund-Hansen',
      email: 'pia@example.com',
    });
    expect((await inFolder('TS', invitedFolder)).map((row) => row.firstName)).toEqual(['Mia']);
    const teamRows = await teamSees(await systemFolder(role, 'NEW_SUBMISSIONS'));
    expect(teamRows.map((row) => `${row.firstName} ${row.lastName}`)).toEqual(['Pia Lund-Hansen']);
    const afterApply = await t.app.inject({
      method: 'GET',
      url: api('/candidate-invitations'),
      headers: as('PO'),
    });
    const pia = afterApply.json().items.find((item: { email: string }) => item.email === 'pia@example.com');
    expect(pia.status).toBe('APPLIED');
  });

  it('refuses a submission link that does not take the chosen opportunity', async () => {
    const otherRole = await buildRole(cast.project);
    const shareLink = await link();
    const templates = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('PO') });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('PO'),
      payload: {
        roleId: otherRole.id,
        shareLinkId: shareLink.id,
        templateId: templates.json().items[0].id,
        people: [{ email: 'x@example.com' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('does not accept submissions for the chosen opportunity');
  });
});
