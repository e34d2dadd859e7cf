import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText } from '@casting/domain';
import { emailBounces } from '../../src/platform/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildCast, buildRole, type Cast } from '../support/projects';

// The mail provider's webhook for bounces reported after a message left (decision 0058).
const SECRET = `bounce-secret-${randomUUID()}`;
let t: TestApp;
let cast: Cast;
let role: Awaited<ReturnType<typeof buildRole>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { MAIL_BOUNCE_WEBHOOK_SECRET: SECRET }, runWorkers: true });
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
});
afterAll(() => t.close());

const address = (label: string) => `${label}-${randomUUID()}@example.com`;
const api = (path: string) => `/api/v2/projects/${cast.project.id}${path}`;
interface Send {
  id: string;
  recipients: { name: string; status: string; reason: string | null }[];
}

/** Posts a report with the secret, another one, or (null) none. */
const report = (payload: unknown, secret: string | null = SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/bounces',
    headers: secret === null ? {} : { 'x-webhook-secret': secret },
    payload: payload as object,
  });

async function bouncesOf(...emails: string[]) {
  const { db } = await testDatabase();
  return db.select().from(emailBounces).where(inArray(emailBounces.email, emails));
}

/** Sends a message to the candidates and waits until each recipient's status is final; answers the send. */
async function sendAndSettle(submissionIds: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/email-sends'),
    headers: cast.headers('PO'),
    payload: { submissionIds, subject: 'Hello {{firstName}}', body: docFromText('Hi {{firstName}}') },
  });
  expect(res.statusCode).toBe(201);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const detail = await t.app.inject({
      method: 'GET',
      url: api(`/email-sends/${res.json().id}`),
      headers: cast.headers('PO'),
    });
    const body = detail.json();
    if (body.recipients.every((r: { status: string }) => r.status !== 'QUEUED' && r.status !== 'SENDING')) {
      return { ...(body as Send), id: res.json().id as string };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the send did not settle within 20 s');
}

const statusOf = (send: Send, first: string) => send.recipients.find((r) => r.name.startsWith(`${first} `));

async function detail(sendId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: api(`/email-sends/${sendId}`),
    headers: cast.headers('PO'),
  });
  return res.json() as Send;
}

describe('the bounce webhook', () => {
  it('does not exist without the configured secret: unset, missing or wrong, it is a 404 and records nothing', async () => {
    const gone = address('gone');
    const events = [{ email: gone, reason: '550 5.1.1 User unknown', permanent: true }];

    const unset = await buildTestApp();
    try {
      const res = await unset.app.inject({
        method: 'POST',
        url: '/api/email/bounces',
        headers: { 'x-webhook-secret': SECRET },
        payload: events,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await unset.close();
    }

    for (const secret of [null, '', `${SECRET}x`, SECRET.slice(0, -1)]) {
      const res = await report(events, secret);
      expect({ secret, status: res.statusCode, code: res.json().code }).toEqual({
        secret,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    // A stranger's malformed body (or control characters) is also a 404: the secret is checked before the body.
    expect((await report({ not: 'a list' }, 'guess')).statusCode).toBe(404);
    expect((await report([{ email: gone, reason: 'bad\u0000', permanent: true }], 'guess')).statusCode).toBe(
      404,
    );
    expect(await bouncesOf(gone)).toHaveLength(0);
  });

  it('marks a permanently bounced address, fails the last message sent to it, and a later send skips it', async () => {
    const gone = address('gone');
    const full = address('full');
    const [ana, bo] = await Promise.all([
      buildApplicant(role, cast.people.PO.user, { firstName: 'Ana', email: gone }),
      buildApplicant(role, cast.people.PO.user, { firstName: 'Bo', email: full }),
    ]);
    const first = await sendAndSettle([ana!.id]);
    const second = await sendAndSettle([ana!.id, bo!.id]);
    expect(statusOf(second, 'Ana')?.status).toBe('SENT');
    expect(statusOf(second, 'Bo')?.status).toBe('SENT');

    const events = [
      // Upper case as some providers write it: addresses are compared lower-cased.
      { email: gone.toUpperCase(), reason: '550 5.1.1 User unknown', permanent: true },
      { email: full, reason: '452 Mailbox full', permanent: false },
    ];
    const res = await report(events);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: 1, marked: 1 });

    const secondAfter = await detail(second.id);
    expect(statusOf(secondAfter, 'Ana')).toMatchObject({
      status: 'FAILED',
      reason: 'Bounced after sending: 550 5.1.1 User unknown',
    });
    // A temporary failure changes nothing; an older message to the bounced address stays as it was.
    expect(statusOf(secondAfter, 'Bo')?.status).toBe('SENT');
    expect(statusOf(await detail(first.id), 'Ana')?.status).toBe('SENT');
    expect((await bouncesOf(gone, full)).map((row) => row.email)).toEqual([gone]);

    // The provider repeating its report changes nothing more.
    const again = await report(events);
    expect(again.json()).toEqual({ recorded: 0, marked: 0 });
    expect(statusOf(await detail(first.id), 'Ana')?.status).toBe('SENT');

    // The next send skips the address with the reason, and still reaches the other person.
    const third = await sendAndSettle([ana!.id, bo!.id]);
    expect(statusOf(third, 'Ana')).toMatchObject({
      status: 'SKIPPED',
      reason: 'This address bounced before; mail to it is no longer sent',
    });
    expect(statusOf(third, 'Bo')?.status).toBe('SENT');
  });

  it('refuses a malformed report with a 400 naming the problem, writing none of its events', async () => {
    const good = address('good');
    const cases: { payload: unknown; message: RegExp }[] = [
      {
        payload: [
          { email: good, reason: '550 User unknown', permanent: true },
          { email: 'not-an-address', reason: '550 User unknown', permanent: true },
        ],
        message: /e-mail address that bounced/,
      },
      {
        payload: [{ email: good, reason: '   ', permanent: true }],
        message: /reason the mail provider gave/,
      },
      { payload: [{ email: good, reason: '550', permanent: 'yes' }], message: /permanent/ },
      { payload: { email: good, reason: '550', permanent: true }, message: /./ },
      {
        payload: Array.from({ length: 501 }, () => ({ email: good, reason: '550', permanent: true })),
        message: /at most 500 bounce events/,
      },
    ];
    for (const { payload, message } of cases) {
      const res = await report(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json())).toMatch(message);
    }
    expect(await bouncesOf(good)).toHaveLength(0);
  });
});
