import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { buildIdentityApp } from '../support/identity';
import {
  addMember,
  buildCast,
  buildProject,
  buildRole,
  signedInUser,
  type Cast,
  type SignedInUser,
} from '../support/projects';

let t: TestApp;
let cast: Cast;
let client: SignedInUser;
let row: { id: string; applicantId: string };

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  row = await buildApplicant(role, cast.people.PO.user, {
    firstName: 'Cleo',
    email: 'cleo.private@example.com',
    phone: '+15550100777',
    address: {
      addressLineOne: '12 Hidden Street',
      addressLineTwo: '',
      country: 'US',
      province: 'CA',
      city: 'Burbank',
      zip: '91501',
    },
  });
  client = await signedInUser(t.app, { roleCode: 'CLIENT', firstName: 'Carl', lastName: 'Client' });
  // Invited with an editor's scope: a client account still acts as CLIENT.
  await addMember(cast.project, client.user, 'PROJECT_EDITOR');
});
afterAll(() => t.close());

const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: client.auth, ...(payload ? { payload } : {}) });

describe('a client account', () => {
  it('acts as CLIENT in the projects it is invited to: reads candidates and team feedback, manages nothing', async () => {
    const project = await as('GET', `/api/v2/projects/${cast.project.id}`);
    expect(project.statusCode, project.body).toBe(200);
    expect(project.json().projectActor).toBe('CLIENT');

    const list = await as('GET', `/api/projects/${cast.project.id}/applicants`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(row.id);

    const vote = await as('POST', `/api/projects/${cast.project.id}/applicants/votes`, {
      applicantIds: [row.id],
      vote: 'UP_VOTE',
    });
    expect(vote.statusCode).toBe(403);
    const link = await as('POST', `/api/v2/projects/${cast.project.id}/client-links`, {
      title: 'Nope',
      submissionIds: [row.id],
    });
    expect(link.statusCode).toBe(403);
    // Other clients' names and addresses (the links' reports) stay the team's.
    const links = await as('GET', `/api/v2/projects/${cast.project.id}/client-links`);
    expect(links.statusCode).toBe(403);
  });

  it('never receives candidates’ contact details (e-mail, phone, address) in the list or the detail', async () => {
    const list = await as('GET', `/api/projects/${cast.project.id}/applicants`);
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().items.find((entry: { id: string }) => entry.id === row.id);
    expect(item).toMatchObject({ firstName: 'Cleo', email: null, phone: null, location: null });
    expect(list.body).not.toContain('cleo.private');
    expect(list.body).not.toContain('5550100777');

    const detail = await as('GET', `/api/projects/${cast.project.id}/candidates/${row.applicantId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      firstName: 'Cleo',
      email: null,
      phone: null,
      address: null,
      location: null,
    });
    expect(detail.body).not.toContain('Hidden Street');
    expect(detail.body).not.toContain('Burbank');

    // Nor can it find people by their e-mail; the name still finds them.
    const byEmail = await as('GET', `/api/projects/${cast.project.id}/applicants?nameOrEmail=cleo.private`);
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.json().items).toEqual([]);
    const byName = await as('GET', `/api/projects/${cast.project.id}/applicants?nameOrEmail=cleo`);
    expect(byName.json().items.map((entry: { id: string }) => entry.id)).toContain(row.id);

    // The casting team still sees them.
    const team = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/candidates/${row.applicantId}`,
      headers: cast.people.PO.auth,
    });
    expect(team.json()).toMatchObject({
      email: 'cleo.private@example.com',
      phone: '+15550100777',
      address: { city: 'Burbank', addressLineOne: '12 Hidden Street' },
      location: 'Burbank, CA',
    });
  });

  it('is a non-member of projects it is not invited to', async () => {
    const other = await buildProject(cast.people.PO.user);
    const res = await as('GET', `/api/v2/projects/${other.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PROJECT_ACCESS_DENIED');
  });
});
