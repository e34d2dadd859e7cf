import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser } from '../support/identity';
import { accessRows, addMember, buildProject, signedInUser, type SignedInUser } from '../support/projects';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  owner = await signedInUser(t.app, { firstName: 'Dana', lastName: 'Whitfield' });
});
afterAll(() => t.close());

const call = (
  who: { auth: Record<string, string> },
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

describe('changing roles and removing members', () => {
  async function teamOf(
    scopes: Record<string, 'PROJECT_OWNER' | 'PROJECT_EDITOR' | 'TALENT_EDITOR' | 'TALENT_SUBMITTER'>,
  ) {
    const project = await buildProject(owner.user);
    const members: Record<string, { user: SignedInUser; accessId: string }> = {};
    for (const [name, scope] of Object.entries(scopes)) {
      const user = await signedInUser(t.app);
      const row = await addMember(project, user.user, scope);
      members[name] = { user, accessId: row.id };
    }
    return { project, members };
  }

  const patch = (who: SignedInUser, projectId: string, accessId: string, scope: string) =>
    call(who, 'PATCH', `/api/projects/${projectId}/access/${accessId}`, { scope });

  it("needs both the member's role and the new one in the caller's scopeAllowedToUpdate", async () => {
    const { project, members } = await teamOf({
      editor: 'PROJECT_EDITOR',
      te: 'TALENT_EDITOR',
      other: 'TALENT_EDITOR',
      ts: 'TALENT_SUBMITTER',
    });
    const editor = members.editor!;
    const te = members.te!;
    const other = members.other!;
    const ts = members.ts!;

    const promoted = await patch(editor.user, project.id, other.accessId, 'PROJECT_EDITOR');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ id: other.accessId, scope: 'PROJECT_EDITOR' });

    const tooHigh = await patch(te.user, project.id, editor.accessId, 'TALENT_EDITOR');
    const toOwner = await patch(editor.user, project.id, te.accessId, 'PROJECT_OWNER');
    const toSubmitter = await patch(owner, project.id, te.accessId, 'TALENT_SUBMITTER');
    const fromSubmitter = await patch(owner, project.id, ts.accessId, 'TALENT_EDITOR');
    for (const res of [tooHigh, toOwner, toSubmitter, fromSubmitter]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PERMISSION_DENIED');
    }
    const scopes = Object.fromEntries((await accessRows(project.id)).map((row) => [row.id, row.scope]));
    expect([scopes[te.accessId], scopes[ts.accessId], scopes[editor.accessId]]).toEqual([
      'TALENT_EDITOR',
      'TALENT_SUBMITTER',
      'PROJECT_EDITOR',
    ]);
  });

  it("removes only members whose role is in the caller's scopeAllowedToCreate", async () => {
    const { project, members } = await teamOf({
      editor: 'PROJECT_EDITOR',
      te: 'TALENT_EDITOR',
      ts: 'TALENT_SUBMITTER',
    });
    const refused = await call(
      members.te!.user,
      'DELETE',
      `/api/projects/${project.id}/access/${members.editor!.accessId}`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    const removed = await call(
      members.te!.user,
      'DELETE',
      `/api/projects/${project.id}/access/${members.ts!.accessId}`,
    );
    expect(removed.statusCode).toBe(204);
    const gone = await call(members.ts!.user, 'GET', `/api/v2/projects/${project.id}`);
    expect(gone.json().code).toBe('PROJECT_ACCESS_DENIED');
  });

  it("keeps the owner's access fixed", async () => {
    const { project, members } = await teamOf({ coOwner: 'PROJECT_OWNER' });
    const ownerRow = (await accessRows(project.id)).find((row) => row.userId === owner.user.id)!;
    const demote = await patch(members.coOwner!.user, project.id, ownerRow.id, 'TALENT_EDITOR');
    const remove = await call(
      members.coOwner!.user,
      'DELETE',
      `/api/projects/${project.id}/access/${ownerRow.id}`,
    );
    for (const res of [demote, remove]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("The project owner's access cannot be changed or removed.");
    }
  });

  it('answers 404 for an access of another project', async () => {
    const mine = await buildProject(owner.user);
    const other = await buildProject(owner.user);
    const stranger = await addMember(other, await createUser(), 'TALENT_EDITOR');
    for (const accessId of [stranger.id, randomUUID(), 'nope']) {
      const change = await patch(owner, mine.id, accessId, 'TALENT_EDITOR');
      const remove = await call(owner, 'DELETE', `/api/projects/${mine.id}/access/${accessId}`);
      expect([change.statusCode, remove.statusCode]).toEqual([404, 404]);
    }
  });
});

describe('access scopes', () => {
  it('lists every scope with what it may grant and change', async () => {
    const res = await call(owner, 'GET', '/api/projects/access-scopes');
    expect(res.json().items).toEqual([
      {
        code: 'PROJECT_OWNER',
        name: 'Project Owner',
        scopeAllowedToCreate: ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
        scopeAllowedToUpdate: ['PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR'],
      },
      {
        code: 'PROJECT_EDITOR',
        name: 'Project Editor',
        scopeAllowedToCreate: ['PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER'],
        scopeAllowedToUpdate: ['PROJECT_EDITOR', 'TALENT_EDITOR'],
      },
      {
        code: 'TALENT_EDITOR',
        name: 'Talent Editor',
        scopeAllowedToCreate: ['TALENT_EDITOR', 'TALENT_SUBMITTER'],
        scopeAllowedToUpdate: ['TALENT_EDITOR'],
      },
      {
        code: 'TALENT_SUBMITTER',
        name: 'Talent Submitter',
        scopeAllowedToCreate: ['TALENT_SUBMITTER'],
        scopeAllowedToUpdate: [],
      },
    ]);
  });
});
