import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { buildCast, buildProject, buildRole, lookupId, type Cast } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';

// GET /api/projects/{id}/candidates/{applicantId}: the full profile, and feedback as far as each actor may see it.
let t: TestApp;
let cast: Cast;
let role: Role;
let other: Role;
let person: { id: string; applicantId: string };
let second: { id: string };

type Actor = 'SA' | 'PO' | 'PE' | 'TE' | 'TS';
const detail = (actor: Actor, id: string, projectId = cast.project.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/candidates/${id}`,
    headers: cast.headers(actor),
  });
const vote = (actor: Actor, rowId: string, value: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${cast.project.id}/applicants/votes`,
    headers: cast.headers(actor),
    payload: { applicantIds: [rowId], vote: value },
  });

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
  other = await buildRole(cast.project, { name: 'Understudy' });
  const female = await lookupId('role-genders', 'Female');
  person = await buildApplicant(role, cast.people.PO.user, {
    firstName: 'Zoë',
    lastName: 'Ångström',
    email: 'zoe@example.com',
    phone: '+15551234567',
    dateOfBirth: '1990-05-04',
    genderId: female,
    sizes: { height: '170 cm', weight: '60 kg', shoe: '39' },
    skills: ['Fencing'],
    languages: ['Swedish'],
    location: 'Malmö',
    address: { city: 'Malmö', country: 'Sweden' },
    socialProfiles: { INSTAGRAM: 'https://instagram.com/zoe' },
    bio: 'Stage and screen.',
    resume: 'Hamlet (Ophelia)',
  });
  second = await buildApplicant(other, cast.people.PO.user, {
    firstName: 'Zoë',
    lastName: 'Ångström',
    email: 'zoe@example.com',
  });
  const tag = await buildTag(cast.project, 'Singer');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${cast.project.id}/applicants/tags/add`,
    headers: cast.headers('PO'),
    payload: { applicantIds: [person.id], tagIds: [tag.id] },
  });
  expect(res.statusCode, res.body).toBe(200);
  // The talent submitter reviews the first submission in their For Review folder and votes there (which files it in
  // Hold for later); the agency then sends it on, so it leaves For Review and the team votes.
  const forReview = await systemFolder(role, 'TS_FOR_REVIEW');
  await placeInFolder(person, forReview, cast.project.id);
  expect((await vote('TS', person.id, 'MAYBE')).statusCode).toBe(200);
  const { db } = await testDatabase();
  await db.execute(
    sql`delete from folder_memberships where submission_id = ${person.id} and folder_id = ${forReview}`,
  );
  expect((await vote('PO', person.id, 'UP_VOTE')).statusCode).toBe(200);
  expect((await vote('TE', person.id, 'DOWN_VOTE')).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/projects/{id}/candidates/{applicantId}', () => {
  it('answers the full profile with tags and every submission, by person id or by row id', async () => {
    const res = await detail('PE', person.applicantId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: person.applicantId,
      projectId: cast.project.id,
      name: 'Zoë Ångström',
      initials: 'ZÅ',
      email: 'zoe@example.com',
      phone: '+15551234567',
      dateOfBirth: '1990-05-04',
      gender: { id: expect.any(String), name: 'Female' },
      height: '170 cm',
      weight: '60 kg',
      sizes: { shoe: '39' },
      skills: ['Fencing'],
      languages: ['Swedish'],
      location: 'Malmö',
      // The country is stored as its code, whichever way it was written.
      address: { city: 'Malmö', country: 'SE' },
      socialProfiles: { INSTAGRAM: 'https://instagram.com/zoe' },
      bio: 'Stage and screen.',
      resume: 'Hamlet (Ophelia)',
      tags: [{ id: expect.any(String), name: 'Singer' }],
    });
    expect(body.age).toBeGreaterThanOrEqual(35);
    expect(body.submissions.map((s: { roleName: string }) => s.roleName).sort()).toEqual([
      'Lead',
      'Understudy',
    ]);
    const lead = body.submissions.find((s: { id: string }) => s.id === person.id);
    expect(lead.folders.map((f: { systemAlias: string }) => f.systemAlias).sort()).toEqual([
      'NEW_SUBMISSIONS',
      'TS_HOLD_LATER',
      // The last team vote (TE's NO) moved the candidate to Viewed; the submitter's MAYBE to Hold for later.
      'VIEWED',
    ]);
    expect((await detail('PE', second.id)).json().id).toBe(person.applicantId);
  });

  it.each([
    ['SA', ['Olivia Owner UP_VOTE', 'Sam Submitter MAYBE', 'Tess Talent-Editor DOWN_VOTE']],
    ['PO', ['Olivia Owner UP_VOTE', 'Sam Submitter MAYBE', 'Tess Talent-Editor DOWN_VOTE']],
    ['PE', ['Olivia Owner UP_VOTE', 'Sam Submitter MAYBE', 'Tess Talent-Editor DOWN_VOTE']],
    ['TE', ['Olivia Owner UP_VOTE', 'Sam Submitter MAYBE', 'Tess Talent-Editor DOWN_VOTE']],
    ['TS', ['Sam Submitter MAYBE']],
  ] as const)('shows %s the votes that actor may see', async (actor, expected) => {
    const res = await detail(actor, person.id);
    expect(res.statusCode, res.body).toBe(200);
    const lead = res.json().submissions.find((s: { id: string }) => s.id === person.id);
    expect(lead.votes.map((v: { name: string; vote: string }) => `${v.name} ${v.vote}`).sort()).toEqual(
      expected,
    );
    expect(lead.votes.find((v: { vote: string }) => v.vote === 'UP_VOTE')?.feedback ?? 'YES').toBe('YES');
  });

  it('shows a talent submitter only submissions and folders of the submitter view', async () => {
    const body = (await detail('TS', person.applicantId)).json();
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0].folders.map((f: { systemAlias: string }) => f.systemAlias).sort()).toEqual([
      'TS_HOLD_LATER',
    ]);
    expect(body.submissions[0].myVote).toBe('MAYBE');
    // The second submission is in no submitter folder: opened by its row id, the person is not found for them.
    const unseen = await buildApplicant(other, cast.people.PO.user, { firstName: 'Hidden', lastName: 'One' });
    expect((await detail('TS', unseen.id)).statusCode).toBe(404);
  });

  it('keeps a submission waiting for its agency review from the team, as the list does, until it is sent on', async () => {
    const waiting = await buildApplicant(other, cast.people.PO.user, {
      firstName: 'Wren',
      lastName: 'Waiting',
    });
    // Only in For Review, as an agency-review link files it (the builder's New Submissions membership removed).
    await placeInFolder(waiting, await systemFolder(other, 'TS_FOR_REVIEW'), cast.project.id);
    const { db } = await testDatabase();
    await db.execute(
      sql`delete from folder_memberships where submission_id = ${waiting.id}
        and folder_id = ${await systemFolder(other, 'NEW_SUBMISSIONS')}`,
    );
    for (const actor of ['PO', 'PE', 'TE'] as const) {
      for (const id of [waiting.id, waiting.applicantId]) {
        const res = await detail(actor, id);
        expect(res.statusCode, `${actor} ${res.body}`).toBe(404);
        expect(res.json().message).toBe('This candidate is not in this project.');
      }
    }
    // The agency's submitter reviews it; a super admin may switch to the submitter folders and open it there.
    for (const actor of ['TS', 'SA'] as const) {
      const res = await detail(actor, waiting.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().submissions[0].folders.map((f: { systemAlias: string }) => f.systemAlias)).toEqual([
        'TS_FOR_REVIEW',
      ]);
    }
  });

  it('answers 404 for a candidate of another project and 400 for a malformed id', async () => {
    const elsewhere = await buildProject(cast.people.PO.user);
    const foreign = await buildApplicant(await buildRole(elsewhere), cast.people.PO.user);
    for (const id of [foreign.id, foreign.applicantId, '0190a0a0-0000-7000-8000-000000000000']) {
      const res = await detail('PO', id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This candidate is not in this project.',
      });
    }
    const malformed = await detail('PO', 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.issues).toEqual([
      { path: 'params.applicantId', message: 'Use an id from the list.' },
    ]);
    // The candidate's own project answers, and a non-member of it gets the project refusal.
    expect((await detail('PO', foreign.id, elsewhere.id)).statusCode).toBe(200);
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/candidates/${person.id}`,
      headers: cast.headers('nonMember'),
    });
    expect(outsider.statusCode).toBe(403);
  });
});
