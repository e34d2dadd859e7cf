import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFold, SELF_TAPE_TEXTS, type Role } from '@casting/domain';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicants,
  mediaItems,
  selfTapeRecipients,
  selfTapeSideCopies,
  storagePurges,
} from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import { runSelfTapeReminders, SELF_TAPES_REMINDER_QUEUE } from '../../src/modules/self-tapes';
import { selectRows } from '../jobs/support';
import { queuedMailsTo } from '../links/helpers';
import { png } from '../media/files';
import { buildMediaApp, type MediaApp } from '../media/support';
import { buildRole } from '../support/projects';
import { testOfficeId } from '../support/database';
import { hoursAhead, pdfOf, pdfText, selfTapeCalls } from './support';

// The sides of a self-tape request (their pages read from the PDFs feed the deadline rule), each recipient's own
// watermarked copy, the agency review step, the release notice and a person's erasure, through the API.
let t: MediaApp;
let role: Role;
let officeId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildMediaApp();
  role = await buildRole(t.cast.project);
  officeId = await testOfficeId();
}, 60_000);
afterAll(() => t.close());

const calls = selfTapeCalls(() => ({ t, role, officeId }));
async function staffUpload(name: string, bytes: Buffer, type: string) {
  const granted = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${t.cast.project.id}/self-tapes/sides-upload`,
    headers: t.cast.headers('PE'),
  });
  const grant = granted.json().uploadGrant as string;
  return calls.upload({ uploadGrant: grant }, { 'x-upload-grant': grant }, name, bytes, type);
}

describe('sides', () => {
  it('reads the pages from the PDFs for the deadline rule, and each recipient downloads only their own marked copy', async () => {
    const image = await staffUpload('scene.png', await png(), 'image/png');
    const key = await staffUpload('scene.pdf', await pdfOf(9), 'application/pdf');
    const [ana, ben] = [await calls.candidate(), await calls.candidate()];
    const body = {
      submissionIds: [ana.id, ben.id],
      preset: 'UK_EQUITY',
      deadline: hoursAhead(100),
      sides: [{ key, name: 'scene.pdf', pages: 1 }],
    };
    const notPdf = await calls.create({ ...body, sides: [{ key: image, name: 'scene.png' }] });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.body).toContain(SELF_TAPE_TEXTS.sidesArePdf);
    // The typed single page is replaced by the nine the file has: UK Equity asks for 120 hours then.
    const refused = await calls.create(body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.warnings).toEqual([
      { kind: 'TOO_FEW_HOURS', requiredHours: 120, givenHours: 99 },
    ]);
    const created = await calls.create({ ...body, confirmWarnings: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().sides).toEqual([{ key, name: 'scene.pdf', pages: 9 }]);

    const requestId = created.json().id as string;
    await calls.send(requestId);
    const people = await Promise.all(
      [ana, ben].map(async (row) => {
        const email = await calls.emailOf(row.applicantId);
        return { email, secret: await calls.secretMailedTo(email) };
      }),
    );
    const download = (secret: string, index = 0) =>
      t.app.inject({ method: 'GET', url: `/api/self-tape-page/sides/${index}?token=${secret}` });
    expect((await download(people[0]!.secret)).statusCode).toBe(409); // the copy is not made yet
    for (const item of (await calls.tracking(requestId)).json().items as { id: string }[])
      expect(await calls.watermark(item.id)).toBe(1);
    expect(await calls.watermark((await calls.tracking(requestId)).json().items[0].id)).toBe(0);

    const opened = (await calls.page(people[0]!.secret)).json();
    expect(opened.sides).toEqual([
      { name: 'scene.pdf', pages: 9, url: expect.stringContaining('/sides/0?') },
    ]);
    const texts: string[] = [];
    for (const person of people) {
      const res = await download(person.secret);
      expect(res.statusCode).toBe(302);
      const file = await fetch(new URL(res.headers.location as string, t.origin));
      texts.push(await pdfText(Buffer.from(await file.arrayBuffer())));
    }
    expect(texts[0]).toContain(people[0]!.email);
    expect(texts[0]).toContain('Tess');
    expect(texts[0]).toContain('Scene page 9');
    expect(texts[0]!.split(people[0]!.email).length - 1).toBe(9); // on every page
    expect(texts[0]).not.toContain(people[1]!.email);
    expect(texts[1]).toContain(people[1]!.email);
    expect(texts[1]).not.toContain(people[0]!.email);
    expect((await download(people[0]!.secret, 1)).statusCode).toBe(404);
    expect((await download(`x${people[0]!.secret.slice(1)}`)).statusCode).toBe(404);

    // Erasing a recipient leaves no row naming them, and their marked copy is queued for purging.
    const items = (await calls.tracking(requestId)).json().items as { id: string; email: string }[];
    const anaCopy = await t.ownerDb
      .select({ key: selfTapeSideCopies.objectKey })
      .from(selfTapeSideCopies)
      .where(eq(selfTapeSideCopies.recipientId, items.find((item) => item.email === people[0]!.email)!.id));
    const [person] = await t.ownerDb
      .select({ id: applicants.personId })
      .from(applicants)
      .where(eq(applicants.id, ana.applicantId));
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/roster/people/${person!.id}/erase`,
      headers: t.cast.headers('PO'),
      payload: { confirm: people[0]!.email },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await t.ownerDb
      .select({ email: selfTapeRecipients.email })
      .from(selfTapeRecipients)
      .where(eq(selfTapeRecipients.requestId, requestId));
    expect(left).toEqual([{ email: people[1]!.email }]);
    const purging = await t.ownerDb
      .select({ key: storagePurges.objectKey })
      .from(storagePurges)
      .where(eq(storagePurges.objectKey, anaCopy[0]!.key));
    expect(purging).toHaveLength(1);
    expect((await download(people[0]!.secret)).statusCode).toBe(404);
  });
});

/** A candidate represented by one agent of a new agency; answers the row and the agent's address. */
async function representedCandidate() {
  const stamp = randomUUID().slice(0, 8);
  const [agency] = await t.ownerDb
    .insert(agencies)
    .values({ name: `Review Agency ${stamp}`, searchText: searchFold(`Review Agency ${stamp}`) })
    .returning();
  const [agent] = await t.ownerDb
    .insert(agents)
    .values({
      agencyId: agency!.id,
      firstName: 'Rita',
      lastName: 'Agent',
      email: `rita-${stamp}@example.com`,
      searchText: `rita agent ${stamp}`,
    })
    .returning();
  const row = await calls.candidate();
  await t.ownerDb.insert(applicantRepresentatives).values({
    projectId: t.cast.project.id,
    applicantId: row.applicantId,
    agentId: agent!.id,
    agencyId: agency!.id,
    status: 'CONFIRMED',
    claimTokenHash: 'c'.repeat(64),
  });
  return { row, agentEmail: agent!.email };
}

/** The ids of the workspace rows of the opportunity with a self-tape of the request in this state. */
async function received(requestId: string, state: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${t.cast.project.id}/applicants?roleId=${role.id}&selfTapes=${state}&selfTapeRequestId=${requestId}`,
    headers: t.cast.headers('PE'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((item) => item.id);
}

describe('agency review', () => {
  it('lets an agent send back or forward their talent’s takes, which the office sees only once forwarded', async () => {
    const { row, agentEmail } = await representedCandidate();
    const body = {
      submissionIds: [row.id],
      acceptedKinds: ['image'],
      agencyReview: true,
      deadline: hoursAhead(240),
    };
    const wrongOrder = await calls.create({ ...body, agencyDeadline: hoursAhead(300) });
    expect(wrongOrder.statusCode).toBe(400);
    const agencyDeadline = new Date(hoursAhead(100));
    agencyDeadline.setMilliseconds(0);
    const created = await calls.create({ ...body, agencyDeadline: agencyDeadline.toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = created.json().id as string;
    await calls.send(requestId);
    const talent = await calls.secretMailedTo(await calls.emailOf(row.applicantId));
    const agent = await calls.secretMailedTo(agentEmail);

    const opened = (await calls.page(talent)).json();
    expect(opened).toMatchObject({ review: 'OPEN', deadline: agencyDeadline.toISOString(), toReview: null });
    // Reminders are counted from the talent's internal deadline as well as the office's, and reach the talent
    // before their own deadline; the agent's comes before the office's.
    const queued = await selectRows<{ start_after: Date }>(
      t.ownerDb,
      sql`select start_after from pgboss.job where name = ${SELF_TAPES_REMINDER_QUEUE}
        and data->>'requestId' = ${requestId} order by start_after`,
    );
    const officeDeadline = new Date(created.json().deadline as string).getTime();
    expect(queued.map((job) => new Date(job.start_after).getTime())).toEqual(
      [agencyDeadline.getTime(), officeDeadline].flatMap((at) => [at - 24 * HOUR, at - 2 * HOUR]),
    );
    const talentEmail = await calls.emailOf(row.applicantId);
    const remind = (at: number) =>
      runInOffice(officeId, () => runSelfTapeReminders(t.context, requestId, new Date(at)));
    expect(await remind(agencyDeadline.getTime() - 23 * HOUR)).toBe(1);
    expect((await queuedMailsTo(talentEmail)).map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining('due in 24 hours'),
    );
    expect(await queuedMailsTo(agentEmail)).toHaveLength(1); // the request itself, no reminder yet
    const handIn = async (name: string) => {
      const key = await calls.upload(
        { uploadGrant: opened.uploadGrant },
        { 'x-upload-grant': opened.uploadGrant },
        name,
        await png(),
        'image/png',
      );
      expect((await calls.call('PUT', 'takes', { token: talent, keys: [key] })).statusCode).toBe(200);
      return calls.call('POST', 'submit', { token: talent });
    };
    expect((await handIn('first.png')).json()).toMatchObject({ review: 'PENDING', status: 'OPENED' });
    expect((await calls.call('PUT', 'takes', { token: talent, keys: ['x'] })).json().message).toBe(
      SELF_TAPE_TEXTS.awaitingReview,
    );
    const media = () =>
      t.ownerDb.select().from(mediaItems).where(eq(mediaItems.applicantId, row.applicantId));
    const officeSees = async () => {
      const tracked = (await calls.tracking(requestId)).json();
      return { submitted: tracked.totals.submitted, media: (await media()).map((item) => item.name) };
    };
    expect(await officeSees()).toEqual({ submitted: 0, media: [] });
    expect(await received(requestId, 'PENDING')).toEqual([row.id]);
    expect(await received(requestId, 'SUBMITTED')).toEqual([]);

    const review = (await calls.page(agent)).json().toReview;
    expect(review).toMatchObject({ state: 'PENDING', takes: [{ name: 'first.png', kind: 'image' }] });
    const answer = (token: string, forward: boolean) => calls.call('POST', 'review', { token, forward });
    expect((await answer(talent, true)).statusCode).toBe(409);
    expect((await answer(agent, false)).json().toReview.state).toBe('RETURNED');
    expect((await calls.page(talent)).json().review).toBe('RETURNED');
    expect((await answer(agent, true)).statusCode).toBe(409); // nothing handed in now

    expect((await handIn('second.png')).json().review).toBe('PENDING');
    const forwarded = await answer(agent, true);
    expect(forwarded.json().toReview).toMatchObject({ state: 'FORWARDED' });
    expect(await officeSees()).toEqual({ submitted: 1, media: ['second.png'] });
    // The "self-tapes received" view of the workspace: by request and state.
    expect(await received(requestId, 'SUBMITTED')).toEqual([row.id]);
    expect(await received(requestId, 'PENDING')).toEqual([]);
    expect(await received(requestId, 'ANY')).toEqual([row.id]);
    expect(await received(randomUUID(), 'ANY')).toEqual([]);
    expect((await calls.page(talent)).json()).toMatchObject({ status: 'SUBMITTED', review: 'FORWARDED' });
  });
});

describe('closing and the release notice', () => {
  it('closes the private pages, then sends the release notice once to the candidates not kept', async () => {
    const [kept, released] = [await calls.candidate(), await calls.candidate()];
    const created = await calls.create({ submissionIds: [kept.id, released.id] });
    const requestId = created.json().id as string;
    await calls.send(requestId);
    const [keptEmail, releasedEmail] = [
      await calls.emailOf(kept.applicantId),
      await calls.emailOf(released.applicantId),
    ];
    const secret = await calls.secretMailedTo(releasedEmail);
    const office = (action: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${t.cast.project.id}/self-tapes/${requestId}/${action}`,
        headers: t.cast.headers('PE'),
        ...(payload ? { payload } : {}),
      });
    const release = () => office('release', { keepSubmissionIds: [kept.id] });
    expect((await release()).json().message).toBe(SELF_TAPE_TEXTS.closeFirst);
    const closed = await office('close');
    expect(closed.json().closedAt).not.toBeNull();
    expect((await office('close')).json().closedAt).toBe(closed.json().closedAt);
    expect((await calls.page(secret)).json()).toMatchObject({ closed: true, uploadGrant: null });
    expect((await calls.call('POST', 'decline', { token: secret, reason: 'Away' })).json().message).toBe(
      SELF_TAPE_TEXTS.requestClosed,
    );
    // More time for a request that takes nothing more is refused too.
    const asked = await calls.call('POST', 'extension', { token: secret, note: 'A week more?' });
    expect(asked.statusCode).toBe(410);
    expect(asked.json().message).toBe(SELF_TAPE_TEXTS.requestClosed);

    expect((await release()).json()).toEqual({ candidates: 1, mails: 1 });
    const [notice] = await queuedMailsTo(releasedEmail);
    expect(notice!.subject).toBe(`Update on ${t.cast.project.name}`);
    expect(notice!.text).toContain('releasing you from consideration');
    expect((await queuedMailsTo(keptEmail)).map((mail) => mail.subject)).not.toContain(notice!.subject);
    expect((await release()).json().message).toBe(SELF_TAPE_TEXTS.releaseSent);
    expect((await calls.tracking(requestId)).json().request.releaseSentAt).not.toBeNull();
  });
});
