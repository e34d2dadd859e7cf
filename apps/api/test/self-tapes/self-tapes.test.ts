import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFold, SELF_TAPE_TEXTS, type Role } from '@casting/domain';
import {
  runSelfTapeReminders,
  runSelfTapeSend,
  SELF_TAPES_REMINDER_QUEUE,
} from '../../src/modules/self-tapes';
import { runInOffice } from '../../src/platform/db/scope';
import {
  agencies,
  agents,
  applicantRepresentatives,
  applicants,
  mediaItems,
  selfTapeRecipients,
  selfTapeRequests,
} from '../../src/platform/db/schema';
import { selectRows } from '../jobs/support';
import { queuedMailsTo } from '../links/helpers';
import { UploadClient } from '../media/client';
import { png } from '../media/files';
import { buildMediaApp, type MediaApp } from '../media/support';
import { buildRole } from '../support/projects';
import { testOfficeId } from '../support/database';
import { selfTapeCandidate } from '../projects/route-table-self-tapes';

// Self-tape requests end to end through the API: preset warnings, routing to every agent, the idempotent sending job,
// the private page (open, upload, replace, submit, decline, ask for time) and its refusals, late marking, extensions,
// and reminders on a clock the test sets.
let t: MediaApp;
let role: Role;
let officeId: string;

beforeAll(async () => {
  t = await buildMediaApp();
  role = await buildRole(t.cast.project);
  officeId = await testOfficeId();
}, 60_000);
afterAll(() => t.close());

const HOUR = 3_600_000;
const fixture = () => ({ cast: t.cast, role });
const hoursAhead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function create(body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${t.cast.project.id}/self-tapes`,
    headers: t.cast.headers('PO'),
    payload: {
      roleId: role.id,
      title: 'Scene 4',
      timeZone: 'Europe/London',
      preset: 'NONE',
      deadline: hoursAhead(240),
      idempotencyKey: randomUUID(),
      ...body,
    },
  });
}
const send = (requestId: string) => runInOffice(officeId, () => runSelfTapeSend(t.context, requestId));
const tracking = (requestId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/projects/${t.cast.project.id}/self-tapes/${requestId}`,
    headers: t.cast.headers('TE'),
  });
const page = (token: string) => t.app.inject({ method: 'GET', url: `/api/self-tape-page?token=${token}` });
const call = (method: 'PUT' | 'POST', path: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/self-tape-page/${path}`, payload });

async function emailOf(applicantId: string) {
  const [row] = await t.ownerDb
    .select({ email: applicants.email })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return row!.email!;
}
/** The private page's secret from the newest request mail to `to`. */
async function secretMailedTo(to: string) {
  const [mail] = await queuedMailsTo(to);
  const secret = /\/self-tapes\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(secret, `no request mail to ${to}`).toBeDefined();
  return secret!;
}
/** A request to one new candidate, sent; answers its id and the talent's secret. */
async function sentToOne(body: Record<string, unknown> = {}) {
  const row = await selfTapeCandidate(fixture());
  const res = await create({ submissionIds: [row.id], ...body });
  expect(res.statusCode, res.body).toBe(201);
  await send(res.json().id);
  return {
    requestId: res.json().id as string,
    row,
    secret: await secretMailedTo(await emailOf(row.applicantId)),
  };
}
async function uploadTake(grant: string, name = 'take.png') {
  const res = await new UploadClient(t.origin, { 'x-upload-grant': grant }).single(
    { uploadGrant: grant },
    name,
    await png(),
    'image/png',
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Key as string;
}

describe('the deadline presets', () => {
  it('refuses a deadline that breaks the preset until the director confirms, naming the warnings', async () => {
    const row = await selfTapeCandidate(fixture());
    await t.ownerDb.update(applicants).set({ isMinor: true }).where(eq(applicants.id, row.applicantId));
    const body = { submissionIds: [row.id], preset: 'SAG_AFTRA', deadline: hoursAhead(50) };
    const refused = await create(body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: SELF_TAPE_TEXTS.confirmWarnings,
      details: { warnings: [{ kind: 'MINOR_NEEDS_MORE', requiredHours: 72 }] },
    });
    const warnings = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${t.cast.project.id}/self-tapes/warnings?preset=UK_EQUITY&pages=9&deadline=${hoursAhead(100)}`,
      headers: t.cast.headers('PE'),
    });
    expect(warnings.json().warnings).toEqual([{ kind: 'TOO_FEW_HOURS', requiredHours: 120, givenHours: 99 }]);
    const confirmed = await create({ ...body, confirmWarnings: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().warnings).toHaveLength(1);
  });
});

describe('sending', () => {
  it('goes to every agent of a represented candidate, the talent too only when asked, and sends nothing twice', async () => {
    const stamp = randomUUID().slice(0, 8);
    const [agency] = await t.ownerDb
      .insert(agencies)
      .values({ name: `Tape Agency ${stamp}`, searchText: searchFold(`Tape Agency ${stamp}`) })
      .returning();
    const agentRows = await t.ownerDb
      .insert(agents)
      .values(
        ['lead', 'co'].map((who) => ({
          agencyId: agency!.id,
          firstName: who,
          lastName: 'Agent',
          email: `${who}-${stamp}@example.com`,
          searchText: `${who} agent ${stamp}`,
        })),
      )
      .returning();
    const represented = await selfTapeCandidate(fixture());
    await t.ownerDb.insert(applicantRepresentatives).values({
      projectId: t.cast.project.id,
      applicantId: represented.applicantId,
      agentId: agentRows[0]!.id,
      agencyId: agency!.id,
      status: 'CONFIRMED',
      claimTokenHash: 'b'.repeat(64),
    });
    const direct = await selfTapeCandidate(fixture());
    const key = randomUUID();
    const res = await create({ submissionIds: [represented.id, direct.id], idempotencyKey: key });
    expect(res.statusCode).toBe(201);
    expect(res.json().progress).toEqual({ total: 2, handled: 0, done: false });
    const again = await create({ submissionIds: [represented.id, direct.id], idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
    expect(
      await selectRows(
        t.ownerDb,
        sql`select id from pgboss.job where name = 'self-tapes-send' and data->>'requestId' = ${res.json().id}`,
      ),
    ).toHaveLength(1);

    await send(res.json().id);
    await t.ownerDb
      .update(selfTapeRequests)
      .set({ doneAt: null, handled: 0 })
      .where(eq(selfTapeRequests.id, res.json().id));
    await send(res.json().id); // a retried job
    for (const agent of agentRows) expect(await queuedMailsTo(agent.email)).toHaveLength(1);
    expect(await queuedMailsTo(await emailOf(represented.applicantId))).toHaveLength(0);
    expect(await queuedMailsTo(await emailOf(direct.applicantId))).toHaveLength(1);
    const tracked = (await tracking(res.json().id)).json();
    expect(tracked.totals).toMatchObject({ recipients: 3, sent: 3, submitted: 0 });
    expect(tracked.request.progress).toEqual({ total: 2, handled: 2, done: true });
    expect(tracked.items.map((item: { kind: string }) => item.kind).sort()).toEqual([
      'AGENT',
      'AGENT',
      'TALENT',
    ]);

    const withTalent = await create({ submissionIds: [represented.id], sendToTalent: true });
    await send(withTalent.json().id);
    expect(await queuedMailsTo(await emailOf(represented.applicantId))).toHaveLength(1);
  });
});

describe('the private page', () => {
  it('opens with its own secret only, uploads, replaces and submits takes that become the candidate’s media', async () => {
    const { requestId, row, secret } = await sentToOne();
    expect((await page(`x${secret.slice(1)}`)).statusCode).toBe(404);
    const other = await sentToOne();
    expect((await page(other.secret)).json().candidateName).not.toBe(
      (await page(secret)).json().candidateName,
    );

    const opened = await page(secret);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ title: 'Scene 4', status: 'OPENED', timeZone: 'Europe/London' });
    const grant = opened.json().uploadGrant as string;
    const first = await uploadTake(grant, 'first.png');
    // An image is not what this request accepts (video by default).
    expect((await call('PUT', 'takes', { token: secret, keys: [first] })).statusCode).toBe(400);
    await t.ownerDb
      .update(selfTapeRequests)
      .set({ acceptedKinds: ['image', 'video'] })
      .where(eq(selfTapeRequests.id, requestId));
    expect((await call('PUT', 'takes', { token: secret, keys: [first] })).json().uploaded).toHaveLength(1);
    const second = await uploadTake(grant, 'second.png');
    const replaced = await call('PUT', 'takes', { token: secret, keys: [second] });
    expect(replaced.json().uploaded.map((take: { name: string }) => take.name)).toEqual(['second.png']);
    // Another recipient's grant does not lend its uploads.
    expect((await call('PUT', 'takes', { token: other.secret, keys: [second] })).statusCode).toBe(400);

    const submitted = await call('POST', 'submit', { token: secret });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'SUBMITTED', late: false, uploadGrant: null });
    const media = await t.ownerDb
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.applicantId, row.applicantId));
    expect(media.map((item) => item.name)).toEqual(['second.png']);
    expect((await call('PUT', 'takes', { token: secret, keys: [first] })).statusCode).toBe(409);
    expect((await tracking(requestId)).json().totals).toMatchObject({ submitted: 1, opened: 1 });
  });

  it('marks a late tape late, refuses it when the request refuses late tapes, and closes a declined request', async () => {
    const late = await sentToOne({ acceptedKinds: ['image'] });
    const grant = (await page(late.secret)).json().uploadGrant as string;
    await call('PUT', 'takes', { token: late.secret, keys: [await uploadTake(grant)] });
    await t.ownerDb
      .update(selfTapeRecipients)
      .set({ deadline: new Date(Date.now() - HOUR) })
      .where(eq(selfTapeRecipients.requestId, late.requestId));
    expect((await call('POST', 'submit', { token: late.secret })).json()).toMatchObject({
      status: 'SUBMITTED',
      late: true,
    });

    const refused = await sentToOne({ latePolicy: 'REFUSE' });
    await t.ownerDb
      .update(selfTapeRecipients)
      .set({ deadline: new Date(Date.now() - HOUR) })
      .where(eq(selfTapeRecipients.requestId, refused.requestId));
    expect((await page(refused.secret)).json().uploadGrant).toBeNull();
    const closed = await call('POST', 'submit', { token: refused.secret });
    expect(closed.json()).toMatchObject({ code: 'LINK_CLOSED', message: SELF_TAPE_TEXTS.deadlinePassed });

    const declining = await sentToOne();
    const declined = await call('POST', 'decline', { token: declining.secret, reason: 'Away filming' });
    expect(declined.json().status).toBe('DECLINED');
    expect((await call('POST', 'submit', { token: declining.secret })).json().message).toBe(
      SELF_TAPE_TEXTS.closedDeclined,
    );
    expect((await tracking(declining.requestId)).json().items[0]).toMatchObject({
      declineReason: 'Away filming',
    });
  });
});

describe('extensions and reminders', () => {
  it('moves a recipient’s deadline when more time is granted, and reminds those who have not submitted when due', async () => {
    const { requestId, row, secret } = await sentToOne({ deadline: hoursAhead(72) });
    const to = await emailOf(row.applicantId);
    const [request] = await t.ownerDb
      .select()
      .from(selfTapeRequests)
      .where(eq(selfTapeRequests.id, requestId));
    const deadline = request!.deadline.getTime();
    const queued = await selectRows<{ start_after: Date }>(
      t.ownerDb,
      sql`select start_after from pgboss.job where name = ${SELF_TAPES_REMINDER_QUEUE} and data->>'requestId' = ${requestId} order by start_after`,
    );
    expect(queued.map((job) => new Date(job.start_after).getTime())).toEqual([
      deadline - 24 * HOUR,
      deadline - 2 * HOUR,
    ]);

    const remind = (at: number) =>
      runInOffice(officeId, () => runSelfTapeReminders(t.context, requestId, new Date(at)));
    expect(await remind(deadline - 25 * HOUR)).toBe(0);
    expect(await remind(deadline - 23 * HOUR)).toBe(1);
    expect(await remind(deadline - 22 * HOUR)).toBe(0);
    expect((await queuedMailsTo(to))[0]!.subject).toContain('due in 24 hours');

    await call('POST', 'extension', { token: secret, note: 'On set until Friday' });
    const recipientId = (await tracking(requestId)).json().items[0].id as string;
    const answer = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${t.cast.project.id}/self-tapes/${requestId}/recipients/${recipientId}/extension`,
        headers: t.cast.headers('PE'),
        payload: body,
      });
    expect(
      (await answer({ grant: true, deadline: new Date(deadline - HOUR).toISOString() })).statusCode,
    ).toBe(400);
    const later = new Date(deadline + 48 * HOUR);
    const granted = await answer({ grant: true, deadline: later.toISOString() });
    expect(granted.json()).toMatchObject({ extension: 'GRANTED', deadline: later.toISOString() });
    expect((await page(secret)).json().deadline).toBe(later.toISOString());
    expect((await answer({ grant: false })).statusCode).toBe(409);
    // The old 2-hour moment finds nobody due; the new deadline's reminders come in their turn.
    expect(await remind(deadline - HOUR)).toBe(0);
    expect(await remind(later.getTime() - HOUR)).toBe(1);
    expect((await queuedMailsTo(to))[0]!.subject).toContain('due in 2 hours');
  });
});
