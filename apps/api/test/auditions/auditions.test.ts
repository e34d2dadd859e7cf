import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDITION_MESSAGES, type Role } from '@casting/domain';
import { sendDueReminders } from '../../src/modules/auditions';
import { applicants, auditionInvitations, rosterEntries } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { buildIdentityApp } from '../support/identity';
import { queuedMailsTo } from '../links/helpers';
import { collect } from '../support/live-events';
import { auditionCalls, readCalendar } from './support';
import { buildCast, buildProject, buildRole, type ActorName, type Cast } from '../support/projects';

// Auditions through the API: invitations, the recipient's page, calendar files (downloaded and mailed), conflicts,
// reminders on a controlled clock, the session day, a callback and the CSV.
let t: TestApp;
let cast: Cast;
let role: Role;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
}, 120_000);
afterAll(() => t.close());

const calls = auditionCalls(() => ({ t, cast, role }));
const { api, base, page, answer, calendar, session, createSession, candidate, emailOf, tokenIn, invite } =
  calls;

describe('invitations and the recipient’s page', () => {
  let sessionId: string;
  let talentToken: string;
  let talentEmail: string;
  let agentEmail: string;
  let agentToken: string;
  let represented: { applicantId: string };
  let picker: { applicantId: string };

  beforeAll(async () => {
    sessionId = (await createSession({ start: '10:00', end: '10:30' })).session.id;
  });

  it('invites a selection as one action: agents of a represented candidate, the talent otherwise', async () => {
    const talent = await candidate('Tara');
    represented = await candidate('Remy');
    agentEmail = await calls.representBy(represented.applicantId);

    const result = await invite(sessionId, [talent.applicantId, represented.applicantId]);
    expect(result).toMatchObject({ invited: 2, alreadyInvited: 0, mailed: 2 });
    expect(result.schedule.invitations.every((item: { slotId: string | null }) => item.slotId)).toBe(true);
    expect(await queuedMailsTo(await emailOf(represented.applicantId))).toHaveLength(0);
    const [agentMail] = await queuedMailsTo(agentEmail);
    expect(agentMail!.text).toContain('your client Remy');
    expect(agentMail!.text).toContain('Tue 10 Jun 2031, 10:10 (Europe/London)');
    talentEmail = await emailOf(talent.applicantId);
    talentToken = await tokenIn(talentEmail);
    agentToken = await tokenIn(agentEmail);

    const again = await invite(sessionId, [talent.applicantId]);
    expect(again).toMatchObject({ invited: 0, alreadyInvited: 1, mailed: 0 });
    // An id of another project refuses the whole call.
    const otherProject = await buildProject(cast.people.PO.user);
    const stranger = await buildApplicant(await buildRole(otherProject), cast.people.PO.user, {
      firstName: 'X',
    });
    const refused = await api('POST', `${base()}/${sessionId}/invitations`, {
      applicantIds: [stranger.applicantId],
      mode: 'OFFICE_ASSIGNS',
    });
    expect(refused.statusCode).toBe(404);
  });

  it('shows the page only for the right secret in the right project', async () => {
    const ok = await page(talentToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'INVITED',
      timeZone: 'Europe/London',
      slot: { startsAt: '2031-06-10T09:00:00.000Z' },
    });
    expect((await page('x'.repeat(43))).statusCode).toBe(404);
    expect((await page(talentToken, randomUUID())).statusCode).toBe(404);
    expect((await page('short')).statusCode).toBe(400);
    const picked = await answer({
      token: talentToken,
      action: 'PICK',
      slotId: ok.json().openSlots[0]?.id ?? randomUUID(),
    });
    expect(picked.statusCode).toBe(409);
    expect(picked.json().message).toBe(AUDITION_MESSAGES.notPicking);
  });

  it('confirms, and the calendar file keeps its UID while its SEQUENCE rises; a decline cancels it', async () => {
    const first = await calendar(talentToken);
    expect(first).toMatchObject({
      method: 'PUBLISH',
      sequence: 0,
      status: 'CONFIRMED',
      start: '2031-06-10T09:00:00.000Z',
      zone: 'Europe/London',
    });
    expect((await answer({ token: talentToken, action: 'CONFIRM' })).json().status).toBe('CONFIRMED');

    // The office moves the talent to the last slot: the same event, one sequence later.
    const schedule = (await api('GET', `${base()}/${sessionId}`)).json();
    const mine = schedule.invitations.find((item: { firstName: string }) => item.firstName === 'Tara');
    const last = schedule.slots.at(-1);
    const moved = await api('POST', `${base()}/${sessionId}/schedule`, {
      moves: [{ invitationId: mine.id, slotId: last.id }],
    });
    expect(moved.json()).toMatchObject({ saved: true, conflicts: [] });
    const second = await calendar(talentToken);
    expect(second).toMatchObject({ uid: first.uid, sequence: 1, start: last.startsAt });
    // The mails carry the same files, newest first: the notice of the new time, then the invitation.
    const mailed = (await queuedMailsTo(talentEmail)).map((mail) =>
      readCalendar(mail.attachments![0]!.content),
    );
    expect(mailed).toEqual([second, first]);

    const declined = await answer({ token: talentToken, action: 'DECLINE', reason: 'On set that day' });
    expect(declined.json()).toMatchObject({
      status: 'DECLINED',
      declineReason: 'On set that day',
      slot: null,
    });
    const third = await calendar(talentToken);
    expect(third).toMatchObject({ uid: first.uid, sequence: 2, method: 'CANCEL', status: 'CANCELLED' });
    expect((await answer({ token: talentToken, action: 'CONFIRM' })).statusCode).toBe(409);
  });

  it('takes an agent’s request for another time, which the office accepts', async () => {
    const view = (await page(agentToken)).json();
    const wanted = view.openSlots[0];
    const asked = await answer({
      token: agentToken,
      action: 'REQUEST_CHANGE',
      slotId: wanted.id,
      message: 'Later please',
    });
    expect(asked.json()).toMatchObject({ status: 'CHANGE_REQUESTED', requestedSlotId: wanted.id });
    const schedule = (await api('GET', `${base()}/${sessionId}`)).json();
    const theirs = schedule.invitations.find(
      (item: { applicantId: string }) => item.applicantId === represented.applicantId,
    );
    expect(theirs).toMatchObject({ status: 'CHANGE_REQUESTED', changeMessage: 'Later please' });
    const accepted = await api('POST', `${base()}/${sessionId}/invitations/${theirs.id}/accept-change`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().invitations.find((item: { id: string }) => item.id === theirs.id)).toMatchObject({
      status: 'CONFIRMED',
      slotId: wanted.id,
    });
    expect(
      (await api('POST', `${base()}/${sessionId}/invitations/${theirs.id}/accept-change`)).statusCode,
    ).toBe(409);
    const file = await calendar(agentToken);
    expect(file.start).toBe(wanted.startsAt);
    // The agent is told the new time by mail, with the same calendar file.
    const [told] = await queuedMailsTo(agentEmail);
    expect(told!.subject).toMatch(/^New time: /);
    expect(readCalendar(told!.attachments![0]!.content)).toEqual(file);
  });

  it('lets candidates pick an open slot when the office chose so, and refuses a full one', async () => {
    const picking = (await createSession({ start: '12:00', end: '12:20', perSlot: 1 })).session.id;
    picker = await candidate('Pia');
    const other = await candidate('Olu');
    await invite(picking, [picker.applicantId, other.applicantId], { mode: 'CANDIDATE_PICKS' });
    const first = await tokenIn(await emailOf(picker.applicantId));
    const second = await tokenIn(await emailOf(other.applicantId));
    const slots = (await page(first)).json().openSlots;
    expect(slots).toHaveLength(2);
    expect((await answer({ token: first, action: 'PICK', slotId: slots[0].id })).json()).toMatchObject({
      status: 'CONFIRMED',
    });
    const full = await answer({ token: second, action: 'PICK', slotId: slots[0].id });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(AUDITION_MESSAGES.slotFull);
    expect((await page(second)).json().openSlots.map((slot: { id: string }) => slot.id)).toEqual([
      slots[1].id,
    ]);
  });

  it('gives the last place to one of two recipients picking it at once; the other is told it is full', async () => {
    const last = (await createSession({ start: '13:00', end: '13:10', perSlot: 1 })).session.id;
    const [kai, lou] = [await candidate('Kai'), await candidate('Lou')];
    await invite(last, [kai.applicantId, lou.applicantId], { mode: 'CANDIDATE_PICKS' });
    const tokens = [
      await tokenIn(await emailOf(kai.applicantId)),
      await tokenIn(await emailOf(lou.applicantId)),
    ];
    const [slot] = (await page(tokens[0]!)).json().openSlots;
    const picks = await Promise.all(
      tokens.map((token) => answer({ token, action: 'PICK', slotId: slot.id })),
    );
    expect(picks.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(picks.find((res) => res.statusCode === 409)!.json().message).toBe(AUDITION_MESSAGES.slotFull);
    const placed = (await api('GET', `${base()}/${last}`)).json().invitations;
    expect(placed.filter((item: { slotId: string | null }) => item.slotId === slot.id)).toHaveLength(1);
  });
});

describe('the schedule’s conflicts', () => {
  it('answers a double booking, a full slot and another project’s hold before saving anything', async () => {
    const morning = (await createSession({ day: '2031-07-01', start: '09:00', end: '09:30', perSlot: 1 }))
      .session.id;
    const overlap = (await createSession({ day: '2031-07-01', start: '09:00', end: '09:30', perSlot: 1 }))
      .session.id;
    const dana = await candidate('Dana');
    const eli = await candidate('Eli');
    const first = await invite(morning, [dana.applicantId, eli.applicantId]);
    const [danaHere, eliHere] = first.schedule.invitations;
    const second = await invite(overlap, [dana.applicantId], { autoAssign: false });
    const danaThere = second.schedule.invitations[0];
    expect(danaThere).toMatchObject({ slotId: null, waitlisted: true });

    // Held by another project of the office on that day.
    const otherProject = await buildProject(cast.people.PO.user);
    const otherRole = await buildRole(otherProject);
    const danaEmail = await emailOf(dana.applicantId);
    const there = await buildApplicant(otherRole, cast.people.PO.user, {
      firstName: 'Dana',
      lastName: 'Elsewhere',
      email: danaEmail,
    });
    const [mine] = await t.ownerDb.select().from(applicants).where(eq(applicants.id, dana.applicantId));
    await t.ownerDb
      .update(applicants)
      .set({ personId: mine!.personId })
      .where(eq(applicants.id, there.applicantId));
    await t.ownerDb.insert(rosterEntries).values({
      projectId: otherProject.id,
      submissionId: there.id,
      applicantId: there.applicantId,
      roleId: otherRole.id,
      status: 'FIRST_HOLD',
      startDate: '2031-07-01',
      endDate: '2031-07-02',
    });

    const overlapSlots = second.schedule.slots;
    const check = await api('POST', `${base()}/${overlap}/schedule`, {
      moves: [{ invitationId: danaThere.id, slotId: overlapSlots[0].id }],
      save: true,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().saved).toBe(false);
    expect(
      check
        .json()
        .conflicts.map((item: { kind: string }) => item.kind)
        .sort(),
    ).toEqual(['DOUBLE_PLACEMENT', 'ROSTER']);
    const unchanged = (await api('GET', `${base()}/${overlap}`)).json().invitations[0];
    expect(unchanged.slotId).toBeNull();

    // Two people into one single slot: full. A swap of the two is fine.
    const full = await api('POST', `${base()}/${morning}/schedule`, {
      moves: [{ invitationId: eliHere.id, slotId: danaHere.slotId }],
    });
    expect(full.json().conflicts.map((item: { kind: string }) => item.kind)).toEqual(['FULL_SLOT']);
    const swap = await api('POST', `${base()}/${morning}/schedule`, {
      moves: [
        { invitationId: eliHere.id, slotId: danaHere.slotId },
        { invitationId: danaHere.id, slotId: eliHere.slotId },
      ],
    });
    // Dana's hold elsewhere that day is still a conflict: nothing saved until the office insists.
    expect(swap.json()).toMatchObject({
      saved: false,
      conflicts: [expect.objectContaining({ kind: 'ROSTER' })],
    });
    const forced = await api('POST', `${base()}/${morning}/schedule`, {
      moves: [
        { invitationId: eliHere.id, slotId: danaHere.slotId },
        { invitationId: danaHere.id, slotId: eliHere.slotId },
      ],
      force: true,
    });
    expect(forced.json().saved).toBe(true);
    const after = (await api('GET', `${base()}/${morning}`)).json().invitations;
    expect(after.find((item: { id: string }) => item.id === eliHere.id).slotId).toBe(danaHere.slotId);
    // Sessions of another project are not reachable through this one.
    const elsewhere = await api('GET', `/projects/${otherProject.id}/auditions/sessions/${morning}`);
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('reminders, the session day, callbacks and the CSV', () => {
  it('reminds the day before and two hours before on a controlled clock, each once', async () => {
    const day = (await createSession({ day: '2031-09-10', start: '15:00', end: '15:10' })).session;
    const rae = await candidate('Rae');
    await invite(day.id, [rae.applicantId]);
    const to = await emailOf(rae.applicantId);
    const reminders = async () =>
      (await queuedMailsTo(to)).filter((mail) => mail.subject.startsWith('Reminder'));
    const at = (iso: string) => sendDueReminders(t.context, t.ownerDb, new Date(iso));
    // 15:00 BST is 14:00 UTC.
    await at('2031-09-09T10:00:00.000Z');
    expect(await reminders()).toHaveLength(0);
    await at('2031-09-09T14:30:00.000Z');
    expect(await reminders()).toHaveLength(1);
    await at('2031-09-09T15:00:00.000Z');
    expect(await reminders()).toHaveLength(1);
    await at('2031-09-10T12:15:00.000Z');
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain('Wed 10 Sep 2031, 15:00 (Europe/London)');
    await at('2031-09-10T13:00:00.000Z');
    expect(await reminders()).toHaveLength(2);
  });

  it('checks candidates in, rates them, fills a callback from the ratings and exports the session', async () => {
    const room = (await createSession({ day: '2031-10-01', start: '10:00', end: '10:30' })).session.id;
    const [ana, ben, cy] = [await candidate('Ana'), await candidate('Ben'), await candidate('Cy')];
    const invited = (await invite(room, [ana.applicantId, ben.applicantId, cy.applicantId])).schedule
      .invitations;
    const result = (invitationId: string, body: object, actor: ActorName = 'TE') =>
      api('PUT', `${base()}/${room}/invitations/${invitationId}/result`, body, actor);
    expect((await result(invited[0].id, { attendance: 'ARRIVED' })).statusCode).toBe(200);
    await result(invited[0].id, { attendance: 'IN_ROOM', rating: 5, notes: '=Strong read' });
    await result(invited[1].id, { attendance: 'LATE', rating: 2 });
    const marked = await result(invited[2].id, { attendance: 'NO_SHOW' });
    const rows = marked.json().invitations;
    expect(rows[0].result).toMatchObject({
      attendance: 'IN_ROOM',
      rating: 5,
      checkedInAt: expect.any(String),
    });
    expect(rows[2].result).toMatchObject({ attendance: 'NO_SHOW', checkedInAt: null });
    expect((await result(invited[1].id, { rating: 6 })).statusCode).toBe(400);
    expect((await result(invited[1].id, { rating: 3 }, 'TS')).statusCode).toBe(403);

    const callback = await api('POST', `${base()}/${room}/callback`, {
      session: session({ kind: 'CALLBACK', day: '2031-10-08', start: '10:00', end: '10:30' }),
      minRating: 4,
    });
    expect(callback.statusCode, callback.body).toBe(201);
    expect(callback.json().schedule.session).toMatchObject({ kind: 'CALLBACK', sourceSessionId: room });
    expect(
      callback.json().schedule.invitations.map((item: { applicantId: string }) => item.applicantId),
    ).toEqual([ana.applicantId]);

    const csv = await api('GET', `${base()}/${room}/export.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Time (Europe/London),First name,Last name,Status,Attendance,Rating,Notes,E-mail,Phone,Agents',
    );
    expect(lines[1]).toContain(`10:00,Ana,`);
    expect(lines[1]).toContain("In the room,5,'=Strong read");
    expect(lines[1]).toContain(await emailOf(ana.applicantId));
    const limited = await api('GET', `${base()}/${room}/export.csv`, undefined, 'TE');
    expect(limited.body.split('\r\n')[0]).toBe(
      'Time (Europe/London),First name,Last name,Status,Attendance,Rating,Notes',
    );

    // Cancelling tells colleagues' screens live, as every other change does.
    await t.context.events.caughtUp();
    const live = collect(t.context.events, cast.project.id);
    const cancelled = await api('DELETE', `${base()}/${room}/invitations/${invited[1].id}`);
    expect(cancelled.json().invitations[1]).toMatchObject({ status: 'CANCELLED', slotId: null });
    expect(await live.count(1)).toEqual([
      { projectId: cast.project.id, event: 'AUDITION_UPDATED', payload: { sessionId: room } },
    ]);
    live.stop();
    const [row] = await t.ownerDb
      .select()
      .from(auditionInvitations)
      .where(eq(auditionInvitations.id, invited[1].id));
    expect(row!.calendarSequence).toBe(1);
  });
});
