import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildProject, buildRole, signedInUser, type SignedInUser } from '../support/projects';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app, { firstName: 'Dana', lastName: 'Whitfield' });
});
afterAll(() => t.close());

const call = (
  who: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

describe('the projects list', () => {
  it('lists only accessible projects, searches by name from 3 characters and pages with a total', async () => {
    const me = await signedInUser(t.app);
    const tag = randomUUID().slice(0, 6);
    const mine = [];
    for (const name of [`Alpha ${tag}`, `Beta ${tag}`, `Gamma ${tag}`])
      mine.push(await buildProject(me.user, { name }));
    await buildProject(director.user, { name: `Delta ${tag}` });

    const all = (await call(me, 'GET', '/api/projects')).json();
    expect(all.total).toBe(3);
    expect(all.items.map((item: { name: string }) => item.name)).toEqual([
      `Gamma ${tag}`,
      `Beta ${tag}`,
      `Alpha ${tag}`,
    ]);
    expect(all.items[0]).toMatchObject({
      projectAccessScope: 'PROJECT_OWNER',
      archived: false,
      opportunityCount: 0,
    });

    const page = (await call(me, 'GET', '/api/projects?limit=2&offset=2')).json();
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([`Alpha ${tag}`]);

    const found = (await call(me, 'GET', `/api/projects?q=${encodeURIComponent(`ETA ${tag}`)}`)).json();
    expect(found.items.map((item: { name: string }) => item.name)).toEqual([`Beta ${tag}`]);
    const short = (await call(me, 'GET', '/api/projects?q=et')).json();
    expect(short.total).toBe(3);
  });

  it("counts each project's submissions across its opportunities, up to the cap", async () => {
    const me = await signedInUser(t.app);
    const busy = await buildProject(me.user, { name: 'Busy' });
    const lead = await buildRole(busy, { name: 'Lead' });
    const extra = await buildRole(busy, { name: 'Extra' });
    const email = `twice-${randomUUID().slice(0, 6)}@example.com`;
    await buildApplicant(lead, me.user, { email });
    await buildApplicant(extra, me.user, { email });
    await buildApplicant(lead, me.user);
    await buildProject(me.user, { name: 'Quiet' });
    const huge = await buildProject(me.user, { name: 'Huge' });
    const hugeRole = await buildRole(huge, { name: 'Crowd' });
    // 1,001 submissions written directly: the card says '1,000+' instead of counting on.
    const { db } = await testDatabase();
    await db.execute(sql`
      with added as (
        insert into applicants (id, project_id, first_name, last_name, search_text)
        select gen_random_uuid(), ${huge.id}::uuid, 'Crowd', 'Member ' || n, 'crowd member ' || n
        from generate_series(1, 1001) n returning id)
      insert into submissions (id, project_id, role_id, applicant_id, source)
      select gen_random_uuid(), ${huge.id}::uuid, ${hugeRole.id}::uuid, id, 'ADMIN' from added`);

    const res = await call(me, 'GET', '/api/projects');
    expect(res.statusCode, res.body).toBe(200);
    const counts = Object.fromEntries(
      res
        .json()
        .items.map((item: { name: string; submissionCount: number; submissionCountCapped: boolean }) => [
          item.name,
          [item.submissionCount, item.submissionCountCapped],
        ]),
    );
    expect(counts).toEqual({ Busy: [3, false], Quiet: [0, false], Huge: [1000, true] });
  });

  it('treats % and _ in a search as plain characters', async () => {
    const me = await signedInUser(t.app);
    await buildProject(me.user, { name: 'Fifty% Off Spot' });
    await buildProject(me.user, { name: 'Fifty Percent' });
    const found = (await call(me, 'GET', `/api/projects?q=${encodeURIComponent('ty%')}`)).json();
    expect(found.items.map((item: { name: string }) => item.name)).toEqual(['Fifty% Off Spot']);
  });

  it('archives and restores, hiding archived projects unless asked for', async () => {
    const me = await signedInUser(t.app);
    const kept = await buildProject(me.user, { name: 'Kept' });
    const old = await buildProject(me.user, { name: 'Old' });
    const archived = await call(me, 'POST', `/api/projects/archive/${old.id}?archived=true`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: old.id, archived: true, archivedAt: expect.any(String) });

    const names = async (query: string) =>
      (await call(me, 'GET', `/api/projects${query}`))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('')).toEqual(['Kept']);
    expect(await names('?archived=true')).toEqual(['Old']);
    expect(await names('?archived=all')).toEqual(expect.arrayContaining(['Kept', 'Old']));
    expect((await call(me, 'GET', `/api/v2/projects/${old.id}`)).json().archived).toBe(true);

    const restored = await call(me, 'POST', `/api/projects/archive/${old.id}?archived=false`);
    expect(restored.json()).toMatchObject({ archived: false, archivedAt: null });
    expect(await names('')).toEqual(expect.arrayContaining(['Kept', 'Old']));
    expect(kept.archived).toBe(false);

    const bad = await call(me, 'POST', `/api/projects/archive/${old.id}?archived=maybe`);
    expect(bad.statusCode).toBe(400);
  });

  it('feeds the project switcher with the current project first, even when archived', async () => {
    const me = await signedInUser(t.app);
    const first = await buildProject(me.user, { name: 'First' });
    await buildProject(me.user, { name: 'Second' });
    await call(me, 'POST', `/api/projects/archive/${first.id}?archived=true`);
    const plain = (await call(me, 'GET', '/api/projects/accessed-projects')).json();
    expect(plain.items.map((item: { name: string }) => item.name)).toEqual(['Second']);
    const withCurrent = (
      await call(me, 'GET', `/api/projects/accessed-projects?currentProjectId=${first.id}`)
    ).json();
    expect(withCurrent.items.map((item: { name: string }) => item.name)).toEqual(['First', 'Second']);
    expect(withCurrent.total).toBe(2);
  });
});
