import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_VISIBLE_PROJECTS } from '../../src/modules/projects/services/project-list-common';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { signedInUser, type SignedInUser } from '../support/projects';

// A member who sees MANY_VISIBLE_PROJECTS projects or more is listed another way (the office's sort index walked,
// each project checked); the pages must be those the rule gives: every project they own or are on the team of
// (by account or by an invitation to their confirmed e-mail), newest change first, each once.

let t: TestApp;
let member: SignedInUser;
let expected: string[];

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[];

beforeAll(async () => {
  t = await buildIdentityApp();
  member = await signedInUser(t.app);
  const other = await signedInUser(t.app);
  const { db } = await testDatabase();
  const size = MANY_VISIBLE_PROJECTS * 2;
  // Every fifth project is someone else's alone; of the member's, every 100th is their own, every 50th an invitation
  // to their e-mail not yet linked, the rest team access rows; every tenth is archived.
  await db.execute(sql`
    insert into projects (id, name, owner_id, updated_at, archived_at)
    select gen_random_uuid(), 'Many ' || n, case when n % 100 = 0 then ${member.user.id}::uuid else ${other.user.id}::uuid end,
      now() - n * interval '1 minute', case when n % 10 = 3 then now() end
    from generate_series(1, ${size}) n`);
  await db.execute(sql`
    insert into project_accesses (id, project_id, user_id, email, scope, invited_by_id, accepted_at)
    select gen_random_uuid(), p.id, case when n % 50 = 0 then null else ${member.user.id}::uuid end,
      ${member.user.email}, 'PROJECT_EDITOR', p.owner_id, now()
    from projects p, lateral (select substring(p.name from 6)::int as n) numbered
    where p.name like 'Many %' and n % 5 <> 0 and n % 100 <> 0`);
  await db.execute(sql`analyze projects, project_accesses`);
  expected = rowsOf(
    await db.execute(sql`
      select id from projects p where p.name like 'Many %' and p.archived_at is null
        and substring(p.name from 6)::int % 5 <> 0 or p.owner_id = ${member.user.id} and p.archived_at is null
      order by p.updated_at desc, p.id desc`),
  ).map((row) => row.id);
}, 120_000);
afterAll(() => t.close());

describe('the projects list of a member on the team of many projects', () => {
  it('pages through exactly the projects they may open, newest change first', async () => {
    expect(expected.length).toBeGreaterThan(MANY_VISIBLE_PROJECTS);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects?limit=100${after}`,
        headers: member.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: { id: string }[]; nextCursor: string | null; totalCapped: boolean };
      expect(body.totalCapped).toBe(true);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(expected.slice(0, 300));
    const byOffset = await t.app.inject({
      method: 'GET',
      url: '/api/projects?limit=50&offset=250',
      headers: member.auth,
    });
    expect((byOffset.json() as { items: { id: string }[] }).items.map((item) => item.id)).toEqual(
      expected.slice(250, 300),
    );
  });
});

describe('the project switcher of a member on the team of many projects', () => {
  it('lists their active projects newest change first, the current one leading the first page', async () => {
    const current = expected[500]!;
    const read = async (offset: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/accessed-projects?limit=20&offset=${offset}&currentProjectId=${current}`,
        headers: member.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string }[]; total: number; totalCapped: boolean };
    };
    const others = expected.filter((id) => id !== current);
    const firstPage = await read(0);
    expect(firstPage.items.map((item) => item.id)).toEqual([current, ...others.slice(0, 19)]);
    expect(firstPage.totalCapped).toBe(true);
    const laterPage = await read(40);
    expect(laterPage.items.map((item) => item.id)).toEqual(others.slice(39, 59));
  });
});
