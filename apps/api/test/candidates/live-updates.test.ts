import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { connectLive, WEB_ORIGIN, type LiveClient } from '../support/live-client';
import { collect } from '../support/live-events';
import { buildCast, buildFolder, buildProject, buildRole, type Cast } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder } from '../support/candidates';

// APPLICANTS_UPDATED: every candidate change tells the project's live channel, once it commits.
let t: TestApp;
let baseUrl: string;
let cast: Cast;
let role: Role;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await buildIdentityApp({ PUBLIC_URL: WEB_ORIGIN });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

const inject = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api${url}`, headers: cast.headers('PO'), payload });
const addRow = () => buildApplicant(role, cast.people.PO.user, { firstName: 'Live', lastName: 'Row' });

describe('APPLICANTS_UPDATED', () => {
  it('reaches a second reviewer joined to the project when someone votes', async () => {
    const row = await addRow();
    const client = await connectLive(baseUrl, {
      token: cast.people.TE.auth.authorization.replace('Bearer ', ''),
    });
    clients.push(client);
    expect(await client.join(cast.project.id)).toEqual({ action: 'joined', projectId: cast.project.id });
    const res = await inject('POST', `/projects/${cast.project.id}/applicants/votes`, {
      applicantIds: [row.id],
      vote: 'UP_VOTE',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await client.next((m) => m.action === 'update')).toEqual({
      action: 'update',
      projectId: cast.project.id,
      event: 'APPLICANTS_UPDATED',
      payload: { kind: 'VOTE', count: 1, roleId: role.id },
    });
  });

  it('is published by every candidate change, and not by a refused one', async () => {
    const projectId = cast.project.id;
    const collector = collect(t.context.events, projectId);
    const [a, b] = [await addRow(), await addRow()];
    const folder = await buildFolder(role, 'Live callbacks');
    const tag = await buildTag(cast.project);
    const otherRole = await buildRole(cast.project);
    const elsewhere = await buildProject(cast.people.PO.user);
    const elsewhereRole = await buildRole(elsewhere);
    const elsewhereCollector = collect(t.context.events, elsewhere.id);
    const otherFolder = await buildFolder(otherRole, 'Live moved');
    const elsewhereFolder = await buildFolder(elsewhereRole, 'Live copied');

    const calls: [string, () => ReturnType<typeof inject>][] = [
      [
        'ADD',
        () =>
          inject('POST', '/projects/admin/applicants', {
            projectId,
            roleId: role.id,
            firstName: 'Hand',
            lastName: 'Added',
          }),
      ],
      [
        'VOTE',
        () =>
          inject('POST', `/projects/${projectId}/applicants/votes`, { applicantIds: [a.id], vote: 'MAYBE' }),
      ],
      [
        'FOLDER_ADD',
        () =>
          inject('POST', `/projects/${projectId}/applicants/folders/add`, {
            applicantIds: [a.id, b.id],
            folderId: folder.id,
          }),
      ],
      [
        'SORT',
        () =>
          inject('PUT', `/projects/${projectId}/folders/${folder.id}/applicant-sort`, {
            applicantFolders: [b.id, a.id],
          }),
      ],
      [
        'FOLDER_REMOVE',
        () =>
          inject('POST', `/projects/${projectId}/applicants/folders/remove`, {
            applicantIds: [b.id],
            folderId: folder.id,
          }),
      ],
      [
        'TAGS_ADD',
        () =>
          inject('POST', `/projects/${projectId}/applicants/tags/add`, {
            applicantIds: [a.id],
            tagIds: [tag.id],
          }),
      ],
      [
        'TAGS_REMOVE',
        () =>
          inject('POST', `/projects/${projectId}/applicants/tags/remove`, {
            applicantIds: [a.id],
            tagIds: [tag.id],
          }),
      ],
      [
        'COPY',
        () =>
          inject('POST', '/applicants/copy-applicant', {
            type: 'IMPORT',
            applicantIds: [a.id],
            roleId: otherRole.id,
          }),
      ],
      [
        'MOVE',
        () =>
          inject('POST', '/applicants/move-applicant', {
            type: 'MOVE',
            applicantIds: [b.id],
            roleId: otherRole.id,
            folderIds: [otherFolder.id],
          }),
      ],
      [
        'CROSS_COPY',
        () =>
          inject('POST', '/applicants/cross-copy-applicant', {
            type: 'COPY',
            applicantIds: [a.id],
            roleId: elsewhereRole.id,
            folderIds: [elsewhereFolder.id],
          }),
      ],
      ['DELETE', () => inject('POST', `/projects/${projectId}/applicants/delete`, { applicantIds: [a.id] })],
    ];
    for (const [kind, call] of calls) {
      const res = await call();
      expect(res.statusCode, `${kind}: ${res.body}`).toBeLessThan(300);
    }
    const received = await collector.count(calls.length);
    expect(received.map((event) => [event.event, event.payload?.kind])).toEqual([
      ['APPLICANTS_UPDATED', 'ADD'],
      ['APPLICANTS_UPDATED', 'VOTE'],
      ['APPLICANTS_UPDATED', 'FOLDER_ADD'],
      ['APPLICANTS_UPDATED', 'SORT'],
      ['APPLICANTS_UPDATED', 'FOLDER_REMOVE'],
      ['APPLICANTS_UPDATED', 'TAGS_ADD'],
      ['APPLICANTS_UPDATED', 'TAGS_REMOVE'],
      ['APPLICANTS_UPDATED', 'IMPORT'],
      ['APPLICANTS_UPDATED', 'MOVE'],
      ['APPLICANTS_UPDATED', 'CROSS_COPY'],
      ['APPLICANTS_UPDATED', 'DELETE'],
    ]);
    expect((await elsewhereCollector.count(1))[0]).toMatchObject({
      event: 'APPLICANTS_UPDATED',
      payload: { kind: 'CROSS_COPY', count: 1, roleId: elsewhereRole.id },
    });

    // A refused request rolls back, its event with it: a vote naming a row of another project writes and tells nothing.
    const foreign = await buildApplicant(elsewhereRole, cast.people.PO.user);
    const refused = await inject('POST', `/projects/${projectId}/applicants/votes`, {
      applicantIds: [b.id, foreign.id],
      vote: 'UP_VOTE',
    });
    expect(refused.statusCode).toBe(404);
    const marker = await addRow();
    await placeInFolder(marker, folder.id, projectId);
    await inject('POST', `/projects/${projectId}/applicants/votes`, {
      applicantIds: [marker.id],
      vote: 'UP_VOTE',
    });
    const after = await collector.count(calls.length + 1);
    expect(after.at(-1)?.payload).toEqual({ kind: 'VOTE', count: 1, roleId: role.id });
    collector.stop();
    elsewhereCollector.stop();
  });
});
