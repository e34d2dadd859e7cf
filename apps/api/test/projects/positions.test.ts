import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folders, roles } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { buildProject, buildRole, signedInUser, type SignedInUser } from '../support/projects';

// Opportunities and custom folders created at the same moment each get their own place at the end of the list
// (on PostgreSQL parallel creates used to share positions).

let t: TestApp;
let director: SignedInUser;
beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
});
afterAll(() => t.close());

const PARALLEL = 12;

describe('positions under parallel creates', () => {
  it('gives every opportunity created at once its own position', async () => {
    const project = await buildProject(director.user);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v2/projects/${project.id}/roles`,
          headers: director.auth,
          payload: { name: `Parallel role ${index}` },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const { db } = await testDatabase();
    const rows = await db
      .select({ position: roles.position })
      .from(roles)
      .where(eq(roles.projectId, project.id));
    expect(rows.map((row) => row.position).sort((a, b) => a - b)).toEqual([...Array(PARALLEL).keys()]);
  });

  it('gives every custom folder created at once its own position after the system folders', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/projects/folders',
          headers: director.auth,
          payload: { projectId: project.id, roleId: role.id, name: `Parallel folder ${index}` },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const { db } = await testDatabase();
    const rows = await db
      .select({ position: folders.position })
      .from(folders)
      .where(eq(folders.roleId, role.id));
    const positions = rows.map((row) => row.position);
    expect(new Set(positions).size).toBe(positions.length);
  });
});
