import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';

/** One project with its team and one opportunity: what every chat test starts from. */
export interface ChatFixture {
  t: TestApp;
  cast: Cast;
  role: Awaited<ReturnType<typeof buildRole>>;
}

export async function buildChatFixture(): Promise<ChatFixture> {
  const t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  return { t, cast, role };
}

export interface OutboxItem {
  id: string;
  subject: string;
  text: string;
}

export const candidateEmail = () => `talent-${randomUUID().slice(0, 8)}@example.com`;

export function replyLinkOf(mail: OutboxItem) {
  const match = /\/chat\/reply\/([0-9a-f-]{36})\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reply link in ${mail.text}`);
  return { threadId: match[1]!, token: match[2]! };
}

/** The calls chat tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function chatCalls(fixture: () => Pick<ChatFixture, 't' | 'cast'>) {
  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    actor: Parameters<Cast['headers']>[0] | Record<string, string>,
    payload?: Record<string, unknown>,
  ) {
    const { t, cast } = fixture();
    const headers = typeof actor === 'string' ? cast.headers(actor) : actor;
    const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  }

  async function openThread(applicantId: string, actor: Parameters<Cast['headers']>[0] = 'PO') {
    const res = await call('POST', '/api/conversation-management/threads', actor, {
      projectId: fixture().cast.project.id,
      applicantId,
    });
    expect([200, 201]).toContain(res.status);
    return res.body as { id: string; participants: { kind: string; name: string; emailed: boolean }[] };
  }

  async function outbox(to: string): Promise<OutboxItem[]> {
    const res = await fixture().t.app.inject({
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

  return { call, openThread, outbox, waitForMail };
}
