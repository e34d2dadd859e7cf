import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildApplicant, systemFolder } from '../support/candidates';

// Hiding takes a candidate out of "Everyone in this opportunity" into the Hidden folder; unhiding brings them back.
// Each call says how many candidates it changed and how many were already so.
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

const vote = (applicantIds: string[], vote: 'HIDE' | 'UNHIDE') =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${cast.project.id}/applicants/votes`,
    headers: cast.headers('PO'),
    payload: { applicantIds, vote },
  });
async function listed(query: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${cast.project.id}/applicants`,
    headers: cast.headers('PO'),
    query,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((item) => item.id).sort();
}

describe('hiding candidates', () => {
  it('a hidden candidate leaves "Everyone in this opportunity" and is found in the Hidden folder until unhidden', async () => {
    const role = await buildRole(cast.project);
    const seen = await buildApplicant(role, cast.people.PO.user, { firstName: 'Seen' });
    const hidden = await buildApplicant(role, cast.people.PO.user, { firstName: 'Hidden' });
    expect((await vote([hidden.id], 'HIDE')).json()).toEqual({ count: 1, unchanged: 0 });
    expect(await listed({ roleId: role.id })).toEqual([seen.id]);
    expect(await listed({ roleId: role.id, systemAlias: 'ALL_SUBMISSIONS' })).toEqual([seen.id]);
    const hiddenFolder = await systemFolder(role, 'HIDDEN');
    expect(await listed({ roleId: role.id, folderId: hiddenFolder })).toEqual([hidden.id]);
    // The counts beside the folders agree: All Submissions counts the shown one, Hidden the hidden one.
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants/folder-counts`,
      headers: cast.headers('PO'),
      query: { roleId: role.id },
    });
    const countOf = (id: string) =>
      (counts.json().counts as { folderId: string; count: number }[]).find((c) => c.folderId === id)?.count;
    expect(countOf(await systemFolder(role, 'ALL_SUBMISSIONS'))).toBe(1);
    expect(countOf(hiddenFolder)).toBe(1);
    expect((await vote([hidden.id], 'UNHIDE')).json()).toEqual({ count: 1, unchanged: 0 });
    expect(await listed({ roleId: role.id })).toEqual([seen.id, hidden.id].sort());
  });

  it('hiding someone already hidden (or unhiding someone shown) changes nothing and says so', async () => {
    const role = await buildRole(cast.project);
    const once = await buildApplicant(role, cast.people.PO.user, { firstName: 'Once' });
    const fresh = await buildApplicant(role, cast.people.PO.user, { firstName: 'Fresh' });
    await vote([once.id], 'HIDE');
    const again = await vote([once.id], 'HIDE');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ count: 0, unchanged: 1 });
    expect((await vote([once.id, fresh.id], 'HIDE')).json()).toEqual({ count: 1, unchanged: 1 });
    await vote([fresh.id], 'UNHIDE');
    expect((await vote([fresh.id], 'UNHIDE')).json()).toEqual({ count: 0, unchanged: 1 });
  });
});
