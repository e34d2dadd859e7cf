import { runInOffice } from '../../src/platform/db/scope';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@casting/domain';
import { deliverChatMail, purgeUnsentAttachments } from '../../src/modules/chat';
import { createOutboxMailer } from '../../src/platform/mail/outbox';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase, testOfficeId } from '../support/database';
import { collect } from '../support/live-events';
import { type Cast } from '../support/projects';
import { buildChatFixture, candidateEmail, chatCalls, replyLinkOf, type ChatFixture } from './chat-fixture';

/** The mail job as its worker runs it: in the office it was sent from. */
const inOffice = async <T>(work: () => Promise<T>) => runInOffice(await testOfficeId(), work);

// A candidate's private reply link, and the mail job that sends each chat message once.
let t: TestApp;
let cast: Cast;
let role: ChatFixture['role'];
const { call, openThread, outbox, waitForMail } = chatCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, role } = await buildChatFixture());
});
afterAll(() => t.close());

describe('replies through the private link', () => {
  it('lets the candidate read and reply; refuses tampered, foreign and expired links', async () => {
    const email = candidateEmail();
    const applicant = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Rita',
      lastName: 'Reply',
      email,
    });
    const thread = await openThread(applicant.applicantId);
    await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: 'Could you send another tape?',
    });
    const [mail] = await waitForMail(email);
    const link = replyLinkOf(mail!);
    expect(link.threadId).toBe(thread.id);
    expect(link.token.length).toBeGreaterThanOrEqual(22); // 144 bits in base64url

    const view = await call(
      'GET',
      `/api/conversation-management/replies/${thread.id}?token=${link.token}`,
      {},
    );
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      projectName: cast.project.name,
      candidateName: 'Rita Reply',
      participantName: 'Rita Reply',
      messages: [{ text: 'Could you send another tape?', authorKind: 'TEAM', mine: false }],
    });

    const live = collect(t.context.events, cast.project.id);
    const reply = await call(
      'POST',
      `/api/conversation-management/replies/${thread.id}`,
      {},
      {
        token: link.token,
        text: 'Sure, tomorrow <b>morning</b>',
      },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.messages.at(-1)).toMatchObject({ text: 'Sure, tomorrow <b>morning</b>', mine: true });
    expect((await live.count(1))[0]).toMatchObject({
      event: 'NEW_MESSAGE',
      payload: { threadId: thread.id },
    });
    live.stop();

    const page = await call('GET', `/api/conversation-management/threads/${thread.id}/messages`, 'PO');
    expect(page.body.items[0]).toMatchObject({
      text: 'Sure, tomorrow <b>morning</b>',
      authorKind: 'CANDIDATE',
      authorName: 'Rita Reply',
    });
    const unread = await call(
      'GET',
      `/api/conversation-management/threads/unread-messages-count?projectId=${cast.project.id}`,
      'PO',
    );
    expect(unread.body.count).toBeGreaterThanOrEqual(1);

    // Tampered: one character changed.
    const flipped = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    const tampered = await call(
      'GET',
      `/api/conversation-management/replies/${thread.id}?token=${flipped}`,
      {},
    );
    expect(tampered).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // A genuine secret with another thread.
    const otherThread = await openThread((await buildApplicant(role, cast.people.PO.user)).applicantId);
    const foreign = await call(
      'POST',
      `/api/conversation-management/replies/${otherThread.id}`,
      {},
      {
        token: link.token,
        text: 'Wrong thread',
      },
    );
    expect(foreign).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // Expired.
    const { db } = await testDatabase();
    await db.execute(sql`update chat_reply_links set expires_at = now() - interval '1 minute'
      where thread_id = ${thread.id}::uuid`);
    const expired = await call(
      'POST',
      `/api/conversation-management/replies/${thread.id}`,
      {},
      {
        token: link.token,
        text: 'Too late',
      },
    );
    expect(expired).toMatchObject({ status: 410, body: { code: 'LINK_CLOSED' } });
    const count = (await db.execute(
      sql`select count(*)::int as n from chat_messages where thread_id in (${thread.id}::uuid, ${otherThread.id}::uuid)
        and body in ('Wrong thread', 'Too late')`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(0);
  });

  it('keeps the reply link 30 days, stores only its digest', async () => {
    const email = candidateEmail();
    const applicant = await buildApplicant(role, cast.people.PO.user, { email });
    const thread = await openThread(applicant.applicantId);
    await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', { text: 'Hello' });
    const mail = (await waitForMail(email))[0]!;
    const link = replyLinkOf(mail);
    // The mail comes from the product's unread sending address: it says where a reply goes.
    expect(mail.text).toContain(CHAT_MESSAGES.mailRepliesNotRead);
    const { db } = await testDatabase();
    const rows = (await db.execute(
      sql`select token_hash, extract(epoch from (expires_at - created_at)) / 86400 as days from chat_reply_links
        where thread_id = ${thread.id}::uuid`,
    )) as unknown as { rows: { token_hash: string; days: string }[] };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash).not.toContain(link.token);
    expect(Math.round(Number(rows.rows[0]!.days))).toBe(30);
  });
});

describe('the mail job', () => {
  it('sends each delivery once, even when retried after a failure or run twice', async () => {
    const { db } = await testDatabase();
    const email = candidateEmail();
    const applicant = await buildApplicant(role, cast.people.PO.user, { email });
    const thread = await openThread(applicant.applicantId);
    // A message and its delivery written directly, so no queued job races the calls below.
    const messageId = randomUUID();
    const deliveryId = randomUUID();
    await db.execute(sql`insert into chat_messages (id, thread_id, project_id, author_kind, author_name, body)
      values (${messageId}::uuid, ${thread.id}::uuid, ${cast.project.id}::uuid, 'TEAM', 'Olivia Owner', 'Retry me')`);
    await db.execute(sql`insert into chat_deliveries (id, message_id, project_id, recipient_kind, email, recipient_name)
      values (${deliveryId}::uuid, ${messageId}::uuid, ${cast.project.id}::uuid, 'CANDIDATE', ${email}, 'Casey')`);

    const failing = {
      kind: 'smtp' as const,
      send: async () => {
        throw new Error('421 try again later');
      },
    };
    await expect(
      inOffice(() => deliverChatMail({ ...t.context, mailer: failing }, { deliveryId })),
    ).rejects.toThrow('421');
    const status = async () =>
      (
        (await db.execute(
          sql`select d.state, d.attempts, d.last_error, m.delivery_status from chat_deliveries d
            join chat_messages m on m.id = d.message_id where d.id = ${deliveryId}::uuid`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows[0];
    expect(await status()).toMatchObject({ state: 'FAILED', attempts: 1, delivery_status: 'FAILED' });

    const mailer = createOutboxMailer(db, t.context.log);
    const results = await Promise.all([
      inOffice(() => deliverChatMail({ ...t.context, mailer }, { deliveryId })),
      inOffice(() => deliverChatMail({ ...t.context, mailer }, { deliveryId })),
    ]);
    expect(results.sort()).toEqual(['sent', 'skipped']);
    expect(await inOffice(() => deliverChatMail({ ...t.context, mailer }, { deliveryId }))).toBe('skipped');
    expect(await status()).toMatchObject({ state: 'EMAILED', attempts: 2, delivery_status: 'EMAILED' });
    expect((await outbox(email)).filter((item) => item.text.includes('Retry me'))).toHaveLength(1);
  });

  it('fails a delivery whose claim went stale instead of sending it again, and leaves a fresh claim alone', async () => {
    const { db } = await testDatabase();
    const email = candidateEmail();
    const applicant = await buildApplicant(role, cast.people.PO.user, { email });
    const thread = await openThread(applicant.applicantId);
    const messageId = randomUUID();
    await db.execute(sql`insert into chat_messages (id, thread_id, project_id, author_kind, author_name, body)
      values (${messageId}::uuid, ${thread.id}::uuid, ${cast.project.id}::uuid, 'TEAM', 'Olivia Owner', 'Stale one')`);
    // A worker claimed each delivery and stopped: one 11 minutes ago, one a minute ago (still sending).
    const stale = randomUUID();
    const fresh = randomUUID();
    const otherEmail = candidateEmail();
    await db.execute(sql`insert into chat_deliveries
        (id, message_id, project_id, recipient_kind, email, recipient_name, state, attempts, claimed_at)
      values
        (${stale}::uuid, ${messageId}::uuid, ${cast.project.id}::uuid, 'CANDIDATE', ${email}, 'Casey', 'SENDING', 1,
          now() - interval '11 minutes'),
        (${fresh}::uuid, ${messageId}::uuid, ${cast.project.id}::uuid, 'AGENT', ${otherEmail}, 'Ari', 'SENDING', 1,
          now() - interval '1 minute')`);
    const mailer = createOutboxMailer(db, t.context.log);
    const stateOf = async (id: string) =>
      (
        (await db.execute(
          sql`select d.state, d.attempts, d.last_error, m.delivery_status from chat_deliveries d
            join chat_messages m on m.id = d.message_id where d.id = ${id}::uuid`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows[0];

    expect(await inOffice(() => deliverChatMail({ ...t.context, mailer }, { deliveryId: stale }))).toBe(
      'interrupted',
    );
    expect(await stateOf(stale)).toMatchObject({
      state: 'FAILED',
      attempts: 1,
      last_error: CHAT_MESSAGES.deliveryInterrupted,
      delivery_status: 'FAILED',
    });
    // A later run of the job (the queue's retry) does not send it either.
    expect(await inOffice(() => deliverChatMail({ ...t.context, mailer }, { deliveryId: stale }))).toBe(
      'skipped',
    );
    expect(await stateOf(stale)).toMatchObject({ state: 'FAILED', attempts: 1 });
    expect(await outbox(email)).toHaveLength(0);

    expect(await inOffice(() => deliverChatMail({ ...t.context, mailer }, { deliveryId: fresh }))).toBe(
      'skipped',
    );
    expect(await stateOf(fresh)).toMatchObject({ state: 'SENDING', attempts: 1 });
    expect(await outbox(otherEmail)).toHaveLength(0);
  });
});

describe('files with a reply', () => {
  /** The stored bytes behind a signed download address. */
  const fetchAttachment = async (address: string) => {
    const target = new URL(address, 'http://localhost');
    const res = await t.app.inject({ method: 'GET', url: target.pathname + target.search });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it("takes files uploaded through the same link, shows them to the team, and never another link's or a team upload", async () => {
    const email = candidateEmail();
    const applicant = await buildApplicant(role, cast.people.PO.user, { email });
    const thread = await openThread(applicant.applicantId);
    await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: 'Sides?',
    });
    const link = replyLinkOf((await waitForMail(email))[0]!);
    const bytes = Buffer.from('%PDF-1.4 my availability');
    const url = `/api/conversation-management/replies/${thread.id}`;
    const grant = await call(
      'POST',
      `${url}/attachments`,
      {},
      {
        token: link.token,
        fileName: 'availability.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
      },
    );
    expect(grant.status).toBe(201);
    const target = new URL(grant.body.upload.url);
    const put = await t.app.inject({
      method: 'PUT',
      url: target.pathname + target.search,
      headers: grant.body.upload.headers,
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    // A file the team uploaded in this thread is not the participant's to send.
    const teamGrant = await call(
      'POST',
      `/api/conversation-management/threads/${thread.id}/attachments`,
      'PO',
      {
        fileName: 'team.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
      },
    );
    const foreign = await call(
      'POST',
      url,
      {},
      { token: link.token, attachmentIds: [teamGrant.body.attachmentId] },
    );
    expect(foreign).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    // A secret that is not the link's gets no upload.
    const guessed = await call(
      'POST',
      `${url}/attachments`,
      {},
      {
        token: 'A'.repeat(24),
        fileName: 'x.pdf',
        contentType: 'application/pdf',
        size: 3,
      },
    );
    expect(guessed.status).toBe(404);

    const reply = await call(
      'POST',
      url,
      {},
      { token: link.token, attachmentIds: [grant.body.attachmentId] },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.messages.at(-1)).toMatchObject({
      mine: true,
      attachments: [expect.objectContaining({ fileName: 'availability.pdf', size: bytes.length })],
    });
    const page = await call('GET', `/api/conversation-management/threads/${thread.id}/messages`, 'PO');
    expect(page.body.items[0]).toMatchObject({
      authorKind: 'CANDIDATE',
      attachments: [expect.objectContaining({ fileName: 'availability.pdf' })],
    });
    const download = await fetchAttachment(page.body.items[0].attachments[0].url);
    expect(download.equals(bytes)).toBe(true);
  });

  it('forgets files uploaded and never sent after a day: their rows and stored files go', async () => {
    const applicant = await buildApplicant(role, cast.people.PO.user);
    const thread = await openThread(applicant.applicantId);
    const grant = await call('POST', `/api/conversation-management/threads/${thread.id}/attachments`, 'PO', {
      fileName: 'left.pdf',
      contentType: 'application/pdf',
      size: 4,
    });
    const target = new URL(grant.body.upload.url);
    await t.app.inject({
      method: 'PUT',
      url: target.pathname + target.search,
      headers: grant.body.upload.headers,
      payload: Buffer.from('%PDF'),
    });
    const { db } = await testDatabase();
    const [row] = await inOffice(() =>
      db.execute(
        sql`update chat_attachments set created_at = now() - interval '25 hours'
          where id = ${grant.body.attachmentId}::uuid returning object_key`,
      ),
    ).then((result) => (result as unknown as { rows: { object_key: string }[] }).rows);
    expect(await t.context.storage.head(row!.object_key)).not.toBeNull();
    expect(await purgeUnsentAttachments(t.context)).toBeGreaterThanOrEqual(1);
    expect(await t.context.storage.head(row!.object_key)).toBeNull();
    const left = await inOffice(() =>
      db.execute(sql`select id from chat_attachments where id = ${grant.body.attachmentId}::uuid`),
    );
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
