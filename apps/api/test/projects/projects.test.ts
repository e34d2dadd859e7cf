import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import {
  accessRows,
  addMember,
  buildFolder,
  buildProject,
  buildRole,
  lookupId,
  signedInUser,
  type SignedInUser,
} from '../support/projects';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app, { firstName: 'Dana', lastName: 'Whitfield' });
});
afterAll(() => t.close());

const call = (
  who: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const issuesOf = (body: { details?: { issues?: { path: string; message: string }[] } }) =>
  body.details?.issues ?? [];

describe('creating a project', () => {
  it('records every field, resolves lookups to options and makes the creator its owner', async () => {
    const feature = await lookupId('project-types', 'Feature Film');
    const sag = await lookupId('union', 'SAG-AFTRA');
    const casting = await lookupId('project-status', 'Casting');
    const la = await lookupId('regions', 'Los Angeles');
    const actors = await lookupId('project-lookingfor', 'Actors');
    const local = await lookupId('geographic', 'Local Hire Only');
    const res = await call(director, 'POST', '/api/v2/projects', {
      name: '  Night Ferry  ',
      projectTypeId: feature,
      unionStatusId: sag,
      projectStatusId: casting,
      description: 'A thriller on the last ferry of the night.',
      productionCompany: 'Harborlight Pictures',
      submissionDeadline: '2027-02-01',
      auditionDate: '2027-02-10',
      callbackDate: '2027-02-14',
      shootStartDate: '2027-04-01',
      shootEndDate: '2027-05-15',
      location: 'Seattle, WA',
      regionIds: [la, la],
      rateNotes: 'Scale plus 10%',
      lookingFor: 'Grounded performers',
      lookingForIds: [actors],
      geographicIds: [local],
      collectRepresentativeInfo: true,
      settings: { applicantOnlyInOneFolder: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({
      name: 'Night Ferry',
      version: 1,
      isWeb: true,
      projectAccessScope: 'PROJECT_OWNER',
      projectActor: 'PO',
      collectRepresentativeInfo: true,
      settings: { applicantOnlyInOneFolder: true },
      projectType: { value: feature, label: 'Feature Film' },
      unionStatus: { value: sag, label: 'SAG-AFTRA' },
      projectStatus: { value: casting, label: 'Casting' },
      shootStartDate: '2027-04-01',
      shootEndDate: '2027-05-15',
      regions: [{ value: la, label: 'Los Angeles', description: null }],
      lookingForTypes: [{ value: actors, label: 'Actors', description: null }],
      geographic: [{ value: local, label: 'Local Hire Only', description: null }],
      archived: false,
      owner: { id: director.user.id, fullName: 'Dana Whitfield' },
    });
    const rows = await accessRows(project.id);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: director.user.id,
        email: director.user.email,
        scope: 'PROJECT_OWNER',
      }),
    ]);
    const again = await call(director, 'GET', `/api/v2/projects/${project.id}`);
    expect(again.json()).toEqual(project);
  });

  it('reports every bad field with a clear message', async () => {
    const res = await call(director, 'POST', '/api/v2/projects', {
      name: '   ',
      submissionDeadline: '01/02/2027',
      shootStartDate: '2027-05-02',
      shootEndDate: '2027-05-01',
      regionIds: ['nope'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(issuesOf(res.json())).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'The name should not be empty' },
        { path: 'body.submissionDeadline', message: 'Use a date in the form YYYY-MM-DD.' },
        {
          path: 'body.shootEndDate',
          message: 'The shoot end date must be on or after the shoot start date.',
        },
        { path: 'body.regionIds.0', message: 'Choose a value from the list.' },
      ]),
    );
  });

  it('refuses lookup ids taken from the wrong lookup or unknown, naming the field', async () => {
    const male = await lookupId('role-genders', 'Male');
    const la = await lookupId('regions', 'Los Angeles');
    const res = await call(director, 'POST', '/api/v2/projects', {
      name: 'Wrong lookups',
      projectTypeId: male,
      regionIds: [la, randomUUID()],
    });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.json())).toEqual([
      { path: 'body.projectTypeId', message: 'Choose a value from the project types list.' },
      { path: 'body.regionIds.1', message: 'Choose a value from the regions list.' },
    ]);
  });

  it('is refused to accounts with the client role', async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT' });
    const res = await call(client, 'POST', '/api/v2/projects', { name: 'Client project' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PERMISSION_DENIED',
      details: { permission: 'CREATE_PROJECT' },
    });
  });
});

describe('editing a project', () => {
  it('applies a partial change, records applicantOnlyInOneFolder and bumps the version', async () => {
    const project = await buildProject(director.user, { description: 'Kept' });
    const res = await call(director, 'PATCH', `/api/v2/projects/${project.id}`, {
      version: 1,
      settings: { applicantOnlyInOneFolder: true },
      collectRepresentativeInfo: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      description: 'Kept',
      collectRepresentativeInfo: true,
      settings: { applicantOnlyInOneFolder: true },
    });
    const off = await call(director, 'PATCH', `/api/v2/projects/${project.id}`, {
      settings: { applicantOnlyInOneFolder: false },
      description: null,
    });
    expect(off.json()).toMatchObject({
      version: 3,
      description: null,
      settings: { applicantOnlyInOneFolder: false },
    });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const project = await buildProject(director.user);
    await call(director, 'PATCH', `/api/v2/projects/${project.id}`, { rateNotes: 'first' });
    const stale = await call(director, 'PATCH', `/api/v2/projects/${project.id}`, {
      version: 1,
      rateNotes: 'second',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', details: { version: 2 } });
    expect((await call(director, 'GET', `/api/v2/projects/${project.id}`)).json().rateNotes).toBe('first');
  });

  it('checks a new shoot end date against the stored start date', async () => {
    const project = await buildProject(director.user, { shootStartDate: '2027-06-10' });
    const res = await call(director, 'PATCH', `/api/v2/projects/${project.id}`, {
      shootEndDate: '2027-06-01',
    });
    expect(res.statusCode).toBe(400);
    expect(issuesOf(res.json())).toEqual([
      { path: 'body.shootEndDate', message: 'The shoot end date must be on or after the shoot start date.' },
    ]);
  });

  it("answers each member's own projectAccessScope", async () => {
    const project = await buildProject(director.user);
    const editor = await signedInUser(t.app);
    await addMember(project, editor.user, 'TALENT_EDITOR');
    const admin = await signedInUser(t.app, { roleCode: 'SUPER_ADMIN' });
    const asEditor = (await call(editor, 'GET', `/api/v2/projects/${project.id}`)).json();
    const asAdmin = (await call(admin, 'GET', `/api/v2/projects/${project.id}`)).json();
    expect([asEditor.projectAccessScope, asEditor.projectActor]).toEqual(['TALENT_EDITOR', 'TE']);
    expect([asAdmin.projectAccessScope, asAdmin.projectActor]).toEqual([null, 'SA']);
  });
});

describe('the overview', () => {
  it('gives details, opportunities with zero candidates, and the team', async () => {
    const project = await buildProject(director.user, { name: 'Overview' });
    const lead = await buildRole(project, { name: 'Lead' });
    await buildFolder(lead, 'Callbacks');
    await buildRole(project, { name: 'Sidekick' });
    const editor = await signedInUser(t.app);
    await addMember(project, editor.user, 'PROJECT_EDITOR');
    const res = await call(director, 'GET', `/api/projects/${project.id}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json();
    expect(overview.project).toMatchObject({ id: project.id, name: 'Overview' });
    expect(overview.opportunities).toEqual([
      expect.objectContaining({ name: 'Lead', folderCount: 9, candidateCount: 0 }),
      expect.objectContaining({ name: 'Sidekick', folderCount: 8, candidateCount: 0 }),
    ]);
    expect(overview.team.map((member: { scope: string }) => member.scope)).toEqual([
      'PROJECT_OWNER',
      'PROJECT_EDITOR',
    ]);
    expect(overview.counts).toEqual({ opportunities: 2, teamMembers: 2, candidates: 0 });
  });
});
