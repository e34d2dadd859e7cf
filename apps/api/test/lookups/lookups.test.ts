import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupValues } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { buildProject, signedInUser, type SignedInUser } from '../support/projects';

let t: TestApp;
let director: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
  admin = await signedInUser(t.app, { roleCode: 'SUPER_ADMIN' });
});
afterAll(() => t.close());

const call = (
  who: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

/** Skills under a prefix of this test's own, so counts and pages are not disturbed by other tests' values. */
async function skillsWithPrefix(count: number) {
  const lookup = 'skills';
  const prefix = `Skill ${randomUUID().slice(0, 8)}`;
  const { db } = await testDatabase();
  await db
    .insert(lookupValues)
    .values(
      Array.from({ length: count }, (_, index) => ({ lookup, name: `${prefix} ${index}`, position: 10_000 })),
    );
  return { lookup, prefix };
}

describe('lookup pages', () => {
  it('answer seeded industry values as options', async () => {
    const res = await call(director, 'GET', '/api/projects/lookups/project-types');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ limit: 100, offset: 0 });
    // Other tests add values to the same shared lookup; the seeded ones keep their order among them.
    const seeded = ['Feature Film', 'Television Series', 'Limited Series'];
    const labels: string[] = body.items.map((item: { label: string }) => item.label);
    expect(labels.filter((label) => seeded.includes(label))).toEqual(seeded);
    expect(body.items).toContainEqual({
      value: expect.any(String),
      label: 'Feature Film',
      description: null,
    });
    const union = (await call(director, 'GET', '/api/projects/lookups/union')).json();
    expect(union.items.map((item: { label: string }) => item.label)).toContain('SAG-AFTRA');
  });

  it('default to 100 values from offset 0 and page on request', async () => {
    const { prefix } = await skillsWithPrefix(105);
    const first = (
      await call(director, 'GET', `/api/lookup-management/skills?q=${encodeURIComponent(prefix)}`)
    ).json();
    expect(first).toMatchObject({ total: 105, limit: 100, offset: 0 });
    expect(first.items).toHaveLength(100);
    const rest = (
      await call(director, 'GET', `/api/lookup-management/skills?q=${encodeURIComponent(prefix)}&offset=100`)
    ).json();
    expect(rest.items).toHaveLength(5);
    const tooMany = await call(director, 'GET', '/api/lookup-management/skills?limit=101');
    expect(tooMany.statusCode).toBe(400);
  });

  it('list user roles with their ranking ids, and the detail codes', async () => {
    const roles = (await call(director, 'GET', '/api/users/lookups/roles')).json();
    expect(roles.items).toEqual([
      { value: 1, code: 'SUPER_ADMIN', label: 'Super Admin' },
      { value: 2, code: 'CASTING_DIRECTOR', label: 'Casting Director' },
      { value: 3, code: 'CASTING_ASSISTANT', label: 'Casting Assistant' },
      { value: 4, code: 'CLIENT', label: 'Client' },
      { value: 5, code: 'TALENT', label: 'Talent' },
    ]);
    const details = (await call(director, 'GET', '/api/projects/lookups/role-details')).json();
    expect(details.items.slice(0, 2)).toEqual([
      { section: 'OVERVIEW_ROLE', code: 'ROLE_NAME', label: 'Opportunity name' },
      { section: 'OVERVIEW_ROLE', code: 'ROLE_DESCRIPTION', label: 'Description' },
    ]);
  });

  it('list every lookup for /enums with its value count', async () => {
    const res = (await call(admin, 'GET', '/api/lookup-management/enums')).json();
    expect(res.items).toHaveLength(13);
    expect(res.items.find((item: { lookup: string }) => item.lookup === 'union')).toMatchObject({
      title: 'Union status',
      valueCount: expect.any(Number),
    });
    const unknown = await call(admin, 'GET', '/api/lookup-management/enums/colours');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('adding and renaming values', () => {
  it('adds a value at the end and refuses a name already used in any case', async () => {
    const name = `Aerial Work ${randomUUID().slice(0, 6)}`;
    const added = await call(admin, 'POST', '/api/projects/lookups/role-background', { name });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ value: expect.any(String), label: name, description: null });
    const page = (
      await call(director, 'GET', `/api/projects/lookups/role-background?q=${encodeURIComponent(name)}`)
    ).json();
    expect(page.items).toEqual([added.json()]);

    const clash = await call(admin, 'POST', '/api/projects/lookups/role-background', {
      name: name.toUpperCase(),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'CONFLICT', message: 'A value with this name already exists.' });

    // The same name is free in another lookup.
    const elsewhere = await call(admin, 'POST', '/api/lookup-management/enums/skills', { name });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('renames a value, refusing a clash and a value of another lookup', async () => {
    const first = (
      await call(admin, 'POST', '/api/projects/lookups/geographic', { name: `Local ${randomUUID()}` })
    ).json();
    const second = (
      await call(admin, 'POST', '/api/projects/lookups/geographic', { name: `Travel ${randomUUID()}` })
    ).json();
    const renamed = await call(admin, 'PATCH', `/api/projects/lookups/geographic/${first.value}`, {
      name: 'Local Hire Welcome' + first.value,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().label).toBe('Local Hire Welcome' + first.value);

    const clash = await call(admin, 'PATCH', `/api/projects/lookups/geographic/${second.value}`, {
      name: renamed.json().label.toLowerCase(),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A value with this name already exists.');

    const wrongLookup = await call(admin, 'PATCH', `/api/projects/lookups/role-genders/${first.value}`, {
      name: 'x',
    });
    expect(wrongLookup.statusCode).toBe(404);
  });

  it('requires a name and refuses writes to anyone but a super admin', async () => {
    const empty = await call(admin, 'POST', '/api/projects/lookups/project-types', { name: '  ' });
    expect(empty.json().details.issues).toEqual([
      { path: 'body.name', message: 'The name should not be empty' },
    ]);
    const refused = await call(director, 'POST', '/api/projects/lookups/project-types', { name: 'Podcast' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('does not accept POST on lookups that are read-only there', async () => {
    const res = await call(admin, 'POST', '/api/projects/lookups/union', { name: 'New Union' });
    expect(res.statusCode).toBe(404);
  });
});

describe('tags', () => {
  it('keeps tag names unique per project regardless of case, and searchable', async () => {
    const project = await buildProject(director.user);
    const other = await buildProject(director.user);
    const add = (projectId: string, name: string) =>
      call(director, 'POST', '/api/projects/lookups/tags-lookup', { projectId, name });
    expect((await add(project.id, 'Strong Callback')).statusCode).toBe(201);
    expect((await add(project.id, 'Bilingual')).statusCode).toBe(201);
    const clash = await add(project.id, 'strong callback');
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A tag with this name already exists in this project.');
    expect((await add(other.id, 'Strong Callback')).statusCode).toBe(201);

    const tags = (
      await call(director, 'GET', `/api/projects/lookups/tags-lookup?projectId=${project.id}`)
    ).json();
    expect(tags.items.map((item: { label: string }) => item.label)).toEqual(['Bilingual', 'Strong Callback']);
    const names = (
      await call(director, 'GET', `/api/projects/lookups/tags-lookup/names?projectId=${project.id}&q=call`)
    ).json();
    expect(names.items).toEqual(['Strong Callback']);
  });
});
