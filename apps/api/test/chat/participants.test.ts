import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { shareLinkUpsertSchema } from '@casting/domain';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import { applicantRepresentatives } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { collect } from '../support/live-events';
import { addMember, signedInUser, type Cast } from '../support/projects';
import { buildAgency, buildAgent } from '../links/helpers';
import { buildChatFixture, candidateEmail, chatCalls, type ChatFixture } from './chat-fixture';

// Who takes part in a chat: talent submitters only about their own agency's clients, and the submission link's
// communication preferences leaving out the candidate or the agent.
let t: TestApp;
let cast: Cast;
let role: ChatFixture['role'];
const { call, openThread, waitForMail } = chatCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, role } = await buildChatFixture());
});
afterAll(() => t.close());

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
    const represented = async (
      linkId: string,
      firstName: string,
      status: 'PENDING' | 'CONFIRMED' = 'CONFIRMED',
    ) => {
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
        status,
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

    // An agent whose claim is not confirmed yet takes part, but is not e-mailed the team's messages.
    const unconfirmed = await openThread(
      await represented(await linkWith({ includeTalent: false }), 'Pia', 'PENDING'),
    );
    expect(unconfirmed.participants).toEqual([
      { kind: 'CANDIDATE', name: expect.stringContaining('Pia'), emailed: false },
      { kind: 'AGENT', name: 'Alex Agent', emailed: false },
    ]);
    await call('POST', `/api/conversation-management/threads/${unconfirmed.id}/messages`, 'PO', {
      text: 'Nobody',
    });
    const none = (await db.execute(
      sql`select d.id from chat_deliveries d join chat_messages m on m.id = d.message_id
        where m.thread_id = ${unconfirmed.id}::uuid`,
    )) as unknown as { rows: unknown[] };
    expect(none.rows).toEqual([]);
  });
});
