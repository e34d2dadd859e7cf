import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, type Cast } from '../support/projects';
import { buildAgency, buildAgent } from '../links/helpers';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

const list = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/agencies?${query}`, headers: cast.headers('SA') });

describe('GET /api/admin/agencies (super admin)', () => {
  it('lists matching agencies by name with their agents, a keyset page at a time', async () => {
    const tag = randomUUID().slice(0, 8);
    const names = ['Cedar', 'Alder', 'Birch'].map((name) => `${name} ${tag} Talent`);
    const made = [];
    for (const name of names) made.push(await buildAgency(name, false));
    const agent = await buildAgent(made[1]!.id, { isVerified: false, firstName: 'Ada' });

    const first = await list(`text=${tag}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((agency: { name: string }) => agency.name)).toEqual([names[1], names[2]]);
    expect(page1.items[0]).toMatchObject({
      isVerified: false,
      agents: [{ id: agent.id, name: 'Ada Agent', email: agent.email, isVerified: false }],
    });
    expect(page1.nextCursor).toEqual(expect.any(String));

    const page2 = (await list(`text=${tag}&limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.items.map((agency: { name: string }) => agency.name)).toEqual([names[0]]);
    expect(page2.nextCursor).toBeNull();
  });

  it('shows a verification made through PATCH', async () => {
    const tag = randomUUID().slice(0, 8);
    const agency = await buildAgency(`Verify ${tag}`, false);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/agencies/${agency.id}`,
      headers: cast.headers('SA'),
      payload: { isVerified: true },
    });
    expect((await list(`text=${tag}`)).json().items).toMatchObject([{ id: agency.id, isVerified: true }]);
  });

  it('refuses a tampered cursor with a 400 on query.cursor, and anyone but a super admin', async () => {
    const bad = await list('cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.issues[0].path).toBe('query.cursor');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/agencies',
      headers: cast.headers('PO'),
    });
    expect(refused.statusCode).toBe(403);
  });
});
