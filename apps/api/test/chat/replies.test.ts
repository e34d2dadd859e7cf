import { runInOffice } from '../../src/platform/db/scope';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@casting/domain';
import { deliverChatMail } from '../../src/modules/chat';
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
