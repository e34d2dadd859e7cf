import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { tokenDigest } from '../../src/platform/crypto/link-tokens';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import type { ActorName } from '../support/projects';
import { fresh, inPath, publicRoute, type Fixture, type Rule, type RouteCase } from './route-rules';

/** Chat: the matrix's chat actors (SA, PO, PE, TE); a talent submitter only for their agency's clients (none here). */
const CHAT: readonly ActorName[] = ['SA', 'PO', 'PE', 'TE'];
const inThread: Rule = { kind: 'project', allowed: CHAT, projectIn: 'folder' };

/** A thread of the fixture's project with one message by the owner, written directly. */
async function fixtureThread(fixture: Fixture) {
  const { db } = await testDatabase();
  const applicant = await buildApplicant(fixture.role, fixture.cast.people.PO.user, {
    lastName: fresh('Chat'),
  });
  const threadId = randomUUID();
  const messageId = randomUUID();
  await db.execute(sql`insert into chat_threads (id, project_id, applicant_id, last_message_at, last_message_preview)
    values (${threadId}::uuid, ${fixture.role.projectId}::uuid, ${applicant.applicantId}::uuid, now(), 'Hello')`);
  await db.execute(sql`insert into chat_messages (id, thread_id, project_id, author_kind, author_user_id, author_name, body)
    values (${messageId}::uuid, ${threadId}::uuid, ${fixture.role.projectId}::uuid, 'TEAM',
      ${fixture.cast.people.PO.user.id}::uuid, 'Olivia Owner', 'Hello')`);
  return { threadId, messageId, applicantId: applicant.applicantId };
}

/** A reply link of a fresh thread, with its secret. */
async function fixtureReplyLink(fixture: Fixture) {
  const { db } = await testDatabase();
  const { threadId } = await fixtureThread(fixture);
  const token = randomUUID().replace(/-/g, '');
  await db.execute(sql`insert into chat_reply_links
      (id, thread_id, project_id, participant_kind, email, participant_name, token_hash, expires_at)
    values (${randomUUID()}::uuid, ${threadId}::uuid, ${fixture.role.projectId}::uuid, 'CANDIDATE',
      'casey@example.com', 'Casey', ${tokenDigest(token)}, now() + interval '30 days')`);
  return { threadId, token };
}

/** Only the author edits or deletes a message: the other chat actors are refused beyond the matrix. */
const AUTHOR_ONLY: Partial<Record<ActorName, { status: number; code: string }>> = {
  SA: { status: 403, code: 'FORBIDDEN' },
  PE: { status: 403, code: 'FORBIDDEN' },
  TE: { status: 403, code: 'FORBIDDEN' },
};

export const CHAT_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/conversation-management/threads',
    rule: { kind: 'project', allowed: CHAT, projectIn: 'query' },
    ok: 200,
    request: async (_f, id) => ({ url: `/api/conversation-management/threads?projectId=${id}` }),
  },
  {
    method: 'POST',
    route: '/api/conversation-management/threads',
    rule: { kind: 'project', allowed: CHAT, projectIn: 'body' },
    ok: 200,
    request: async (f, id) => ({
      url: '/api/conversation-management/threads',
      payload: { projectId: id, applicantId: (await fixtureThread(f)).applicantId },
    }),
  },
  {
    method: 'GET',
    route: '/api/conversation-management/threads/unread-messages-count',
    rule: { kind: 'project', allowed: CHAT, projectIn: 'query' },
    ok: 200,
    request: async (_f, id) => ({
      url: `/api/conversation-management/threads/unread-messages-count?projectId=${id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/v2/projects/:id/read-notification',
    rule: inPath(CHAT),
    ok: 200,
    request: async (_f, id) => ({ url: `/api/v2/projects/${id}/read-notification` }),
  },
  {
    method: 'GET',
    route: '/api/conversation-management/threads/:id',
    rule: inThread,
    ok: 200,
    request: async (f) => ({
      url: `/api/conversation-management/threads/${(await fixtureThread(f)).threadId}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/conversation-management/threads/:id/messages',
    rule: inThread,
    ok: 200,
    request: async (f) => ({
      url: `/api/conversation-management/threads/${(await fixtureThread(f)).threadId}/messages`,
    }),
  },
  {
    method: 'POST',
    route: '/api/conversation-management/threads/:id/messages',
    rule: inThread,
    ok: 201,
    request: async (f) => ({
      url: `/api/conversation-management/threads/${(await fixtureThread(f)).threadId}/messages`,
      payload: { text: 'Are you free on Monday?' },
    }),
  },
  {
    method: 'POST',
    route: '/api/conversation-management/threads/:id/attachments',
    rule: inThread,
    ok: 201,
    request: async (f) => ({
      url: `/api/conversation-management/threads/${(await fixtureThread(f)).threadId}/attachments`,
      payload: { fileName: 'sides.pdf', contentType: 'application/pdf', size: 1000 },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/conversation-management/threads/:id/mark-read',
    rule: inThread,
    ok: 200,
    request: async (f) => ({
      url: `/api/conversation-management/threads/${(await fixtureThread(f)).threadId}/mark-read`,
      payload: { isRead: true },
    }),
  },
  {
    method: 'PATCH',
    route: '/api/conversation-management/messages/:messageId',
    rule: inThread,
    ok: 200,
    outcomeFor: AUTHOR_ONLY,
    request: async (f) => ({
      url: `/api/conversation-management/messages/${(await fixtureThread(f)).messageId}`,
      payload: { text: 'Edited' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/conversation-management/messages/:messageId',
    rule: inThread,
    ok: 200,
    outcomeFor: AUTHOR_ONLY,
    request: async (f) => ({
      url: `/api/conversation-management/messages/${(await fixtureThread(f)).messageId}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/conversation-management/replies/:threadId',
    rule: publicRoute,
    ok: 200,
    request: async (f) => {
      const { threadId, token } = await fixtureReplyLink(f);
      return { url: `/api/conversation-management/replies/${threadId}?token=${token}` };
    },
  },
  {
    method: 'POST',
    route: '/api/conversation-management/replies/:threadId',
    rule: publicRoute,
    ok: 201,
    request: async (f) => {
      const { threadId, token } = await fixtureReplyLink(f);
      return { url: `/api/conversation-management/replies/${threadId}`, payload: { token, text: 'Yes' } };
    },
  },
  {
    method: 'POST',
    route: '/api/conversation-management/replies/:threadId/attachments',
    rule: publicRoute,
    ok: 201,
    request: async (f) => {
      const { threadId, token } = await fixtureReplyLink(f);
      return {
        url: `/api/conversation-management/replies/${threadId}/attachments`,
        payload: { token, fileName: 'notes.pdf', contentType: 'application/pdf', size: 10 },
      };
    },
  },
];
