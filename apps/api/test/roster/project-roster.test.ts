import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText, type Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { addMember, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { agencies, agents, rosterEvents, submissions } from '../../src/platform/db/schema';
import { sendRosterNotice } from '../../src/modules/roster/notices';
import { buildRosterFixture, rosterCalls } from './roster-fixture';

// The project roster: checks, holds, bookings and releases with their history and the notices mailed to talent and
// agent (read in the development outbox).
let t: TestApp;
let cast: Cast;
let other: Cast;
let role: Role;
let otherRole: Role;
const { api, outbox, outboxSubjects } = rosterCalls(() => t);

beforeAll(async () => {
  ({ t, cast, other, role, otherRole } = await buildRosterFixture());
});
afterAll(() => t.close());

describe('the project roster', () => {
  const hold = (c: Cast, body: object, actor: 'PO' | 'PE' | 'SA' = 'PO') =>
    api('POST', `/projects/${c.project.id}/roster-management`, c.headers(actor), body);

  it('checks, holds, books and releases with history, notices to talent and agent, and conflicts', async () => {
    const email = `talent-${randomUUID().slice(0, 8)}@example.com`;
    const here = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Rita',
      lastName: 'Roster',
      email,
    });
    const there = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'Rita',
      lastName: 'Roster',
      email,
    });

    // An agent submitted Rita here: the notices go to the agent too.
    const { db } = await testDatabase();
    const agentEmail = `agent-${randomUUID().slice(0, 8)}@example.com`;
    const [agency] = await db
      .insert(agencies)
      .values({ name: 'Roster Agency', searchText: 'roster agency' })
      .returning();
    const [agent] = await db
      .insert(agents)
      .values({
        agencyId: agency!.id,
        firstName: 'Alex',
        lastName: 'Agent',
        email: agentEmail,
        searchText: 'alex agent',
      })
      .returning();
    await db.update(submissions).set({ referringAgentId: agent!.id }).where(eq(submissions.id, here.id));

    // Held elsewhere first: 10 to 20 June in the other project.
    const elsewhere = await hold(other, {
      submissionId: there.id,
      status: 'FIRST_HOLD',
      startDate: '2027-06-10',
      endDate: '2027-06-20',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    const preview = await api(
      'GET',
      `/projects/${cast.project.id}/roster-management/conflicts?submissionId=${here.id}&startDate=2027-06-18&endDate=2027-06-25`,
      cast.headers('PE'),
    );
    expect(preview.statusCode, preview.body).toBe(200);
    // The caller is not on the other project's team: the clash shows, its name does not.
    expect(preview.json().items).toEqual([
      {
        projectId: null,
        projectName: 'Another project',
        status: 'FIRST_HOLD',
        startDate: '2027-06-10',
        endDate: '2027-06-20',
      },
    ]);

    const check = await hold(cast, {
      submissionId: here.id,
      status: 'AVAIL_CHECK',
      startDate: '2027-06-18',
      endDate: '2027-06-25',
      notify: true,
    });
    expect(check.statusCode, check.body).toBe(200);
    const entryId = check.json().id;
    const held = await hold(cast, {
      submissionId: here.id,
      status: 'FIRST_HOLD',
      startDate: '2027-06-18',
      endDate: '2027-06-25',
      notify: true,
    });
    expect(held.json()).toMatchObject({
      id: entryId,
      status: 'FIRST_HOLD',
      conflicts: [{ status: 'FIRST_HOLD' }],
    });
    const booked = await hold(
      cast,
      {
        submissionId: here.id,
        status: 'BOOKED',
        startDate: '2027-06-21',
        endDate: '2027-06-25',
        rate: '$1,200/day',
        bookedAs: 'Detective Rita',
        notify: true,
      },
      'PE',
    );
    expect(booked.statusCode, booked.body).toBe(200);
    // 21 to 25 June no longer overlaps 10 to 20 June.
    expect(booked.json()).toMatchObject({ status: 'BOOKED', rate: '$1,200/day', conflicts: [] });
    const released = await api(
      'POST',
      `/projects/${cast.project.id}/roster-management/${entryId}/release`,
      cast.headers('PO'),
      {
        notify: true,
        note: 'The part was cut.',
      },
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(
      released
        .json()
        .history.map((event: { status: string; actorName: string }) => [event.status, event.actorName]),
    ).toEqual([
      ['RELEASED', 'Olivia Owner'],
      ['BOOKED', 'Eddie Editor'],
      ['FIRST_HOLD', 'Olivia Owner'],
      ['AVAIL_CHECK', 'Olivia Owner'],
    ]);
    const again = await api(
      'POST',
      `/projects/${cast.project.id}/roster-management/${entryId}/release`,
      cast.headers('PO'),
      {},
    );
    expect(again.statusCode).toBe(409);

    // The talent's mailbox shows the four notices, each once.
    await expect
      .poll(async () => (await outboxSubjects(email)).sort(), { timeout: 20_000, interval: 200 })
      .toEqual(
        [
          `Availability check: ${cast.project.name}`,
          `First hold: ${cast.project.name}`,
          `Booking confirmed: ${cast.project.name}`,
          `Released: ${cast.project.name}`,
        ].sort(),
      );
    await expect
      .poll(async () => (await outboxSubjects(agentEmail)).length, { timeout: 20_000, interval: 200 })
      .toBe(4);
    // A notice job that runs again sends nothing more (the event is claimed).
    const events = await db.select().from(rosterEvents).where(eq(rosterEvents.entryId, entryId));
    expect(events.every((event) => event.notifiedAt !== null)).toBe(true);
    await sendRosterNotice(t.context, db, events[0]!.id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await outboxSubjects(email)).toHaveLength(4);

    // The list shows the entry with its conflicts for a member of both teams.
    await addMember(other.project, cast.people.PE.user, 'PROJECT_EDITOR');
    const list = await api('GET', `/projects/${cast.project.id}/roster-management`, cast.headers('TE'));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(entryId);
  });

  it('mails a notice from the project’s edited template with its merge fields, and the built-in text once it is deleted', async () => {
    const project = await buildProject(cast.people.PO.user);
    const lead = await buildRole(project, { name: 'Stunt double' });
    const email = `tpl-${randomUUID().slice(0, 8)}@example.com`;
    const row = await buildApplicant(lead, cast.people.PO.user, {
      firstName: 'Tia',
      lastName: 'Template',
      email,
    });
    const templates = await api('GET', `/v2/projects/${project.id}/email-templates`, cast.headers('PO'));
    const byKey = (key: string) =>
      templates.json().items.find((item: { starterKey: string }) => item.starterKey === key) as {
        id: string;
      };
    const edited = await api(
      'PUT',
      `/v2/projects/${project.id}/email-templates/${byKey('ROSTER_HOLD').id}`,
      cast.headers('PO'),
      {
        name: 'Roster: hold',
        subject: 'Pencilled in ({{rosterStatus}}) for {{opportunityName}}',
        body: docFromText('Dear {{fullName}}, keep {{dates}} free for us. {{rosterNote}}'),
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const held = await api('POST', `/projects/${project.id}/roster-management`, cast.headers('PO'), {
      submissionId: row.id,
      status: 'SECOND_HOLD',
      startDate: '2027-08-01',
      endDate: '2027-08-03',
      note: 'Wardrobe on the 1st.',
      notify: true,
    });
    expect(held.statusCode, held.body).toBe(200);
    await expect
      .poll(async () => (await outbox(email)).map((item) => item.subject), { timeout: 20_000, interval: 200 })
      .toEqual(['Pencilled in (Second hold) for Stunt double']);
    const [mail] = await outbox(email);
    expect(mail!.text).toContain(
      'Dear Tia Template, keep 2027-08-01 to 2027-08-03 free for us. Wardrobe on the 1st.',
    );
    expect(mail!.html).toContain('Dear Tia Template, keep 2027-08-01 to 2027-08-03 free for us.');

    // The team deleted its booking template: the booking notice still goes, in the built-in words.
    const removed = await api(
      'DELETE',
      `/v2/projects/${project.id}/email-templates/${byKey('ROSTER_BOOKING').id}`,
      cast.headers('PO'),
    );
    expect(removed.statusCode).toBe(204);
    await api('POST', `/projects/${project.id}/roster-management`, cast.headers('PO'), {
      submissionId: row.id,
      status: 'BOOKED',
      startDate: '2027-08-01',
      endDate: '2027-08-02',
      rate: '$900/day',
      notify: true,
    });
    await expect
      .poll(async () => (await outbox(email)).map((item) => item.subject).sort(), {
        timeout: 20_000,
        interval: 200,
      })
      .toEqual([`Booking confirmed: ${project.name}`, 'Pencilled in (Second hold) for Stunt double']);
    const booking = (await outbox(email)).find((item) => item.subject.startsWith('Booking'))!;
    expect(booking.text).toContain(
      `You are booked as Stunt double in ${project.name} on 2027-08-01 to 2027-08-02. Rate: $900/day.`,
    );
  });
});
