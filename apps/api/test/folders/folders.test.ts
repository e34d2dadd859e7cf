import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import {
  addMember,
  buildFolder,
  buildProject,
  buildRole,
  signedInUser,
  type SignedInUser,
} from '../support/projects';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app);
});
afterAll(() => t.close());

const call = (
  who: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

interface FolderBody {
  id: string;
  name: string;
  systemAlias: string | null;
  isSystem: boolean;
  roleId: string;
}

describe('folders', () => {
  it('creates, renames and deletes a custom folder', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const created = await call(director, 'POST', '/api/projects/folders', {
      projectId: project.id,
      roleId: role.id,
      name: ' Callback Day 1 ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const folder = created.json();
    expect(folder).toMatchObject({
      name: 'Callback Day 1',
      systemAlias: null,
      isSystem: false,
      position: 14,
    });

    const renamed = await call(director, 'PATCH', `/api/projects/folders/${folder.id}`, {
      name: 'Network Test',
    });
    expect(renamed.json()).toMatchObject({ id: folder.id, name: 'Network Test' });

    const removed = await call(director, 'DELETE', `/api/projects/${project.id}/folder/${folder.id}`);
    expect(removed.statusCode).toBe(204);
    const list = (
      await call(director, 'GET', `/api/projects/${project.id}/folders?roleId=${role.id}`)
    ).json();
    expect(list.items.some((item: FolderBody) => item.id === folder.id)).toBe(false);
  });

  it("says 'Folder name is required'", async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const res = await call(director, 'POST', '/api/projects/folders', {
      projectId: project.id,
      roleId: role.id,
      name: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([{ path: 'body.name', message: 'Folder name is required' }]);
    const folder = await buildFolder(role);
    const rename = await call(director, 'PATCH', `/api/projects/folders/${folder.id}`, {});
    expect(rename.json().details.issues).toEqual([{ path: 'body.name', message: 'Folder name is required' }]);
  });

  it('protects system folders from renaming and deletion', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    const list = (
      await call(director, 'GET', `/api/projects/${project.id}/folders?roleId=${role.id}`)
    ).json();
    const selects = list.items.find((item: FolderBody) => item.systemAlias === 'SELECTS');
    const rename = await call(director, 'PATCH', `/api/projects/folders/${selects.id}`, {
      name: 'Favourites',
    });
    const remove = await call(director, 'DELETE', `/api/projects/${project.id}/folder/${selects.id}`);
    for (const res of [rename, remove]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: 'System folders cannot be renamed or deleted.',
      });
    }
    const after = (
      await call(director, 'GET', `/api/projects/${project.id}/folders?roleId=${role.id}`)
    ).json();
    expect(after.items.find((item: FolderBody) => item.id === selects.id).name).toBe('Selects');
  });

  it('shows regular folders with the feedback flag, and submitter folders only to TS and to SA on request', async () => {
    const project = await buildProject(director.user);
    const role = await buildRole(project);
    await buildFolder(role, 'Custom');
    const submitter = await signedInUser(t.app);
    await addMember(project, submitter.user, 'TALENT_SUBMITTER');
    const admin = await signedInUser(t.app, { roleCode: 'SUPER_ADMIN' });
    const aliases = (body: { items: FolderBody[] }) => body.items.map((item) => item.systemAlias);

    const regular = (await call(director, 'GET', `/api/projects/${project.id}/folders`)).json();
    expect(regular.folderFeedbackEnabled).toBe(true);
    expect(aliases(regular)).toEqual([
      'NEW_SUBMISSIONS',
      'SELECTS',
      'VIEWED',
      'ALL_SUBMISSIONS',
      'DISLIKE',
      'LIKE',
      'HIDDEN',
      'MAYBE',
      null,
    ]);

    const asSubmitter = (await call(submitter, 'GET', `/api/projects/${project.id}/folders`)).json();
    expect(aliases(asSubmitter)).toEqual([
      'TS_NEW_SUBMISSIONS',
      'TS_ALL_SUBMISSIONS',
      'TS_HIDDEN',
      'TS_INVITED',
      'TS_FOR_REVIEW',
      'TS_HOLD_LATER',
    ]);
    expect(asSubmitter.folderFeedbackEnabled).toBe(true);

    const switched = (
      await call(admin, 'GET', `/api/projects/${project.id}/folders?submitterFolders=true`)
    ).json();
    expect(aliases(switched)).toEqual(aliases(asSubmitter));
    const refused = await call(director, 'GET', `/api/projects/${project.id}/folders?submitterFolders=true`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PERMISSION_DENIED',
      details: { permission: 'SUBMITTER_FOLDERS_SWITCH' },
    });
  });

  it('turns the feedback flag off when a project has no opportunity folders yet', async () => {
    const project = await buildProject(director.user);
    const res = (await call(director, 'GET', `/api/projects/${project.id}/folders`)).json();
    expect(res).toEqual({ items: [], folderFeedbackEnabled: false });
  });

  it('answers 404 for folders and opportunities of another project', async () => {
    const mine = await buildProject(director.user);
    const other = await buildProject(director.user);
    const foreignRole = await buildRole(other);
    const foreignFolder = await buildFolder(foreignRole);
    const create = await call(director, 'POST', '/api/projects/folders', {
      projectId: mine.id,
      roleId: foreignRole.id,
      name: 'Sneaky',
    });
    const list = await call(director, 'GET', `/api/projects/${mine.id}/folders?roleId=${foreignRole.id}`);
    const remove = await call(director, 'DELETE', `/api/projects/${mine.id}/folder/${foreignFolder.id}`);
    const unknown = await call(director, 'PATCH', `/api/projects/folders/${randomUUID()}`, { name: 'x' });
    const notUuid = await call(director, 'PATCH', '/api/projects/folders/abc', { name: 'x' });
    expect([create, list, remove, unknown, notUuid].map((res) => res.statusCode)).toEqual([
      404, 404, 404, 404, 404,
    ]);
  });

  it('checks the folder’s own project when renaming by folder id', async () => {
    const outsider = await signedInUser(t.app);
    const project = await buildProject(director.user);
    const folder = await buildFolder(await buildRole(project));
    const res = await call(outsider, 'PATCH', `/api/projects/folders/${folder.id}`, { name: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PROJECT_ACCESS_DENIED');
  });
});
