import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { chatThreads, clientFeedback, clientLinks, clientLinkViewers } from '../../src/platform/db/schema';
import { buildRosterFixture, rosterCalls } from './roster-fixture';

// The office roster through the API: one person across projects, search and paging, the profile as each viewer may
// see it, and adding a roster person to an opportunity.
let t: TestApp;
let cast: Cast;
let other: Cast;
let role: Role;
let otherRole: Role;
const { api, personOf } = rosterCalls(() => t);

beforeAll(async () => {
  ({ t, cast, other, role, otherRole } = await buildRosterFixture());
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
