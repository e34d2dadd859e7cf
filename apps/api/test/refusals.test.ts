import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './support/app';
import { buildIdentityApp } from './support/identity';
import { buildCast, buildFolder, buildRole, signedInUser, type Cast } from './support/projects';

// Refusals are worded once, in the domain catalogue, whichever layer refuses: the access hooks before the handler,
// a route that finds its project through a record (folders), or a service. The texts are quoted here on purpose, so a
// changed catalogue entry shows up as a changed answer.

let t: TestApp;
let cast: Cast;
let folderId: string;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  folderId = (await buildFolder(role)).id;
});
afterAll(() => t.close());

describe('refusals speak the catalogue', () => {
  it('asks an anonymous caller to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it("tells a non-member 'Project access denied', from the access hook and from a record's project alike", async () => {
    const denied = { code: 'PROJECT_ACCESS_DENIED', message: 'Project access denied' };
    const byRoute = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}`,
      headers: cast.headers('nonMember'),
    });
    expect(byRoute.statusCode).toBe(403);
    expect(byRoute.json()).toEqual(denied);

    const byRecord = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/folders/${folderId}`,
      headers: cast.headers('nonMember'),
      payload: { name: 'Callbacks, day 2' },
    });
    expect(byRecord.statusCode).toBe(403);
    expect(byRecord.json()).toEqual(denied);
  });

  it('names the permission a project role lacks, in the message and in the details', async () => {
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}`,
      headers: cast.headers('TS'),
      payload: { name: 'Renamed' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Your project role does not allow MANAGE_PROJECT.',
      details: { permission: 'MANAGE_PROJECT' },
    });

    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/folders/${folderId}`,
      headers: cast.headers('TS'),
      payload: { name: 'Callbacks, day 2' },
    });
    expect(rename.json()).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Your project role does not allow CREATE_FOLDER.',
      details: { permission: 'CREATE_FOLDER' },
    });

    const submitterFolders = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/folders?submitterFolders=true`,
      headers: cast.headers('PO'),
    });
    expect(submitterFolders.statusCode).toBe(403);
    expect(submitterFolders.json()).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Your project role does not allow SUBMITTER_FOLDERS_SWITCH.',
      details: { permission: 'SUBMITTER_FOLDERS_SWITCH' },
    });
  });

  it("refuses a client's new project on the account role, naming CREATE_PROJECT", async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/projects',
      headers: client.auth,
      payload: { name: 'A client project' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Your account role does not allow CREATE_PROJECT.',
      details: { permission: 'CREATE_PROJECT' },
    });
  });

  it('keeps a team scope refusal specific while naming INVITE_TEAM_MEMBERS', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${cast.project.id}/accesses`,
      headers: cast.headers('TE'),
      payload: { invitations: [{ email: 'someone.new@example.com', scope: 'PROJECT_OWNER' }] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'PERMISSION_DENIED',
      message: 'Your project role does not allow you to grant PROJECT_OWNER.',
      details: { permission: 'INVITE_TEAM_MEMBERS', scope: 'PROJECT_OWNER' },
    });
  });
});
