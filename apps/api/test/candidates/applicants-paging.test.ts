import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildFolder, buildProject, buildRole, signedInUser, type SignedInUser } from '../support/projects';
import { buildApplicant } from '../support/candidates';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
});
afterAll(() => t.close());

describe('keyset paging of the applicants list', () => {
  it('pages through every row once, newest first, while others vote, move, tag and add candidates', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const folder = await buildFolder(role, 'Shortlist');
    const original: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      original.push((await buildApplicant(role, director.user, { firstName: `P${index}` })).id);
    }
    const page = async (cursor?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/applicants?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: director.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string }[]; nextCursor: string | null };
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    let round = 0;
    do {
      const body = await page(cursor);
      seen.push(...body.items.map((item) => item.id));
      cursor = body.nextCursor ?? undefined;
      // Between pages: votes and folder moves on rows already seen and not yet seen, and a brand-new candidate.
      const some = [original[round]!, original[22 - round]!];
      const act = (path: string, payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/applicants/${path}`,
          headers: director.auth,
          payload,
        });
      expect((await act('votes', { applicantIds: some, vote: 'UP_VOTE' })).statusCode).toBe(200);
      expect((await act('folders/add', { applicantIds: some, folderId: folder.id })).statusCode).toBe(200);
      await buildApplicant(role, director.user, { firstName: `New${round}` });
      round += 1;
    } while (cursor);
    // Every original row exactly once, in newest-first order; rows added meanwhile are newer than the first page.
    expect(seen).toEqual([...original].reverse());
  });

  it('refuses a tampered cursor with a 400 naming it', async () => {
    const project = await buildProject(director.user);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/applicants?cursor=bm90LWEtY3Vyc29y`,
      headers: director.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0].path).toBe('query.cursor');
  });
});
