import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { addMember, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { rosterEvents } from '../../src/platform/db/schema';
import { collect } from '../support/live-events';
import { buildRosterFixture, rosterCalls } from './roster-fixture';

// The project roster beside the candidates list, conflicts between projects, refusals that write nothing, retried
// changes and the live project channel.
let t: TestApp;
let cast: Cast;
let other: Cast;
let role: Role;
let otherRole: Role;
const { api, outboxSubjects } = rosterCalls(() => t);

beforeAll(async () => {
  ({ t, cast, other, role, otherRole } = await buildRosterFixture());
});
afterAll(() => t.close());

describe('the project roster', () => {
  const hold = (c: Cast, body: object, actor: 'PO' | 'PE' | 'SA' = 'PO') =>
    api('POST', `/projects/${c.project.id}/roster-management`, c.headers(actor), body);
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
