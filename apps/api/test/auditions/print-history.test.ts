import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITION_MESSAGES, type ApplicantList, type Role } from '@casting/domain';
import { AUDITION_PDF_QUEUE, buildSchedulePdf } from '../../src/modules/auditions';
import type { AuditionPdfJob } from '../../src/modules/auditions/schedule-pdf';
import { purgeDeletedObjects } from '../../src/platform/storage/purge';
import { runInOffice } from '../../src/platform/db/scope';
import { queuedMailsTo } from '../links/helpers';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant, placeInFolder } from '../support/candidates';
import { connectLive, WEB_ORIGIN } from '../support/live-client';
import { collect } from '../support/live-events';
import {
  buildCast,
  buildFolder,
  buildProject,
  buildRole,
  type ActorName,
  type Cast,
} from '../support/projects';
import { selectRows } from '../jobs/support';
import { pdfText } from '../self-tapes/support';
import { auditionCalls, readCalendar } from './support';

// The printed schedule (a job per caller's copy, contact details by the caller's rights), a candidate's sessions,
// inviting a whole folder (and a callback from one), session edits told live to colleagues' open pages, and a session
// rating as the staff member's rating in the candidates workspace.
let t: TestApp;
let cast: Cast;
let role: Role;

beforeAll(async () => {
  // No workers: the test runs each print job itself, when it chooses.
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000', PUBLIC_URL: WEB_ORIGIN } });
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
}, 120_000);
afterAll(() => t.close());

const { api, base, session, createSession, candidate, emailOf, invite, representBy, tokenIn, calendar } =
  auditionCalls(() => ({
    t,
    cast,
    role,
  }));

/** Runs the newest queued print job of the session as the worker would (in the office the job was sent from). */
async function runPrintJob(sessionId: string) {
  const [job] = await selectRows<{ data: AuditionPdfJob & { _officeId: string } }>(
    t.ownerDb,
    sql`select data from pgboss.job where name = ${AUDITION_PDF_QUEUE} and data->>'sessionId' = ${sessionId} order by created_on desc limit 1`,
  );
  const { _officeId: officeId, ...data } = job!.data;
  await runInOffice(officeId, () => buildSchedulePdf(t.context, data));
  return data;
}

async function printed(sessionId: string, actor: ActorName) {
  const url = `${base()}/${sessionId}/schedule-pdf`;
  const asked = await api('POST', url, undefined, actor);
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json()).toEqual({ status: 'QUEUED', progress: 0, url: null });
  const job = await runPrintJob(sessionId);
  const ready = await api('GET', url, undefined, actor);
  expect(ready.json()).toMatchObject({ status: 'READY', progress: 100, url: expect.any(String) });
  const file = await t.app.inject({ method: 'GET', url: ready.json().url.replace(/^https?:\/\/[^/]+/, '') });
  expect(file.statusCode).toBe(200);
  return { job, text: await pdfText(file.rawPayload) };
}

describe('the printed schedule', () => {
  it('prints the running order in the session zone, with contacts only for those who manage the roster', async () => {
    // 10:00 in London on 1 October is 09:00 UTC: the printed times are the session's wall clock.
    const room = (await createSession({ day: '2031-10-01', start: '10:00', end: '10:30' })).session.id;
    const [ana, ben] = [await candidate('Ana'), await candidate('Ben')];
    const agent = await representBy(ana.applicantId);
    await invite(room, [ana.applicantId, ben.applicantId]);
    const pdfUrl = `${base()}/${room}/schedule-pdf`;
    expect((await api('GET', pdfUrl, undefined, 'TE')).json()).toEqual({
      status: null,
      progress: 0,
      url: null,
    });

    const manager = await printed(room, 'PO');
    expect(manager.job.contacts).toBe(true);
    expect(manager.text).toContain('Running order');
    expect(manager.text).toContain('Europe/London');
    expect(manager.text).toMatch(/10:00\s+Ana/);
    expect(manager.text).toMatch(/10:10\s+Ben/);
    expect(manager.text.indexOf('Ana')).toBeLessThan(manager.text.indexOf('Ben'));
    expect(manager.text).toContain(await emailOf(ana.applicantId));
    expect(manager.text).toContain(agent);

    // A reader without contact rights has a copy of their own: not the manager's, and without addresses.
    expect((await api('GET', pdfUrl, undefined, 'TE')).json().status).toBeNull();
    const reader = await printed(room, 'TE');
    expect(reader.job.contacts).toBe(false);
    expect(reader.text).toMatch(/10:00\s+Ana/);
    expect(reader.text).toMatch(/10:10\s+Ben/);
    expect(reader.text).not.toContain('@');
    expect(reader.text).not.toContain('Agents');

    // Another project's session is refused, as is the session under another project's id.
    const other = await buildProject(cast.people.PO.user);
    const foreign = `/projects/${other.id}/auditions/sessions/${room}/schedule-pdf`;
    expect((await api('POST', foreign)).statusCode).toBe(404);
    expect((await api('GET', pdfUrl, undefined, 'TS')).statusCode).toBe(403);

    // Deleting the session removes both copies, and tells everyone invited (Ana through her agent) it is cancelled.
    const stored = `auditions/${cast.project.id}/${room}/schedule-`;
    expect(await t.context.storage.head(`${stored}contacts.pdf`)).not.toBeNull();
    expect((await api('DELETE', `${base()}/${room}`)).statusCode).toBe(204);
    await purgeDeletedObjects(t.context);
    for (const copy of ['contacts.pdf', 'contacts.json', 'names.pdf', 'names.json'])
      expect(await t.context.storage.head(`${stored}${copy}`)).toBeNull();
    for (const [to, time] of [
      [agent, '10:00'],
      [await emailOf(ben.applicantId), '10:10'],
    ] as const) {
      const [notice] = (await queuedMailsTo(to)).filter((mail) => mail.subject.startsWith('Cancelled'));
      expect(notice?.text).toContain(`Wed 1 Oct 2031, ${time} (Europe/London)`);
      // Its calendar file cancels the event the invitation's file made.
      expect(readCalendar(notice!.attachments![0]!.content)).toMatchObject({ method: 'CANCEL', sequence: 1 });
    }
  });
});

describe('a candidate’s sessions', () => {
  it('lists the sessions of this project a candidate was invited to, and refuses another project’s candidate', async () => {
    const first = (await createSession({ day: '2031-11-03', start: '14:00', end: '14:30' })).session.id;
    const later = (
      await createSession({
        kind: 'CALLBACK',
        day: '2031-11-20',
        start: '09:00',
        end: '09:30',
        timeZone: 'America/New_York',
      })
    ).session.id;
    const [ana, ben] = [await candidate('Ana'), await candidate('Ben')];
    await invite(later, [ana.applicantId]);
    const placed = (await invite(first, [ben.applicantId, ana.applicantId])).schedule.invitations;
    const anaInvitation = placed.find(
      (item: { applicantId: string }) => item.applicantId === ana.applicantId,
    );
    await api(
      'PUT',
      `${base()}/${first}/invitations/${anaInvitation.id}/result`,
      { attendance: 'SEEN', rating: 4 },
      'TE',
    );

    const url = (projectId: string, applicantId: string) =>
      `/projects/${projectId}/auditions/candidates/${applicantId}/sessions`;
    const history = await api('GET', url(cast.project.id, ana.applicantId), undefined, 'TE');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items).toEqual([
      expect.objectContaining({
        sessionId: first,
        kind: 'AUDITION',
        day: '2031-11-03',
        time: '14:10',
        timeZone: 'Europe/London',
        status: 'INVITED',
        attendance: 'SEEN',
        rating: 4,
      }),
      expect.objectContaining({
        sessionId: later,
        kind: 'CALLBACK',
        day: '2031-11-20',
        time: '09:00',
        timeZone: 'America/New_York',
        attendance: null,
        rating: null,
      }),
    ]);
    const never = await candidate('Cy');
    expect((await api('GET', url(cast.project.id, never.applicantId))).json()).toEqual({ items: [] });

    // Another project's candidate: refused through this project, and this one's through the other.
    const other = await buildProject(cast.people.PO.user);
    const stranger = await buildApplicant(
      await buildRole(other, { name: 'Other lead' }),
      cast.people.PO.user,
    );
    expect((await api('GET', url(cast.project.id, stranger.applicantId))).statusCode).toBe(404);
    expect((await api('GET', url(other.id, ana.applicantId))).statusCode).toBe(404);
    expect((await api('GET', url(cast.project.id, 'not-an-id'))).statusCode).toBe(404);
  });
});

describe('inviting a folder', () => {
  it('invites everyone filed in a folder as one action, fills a callback from one, and refuses an empty or foreign one', async () => {
    const room = (await createSession({ day: '2031-12-01', start: '10:00', end: '10:30' })).session.id;
    const folder = await buildFolder(role, 'Audition shortlist');
    const [ana, ben, cy] = [await candidate('Ana'), await candidate('Ben'), await candidate('Cy')];
    for (const row of [ana, ben]) await placeInFolder(row, folder.id, cast.project.id);
    // The folder and a selection together: each person once; Cy, chosen by hand, rides along.
    const result = await invite(room, [ben.applicantId, cy.applicantId], { folderId: folder.id });
    expect(result).toMatchObject({ invited: 3, alreadyInvited: 0, mailed: 3 });
    const invited = result.schedule.invitations.map((item: { applicantId: string }) => item.applicantId);
    expect(invited.sort()).toEqual([ana.applicantId, ben.applicantId, cy.applicantId].sort());
    expect((await invite(room, [], { folderId: folder.id })).invited).toBe(0);
    // A new place is a new version of Ana's calendar event: the same UID, SEQUENCE one higher, the new LOCATION.
    const anaToken = await tokenIn(await emailOf(ana.applicantId));
    const before = await calendar(anaToken);
    expect((await api('PATCH', `${base()}/${room}`, { place: '9 Quay Street' })).statusCode).toBe(200);
    const after = await calendar(anaToken);
    expect(after).toMatchObject({
      uid: before.uid,
      sequence: before.sequence + 1,
      location: '9 Quay Street',
    });
    // Ana holds a slot, so she is told by mail with the same new file.
    const [changed] = await queuedMailsTo(await emailOf(ana.applicantId));
    expect(changed!.subject).toMatch(/^Changed: /);
    expect(changed!.text).toContain('Where: 9 Quay Street');
    expect(readCalendar(changed!.attachments![0]!.content)).toEqual(after);
    // Cancelling one tells its recipient by mail, with the time that no longer holds.
    const cys = result.schedule.invitations.find(
      (item: { applicantId: string }) => item.applicantId === cy.applicantId,
    );
    expect((await api('DELETE', `${base()}/${room}/invitations/${cys.id}`)).statusCode).toBe(200);
    const notices = (await queuedMailsTo(await emailOf(cy.applicantId))).filter((mail) =>
      mail.subject.startsWith('Cancelled'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('Mon 1 Dec 2031, 10:10 (Europe/London)');

    // A callback filled from the folder (and nobody rated): Ana and Ben only.
    const callback = await api('POST', `${base()}/${room}/callback`, {
      session: session({ kind: 'CALLBACK', day: '2031-12-08', start: '10:00', end: '10:30' }),
      folderId: folder.id,
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const called = callback
      .json()
      .schedule.invitations.map((item: { applicantId: string }) => item.applicantId);
    expect(called.sort()).toEqual([ana.applicantId, ben.applicantId].sort());

    const empty = await buildFolder(role, 'Nobody yet');
    const none = await api('POST', `${base()}/${room}/invitations`, {
      folderId: empty.id,
      mode: 'OFFICE_ASSIGNS',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(AUDITION_MESSAGES.emptyFolder);
    const otherRole = await buildRole(await buildProject(cast.people.PO.user));
    const foreign = await buildFolder(otherRole, 'Theirs');
    const refused = await api('POST', `${base()}/${room}/invitations`, {
      folderId: foreign.id,
      mode: 'OFFICE_ASSIGNS',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(AUDITION_MESSAGES.folderNotFound);
  });
});

describe('session changes, live', () => {
  it('tells a colleague’s open page when a session is created, edited or deleted', async () => {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const client = await connectLive(baseUrl, {
      token: cast.people.TE.auth.authorization.replace('Bearer ', ''),
    });
    try {
      expect(await client.join(cast.project.id)).toEqual({ action: 'joined', projectId: cast.project.id });
      const updates = (sessionId: string) =>
        client.messages.filter(
          (m) => m.action === 'update' && 'payload' in m && m.payload?.sessionId === sessionId,
        );
      const told = (sessionId: string, n: number) =>
        client.next(() => updates(sessionId).length >= n).then(() => updates(sessionId));

      const id = (await createSession({ day: '2031-12-15', start: '10:00', end: '10:30' })).session.id;
      expect(await told(id, 1)).toEqual([
        {
          action: 'update',
          projectId: cast.project.id,
          event: 'AUDITION_UPDATED',
          payload: { sessionId: id },
        },
      ]);
      const edited = await api('PATCH', `${base()}/${id}`, { place: '2 Harbour Road', slotMinutes: 15 });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await told(id, 2)).toHaveLength(2);
      expect((await api('DELETE', `${base()}/${id}`)).statusCode).toBe(204);
      expect(await told(id, 3)).toHaveLength(3);
    } finally {
      await client.close();
    }
  });
});

describe('a session rating in the candidates workspace', () => {
  it('is the staff member’s rating for the session’s opportunity: listed, filtered, averaged and told live', async () => {
    // The session casts two opportunities; the candidate applied for the second: their rating lands on that one.
    const friend = await buildRole(cast.project, { name: 'Friend' });
    const room = (await createSession({ day: '2031-11-20', roleIds: [friend.id, role.id] })).session.id;
    const ana = await candidate('Ana');
    const [invitation] = (await invite(room, [ana.applicantId])).schedule.invitations;
    const result = (body: object, actor: ActorName) =>
      api('PUT', `${base()}/${room}/invitations/${invitation.id}/result`, body, actor);
    const row = async (minimum: number) => {
      const res = await api(
        'GET',
        `/projects/${cast.project.id}/applicants?roleId=${role.id}&rating[min]=${minimum}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ApplicantList>().items.find((item) => item.applicantId === ana.applicantId);
    };

    const collector = collect(t.context.events, cast.project.id);
    try {
      expect((await result({ attendance: 'IN_ROOM', rating: 4 }, 'TE')).statusCode).toBe(200);
      expect(await collector.count(2)).toContainEqual(
        expect.objectContaining({
          event: 'APPLICANTS_UPDATED',
          payload: { kind: 'RATING', count: 1, roleId: role.id },
        }),
      );
    } finally {
      collector.stop();
    }
    expect((await row(4))?.rating).toMatchObject({
      average: 4,
      count: 1,
      raters: [{ userId: cast.people.TE.user.id, name: 'Tess Talent-Editor', score: 4 }],
    });

    expect((await result({ rating: 2 }, 'PE')).statusCode).toBe(200);
    expect(await row(3.5)).toBeUndefined();
    expect((await row(3))?.rating).toMatchObject({ average: 3, count: 2, min: 2, max: 4 });
    // Clearing the session's rating leaves the reviewer's rating in the workspace as it is.
    expect((await result({ rating: null }, 'PE')).statusCode).toBe(200);
    expect((await row(3))?.rating).toMatchObject({ average: 3, count: 2 });
  });
});

describe('sessions', () => {
  it('lays out the slots of a session across a change of the clocks in UTC, and shows overlapping sessions', async () => {
    // London springs forward at 01:00 on 30 March 2031: 00:30-03:30 by the wall clock lasts two hours.
    const night = await createSession({ day: '2031-03-30', start: '00:30', end: '03:30', slotMinutes: 30 });
    expect(night.session).toMatchObject({
      startsAt: '2031-03-30T00:30:00.000Z',
      endsAt: '2031-03-30T02:30:00.000Z',
      openSlots: 4,
    });
    const read = await api('GET', `${base()}/${night.session.id}`);
    expect(read.json().slots.map((slot: { startsAt: string }) => slot.startsAt)).toEqual([
      '2031-03-30T00:30:00.000Z',
      '2031-03-30T01:00:00.000Z',
      '2031-03-30T01:30:00.000Z',
      '2031-03-30T02:00:00.000Z',
    ]);
    const overlapping = await createSession({
      day: '2031-03-30',
      start: '02:00',
      end: '04:00',
      slotMinutes: 30,
    });
    expect(overlapping.overlapping.map((item) => item.id)).toEqual([night.session.id]);

    const bad = await api('POST', base(), session({ start: '11:00', end: '10:00' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUDITION_MESSAGES.invalidPlan);
    const zone = await api('POST', base(), session({ timeZone: 'Mars/Olympus' }));
    expect(zone.statusCode).toBe(400);

    const list = await api('GET', `${base()}?limit=1`, undefined, 'TE');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(1);
    expect(list.json().nextCursor).toEqual(expect.any(String));
  });
});
