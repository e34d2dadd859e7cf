import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { searchFold, shareLinkUpsertSchema } from '@casting/domain';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import { agencies, agents } from '../../src/platform/db/schema';
import { createSmtpMailer } from '../../src/platform/mail/smtp';
import type { Mailer } from '../../src/platform/mail/ports';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildCast, buildRole, type Cast } from '../support/projects';

export interface Received {
  to: string[];
  raw: string;
}

/** The raw message with quoted-printable soft line breaks joined, so links read whole. */
export const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The address the test SMTP server refuses for good, as a receiving server does for an unknown user. */
export const REFUSED = 'nobody-here@refused.test';

/** A real SMTP server on loopback, an app with its workers sending through it, and one project with an opportunity. */
export interface EmailFixture {
  t: TestApp;
  cast: Cast;
  role: Awaited<ReturnType<typeof buildRole>>;
  smtp: Mailer & { close(): void };
  /** Every message the server accepted, in order. */
  received: Received[];
  /** Closes the app, the mailer and the server. */
  close(): Promise<void>;
}

/**
 * `runWorkers: false` makes an app that only queues: a test then queues what it needs and starts a worker app of its
 * own on the same SMTP server to see in what order the queue hands the mail out.
 */
export async function buildEmailFixture(
  env: Record<string, string> = {},
  options: { runWorkers?: boolean } = {},
): Promise<EmailFixture> {
  const received: Received[] = [];
  const server = new SMTPServer({
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
  const smtp = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Casting <no-reply@casting.test>');
  const t = await buildTestApp({ mailer: smtp, runWorkers: options.runWorkers ?? true, env });
  const cast = await buildCast(t.app);
  const role = await buildRole(cast.project, { name: 'Lead <Detective>' });
  const close = async () => {
    await t.close();
    smtp.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { t, cast, role, smtp, received, close };
}

/** The calls e-mail tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function emailCalls(fixture: () => Pick<EmailFixture, 't' | 'cast' | 'role' | 'received'>) {
  const as = (actor: 'PO' | 'PE' | 'TE' | 'TS' | 'SA') => fixture().cast.headers(actor);
  const api = (path: string) => `/api/v2/projects/${fixture().cast.project.id}${path}`;
  const messagesTo = (address: string) =>
    fixture().received.filter((message) => message.to.includes(address));

  /** Waits (up to 20 s of time) until no recipient of the send is queued or sending; answers the send. */
  async function settled(sendId: string) {
    const { t } = fixture();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const res = await t.app.inject({
        method: 'GET',
        url: api(`/email-sends/${sendId}`),
        headers: as('PO'),
      });
      const body = res.json();
      if (body.recipients.every((r: { status: string }) => r.status !== 'QUEUED' && r.status !== 'SENDING')) {
        return body;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the send did not settle within 20 s');
  }

  async function link(agencyIds: string[] = []) {
    const { t, cast, role } = fixture();
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
    const submitter = fixture().cast.people.TS.user;
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

  return { as, api, messagesTo, settled, link, submitterAgency };
}
