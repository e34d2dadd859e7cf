import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { buildProject, buildRole, lookupId, signedInUser, type SignedInUser } from '../support/projects';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: director.auth, ...(payload ? { payload } : {}) });

async function foldersOf(roleId: string) {
  const { db } = await testDatabase();
  return db.select().from(folders).where(eq(folders.roleId, roleId));
}

describe('opportunities', () => {
  it('creates one with its 14 system and submitter folders, answered in the section/detail shape', async () => {
    const project = await buildProject(director.user);
    const lead = await lookupId('role-types', 'Lead');
    const female = await lookupId('role-genders', 'Female');
    const dancer = await lookupId('role-background', 'Dancer');
    const res = await call('POST', `/api/v2/projects/${project.id}/roles`, {
      name: 'Maya Torres',
      description: 'A guarded harbor-patrol detective.',
      roleTypeId: lead,
      genderIds: [female],
      ageMin: 28,
      ageMax: 38,
      rate: 'Scale',
      backgroundIds: [dancer],
      shootStartDate: '2027-03-01',
      shootEndDate: '2027-03-20',
    });
    expect(res.statusCode, res.body).toBe(201);
    const role = res.json();
    expect(role).toMatchObject({
      name: 'Maya Torres',
      sections: [
        {
          code: 'OVERVIEW_ROLE',
          details: [
            { code: 'ROLE_NAME', value: 'Maya Torres' },
            { code: 'ROLE_DESCRIPTION', value: 'A guarded harbor-patrol detective.' },
          ],
        },
      ],
      roleType: { value: lead, label: 'Lead' },
      genders: [{ value: female, label: 'Female', description: null }],
      backgrounds: [{ value: dancer, label: 'Dancer', description: null }],
      ageMin: 28,
      ageMax: 38,
      position: 0,
    });
    const made = await foldersOf(role.id);
    expect(made).toHaveLength(14);
    expect(made.map((folder) => folder.systemAlias).sort()).toEqual(
      [
        'NEW_SUBMISSIONS',
        'SELECTS',
        'VIEWED',
        'ALL_SUBMISSIONS',
        'DISLIKE',
        'LIKE',
        'HIDDEN',
        'MAYBE',
        'TS_NEW_SUBMISSIONS',
        'TS_ALL_SUBMISSIONS',
        'TS_HIDDEN',
        'TS_INVITED',
        'TS_FOR_REVIEW',
        'TS_HOLD_LATER',
      ].sort(),
    );
  });

  it('lists opportunities in order and as selector options', async () => {
    const project = await buildProject(director.user);
    const long = 'A'.repeat(80);
    await buildRole(project, { name: 'First', description: 'one' });
    await buildRole(project, { name: long });
    const list = (await call('GET', `/api/v2/projects/${project.id}/roles`)).json();
    expect(list.items.map((role: { name: string; position: number }) => [role.name, role.position])).toEqual([
      ['First', 0],
      [long, 1],
    ]);
    const options = (await call('GET', `/api/v2/projects/${project.id}/roles/options`)).json();
    expect(options.items).toEqual([
      { value: list.items[0].id, label: 'First', description: 'one' },
      // The full name travels; truncation at 50 is the selector's job.
      { value: list.items[1].id, label: long, description: null },
    ]);
  });

  it('edits partially and checks pairs against stored halves', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project, { name: 'Kid', ageMin: 8, ageMax: 12 });
    const ok = await call('PATCH', `/api/v2/projects/${project.id}/roles/${role.id}`, {
      name: 'Older kid',
      ageMax: 14,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Older kid', ageMin: 8, ageMax: 14 });
    const bad = await call('PATCH', `/api/v2/projects/${project.id}/roles/${role.id}`, { ageMax: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.issues).toEqual([
      { path: 'body.ageMax', message: 'The maximum age must be at least the minimum age.' },
    ]);
  });

  it('reports bad input by field', async () => {
    const project = await buildProject(director.user);
    const region = await lookupId('regions', 'Texas');
    const res = await call('POST', `/api/v2/projects/${project.id}/roles`, {
      name: '',
      ageMin: 40,
      ageMax: 20,
      genderIds: [region],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'The name should not be empty' },
        { path: 'body.ageMax', message: 'The maximum age must be at least the minimum age.' },
      ]),
    );
    const wrongLookup = await call('POST', `/api/v2/projects/${project.id}/roles`, {
      name: 'Valid',
      genderIds: [region],
    });
    expect(wrongLookup.json().details.issues).toEqual([
      { path: 'body.genderIds.0', message: 'Choose a value from the role genders list.' },
    ]);
  });

  it('deletes an opportunity with its folders', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const res = await call('DELETE', `/api/v2/projects/${project.id}/roles/${role.id}`);
    expect(res.statusCode).toBe(204);
    expect(await foldersOf(role.id)).toEqual([]);
    expect((await call('DELETE', `/api/v2/projects/${project.id}/roles/${role.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an opportunity of another project, or an unknown one', async () => {
    const mine = await buildProject(director.user);
    const other = await buildProject(director.user);
    const foreign = await buildRole(other);
    for (const roleId of [foreign.id, randomUUID(), 'x']) {
      const patch = await call('PATCH', `/api/v2/projects/${mine.id}/roles/${roleId}`, {
        name: 'Taken over',
      });
      const del = await call('DELETE', `/api/v2/projects/${mine.id}/roles/${roleId}`);
      expect([patch.statusCode, del.statusCode]).toEqual([404, 404]);
    }
    const list = (await call('GET', `/api/v2/projects/${other.id}/roles`)).json();
    expect(list.items[0].name).toBe(foreign.name);
  });
});
