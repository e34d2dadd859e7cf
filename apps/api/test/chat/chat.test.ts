import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_MESSAGES, shareLinkUpsertSchema } from '@casting/domain';
import { deliverChatMail } from '../../src/modules/chat';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import { createOutboxMailer } from '../../src/platform/mail/outbox';
import { applicantRepresentatives } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { collect } from '../support/live-events';
import { addMember, buildCast, buildProject, buildRole, signedInUser, type Cast } from '../support/projects';
import { buildAgency, buildAgent } from '../links/helpers';

let t: TestApp;
let cast: Cast;
let role: Awaited<ReturnType<typeof buildRole>>;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
});
afterAll(() => t.close());

const candidateEmail = () => `talent-${randomUUID().slice(0, 8)}@example.com`;

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  actor: Parameters<Cast['headers']>[0] | Record<string, string>,
  payload?: Record<string, unknown>,
) {
  const headers = typeof actor === 'string' ? cast.headers(actor) : actor;
  const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

async function openThread(applicantId: string, actor: Parameters<Cast['headers']>[0] = 'PO') {
  const res = await call('POST', '/api/conversation-management/threads', actor, {
    projectId: cast.project.id,
    applicantId,
  });
  expect([200, 201]).toContain(res.status);
  return res.body as { id: string; participants: { kind: string; name: string; emailed: boolean }[] };
}

interface OutboxItem {
  id: string;
  subject: string;
  text: string;
}

async function outbox(to: string): Promise<OutboxItem[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`,
  });
  return res.json().items;
}

/** The mail goes out from the `chat-mail` job: waits bounded by time (20 s), as the other mail tests do. */
async function waitForMail(to: string, count = 1): Promise<OutboxItem[]> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const items = await outbox(to);
    if (items.length >= count) return items;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no chat mail for ${to}`);
}

function replyLinkOf(mail: OutboxItem) {
  const match = /\/chat\/reply\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reply link in ${mail.text}`);
  return { threadId: match[1]!, token: match[2]! };
}

describe('threads and messages', () => {
  it('records a team message as written, lists the thread newest first and e-mails the candidate inertly', async () => {
    const email = candidateEmail();
    const applicant = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Zoë',
      lastName: 'Quill',
      email,
    });
    const live = collect(t.context.events, cast.project.id);
    const thread = await openThread(applicant.applicantId);
    expect(thread.participants).toEqual([{ kind: 'CANDIDATE', name: 'Zoë Quill', emailed: true }]);
    // Opening again answers the same thread.
    expect((await openThread(applicant.applicantId)).id).toBe(thread.id);

    const text = 'Hi <script>alert(1)</script> see https://example.com/tape?a=1&b=2\nThanks';
    const sent = await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PE', {
      text,
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ text, authorKind: 'TEAM', authorName: 'Eddie Editor', mine: true });
    expect((await live.count(1))[0]).toMatchObject({
      event: 'NEW_MESSAGE',
      payload: { threadId: thread.id },
    });
    live.stop();

    const page = await call('GET', `/api/conversation-management/threads/${thread.id}/messages`, 'PO');
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0]).toMatchObject({ text, mine: false });

    const list = await call(
      'GET',
      `/api/conversation-management/threads?projectId=${cast.project.id}&q=zoe`,
      'TE',
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([thread.id]);
    expect(list.body.items[0]).toMatchObject({ candidateName: 'Zoë Quill', unreadCount: 1 });

    const [mail] = await waitForMail(email);
    expect(mail!.subject).toBe(`New message about ${cast.project.name}`);
    expect(mail!.text).toContain(text);
    const { db } = await testDatabase();
    const stored = (await db.execute(
      sql`select html_body from outbox_messages where id = ${mail!.id}::uuid`,
    )) as unknown as { rows: { html_body: string }[] };
    const html = stored.rows[0]!.html_body;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    // The message reads as e-mailed once the job is done.
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const again = await call('GET', `/api/conversation-management/threads/${thread.id}/messages`, 'PO');
      if (again.body.items[0].deliveryStatus === 'EMAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = await call('GET', `/api/conversation-management/threads/${thread.id}/messages`, 'PO');
    expect(after.body.items[0].deliveryStatus).toBe('EMAILED');
  });

  it('pages threads newest first with a cursor and filters by name', async () => {
    const project = await buildProject(cast.people.PO.user);
    const projectRole = await buildRole(project);
    const ids: string[] = [];
    for (const name of ['Ann', 'Bea', 'Cid']) {
      const applicant = await buildApplicant(projectRole, cast.people.PO.user, {
        firstName: name,
        lastName: 'Pager',
      });
      const opened = await call('POST', '/api/conversation-management/threads', 'PO', {
        projectId: project.id,
        applicantId: applicant.applicantId,
      });
      await call('POST', `/api/conversation-management/threads/${opened.body.id}/messages`, 'PO', {
        text: name,
      });
      ids.push(opened.body.id);
    }
    const first = await call(
      'GET',
      `/api/conversation-management/threads?projectId=${project.id}&limit=2`,
      'PO',
    );
    expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await call(
      'GET',
      `/api/conversation-management/threads?projectId=${project.id}&limit=2&cursor=${first.body.nextCursor}`,
      'PO',
    );
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    const search = await call(
      'GET',
      `/api/conversation-management/threads?projectId=${project.id}&q=bea`,
      'PO',
    );
    expect(search.body.items.map((item: { id: string }) => item.id)).toEqual([ids[1]]);
  });

  it('refuses a candidate of another project, an empty message and another member’s edits', async () => {
    const other = await buildProject(cast.people.PO.user);
    const foreign = await buildApplicant(await buildRole(other), cast.people.PO.user);
    const refused = await call('POST', '/api/conversation-management/threads', 'PO', {
      projectId: cast.project.id,
      applicantId: foreign.applicantId,
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    const applicant = await buildApplicant(role, cast.people.PO.user);
    const thread = await openThread(applicant.applicantId);
    const empty = await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: '   ',
    });
    expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });

    const sent = await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: 'First draft',
    });
    const byOther = await call('PATCH', `/api/conversation-management/messages/${sent.body.id}`, 'PE', {
      text: 'Hijacked',
    });
    expect(byOther).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });

    const edited = await call('PATCH', `/api/conversation-management/messages/${sent.body.id}`, 'PO', {
      text: 'Second draft',
    });
    expect(edited.body).toMatchObject({ text: 'Second draft', deletedAt: null });
    expect(edited.body.editedAt).not.toBeNull();
    const deleted = await call('DELETE', `/api/conversation-management/messages/${sent.body.id}`, 'PO');
    expect(deleted.body).toMatchObject({ text: '', attachments: [] });
    expect(deleted.body.deletedAt).not.toBeNull();
    const again = await call('DELETE', `/api/conversation-management/messages/${sent.body.id}`, 'PO');
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });

    const { db } = await testDatabase();
    const history = (await db.execute(
      sql`select change, previous_body from chat_message_revisions where message_id = ${sent.body.id}::uuid order by created_at`,
    )) as unknown as { rows: { change: string; previous_body: string }[] };
    expect(history.rows).toEqual([
      { change: 'EDIT', previous_body: 'First draft' },
      { change: 'DELETE', previous_body: 'Second draft' },
    ]);
  });
});

describe('unread counts', () => {
  it('counts per team member, marks read and unread, and reads everything with read-notification', async () => {
    const owner = await signedInUser(t.app, { firstName: 'Una', lastName: 'Owner' });
    const project = await buildProject(owner.user);
    const editor = await signedInUser(t.app, {
      roleCode: 'CASTING_ASSISTANT',
      firstName: 'Rae',
      lastName: 'Reader',
    });
    await addMember(project, editor.user, 'PROJECT_EDITOR');
    const projectRole = await buildRole(project);
    const applicant = await buildApplicant(projectRole, owner.user);
    const opened = await call('POST', '/api/conversation-management/threads', owner.auth, {
      projectId: project.id,
      applicantId: applicant.applicantId,
    });
    const threadId = opened.body.id;
    for (const text of ['one', 'two']) {
      await call('POST', `/api/conversation-management/threads/${threadId}/messages`, owner.auth, { text });
    }
    const count = (who: Record<string, string>) =>
      call('GET', `/api/conversation-management/threads/unread-messages-count?projectId=${project.id}`, who);
    expect((await count(owner.auth)).body).toEqual({ count: 0, threads: 0 });
    expect((await count(editor.auth)).body).toEqual({ count: 2, threads: 1 });

    const read = await call(
      'PATCH',
      `/api/conversation-management/threads/${threadId}/mark-read`,
      editor.auth,
      {
        isRead: true,
      },
    );
    expect(read.body).toEqual({ threadId, isRead: true, unreadCount: 0 });
    expect((await count(editor.auth)).body).toEqual({ count: 0, threads: 0 });

    const unread = await call(
      'PATCH',
      `/api/conversation-management/threads/${threadId}/mark-read`,
      editor.auth,
      {
        isRead: false,
      },
    );
    expect(unread.body).toEqual({ threadId, isRead: false, unreadCount: 1 });

    const all = await call('POST', `/api/v2/projects/${project.id}/read-notification`, editor.auth);
    expect(all).toEqual({ status: 200, body: { count: 0, threads: 0 } });
  });
});

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
    await expect(deliverChatMail({ ...t.context, mailer: failing }, { deliveryId })).rejects.toThrow('421');
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
      deliverChatMail({ ...t.context, mailer }, { deliveryId }),
      deliverChatMail({ ...t.context, mailer }, { deliveryId }),
    ]);
    expect(results.sort()).toEqual(['sent', 'skipped']);
    expect(await deliverChatMail({ ...t.context, mailer }, { deliveryId })).toBe('skipped');
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

    expect(await deliverChatMail({ ...t.context, mailer }, { deliveryId: stale })).toBe('interrupted');
    expect(await stateOf(stale)).toMatchObject({
      state: 'FAILED',
      attempts: 1,
      last_error: CHAT_MESSAGES.deliveryInterrupted,
      delivery_status: 'FAILED',
    });
    // A later run of the job (the queue's retry) does not send it either.
    expect(await deliverChatMail({ ...t.context, mailer }, { deliveryId: stale })).toBe('skipped');
    expect(await stateOf(stale)).toMatchObject({ state: 'FAILED', attempts: 1 });
    expect(await outbox(email)).toHaveLength(0);

    expect(await deliverChatMail({ ...t.context, mailer }, { deliveryId: fresh })).toBe('skipped');
    expect(await stateOf(fresh)).toMatchObject({ state: 'SENDING', attempts: 1 });
    expect(await outbox(otherEmail)).toHaveLength(0);
  });
});

describe('talent submitters', () => {
  it('chat only about their own agency’s clients', async () => {
    const agency = await buildAgency();
    const submitter = cast.people.TS;
    const agent = await buildAgent(agency.id, { userId: submitter.user.id, email: submitter.user.email });
    const client = await buildApplicant(role, cast.people.PO.user, { firstName: 'Cleo', lastName: 'Client' });
    const { db } = await testDatabase();
    await db.insert(applicantRepresentatives).values({
      projectId: cast.project.id,
      applicantId: client.applicantId,
      agentId: agent.id,
      agencyId: agency.id,
      status: 'CONFIRMED',
      claimTokenHash: randomUUID(),
    });
    const stranger = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Sid',
      lastName: 'Stranger',
    });
    const clientThread = await openThread(client.applicantId, 'TS');
    expect(clientThread.participants.map((p) => p.kind)).toEqual(['CANDIDATE', 'AGENT']);
    // The live hint names the agency whose submitters may open the thread (decision 0051).
    const live = collect(t.context.events, cast.project.id);
    const sent = await call(
      'POST',
      `/api/conversation-management/threads/${clientThread.id}/messages`,
      'TS',
      {
        text: 'From the agency',
      },
    );
    expect(sent.status).toBe(201);
    const strangerThread = await openThread(stranger.applicantId, 'PO');
    await call('POST', `/api/conversation-management/threads/${strangerThread.id}/messages`, 'PO', {
      text: 'x',
    });
    // Other hints (a mail job marking a delivery) may come between; each thread's own are checked.
    const hintOf = (threadId: string) => live.received.find((hint) => hint.payload?.threadId === threadId);
    for (let n = 2; !hintOf(strangerThread.id); n += 1) await live.count(n);
    live.stop();
    expect(hintOf(clientThread.id)?.payload).toEqual({ threadId: clientThread.id, agencyIds: agency.id });
    expect(hintOf(strangerThread.id)?.payload).toEqual({ threadId: strangerThread.id });
    const read = await call(
      'GET',
      `/api/conversation-management/threads/${strangerThread.id}/messages`,
      'TS',
    );
    expect(read).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    const list = await call('GET', `/api/conversation-management/threads?projectId=${cast.project.id}`, 'TS');
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([clientThread.id]);
    await db.execute(sql`delete from agents where id = ${agent.id}::uuid`);
  });
});

describe('attachments', () => {
  it('uploads through a signed PUT and shows the file on the message; refuses unknown uploads', async () => {
    const applicant = await buildApplicant(role, cast.people.PO.user);
    const thread = await openThread(applicant.applicantId);
    const bytes = Buffer.from('%PDF-1.4 tiny');
    const grant = await call('POST', `/api/conversation-management/threads/${thread.id}/attachments`, 'PO', {
      fileName: 'sides.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
    });
    expect(grant.status).toBe(201);
    const target = new URL(grant.body.upload.url);
    // Not uploaded yet: refused.
    const early = await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: 'sides',
      attachmentIds: [grant.body.attachmentId],
    });
    expect(early).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const put = await t.app.inject({
      method: 'PUT',
      url: target.pathname + target.search,
      headers: grant.body.upload.headers,
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    const sent = await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: '',
      attachmentIds: [grant.body.attachmentId],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.attachments).toEqual([
      expect.objectContaining({ fileName: 'sides.pdf', contentType: 'application/pdf', size: bytes.length }),
    ]);
    const unknown = await call('POST', `/api/conversation-management/threads/${thread.id}/messages`, 'PO', {
      text: 'again',
      attachmentIds: [grant.body.attachmentId],
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const tooBig = await call('POST', `/api/conversation-management/threads/${thread.id}/attachments`, 'PO', {
      fileName: 'huge.pdf',
      contentType: 'application/pdf',
      size: 50 * 1024 * 1024,
    });
    expect(tooBig).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('communication preferences of the submission link', () => {
  it('leave out the candidate (Include Talent off) or the agent (Exclude Agent), and the submitter with them', async () => {
    const { db } = await testDatabase();
    const agency = await buildAgency();
    const submitter = await signedInUser(t.app, { firstName: 'Tia', lastName: 'Submitter' });
    await addMember(cast.project, submitter.user, 'TALENT_SUBMITTER');
    const agent = await buildAgent(agency.id, { userId: submitter.user.id, email: submitter.user.email });
    const linkWith = async (settings: Record<string, boolean>) => {
      const [link] = await upsertShareLinks(
        db,
        'http://localhost:3000',
        cast.project.id,
        { userId: cast.people.PO.user.id, actor: 'PO' },
        shareLinkUpsertSchema.parse({
          title: `Link ${randomUUID().slice(0, 8)}`,
          roleIds: [role.id],
          ...settings,
        }),
      );
      return link!.id;
    };
    const represented = async (linkId: string, firstName: string) => {
      const applicant = await buildApplicant(role, cast.people.PO.user, {
        firstName,
        email: candidateEmail(),
      });
      await db.execute(
        sql`update submissions set share_link_id = ${linkId}::uuid where applicant_id = ${applicant.applicantId}::uuid`,
      );
      await db.insert(applicantRepresentatives).values({
        projectId: cast.project.id,
        applicantId: applicant.applicantId,
        agentId: agent.id,
        agencyId: agency.id,
        shareLinkId: linkId,
        status: 'PENDING',
        claimTokenHash: randomUUID(),
      });
      return applicant.applicantId;
    };
    const noTalent = await represented(await linkWith({ includeTalent: false }), 'Nell');
    const noAgent = await represented(await linkWith({ includeTalent: true, excludeAgent: true }), 'Otto');

    const first = await openThread(noTalent);
    expect(first.participants).toEqual([
      { kind: 'CANDIDATE', name: expect.stringContaining('Nell'), emailed: false },
      { kind: 'AGENT', name: 'Alex Agent', emailed: true },
    ]);
    const second = await openThread(noAgent);
    expect(second.participants).toEqual([
      { kind: 'CANDIDATE', name: expect.stringContaining('Otto'), emailed: true },
    ]);

    // The submitter reads their client's thread, but not the one whose link kept the agent out.
    const own = await call('GET', `/api/conversation-management/threads/${first.id}`, submitter.auth);
    expect(own.status).toBe(200);
    const excluded = await call('GET', `/api/conversation-management/threads/${second.id}`, submitter.auth);
    expect(excluded).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });

    // Only the agent is e-mailed about the first candidate.
    await call('POST', `/api/conversation-management/threads/${first.id}/messages`, 'PO', {
      text: 'Agent only',
    });
    const agentMail = await waitForMail(submitter.user.email);
    expect(agentMail[0]!.text).toContain('Agent only');
    const deliveries = (await db.execute(
      sql`select d.recipient_kind from chat_deliveries d join chat_messages m on m.id = d.message_id
        where m.thread_id = ${first.id}::uuid`,
    )) as unknown as { rows: { recipient_kind: string }[] };
    expect(deliveries.rows).toEqual([{ recipient_kind: 'AGENT' }]);
  });
});
