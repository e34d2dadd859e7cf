import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantList, RatingSummary, Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { collect } from '../support/live-events';
import { buildCast, buildRole, type ActorName, type Cast } from '../support/projects';

// Ratings (1 to 5 per reviewer and candidate), what each actor sees of them with blind review off and on, the list's
// rating order and minimum-average filter, and the richer filters (height, union, ethnic appearance, skills,
// languages, distance from a place).
let t: TestApp;
let cast: Cast;
let role: Role;
const rows: Record<string, { id: string; applicantId: string }> = {};
const UNION = randomUUID();
const LOOK = randomUUID();

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
  const { db } = await testDatabase();
  // Five candidates: Ada (tall, union, French and Spanish, in Manhattan), Ben (short, in Los Angeles), Cleo, Dev, Eve.
  const people: [string, Record<string, unknown>][] = [
    ['Ada', { sizes: { height: '5\'10"' }, skills: ['Juggling', 'Piano'], languages: ['French', 'Spanish'] }],
    ['Ben', { sizes: { height: '160 cm' }, skills: ['piano'], languages: ['French'] }],
    ['Cleo', { sizes: { height: '70 in' } }],
    ['Dev', {}],
    ['Eve', {}],
  ];
  for (const [name, extra] of people) {
    rows[name] = await buildApplicant(role, cast.people.PO.user, {
      firstName: name,
      lastName: 'Rated',
      ...extra,
    });
  }
  // Arrays of lookup ids and coordinates as the apply pages write them (the trigger keeps the traits in step).
  await db.execute(sql`update applicants set union_ids = array[${UNION}::uuid], ethnic_appearance_ids = array[${LOOK}::uuid],
    latitude = 40.7831, longitude = -73.9712 where id = ${rows.Ada!.applicantId}`);
  await db.execute(
    sql`update applicants set latitude = 34.0522, longitude = -118.2437 where id = ${rows.Ben!.applicantId}`,
  );
}, 180_000);
afterAll(() => t.close());

const project = () => cast.project.id;
const rate = (name: string, actor: ActorName, score: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/projects/${project()}/applicants/${rows[name]!.id}/rating`,
    headers: cast.headers(actor),
    payload: { score },
  });
const ratingsOf = async (name: string, actor: ActorName) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${project()}/applicants/${rows[name]!.id}/ratings`,
    headers: cast.headers(actor),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RatingSummary>();
};
const list = async (actor: ActorName, query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${project()}/applicants?roleId=${role.id}&${query}`,
    headers: cast.headers(actor),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApplicantList>();
};
const names = (page: ApplicantList) => page.items.map((item) => item.firstName);
const blind = (on: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/projects/${project()}/rating-settings`,
    headers: cast.headers('PO'),
    payload: { blindReview: on },
  });

describe('ratings', () => {
  it('keeps one rating per reviewer, with the average, the spread, the count and who rated, told live', async () => {
    const collector = collect(t.context.events, project());
    try {
      expect((await rate('Ada', 'PO', 3)).statusCode).toBe(200);
      const [event] = await collector.count(1);
      expect(event).toMatchObject({
        event: 'APPLICANTS_UPDATED',
        payload: { kind: 'RATING', count: 1, roleId: role.id },
      });
    } finally {
      collector.stop();
    }
    expect((await rate('Ada', 'PO', 5)).statusCode).toBe(200);
    expect((await rate('Ada', 'PE', 4)).statusCode).toBe(200);
    const summary = await ratingsOf('Ada', 'TE');
    expect(summary).toMatchObject({ average: 4.5, count: 2, min: 4, max: 5, mine: null, hidden: false });
    expect(summary.raters.map((rater) => rater.score).sort()).toEqual([4, 5]);
    expect(summary.raters.map((rater) => rater.name)).toContain('Olivia Owner');
  });

  it('refuses a score outside 1 to 5, a talent submitter, and a candidate of another project', async () => {
    expect((await rate('Ada', 'PO', 6)).statusCode).toBe(400);
    expect((await rate('Ada', 'PO', 0)).statusCode).toBe(400);
    expect((await rate('Ada', 'TS', 4)).statusCode).toBe(403);
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${project()}/applicants/${randomUUID()}/rating`,
      headers: cast.headers('PO'),
      payload: { score: 3 },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('clears my rating and moves the average with it', async () => {
    expect((await rate('Ben', 'PO', 2)).statusCode).toBe(200);
    expect((await rate('Ben', 'TE', 4)).statusCode).toBe(200);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project()}/applicants/${rows.Ben!.id}/rating`,
      headers: cast.headers('TE'),
    });
    expect(cleared.json<RatingSummary>()).toMatchObject({ average: 2, count: 1, mine: null });
  });

  it('carries the ratings in the list and the candidate detail; a talent submitter sees none of them', async () => {
    const page = await list('PE', 'sort=newest');
    const ada = page.items.find((item) => item.firstName === 'Ada')!;
    expect(ada.rating).toMatchObject({ average: 4.5, count: 2, mine: 4 });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project()}/candidates/${rows.Ada!.applicantId}`,
      headers: cast.headers('PE'),
    });
    expect(detail.json<{ submissions: { rating: RatingSummary }[] }>().submissions[0]!.rating).toMatchObject({
      average: 4.5,
    });
    const submitter = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project()}/applicants?roleId=${role.id}&sort=rating`,
      headers: cast.headers('TS'),
    });
    expect(submitter.statusCode).toBe(403);
  });

  it('sorts by the average (unrated last) in keyset pages and filters by a minimum average', async () => {
    await rate('Cleo', 'PO', 3);
    const first = await list('PO', 'sort=rating&limit=2');
    expect(names(first)).toEqual(['Ada', 'Cleo']);
    const second = await list('PO', `sort=rating&limit=2&cursor=${first.nextCursor}`);
    expect(names(second)[0]).toBe('Ben');
    expect(names(await list('PO', 'rating[min]=3'))).toEqual(expect.arrayContaining(['Ada', 'Cleo']));
    expect(names(await list('PO', 'rating[min]=3.5'))).toEqual(['Ada']);
  });

  it('in blind review hides others’ ratings and the average until the reviewer rated, in reads, sort and filter', async () => {
    expect((await blind(true)).statusCode).toBe(200);
    try {
      const before = await ratingsOf('Ada', 'TE');
      expect(before).toMatchObject({
        hidden: true,
        average: null,
        min: null,
        max: null,
        count: 2,
        raters: [],
      });
      const row = (await list('TE', 'sort=newest')).items.find((item) => item.firstName === 'Ada')!;
      expect(row.rating).toMatchObject({ hidden: true, average: null });
      // Ordering or filtering by rating counts only what the reviewer rated themselves.
      expect(names(await list('TE', 'sort=rating'))).toEqual([]);
      expect(names(await list('TE', 'rating[min]=1'))).toEqual([]);
      expect((await rate('Ada', 'TE', 3)).statusCode).toBe(200);
      const after = await ratingsOf('Ada', 'TE');
      expect(after).toMatchObject({ hidden: false, average: 4, count: 3, mine: 3, min: 3, max: 5 });
      expect(names(await list('TE', 'sort=rating'))).toEqual(['Ada']);
      // Who rated already sees everything.
      expect(await ratingsOf('Ada', 'PO')).toMatchObject({ hidden: false, count: 3 });
    } finally {
      await blind(false);
    }
  });

  it('lets only owners and directors switch blind review', async () => {
    for (const actor of ['TE', 'TS'] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/projects/${project()}/rating-settings`,
        headers: cast.headers(actor),
        payload: { blindReview: true },
      });
      expect(response.statusCode, actor).toBe(403);
    }
  });
});

describe('richer filters', () => {
  it.each([
    ['height[min]=175&height[max]=180', ['Ada', 'Cleo']],
    ['height[max]=165', ['Ben']],
    [`union=${UNION}`, ['Ada']],
    [`ethnicAppearance=${LOOK}`, ['Ada']],
    ['skills=PIANO', ['Ada', 'Ben']],
    ['skills=piano&skills=juggling', ['Ada']],
    ['languages=french&languages=spanish', ['Ada']],
    // Manhattan is about 2,450 miles from Los Angeles.
    ['near[lat]=40.75&near[lng]=-73.99&near[miles]=10', ['Ada']],
    ['near[lat]=34.05&near[lng]=-118.25&near[miles]=10', ['Ben']],
  ])('%s', async (query, expected) => {
    expect(names(await list('PO', `sort=name&${query}`)).sort()).toEqual([...expected].sort());
  });

  it('refuses a height range upside down and a distance without a place', async () => {
    for (const query of ['height[min]=180&height[max]=170', 'near[miles]=5']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${project()}/applicants?${query}`,
        headers: cast.headers('PO'),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
