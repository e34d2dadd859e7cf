import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, WEBHOOK_RETRY_DELAYS_SECONDS, type Role } from '@casting/domain';
import { emitWebhookEvent, runDeliveryAttempt, WEBHOOKS_QUEUE } from '../../src/modules/webhooks';
import { runInOffice } from '../../src/platform/db/scope';
import { signedHeaders } from '../../src/modules/webhooks/signing';
import { buildApplicant, systemFolder } from '../support/candidates';
import { ACTORS, buildFolder, buildRole, type Cast } from '../support/projects';
import { testOfficeId } from '../support/database';
import { auditionCalls } from '../auditions/support';
import { png } from '../media/files';
import { buildMediaApp, type MediaApp } from '../media/support';
import { selfTapeCalls } from '../self-tapes/support';
import { selectRows } from '../jobs/support';
import { applyBody, createLinks, queuedMailsTo, tokenOf } from '../links/helpers';
import { WEBHOOK_ROUTES } from './route-table';
import { startReceiver } from './receiver';
import { BASE, webhookCalls } from './support';

// Webhooks end to end on the worker's database: an owner registers a receiver on loopback (allowed for this app
// only), a vote through the API becomes a signed delivery the receiver verifies with the official library, failures
// are retried by the schedule and logged, an endpoint that keeps failing is paused with a notice, and is resumed and
// sent again by hand; the events of the other capabilities are recorded for the office whose change caused them. The
// refusals of private addresses are in refusals.test.ts.
let t: MediaApp;
let cast: Cast;
let role: Role;
let officeId: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // Listening on loopback: a self-tape take is uploaded as a browser would.
  t = await buildMediaApp({
    env: {
      AUTH_RATE_LIMIT_MAX: '1000',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_PAUSE_AFTER_FAILURES: '3',
      WEBHOOKS_PAUSE_AFTER_HOURS: '0',
    },
  });
  cast = t.cast;
  role = await buildRole(cast.project);
  officeId = await testOfficeId();
  receiver = await startReceiver();
}, 60_000);
afterAll(async () => {
  // The first office is shared with the suite's other files: none of them should find an endpoint of ours.
  await t.ownerDb.execute(sql`delete from webhook_endpoints`);
  await receiver.close();
  await t.close();
});

const { call, jobsOf, deliveries, recorded, register, vote } = webhookCalls(() => ({
  t,
  cast,
  role,
  receiverUrl: receiver.url,
}));
const tapes = selfTapeCalls(() => ({ t, role, officeId }));
const auditions = auditionCalls(() => ({ t, cast, role }));

describe('a registered endpoint', () => {
  it('receives a vote as a signed delivery the receiver verifies, logged with status and duration', async () => {
    const { endpoint, secret } = await register(['vote.changed']);
    receiver.state.secret = secret;
    expect(endpoint.state).toBe('ACTIVE');
    // The secret is shown once: the list never carries it.
    expect((await call('GET', BASE)).body).not.toContain(secret);

    const rowId = await vote();
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'vote.changed', status: 'PENDING', attempts: [] });
    const [job] = await jobsOf(delivery!.id);
    expect(job!.data).toMatchObject({ deliveryId: delivery!.id, attempt: 1 });

    const before = receiver.received.length;
    await runDeliveryAttempt(t.context, job!.data);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    const body = JSON.parse(got[0]!.body);
    expect(body).toMatchObject({
      type: 'vote.changed',
      data: { projectId: cast.project.id, vote: 'UP_VOTE', submissionIds: [rowId] },
    });
    expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);

    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({
      status: 'SUCCEEDED',
      attempts: [{ attempt: 1, statusCode: 200, error: null }],
    });
    expect(logged!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
    // A job run twice (a retried worker) sends nothing more.
    await runDeliveryAttempt(t.context, job!.data);
    expect(receiver.received.length).toBe(before + 1);

    // A tampered body, or the old secret after a rotation, fails on the receiver's side.
    const headers = signedHeaders(secret, 'msg_tampered', Math.floor(Date.now() / 1000), got[0]!.body);
    expect(() => new Webhook(secret).verify(got[0]!.body.replace('UP_VOTE', 'DOWN_VOTE'), headers)).toThrow();
    const rotated = await call('POST', `${BASE}/${endpoint.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(secret);
    await call('POST', `${BASE}/${endpoint.id}/test`);
    const [test] = await deliveries(endpoint.id);
    expect(test!.eventType).toBe('webhook.test');
    await runDeliveryAttempt(t.context, (await jobsOf(test!.id))[0]!.data);
    expect(receiver.received.at(-1)!.verified).toBe(false);
    receiver.state.secret = rotated.json().secret;
    await call('DELETE', `${BASE}/${endpoint.id}`);
  });

  it('retries a failing receiver by the schedule, pauses the endpoint with a notice, and sends again once resumed', async () => {
    const { endpoint, secret } = await register(['vote.changed']);
    receiver.state.secret = secret;
    receiver.state.status = 500;
    await vote('MAYBE');
    const [delivery] = await deliveries(endpoint.id);
    for (const attempt of [1, 2, 3]) {
      const jobs = await jobsOf(delivery!.id);
      expect(jobs).toHaveLength(attempt);
      const job = jobs.at(-1)!;
      expect(job.data.attempt).toBe(attempt);
      await runDeliveryAttempt(t.context, job.data);
    }
    const jobs = await jobsOf(delivery!.id);
    // The fourth attempt waits its turn in the schedule (30 minutes after the third).
    expect(jobs).toHaveLength(4);
    const wait = new Date(jobs[3]!.start_after).getTime() - Date.now();
    expect(wait).toBeGreaterThan((WEBHOOK_RETRY_DELAYS_SECONDS[2] - 60) * 1000);
    const [failing] = await deliveries(endpoint.id);
    expect(failing!.status).toBe('PENDING');
    expect(failing!.attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 500, 'HTTP 500'],
    ]);

    // Three failures in a row: paused, the owner told by mail and in the list.
    const listed = (await call('GET', BASE)).json().items.find((e: { id: string }) => e.id === endpoint.id);
    expect(listed).toMatchObject({ state: 'PAUSED', pausedReason: 'FAILING', failureStreak: 3 });
    const mails = await queuedMailsTo(cast.people.SA.user.email);
    expect(mails.some((mail) => mail.text.includes(WEBHOOK_MESSAGES.pausedFailingNotice(receiver.url)))).toBe(
      true,
    );
    // A paused endpoint gets no new deliveries, and its waiting attempt ends the delivery.
    await vote('MAYBE');
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    await runDeliveryAttempt(t.context, jobs[3]!.data);
    expect((await deliveries(endpoint.id))[0]!.status).toBe('FAILED');
    const resend = `${BASE}/${endpoint.id}/deliveries/${delivery!.id}/resend`;
    expect((await call('POST', resend)).json().message).toBe(WEBHOOK_MESSAGES.endpointPaused);

    // Resumed and sent again by hand: one attempt, same webhook-id, and it succeeds.
    receiver.state.status = 204;
    const resumed = await call('PATCH', `${BASE}/${endpoint.id}`, { paused: false });
    expect(resumed.json()).toMatchObject({ state: 'ACTIVE', failureStreak: 0 });
    expect((await call('POST', resend)).statusCode).toBe(202);
    const manual = (await jobsOf(delivery!.id)).at(-1)!;
    expect(manual.data).toMatchObject({ attempt: 4, manual: true });
    await runDeliveryAttempt(t.context, manual.data);
    const [done] = await deliveries(endpoint.id);
    expect(done!.status).toBe('SUCCEEDED');
    expect(done!.attempts.at(-1)).toMatchObject({ attempt: 4, statusCode: 204, manual: true });
    const ids = receiver.received.slice(-2).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    receiver.state.status = 200;
    await call('DELETE', `${BASE}/${endpoint.id}`);
  });

  it('tells a folder change, with the folder and the rows, and nothing to an endpoint that did not subscribe', async () => {
    const folders = await register(['folder.changed']);
    const votesOnly = await register(['vote.changed']);
    const folder = await buildFolder(role);
    const row = await buildApplicant(role, cast.people.PO.user);
    for (const path of ['add', 'remove']) {
      const res = await call(
        'POST',
        `/api/projects/${cast.project.id}/applicants/folders/${path}`,
        { folderId: folder.id, applicantIds: [row.id] },
        'PO',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const told = await deliveries(folders.endpoint.id);
    expect(told.map((delivery) => delivery.eventType)).toEqual(['folder.changed', 'folder.changed']);
    const changed = (opportunityId: string, folderId: string, change: string, submissionIds: unknown[]) => ({
      projectId: cast.project.id,
      ...{ opportunityId, folderId, change, submissionIds },
    });
    expect((await recorded(folders.endpoint.id)).map((event) => event.data)).toEqual([
      changed(role.id, folder.id, 'ADDED', [row.id]),
      changed(role.id, folder.id, 'REMOVED', [row.id]),
    ]);
    expect(await deliveries(votesOnly.endpoint.id)).toEqual([]);
    // The move a vote causes: into the opportunity's Selects.
    const voted = await vote('UP_VOTE');
    const selects = changed(role.id, await systemFolder(role, 'SELECTS'), 'ADDED', [voted]);
    expect((await recorded(folders.endpoint.id)).map((event) => event.data)).toContainEqual(selects);

    // A move to another opportunity: the row leaves every folder of its source and the moved one enters the chosen
    // folder; a copy leaves the source where it is.
    const other = await buildRole(cast.project);
    const [target, moving, copying] = [
      await buildFolder(other),
      await buildApplicant(role, cast.people.PO.user),
      await buildApplicant(role, cast.people.PO.user),
    ];
    const before = (await recorded(folders.endpoint.id)).length;
    for (const [path, type, row] of [
      ['move-applicant', 'MOVE', moving],
      ['copy-applicant', 'COPY', copying],
    ] as const) {
      const res = await call(
        'POST',
        `/api/applicants/${path}`,
        { type, roleId: other.id, folderIds: [target.id], applicantIds: [row.id] },
        'PO',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const moved = (await recorded(folders.endpoint.id)).slice(before).map((event) => event.data);
    const newSubmissions = await systemFolder(role, 'NEW_SUBMISSIONS');
    const landed = [expect.any(String)];
    // Events of one transaction share its time: their order among themselves is not kept.
    expect(moved).toHaveLength(3);
    expect(moved).toEqual(
      expect.arrayContaining([
        changed(role.id, newSubmissions, 'REMOVED', [moving.id]),
        changed(other.id, target.id, 'ADDED', landed),
      ]),
    );
    await call('DELETE', `${BASE}/${folders.endpoint.id}`);
    await call('DELETE', `${BASE}/${votesOnly.endpoint.id}`);
  });

  it('sends nothing for a change that rolls back after its event was recorded', async () => {
    const { endpoint } = await register(['vote.changed']);
    const { db } = t.context.database;
    const queuedJobs = async () =>
      (
        await selectRows<{ n: number }>(
          t.ownerDb,
          sql`select count(*)::int as n from pgboss.job where name = ${WEBHOOKS_QUEUE}`,
        )
      )[0]!.n;
    const jobsBefore = await queuedJobs();
    const attempt = runInOffice(officeId, () =>
      db.transaction(async (tx) => {
        expect(
          await emitWebhookEvent(t.context.jobs, tx, 'vote.changed', { projectId: cast.project.id }),
        ).toBe(1);
        throw new Error('the change fails after its event');
      }),
    );
    await expect(attempt).rejects.toThrow('the change fails after its event');
    expect(await deliveries(endpoint.id)).toEqual([]);
    expect(await queuedJobs()).toBe(jobsBefore);
    await call('DELETE', `${BASE}/${endpoint.id}`);
  });
});

describe('the events of other capabilities', () => {
  it('records a self-tape submitted and an audition answered for the office of the change, with their ids', async () => {
    const ours = await register(['self_tape.submitted', 'audition.answered']);
    const theirs = await register(['self_tape.submitted', 'audition.answered'], 'otherOffice');

    const row = await tapes.candidate();
    const created = await tapes.create({ submissionIds: [row.id], acceptedKinds: ['image'] });
    expect(created.statusCode, created.body).toBe(201);
    await tapes.send(created.json().id);
    const secret = await tapes.secretMailedTo(await tapes.emailOf(row.applicantId));
    const grant = (await tapes.page(secret)).json().uploadGrant as string;
    const take = await tapes.upload(
      { uploadGrant: grant },
      { 'x-upload-grant': grant },
      'take.png',
      await png(),
      'image/png',
    );
    expect((await tapes.call('PUT', 'takes', { token: secret, keys: [take] })).statusCode).toBe(200);
    expect((await tapes.call('POST', 'submit', { token: secret })).statusCode).toBe(200);

    const sessionId = (await auditions.createSession()).session.id;
    const invited = await auditions.candidate('Hook');
    await auditions.invite(sessionId, [invited.applicantId]);
    const token = await auditions.tokenIn(await auditions.emailOf(invited.applicantId));
    expect((await auditions.answer({ token, action: 'CONFIRM' })).statusCode).toBe(200);
    expect((await auditions.answer({ token, action: 'DECLINE', reason: 'Away' })).statusCode).toBe(200);

    const told = await recorded(ours.endpoint.id);
    expect(told.map((event) => [event.event_type, event.office_id])).toEqual([
      ['self_tape.submitted', officeId],
      ['audition.answered', officeId],
      ['audition.answered', officeId],
    ]);
    expect(told[0]!.data).toEqual({
      requestId: created.json().id,
      projectId: cast.project.id,
      roleId: role.id,
      submissionId: row.id,
      applicantId: row.applicantId,
      late: false,
      mediaIds: [expect.any(String)],
    });
    const answered = { projectId: cast.project.id, sessionId, applicantId: invited.applicantId };
    expect(told.slice(1).map((event) => event.data)).toEqual([
      { ...answered, invitationId: expect.any(String), answer: 'CONFIRM' },
      { ...answered, invitationId: told[1]!.data.invitationId, answer: 'DECLINE' },
    ]);
    // The delivery job runs in the same office; another office's endpoint hears nothing of this one.
    const [delivery] = await deliveries(ours.endpoint.id);
    expect((await jobsOf(delivery!.id))[0]!.data.officeId).toBe(officeId);
    expect(await recorded(theirs.endpoint.id)).toEqual([]);
    await call('DELETE', `${BASE}/${ours.endpoint.id}`);
    await call('DELETE', `${BASE}/${theirs.endpoint.id}`, undefined, 'otherOffice');
  });
});

describe('who may manage webhooks', () => {
  it('declares the office owner’s rule on every route', () => {
    const declared = t.app.routeAccess
      .filter((route) => route.method !== 'HEAD' && route.url.startsWith(BASE))
      .map((route) => [`${route.method} ${route.url}`, route.access]);
    expect(declared).toEqual(
      Object.entries(WEBHOOK_ROUTES).map(([route, rule]) => [route, expect.objectContaining(rule)]),
    );
  });

  it('sends an application through a submission link as submission.received, with the ids to read it by', async () => {
    const { endpoint, secret } = await register(['submission.received']);
    receiver.state.secret = secret;
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [role.id] });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/v2/applicants/standalone',
      payload: applyBody(tokenOf(link!.link)),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'submission.received', status: 'PENDING' });
    const before = receiver.received.length;
    await runDeliveryAttempt(t.context, (await jobsOf(delivery!.id))[0]!.data);
    const [got] = receiver.received.slice(before);
    expect(got!.verified).toBe(true);
    const { data } = JSON.parse(got!.body) as { data: Record<string, string> };
    expect(data).toMatchObject({ projectId: cast.project.id, opportunityId: role.id });
    expect(Object.keys(data).sort()).toEqual(['applicantId', 'opportunityId', 'projectId', 'submissionId']);
    await call('DELETE', `${BASE}/${endpoint.id}`);
  });

  it('answers each actor as the rule says; another office’s owner reaches nothing of this office', async () => {
    const { endpoint } = await register(['vote.changed']);
    const urls = Object.keys(WEBHOOK_ROUTES).map((route) => {
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE', string];
      return [
        method,
        pattern
          .replace(':id', endpoint.id)
          .replace(':deliveryId', randomUUID())
          .replace(/^\/api/, '/api'),
      ] as const;
    });
    const outcomes: Record<string, number[]> = {};
    for (const actor of ACTORS) {
      outcomes[actor] = [];
      for (const [method, url] of urls) {
        if (method === 'DELETE' && actor === 'SA') continue;
        const payload =
          method === 'GET' || method === 'DELETE'
            ? undefined
            : url.endsWith('/webhooks')
              ? { url: 'x', events: [] }
              : {};
        const res = await call(method, url, payload, actor);
        outcomes[actor]!.push(res.statusCode);
      }
    }
    const refused = (status: number) => urls.map(() => status);
    expect(outcomes.anonymous).toEqual(refused(401));
    for (const actor of ['talent', 'nonMember', 'TS', 'TE', 'PE', 'PO'] as const)
      expect(outcomes[actor], actor).toEqual(refused(403));
    // Another office's owner is answered from their own office: our endpoint is not found there.
    expect(outcomes.otherOffice).toEqual([200, 400, 404, 404, 404, 404, 404, 404]);
    expect(outcomes.SA).toEqual([200, 400, 200, 200, 200, 404, 202]);
    await call('DELETE', `${BASE}/${endpoint.id}`);
  });
});
