import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildProject, buildRole, signedInUser, type SignedInUser } from '../support/projects';
import { buildApplicant } from '../support/candidates';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
});
afterAll(() => t.close());

describe('the overview’s candidate counts', () => {
  it('counts submissions per opportunity and people per project', async () => {
    const project = await buildProject(director.user);
    const lead = await buildRole(project, { name: 'Lead' });
    const sidekick = await buildRole(project, { name: 'Sidekick' });
    await buildRole(project, { name: 'Extra' });
    const email = `both-${Date.now()}@example.com`;
    await buildApplicant(lead, director.user, { email });
    await buildApplicant(sidekick, director.user, { email });
    await buildApplicant(lead, director.user);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/overview`,
      headers: director.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const counts = Object.fromEntries(
      res
        .json()
        .opportunities.map((role: { name: string; candidateCount: number }) => [
          role.name,
          role.candidateCount,
        ]),
    );
    expect(counts).toEqual({ Lead: 2, Sidekick: 1, Extra: 0 });
    expect(res.json().counts.candidates).toBe(2);
  });
});
