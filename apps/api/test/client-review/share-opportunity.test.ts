import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLinks } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildProject, buildRole, type Cast } from '../support/projects';
import { linkCalls } from './client-link-fixture';

// Sharing everyone of one or more opportunities ("Everyone in this opportunity" with nothing selected): the link holds
// each opportunity's candidates as they are when it is made, without the hidden ones; an opportunity of another
// project refuses the whole link.
let t: TestApp;
let cast: Cast;
const { createLink, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

describe('sharing whole opportunities with a client', () => {
  it('shares every candidate of the chosen opportunities except the hidden ones', async () => {
    const owner = cast.people.PO.user;
    const lead = await buildRole(cast.project);
    const second = await buildRole(cast.project);
    const ana = await buildApplicant(lead, owner, { firstName: 'Ana' });
    const ben = await buildApplicant(lead, owner, { firstName: 'Ben' });
    const hidden = await buildApplicant(lead, owner, { firstName: 'Hidden' });
    await placeInFolder(hidden, await systemFolder(lead, 'HIDDEN'), cast.project.id);
    const cy = await buildApplicant(second, owner, { firstName: 'Cy' });
    const link = await createLink({
      roleIds: [lead.id, second.id],
      settings: { requireIdentification: false },
    });
    const res = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(res.statusCode, res.body).toBe(200);
    const shared = (res.json().items as { submissionId: string }[]).map((item) => item.submissionId);
    expect(new Set(shared)).toEqual(new Set([ana.id, ben.id, cy.id]));
  });

  it('refuses an opportunity of another project, writing no link', async () => {
    const mine = await buildRole(cast.project);
    await buildApplicant(mine, cast.people.PO.user, { firstName: 'Mine' });
    const other = await buildRole(await buildProject(cast.people.PO.user));
    await buildApplicant(other, cast.people.PO.user, { firstName: 'Theirs' });
    const { db } = await testDatabase();
    const before = await db.select({ id: clientLinks.id }).from(clientLinks);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links`,
      headers: cast.headers('PO'),
      payload: { title: 'Mixed opportunities', roleIds: [mine.id, other.id] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.issues[0]).toMatchObject({
      path: 'body.roleIds',
      message: 'One or more opportunities are not in this project.',
    });
    expect(await db.select({ id: clientLinks.id }).from(clientLinks)).toHaveLength(before.length);
  });

  it('an opportunity whose candidates are all hidden says there is nobody to share', async () => {
    const role = await buildRole(cast.project);
    const only = await buildApplicant(role, cast.people.PO.user, { firstName: 'Only' });
    await placeInFolder(only, await systemFolder(role, 'HIDDEN'), cast.project.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links`,
      headers: cast.headers('PO'),
      payload: { title: 'Nobody', roleIds: [role.id] },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
