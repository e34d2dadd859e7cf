import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docFromText, type Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { addMember, buildCast, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import {
  agencies,
  agents,
  chatMessages,
  chatThreads,
  clientFeedback,
  clientLinks,
  clientLinkViewers,
  applicants,
  applicantTags,
  mediaItems,
  people,
  personMerges,
  rosterEvents,
  submissions,
  votes,
} from '../../src/platform/db/schema';
import { sendRosterNotice } from '../../src/modules/roster/notices';
import { collect } from '../support/live-events';

// The office roster and the project roster through the API: duplicates and merges, holds, bookings and releases
// with their notices (read in the development outbox) and conflicts between projects.
let t: TestApp;
let cast: Cast;
let other: Cast;
let role: Role;
let otherRole: Role;

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const personOf = async (applicantId: string) => {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ personId: applicants.personId })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return row!.personId!;
};

async function outbox(to: string): Promise<{ subject: string; text: string; html: string | null }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=50`,
  });
  return res.json().items;
}

async function outboxSubjects(to: string): Promise<string[]> {
  return (await outbox(to)).map((item) => item.subject);
}

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  other = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
  otherRole = await buildRole(other.project, { name: 'Villain' });
});
afterAll(() => t.close());

describe('the office roster', () => {
  it('lists one person across two projects, found by a folded search, with the project filter', async () => {
    const email = `maelle-${randomUUID().slice(0, 8)}@example.com`;
    const a = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Maëlle',
      lastName: 'Ørsted',
      email,
    });
    await buildApplicant(otherRole, other.people.PO.user, { firstName: 'Maelle', lastName: 'Orsted', email });
    const res = await api(
      'GET',
      `/roster/people?q=${encodeURIComponent('maëlle ørsted')}`,
      cast.headers('PO'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().items.filter((item: { email: string }) => item.email === email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: await personOf(a.applicantId), projectCount: 2 });
    const inOther = await api(
      'GET',
      `/roster/people?projectId=${other.project.id}&limit=100`,
      cast.headers('PE'),
    );
    expect(inOther.json().items.map((item: { email: string }) => item.email)).toContain(email);
  });

  it('pages by name with a cursor that neither repeats nor skips, and refuses a forged cursor', async () => {
    const tag = `Page ${randomUUID().slice(0, 6)}`;
    const created = await api('POST', '/roster/tags', cast.headers('SA'), { name: tag });
    const tagId = created.json().id as string;
    const names = ['Abel', 'Bea', 'Cy', 'Dora', 'Eli'];
    for (const first of names) {
      const added = await buildApplicant(role, cast.people.PO.user, { firstName: first, lastName: 'Pager' });
      await api('POST', `/roster/people/${await personOf(added.applicantId)}/tags`, cast.headers('SA'), {
        tagId,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api(
        'GET',
        `/roster/people?tagId=${tagId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        cast.headers('PO'),
      );
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().items.map((item: { firstName: string }) => item.firstName));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(names);
    const forged = await api('GET', '/roster/people?cursor=bm9wZQ', cast.headers('PO'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().details.issues[0].path).toBe('query.cursor');
  });

  it('shows a profile with applications only in projects the viewer reviews, notes and office tags', async () => {
    const email = `vera-${randomUUID().slice(0, 8)}@example.com`;
    const mine = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Vera',
      lastName: 'Viewer',
      email,
    });
    await buildApplicant(otherRole, other.people.PO.user, { firstName: 'Vera', lastName: 'Viewer', email });
    const personId = await personOf(mine.applicantId);
    const note = await api('POST', `/roster/people/${personId}/notes`, cast.headers('PE'), {
      body: 'Great in the chemistry read.',
    });
    expect(note.statusCode, note.body).toBe(201);
    const asEditor = await api('GET', `/roster/people/${personId}`, cast.headers('PE'));
    expect(asEditor.statusCode, asEditor.body).toBe(200);
    expect(asEditor.json()).toMatchObject({
      hiddenApplications: 1,
      notes: [{ body: 'Great in the chemistry read.', authorName: 'Eddie Editor' }],
    });
    expect(asEditor.json().applications.map((a: { projectId: string }) => a.projectId)).toEqual([
      cast.project.id,
    ]);
    const asAdmin = await api('GET', `/roster/people/${personId}`, cast.headers('SA'));
    expect(asAdmin.json().applications).toHaveLength(2);
    // Only its author (or a super admin) deletes a note.
    const noteId = note.json().id;
    expect(
      (await api('DELETE', `/roster/people/${personId}/notes/${noteId}`, cast.headers('PO'))).statusCode,
    ).toBe(403);
    expect(
      (await api('DELETE', `/roster/people/${personId}/notes/${noteId}`, cast.headers('PE'))).statusCode,
    ).toBe(200);
  });

  it('shows the comments on the person’s submissions and their chat thread, only in projects the viewer reviews', async () => {
    const email = `cora-${randomUUID().slice(0, 8)}@example.com`;
    const here = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Cora',
      lastName: 'Comment',
      email,
    });
    const there = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'Cora',
      lastName: 'Comment',
      email,
    });
    const { db } = await testDatabase();
    const settings = {
      showPhotos: true,
      showVideos: true,
      showDocuments: true,
      showContactDetails: false,
      showRepresentation: false,
      showTeamFeedback: false,
      allowDownload: false,
      requireIdentification: true,
    };
    // A client comment on each project's submission; the other project's must not reach this team.
    for (const [c, row, words] of [
      [cast, here, 'Lovely energy in the tape.'],
      [other, there, 'Secret note from another production.'],
    ] as const) {
      const [link] = await db
        .insert(clientLinks)
        .values({ projectId: c.project.id, tokenDigest: randomUUID(), title: 'Review', settings })
        .returning();
      const [viewer] = await db
        .insert(clientLinkViewers)
        .values({
          linkId: link!.id,
          projectId: c.project.id,
          name: 'Clara Client',
          email: `${randomUUID()}@x.test`,
        })
        .returning();
      await db.insert(clientFeedback).values({
        viewerId: viewer!.id,
        submissionId: row.id,
        linkId: link!.id,
        projectId: c.project.id,
        vote: 'YES',
        comment: words,
      });
    }
    const [thread] = await db
      .insert(chatThreads)
      .values({ projectId: cast.project.id, applicantId: here.applicantId })
      .returning();
    const profile = await api(
      'GET',
      `/roster/people/${await personOf(here.applicantId)}`,
      cast.headers('PE'),
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().applications).toMatchObject([
      {
        projectId: cast.project.id,
        chatThreadId: thread!.id,
        comments: [
          {
            submissionId: here.id,
            roleName: 'Lead',
            authorName: 'Clara Client',
            vote: 'YES',
            comment: 'Lovely energy in the tape.',
          },
        ],
      },
    ]);
    expect(profile.body).not.toContain('Secret note from another production.');
    // A super admin sees both projects; the other has no chat yet.
    const asAdmin = await api(
      'GET',
      `/roster/people/${await personOf(here.applicantId)}`,
      cast.headers('SA'),
    );
    const theirs = asAdmin
      .json()
      .applications.find((a: { projectId: string }) => a.projectId === other.project.id);
    expect(theirs).toMatchObject({
      chatThreadId: null,
      comments: [{ comment: 'Secret note from another production.' }],
    });
  });

  it('adds a roster person to an opportunity of a project where the caller may add candidates', async () => {
    const added = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'Nadia',
      lastName: 'Noemail',
    });
    const personId = await personOf(added.applicantId);
    const res = await api('POST', `/roster/people/${personId}/opportunities`, cast.headers('PO'), {
      roleId: role.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ projectId: cast.project.id, createdSubmission: true });
    // The new applicant is the same person (no e-mail to link by: the roster said who it is).
    expect(await personOf(res.json().applicantId)).toBe(personId);
    const again = await api('POST', `/roster/people/${personId}/opportunities`, cast.headers('PO'), {
      roleId: role.id,
    });
    expect(again.json()).toMatchObject({ submissionId: res.json().submissionId, createdSubmission: false });
    // A project the caller is not on: refused, nothing written.
    const refused = await api('POST', `/roster/people/${personId}/opportunities`, cast.headers('PO'), {
      roleId: (await buildRole(await buildProject(other.people.PO.user))).id,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('likely duplicates and merging', () => {
  it('proposes same names and birth date as a likely duplicate, and a dismissed pair no more', async () => {
    const last = `Twin${randomUUID().slice(0, 6)}`;
    const a = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Jo',
      lastName: last,
      email: `jo-a-${last}@example.com`,
      dateOfBirth: '1991-02-03',
    });
    const b = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'JO',
      lastName: last.toLowerCase(),
      email: `jo-b-${last}@example.com`,
      dateOfBirth: '1991-02-03',
    });
    const ids = [await personOf(a.applicantId), await personOf(b.applicantId)];
    expect(ids[0]).not.toBe(ids[1]);
    const pairs = async () => {
      const found: { a: { id: string }; b: { id: string } }[] = [];
      let cursor: string | null = null;
      do {
        const res = await api(
          'GET',
          `/roster/duplicates?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          cast.headers('SA'),
        );
        expect(res.statusCode, res.body).toBe(200);
        found.push(...res.json().items);
        cursor = res.json().nextCursor;
      } while (cursor);
      return found.filter((pair) => ids.includes(pair.a.id) && ids.includes(pair.b.id));
    };
    expect(await pairs()).toHaveLength(1);
    const profile = await api('GET', `/roster/people/${ids[0]}`, cast.headers('SA'));
    expect(profile.json().likelyDuplicates.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    const dismissed = await api('POST', '/roster/duplicates/dismiss', cast.headers('PO'), { personIds: ids });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await pairs()).toHaveLength(0);
  });

  it('merges in one transaction keeping every submission, vote, tag, message and media item', async () => {
    const last = `Merge${randomUUID().slice(0, 6)}`;
    const kept = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Kim',
      lastName: last,
      email: `kim-${last}@example.com`,
      dateOfBirth: '1988-08-08',
    });
    const gone = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'Kim',
      lastName: last,
      phone: '+15557654321',
      dateOfBirth: '1988-08-08',
    });
    const keptId = await personOf(kept.applicantId);
    const goneId = await personOf(gone.applicantId);
    const { db } = await testDatabase();
    const projectTag = await buildTag(other.project, 'Stunts');
    await db
      .insert(applicantTags)
      .values({ applicantId: gone.applicantId, tagId: projectTag.id, projectId: other.project.id });
    await db.insert(votes).values({
      submissionId: gone.id,
      userId: other.people.PO.user.id,
      projectId: other.project.id,
      vote: 'UP_VOTE',
    });
    await db.insert(mediaItems).values({
      projectId: other.project.id,
      applicantId: gone.applicantId,
      kind: 'image',
      originalKey: `k/${randomUUID()}`,
      name: 'headshot.jpg',
      contentType: 'image/jpeg',
      size: 10,
    });
    const [thread] = await db
      .insert(chatThreads)
      .values({ projectId: other.project.id, applicantId: gone.applicantId })
      .returning();
    await db.insert(chatMessages).values({
      threadId: thread!.id,
      projectId: other.project.id,
      authorKind: 'TEAM',
      authorName: 'Olivia Owner',
      body: 'Are you free in June?',
    });
    const officeTag = await api('POST', '/roster/tags', cast.headers('SA'), { name: `Merge ${last}` });
    await api('POST', `/roster/people/${goneId}/tags`, cast.headers('SA'), { tagId: officeTag.json().id });
    await api('POST', `/roster/people/${goneId}/notes`, cast.headers('SA'), {
      body: 'Note on the duplicate.',
    });

    // A person who does not exist: refused, nothing moved.
    const missing = await api('POST', `/roster/people/${keptId}/merge`, cast.headers('SA'), {
      mergedPersonId: randomUUID(),
    });
    expect(missing.statusCode).toBe(400);
    expect(await personOf(gone.applicantId)).toBe(goneId);

    const res = await api('POST', `/roster/people/${keptId}/merge`, cast.headers('PO'), {
      mergedPersonId: goneId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: keptId, movedApplicants: 1 });
    expect(await personOf(gone.applicantId)).toBe(keptId);
    expect(await db.select().from(people).where(eq(people.id, goneId))).toHaveLength(0);
    expect(
      await db.select().from(submissions).where(eq(submissions.applicantId, gone.applicantId)),
    ).toHaveLength(1);
    expect(await db.select().from(votes).where(eq(votes.submissionId, gone.id))).toHaveLength(1);
    expect(
      await db.select().from(mediaItems).where(eq(mediaItems.applicantId, gone.applicantId)),
    ).toHaveLength(1);
    expect(
      await db.select().from(applicantTags).where(eq(applicantTags.applicantId, gone.applicantId)),
    ).toHaveLength(1);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.threadId, thread!.id))).toHaveLength(1);
    const [merge] = await db.select().from(personMerges).where(eq(personMerges.mergedPersonId, goneId));
    expect(merge?.keptPersonId).toBe(keptId);

    const profile = (await api('GET', `/roster/people/${keptId}`, cast.headers('SA'))).json();
    expect(profile).toMatchObject({
      phone: '+15557654321',
      projectCount: 2,
      notes: [{ body: 'Note on the duplicate.' }],
    });
    expect(profile.tags.map((tag: { id: string }) => tag.id)).toEqual([officeTag.json().id]);
    expect(profile.applications.flatMap((a: { submissions: unknown[] }) => a.submissions)).toHaveLength(2);
    expect(profile.applications.flatMap((a: { media: unknown[] }) => a.media)).toHaveLength(1);
    // The audit log records who merged whom.
    const audit = await db.execute(
      sql`select action, target_id from audit_events where action = 'roster.merge' and outcome = 'success' and target_id = ${keptId}`,
    );
    const rows = Array.isArray(audit) ? audit : (audit as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(1);
  });
});

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

  it('puts each row’s roster standing on the candidates list for the team, never for a talent submitter', async () => {
    const project = await buildProject(cast.people.PO.user);
    await addMember(project, cast.people.TS.user, 'TALENT_SUBMITTER');
    await addMember(project, cast.people.TE.user, 'TALENT_EDITOR');
    const part = await buildRole(project, { name: 'Bartender' });
    const held = await buildApplicant(part, cast.people.TS.user, { firstName: 'Hal', lastName: 'Held' });
    const free = await buildApplicant(part, cast.people.PO.user, { firstName: 'Fay', lastName: 'Free' });
    // In the submitter's own folders, where a talent submitter sees their candidates.
    await placeInFolder(held, await systemFolder(part, 'TS_NEW_SUBMISSIONS'), project.id);
    const res = await api('POST', `/projects/${project.id}/roster-management`, cast.headers('PO'), {
      submissionId: held.id,
      status: 'FIRST_HOLD',
      startDate: '2027-10-01',
      endDate: '2027-10-04',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = async (actor: 'PO' | 'TE' | 'TS') => {
      const list = await api(
        'GET',
        `/projects/${project.id}/applicants?roleId=${part.id}`,
        cast.headers(actor),
      );
      expect(list.statusCode, list.body).toBe(200);
      return new Map(
        list.json().items.map((item: { id: string; roster: unknown }) => [item.id, item.roster] as const),
      );
    };
    for (const actor of ['PO', 'TE'] as const) {
      const seen = await rows(actor);
      expect(seen.get(held.id)).toEqual({
        status: 'FIRST_HOLD',
        startDate: '2027-10-01',
        endDate: '2027-10-04',
      });
      expect(seen.get(free.id)).toBeNull();
    }
    // The submitter sees the candidate they submitted, but not that the production holds them.
    const submitterRows = await rows('TS');
    expect(submitterRows.has(held.id)).toBe(true);
    expect(submitterRows.get(held.id)).toBeNull();
  });

  it('shows a conflict with the other project’s name to a member of both teams, and in the list', async () => {
    const email = `both-${randomUUID().slice(0, 8)}@example.com`;
    const here = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Bo',
      lastName: 'Both',
      email,
    });
    const there = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'Bo',
      lastName: 'Both',
      email,
    });
    await addMember(other.project, cast.people.PO.user, 'PROJECT_EDITOR');
    await hold(other, {
      submissionId: there.id,
      status: 'BOOKED',
      startDate: '2027-09-01',
      endDate: '2027-09-03',
    });
    const res = await hold(cast, {
      submissionId: here.id,
      status: 'SECOND_HOLD',
      startDate: '2027-09-03',
      endDate: '2027-09-05',
    });
    expect(res.json().conflicts).toEqual([
      {
        projectId: other.project.id,
        projectName: other.project.name,
        status: 'BOOKED',
        startDate: '2027-09-01',
        endDate: '2027-09-03',
      },
    ]);
    const list = await api(
      'GET',
      `/projects/${cast.project.id}/roster-management?applicantId=${here.applicantId}`,
      cast.headers('PO'),
    );
    expect(list.json().items).toMatchObject([{ status: 'SECOND_HOLD', conflicts: [{ status: 'BOOKED' }] }]);
  });

  it('refuses a submission of another project, bad dates and a release of another project’s entry, writing nothing', async () => {
    const foreign = await buildApplicant(otherRole, other.people.PO.user, {});
    const res = await hold(cast, {
      submissionId: foreign.id,
      status: 'FIRST_HOLD',
      startDate: '2027-01-01',
      endDate: '2027-01-02',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0]).toMatchObject({
      path: 'body.submissionId',
      message: 'This candidate is not in this project.',
    });
    const mine = await buildApplicant(role, cast.people.PO.user, {});
    const backwards = await hold(cast, {
      submissionId: mine.id,
      status: 'BOOKED',
      startDate: '2027-01-05',
      endDate: '2027-01-02',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.issues[0]).toMatchObject({ path: 'body.endDate' });
    const theirs = await hold(other, {
      submissionId: foreign.id,
      status: 'FIRST_HOLD',
      startDate: '2027-01-01',
      endDate: '2027-01-02',
    });
    const release = await api(
      'POST',
      `/projects/${cast.project.id}/roster-management/${theirs.json().id}/release`,
      cast.headers('PO'),
      {},
    );
    expect(release.statusCode).toBe(404);
    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(rosterEvents)
      .where(inArray(rosterEvents.entryId, [theirs.json().id]));
    expect(rows.map((row) => row.status)).toEqual(['FIRST_HOLD']);
  });

  it('replays a retried change with the same Idempotency-Key: one history row, one notice', async () => {
    const email = `retry-${randomUUID().slice(0, 8)}@example.com`;
    const row = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Ray',
      lastName: 'Retry',
      email,
    });
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${cast.project.id}/roster-management`,
        headers: { ...cast.headers('PO'), 'idempotency-key': key },
        payload: {
          submissionId: row.id,
          status: 'FIRST_HOLD',
          startDate: '2027-05-01',
          endDate: '2027-05-02',
          notify: true,
        },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    const { db } = await testDatabase();
    expect(
      await db.select().from(rosterEvents).where(eq(rosterEvents.entryId, first.json().id)),
    ).toHaveLength(1);
    await expect
      .poll(async () => (await outboxSubjects(email)).length, { timeout: 20_000, interval: 200 })
      .toBe(1);
  });

  it('tells the project channel once a change commits, and not for a refused one', async () => {
    const row = await buildApplicant(role, cast.people.PO.user, {});
    const live = collect(t.context.events, cast.project.id);
    try {
      const refused = await hold(cast, {
        submissionId: randomUUID(),
        status: 'BOOKED',
        startDate: '2027-08-01',
        endDate: '2027-08-02',
      });
      expect(refused.statusCode).toBe(400);
      const res = await hold(cast, {
        submissionId: row.id,
        status: 'BOOKED',
        startDate: '2027-08-01',
        endDate: '2027-08-02',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [event] = await live.count(1);
      expect(event).toMatchObject({ event: 'PROJECT_ROSTER_UPDATED', payload: { status: 'BOOKED' } });
      // The refused request published nothing: still one event a moment later.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(live.received).toHaveLength(1);
    } finally {
      live.stop();
    }
  });
});
