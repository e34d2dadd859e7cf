import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, NotePage, Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildApplicant, systemFolder } from '../support/candidates';
import { buildIdentityApp } from '../support/identity';
import { collect } from '../support/live-events';
import { buildCast, buildProject, buildRole, type ActorName, type Cast } from '../support/projects';
import { buildTape } from './media';

// Notes on a candidate and time-coded notes on their tapes, as the team writes and reads them.
let t: TestApp;
let cast: Cast;
let role: Role;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
});
afterAll(() => t.close());

type Row = { id: string; applicantId: string };
const notesUrl = (row: Row, query = '') =>
  `/api/projects/${cast.project.id}/candidates/${row.applicantId}/notes${query}`;

async function write(actor: ActorName, row: Row, payload: Record<string, unknown>, roleId = role.id) {
  const res = await t.app.inject({
    method: 'POST',
    url: notesUrl(row),
    headers: cast.headers(actor),
    payload: { roleId, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Note;
}

async function read(actor: ActorName, row: Row, query = '') {
  const res = await t.app.inject({ method: 'GET', url: notesUrl(row, query), headers: cast.headers(actor) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotePage;
}

const bodies = (page: NotePage) => page.items.map((note) => note.body);

describe('notes on a candidate', () => {
  let row: Row;
  beforeAll(async () => {
    row = await buildApplicant(role, cast.people.PO.user);
    await write('PO', row, { body: 'Team: strong callback read', visibility: 'TEAM' });
    await write('PO', row, { body: 'Private: ask about the accent', visibility: 'ONLY_ME' });
    await write('PE', row, { body: 'Shared: lovely energy', visibility: 'CLIENT_LINKS' });
  });

  it('lists newest first with author and visibility; only_me reaches its author alone', async () => {
    const mine = await read('PO', row);
    expect(bodies(mine)).toEqual([
      'Shared: lovely energy',
      'Private: ask about the accent',
      'Team: strong callback read',
    ]);
    expect(mine.items[0]).toMatchObject({
      authorName: 'Eddie Editor',
      visibility: 'CLIENT_LINKS',
      mine: false,
    });
    expect(mine.items[1]).toMatchObject({ authorName: 'Olivia Owner', visibility: 'ONLY_ME', mine: true });
    expect(bodies(await read('TE', row))).toEqual(['Shared: lovely energy', 'Team: strong callback read']);
    expect(bodies(await read('SA', row))).toEqual(['Shared: lovely energy', 'Team: strong callback read']);
  });

  it('is refused to a talent submitter and unknown in another project', async () => {
    const asSubmitter = await t.app.inject({
      method: 'GET',
      url: notesUrl(row),
      headers: cast.headers('TS'),
    });
    expect(asSubmitter.json()).toMatchObject({ code: 'PERMISSION_DENIED' });
    const elsewhere = await buildProject(cast.people.PO.user);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${elsewhere.id}/candidates/${row.applicantId}/notes`,
      headers: cast.headers('PO'),
    });
    expect(res.statusCode).toBe(404);
  });

  it('searches the text (three characters at least) and pages by keyset', async () => {
    expect(bodies(await read('TE', row, '?q=CALLBACK'))).toEqual(['Team: strong callback read']);
    expect(bodies(await read('TE', row, '?q=accent'))).toEqual([]);
    const short = await t.app.inject({
      method: 'GET',
      url: notesUrl(row, '?q=ca'),
      headers: cast.headers('PO'),
    });
    expect(short.statusCode).toBe(400);
    const first = await read('PO', row, '?limit=2');
    expect(first.items).toHaveLength(2);
    const rest = await read('PO', row, `?limit=2&cursor=${first.nextCursor}`);
    expect(bodies(rest)).toEqual(['Team: strong callback read']);
    expect(rest.nextCursor).toBeNull();
  });

  it('lets only the author edit or delete a note', async () => {
    const note = await write('PE', row, { body: 'Draft', visibility: 'TEAM' });
    const url = `/api/projects/${cast.project.id}/notes/${note.id}`;
    const byOther = await t.app.inject({
      method: 'PATCH',
      url,
      headers: cast.headers('PO'),
      payload: { body: 'x' },
    });
    expect(byOther.json()).toMatchObject({ code: 'FORBIDDEN' });
    const edited = await t.app.inject({
      method: 'PATCH',
      url,
      headers: cast.headers('PE'),
      payload: { body: 'Final', visibility: 'ONLY_ME' },
    });
    expect(edited.json()).toMatchObject({ body: 'Final', visibility: 'ONLY_ME', mine: true });
    // Now private, it is unknown to everyone else.
    const hidden = await t.app.inject({ method: 'DELETE', url, headers: cast.headers('PO') });
    expect(hidden.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: cast.headers('PE') })).statusCode).toBe(204);
    expect(bodies(await read('PE', row))).not.toContain('Final');
  });
});

describe('time-coded notes on a tape', () => {
  it('marks a moment of the candidate’s tape, lists the tape’s notes, and tells colleagues live', async () => {
    const row = await buildApplicant(role, cast.people.PO.user);
    const tape = await buildTape(row, cast.project.id);
    const collector = collect(t.context.events, cast.project.id);
    try {
      const note = await write('PO', row, { body: 'Lovely turn here', mediaId: tape, offsetMs: 7000 });
      expect(note).toMatchObject({ mediaId: tape, offsetMs: 7000 });
      const [event] = await collector.count(1);
      expect(event).toMatchObject({
        event: 'NOTES_UPDATED',
        payload: { applicantId: row.applicantId, mediaId: tape },
      });
    } finally {
      collector.stop();
    }
    await write('PO', row, { body: 'Not on the tape' });
    expect(bodies(await read('TE', row, `?mediaId=${tape}`))).toEqual(['Lovely turn here']);
    const other = await buildApplicant(role, cast.people.PO.user);
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: notesUrl(other),
      headers: cast.headers('PO'),
      payload: { roleId: role.id, body: 'Wrong tape', mediaId: tape, offsetMs: 1000 },
    });
    expect(notTheirs.statusCode).toBe(404);
    const halfCoded = await t.app.inject({
      method: 'POST',
      url: notesUrl(row),
      headers: cast.headers('PO'),
      payload: { roleId: role.id, body: 'No time', mediaId: tape },
    });
    expect(halfCoded.statusCode).toBe(400);
  });
});

describe('Copy comments', () => {
  const copy = (path: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/applicants/${path}`, headers: cast.headers('PO'), payload });

  it('copies the notes with the candidate only when asked, time codes within the project', async () => {
    const row = await buildApplicant(role, cast.people.PO.user);
    const tape = await buildTape(row, cast.project.id);
    await write('PO', row, { body: 'At the pause', mediaId: tape, offsetMs: 7000, visibility: 'ONLY_ME' });
    await write('PE', row, { body: 'Good listener' });
    const to = await buildRole(cast.project);
    const without = await buildRole(cast.project);
    for (const [target, copyComments] of [
      [to, true],
      [without, false],
    ] as const) {
      const res = await copy('copy-applicant', {
        type: 'COPY',
        applicantIds: [row.id],
        roleId: target.id,
        folderIds: [await systemFolder(target, 'MAYBE')],
        copyComments,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const copied = await read('PO', row, `?roleId=${to.id}`);
    expect(
      copied.items.map(({ body, visibility, authorName, mediaId, offsetMs }) => ({
        body,
        visibility,
        authorName,
        mediaId,
        offsetMs,
      })),
    ).toEqual([
      {
        body: 'Good listener',
        visibility: 'TEAM',
        authorName: 'Eddie Editor',
        mediaId: null,
        offsetMs: null,
      },
      {
        body: 'At the pause',
        visibility: 'ONLY_ME',
        authorName: 'Olivia Owner',
        mediaId: tape,
        offsetMs: 7000,
      },
    ]);
    expect(bodies(await read('PE', row, `?roleId=${to.id}`))).toEqual(['Good listener']);
    expect((await read('PO', row, `?roleId=${without.id}`)).items).toEqual([]);

    const otherProject = await buildProject(cast.people.PO.user);
    const otherRole = await buildRole(otherProject);
    const crossed = await copy('cross-copy-applicant', {
      type: 'COPY',
      applicantIds: [row.id],
      roleId: otherRole.id,
      folderIds: [await systemFolder(otherRole, 'MAYBE')],
      copyComments: true,
    });
    expect(crossed.statusCode, crossed.body).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${otherProject.id}/applicants?roleId=${otherRole.id}`,
      headers: cast.headers('PO'),
    });
    const applicantId = (list.json() as { items: { applicantId: string }[] }).items[0]!.applicantId;
    const there = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${otherProject.id}/candidates/${applicantId}/notes`,
      headers: cast.headers('PO'),
    });
    expect(
      (there.json() as NotePage).items.map(({ body, mediaId, offsetMs }) => ({ body, mediaId, offsetMs })),
    ).toEqual([
      { body: 'Good listener', mediaId: null, offsetMs: null },
      { body: 'At the pause', mediaId: null, offsetMs: null },
    ]);
  });
});
