import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TOTAL_CAP, PAGING_MESSAGES, projectListQuerySchema } from '@casting/domain';
import { listProjects } from '../../src/modules/projects/services/project-list';
import { projectAccesses, projects } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp, createUser } from '../support/identity';
import { buildProject, principalFor, signedInUser, type SignedInUser } from '../support/projects';

let t: TestApp;

beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const get = (who: SignedInUser, url: string) => t.app.inject({ method: 'GET', url, headers: who.auth });

interface Page {
  items: { id: string; name: string }[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/** Follows nextCursor from the first page to the last and returns every page. */
async function walk(who: SignedInUser, limit: number): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await get(who, `/api/projects?limit=${limit}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

async function ownProjects(who: SignedInUser, count: number) {
  const made = [];
  for (let index = 1; index <= count; index += 1) {
    made.push(await buildProject(who.user, { name: `Paged ${index}` }));
  }
  return made;
}

describe('keyset paging of the projects list', () => {
  it('walks every project once with nextCursor, in the same order as offset paging', async () => {
    const me = await signedInUser(t.app);
    await ownProjects(me, 5);
    const pages = await walk(me, 2);
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    for (const page of pages) expect(page).toMatchObject({ total: 5, totalCapped: false });
    const byOffset = (await get(me, '/api/projects?limit=100')).json() as Page;
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(
      byOffset.items.map((item) => item.id),
    );
    expect(byOffset.nextCursor).toBeNull();
    // A member's total is counted apart from the page, or read from a page that is not full: the same either way.
    for (const offset of [0, 2, 4, 6]) {
      const page = (await get(me, `/api/projects?limit=2&offset=${offset}`)).json() as Page;
      expect(page, `offset ${offset}`).toMatchObject({ total: 5, totalCapped: false });
    }
  });

  it('neither skips nor repeats projects changed in the same microsecond', async () => {
    const me = await signedInUser(t.app);
    const made = await ownProjects(me, 5);
    const { db } = await testDatabase();
    await db
      .update(projects)
      .set({ updatedAt: new Date('2026-01-02T03:04:05.678Z') })
      .where(
        inArray(
          projects.id,
          made.map((project) => project.id),
        ),
      );
    const ids = (await walk(me, 2)).flatMap((page) => page.items.map((item) => item.id));
    expect(ids).toHaveLength(5);
    expect(new Set(ids)).toEqual(new Set(made.map((project) => project.id)));
    // Ties are broken by id, newest first.
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    [
      '30 February',
      Buffer.from('["2026-02-30T00:00:00.000000Z","0192f9a4-7f7e-7a3c-9c1e-1f2a3b4c5d6e"]').toString(
        'base64url',
      ),
    ],
    [
      'an id that is no UUID',
      Buffer.from('["2026-02-03T00:00:00.000000Z","1; drop table projects"]').toString('base64url'),
    ],
  ])('answers a tampered cursor (%s) with 400 on query.cursor', async (_label, cursor) => {
    const me = await signedInUser(t.app);
    const res = await get(me, `/api/projects?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: PAGING_MESSAGES.invalidCursor,
      details: { issues: [{ path: 'query.cursor', message: PAGING_MESSAGES.invalidCursor }] },
    });
  });

  it('refuses a cursor longer than any the API makes', async () => {
    const me = await signedInUser(t.app);
    const res = await get(me, `/api/projects?cursor=${'a'.repeat(600)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('states the cap it counts to', () => {
    expect(LIST_TOTAL_CAP).toBe(1000);
  });
});

describe('who sees a project in the list', () => {
  it('includes an invitation to the confirmed e-mail not yet linked to the account, never to an unconfirmed one', async () => {
    const owner = await signedInUser(t.app);
    const invited = await signedInUser(t.app);
    const unconfirmed = await createUser({ confirmed: false });
    const project = await buildProject(owner.user, { name: 'Invited by e-mail' });
    const { db } = await testDatabase();
    await db.insert(projectAccesses).values([
      { projectId: project.id, email: invited.user.email, scope: 'TALENT_EDITOR' },
      { projectId: project.id, email: unconfirmed.email, scope: 'TALENT_EDITOR' },
    ]);
    const seen = (await get(invited, '/api/projects')).json() as Page;
    expect(seen.items.map((item) => item.id)).toEqual([project.id]);
    expect(seen.total).toBe(1);
    // An unconfirmed account cannot sign in, so its list is read through the service with its principal.
    const query = projectListQuerySchema.parse({});
    const unseen = await listProjects(db, principalFor(unconfirmed), query);
    expect(unseen).toMatchObject({ items: [], total: 0 });
    // The same row, once linked to another account, no longer matches by e-mail.
    await db
      .update(projectAccesses)
      .set({ userId: owner.user.id })
      .where(eq(projectAccesses.email, invited.user.email));
    expect(((await get(invited, '/api/projects')).json() as Page).items).toEqual([]);
  });
});

describe('the project switcher pages around the current project', () => {
  it('puts the current project first and shifts later pages by one', async () => {
    const me = await signedInUser(t.app);
    const [current] = await ownProjects(me, 1);
    await t.app.inject({
      method: 'POST',
      url: `/api/projects/archive/${current!.id}?archived=true`,
      headers: me.auth,
    });
    await buildProject(me.user, { name: 'C' });
    await buildProject(me.user, { name: 'B' });
    await buildProject(me.user, { name: 'A' });
    const names = async (query: string) =>
      (
        (
          await get(me, `/api/projects/accessed-projects?currentProjectId=${current!.id}&${query}`)
        ).json() as Page
      ).items.map((item) => item.name);
    expect(await names('limit=2&offset=0')).toEqual(['Paged 1', 'A']);
    expect(await names('limit=2&offset=2')).toEqual(['B', 'C']);
    const one = (
      await get(me, `/api/projects/accessed-projects?currentProjectId=${current!.id}&limit=1`)
    ).json();
    expect(one).toMatchObject({ total: 4, totalCapped: false });
    expect(one.items.map((item: { name: string }) => item.name)).toEqual(['Paged 1']);
  });
});
