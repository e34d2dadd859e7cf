import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { collect } from '../support/live-events';
import { addMember, buildProject, buildRole, signedInUser, type Cast } from '../support/projects';
import { buildChatFixture, candidateEmail, chatCalls, type ChatFixture } from './chat-fixture';

// Chat threads and messages through the API: writing, paging and refusing, unread counts, and attachments.
let t: TestApp;
let cast: Cast;
let role: ChatFixture['role'];
const { call, openThread, waitForMail } = chatCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, role } = await buildChatFixture());
});
afterAll(() => t.close());

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
