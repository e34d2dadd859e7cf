import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildProject, signedInUser, type SignedInUser } from '../support/projects';

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
