import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addApplicantSchema, docFromText } from '@casting/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApplicant } from '../../src/modules/candidates';
import { createRole } from '../../src/modules/opportunities/service';
import { createProject } from '../../src/modules/projects/services/project-service';
import { JOBS_SCHEMA } from '../../src/platform/jobs/pg-boss-jobs';
import { enqueueMail } from '../../src/platform/mail/queue';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { createOffice, principalFor, signedInUser, type Cast } from '../support/projects';
import { buildEmailFixture, type EmailFixture, type Received } from './email-fixture';

// The order in which the queues hand mail out, seen at a real SMTP server: an app that only queues fills the queues,
// then a worker app drains them. Nothing here measures time; it reads what arrived before what.
let t: TestApp;
let cast: Cast;
let role: EmailFixture['role'];
let received: Received[];
let smtp: EmailFixture['smtp'];
let close: EmailFixture['close'];
let worker: TestApp | undefined;

beforeAll(async () => {
  ({ t, cast, role, received, smtp, close } = await buildEmailFixture({}, { runWorkers: false }));
});
// The bulk mail still waiting when the test has its answer would hold up the mail of the test files that run after
// this one in the same worker: it is this file's only leftover, so it goes.
afterAll(async () => {
  await worker?.close();
  await close();
  const { db } = await testDatabase();
  await db.execute(
    sql`delete from ${sql.raw(JOBS_SCHEMA)}.job where name in ('mail', 'email-send') and state in ('created', 'retry')`,
  );
});

/** Starts the workers (once), sending through the fixture's SMTP server. */
async function startWorkers() {
  worker ??= await buildTestApp({ mailer: smtp, runWorkers: true });
}

/** Waits until a message to `address` has arrived; answers its place among everything received. */
async function arrival(address: string): Promise<number> {
  for (let polls = 0; polls < 600; polls += 1) {
    const index = received.findIndex((message) => message.to.includes(address));
    if (index >= 0) return index;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no message to ${address} arrived`);
}

const before = (index: number, addresses: ReadonlySet<string>) =>
  received.slice(0, index).filter((message) => message.to.some((to) => addresses.has(to))).length;

describe('mail order', () => {
  it('delivers a password reset code ahead of bulk mail queued before it, and one office’s send ahead of another’s backlog', async () => {
    const tag = randomUUID().slice(0, 8);
    // Bulk notices on the mail queue (as a burst of applications queues confirmations).
    const notices = new Set<string>();
    for (let index = 0; index < 30; index += 1) {
      const to = `notice-${tag}-${index}@example.com`;
      notices.add(to);
      await enqueueMail(t.context.jobs, {
        kind: 'notice',
        message: { to, subject: 'Thank you for applying', text: 'Your submission was received.' },
      });
    }
    // The first office e-mails thirty of its candidates.
    const ours = new Set<string>();
    const rows = [];
    for (let index = 0; index < 30; index += 1) {
      const email = `ours-${tag}-${index}@example.com`;
      ours.add(email);
      rows.push(await buildApplicant(role, cast.people.PO.user, { firstName: `Bulk${index}`, email }));
    }
    const bulk = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/email-sends`,
      headers: cast.headers('PO'),
      payload: {
        submissionIds: rows.map((row) => row.id),
        subject: 'News',
        body: docFromText('Hi {{firstName}}'),
      },
    });
    expect(bulk.json().queued).toBe(30);
    // Then another office e-mails one candidate of its own.
    const officeId = await createOffice(`Pacing ${tag}`);
    const owner = await signedInUser(t.app, { officeId, officeRole: 'OWNER', firstName: 'Oona' });
    const { scopedDb } = await testDatabase();
    const officeDb = scopedDb({ owner: true, officeId });
    const project = await createProject(
      officeDb,
      { ...principalFor(owner.user), officeId },
      { name: `Elsewhere ${tag}` },
    );
    const theirRole = await createRole(officeDb, project.id, { name: 'Lead' });
    const theirs = `theirs-${tag}@example.com`;
    const candidate = await addApplicant(
      officeDb,
      owner.user.id,
      addApplicantSchema.parse({
        projectId: project.id,
        roleId: theirRole.id,
        firstName: 'Tia',
        lastName: 'Elsewhere',
        email: theirs,
      }),
    );
    const single = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${project.id}/email-sends`,
      headers: owner.auth,
      payload: { submissionIds: [candidate.id], subject: 'Hello', body: docFromText('Hi {{firstName}}') },
    });
    expect(single.json().queued).toBe(1);
    // Last, someone asks for a password reset code.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: cast.people.PE.user.email },
    });
    expect(forgot.statusCode).toBe(200);

    await startWorkers();
    const code = await arrival(cast.people.PE.user.email);
    expect(received[code]!.raw).toContain('Subject: Your Casting password reset code');
    // The code has a queue of its own, taken from the first poll: only the bulk workers' first few fetches (two
    // workers a poll) may beat it, never the thirty queued ahead of it.
    expect(before(code, notices)).toBeLessThan(10);
    // The other office's one message is taken in the first fetches too, not after this office's thirty.
    const other = await arrival(theirs);
    expect(before(other, ours)).toBeLessThan(10);
  });
});
