import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, NotePage } from '@casting/domain';
import { buildLinkFixture, linkCalls, type LinkFixture } from '../client-review/client-link-fixture';
import { reportCsv } from '../../src/modules/client-review/export';
import { linkReport } from '../../src/modules/client-review/report';
import { linkNotesForExport } from '../../src/modules/notes';
import { testDatabase } from '../support/database';
import { buildTape } from './media';

// The CLIENT actor (a client review link's viewer) and notes: it reads the team's shared notes and its own link's,
// and a named viewer adds time-coded notes that the team reads.
let f: LinkFixture;
const { createLink, identify } = linkCalls(() => f);

beforeAll(async () => {
  f = await buildLinkFixture();
});
afterAll(() => f.t.close());

const candidate = () => f.shared[0]!;
const teamNotesUrl = () => `/api/projects/${f.cast.project.id}/candidates/${candidate().applicantId}/notes`;
const linkNotesUrl = (secret: string, submissionId = candidate().id) =>
  `/api/projects/${f.cast.project.id}/applicants/${secret}/${submissionId}/notes`;
const bodies = (page: NotePage) => page.items.map((note) => note.body);

async function teamWrite(body: string, visibility: string) {
  const res = await f.t.app.inject({
    method: 'POST',
    url: teamNotesUrl(),
    headers: f.cast.headers('PO'),
    payload: { roleId: f.role.id, body, visibility },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function linkRead(secret: string, headers: Record<string, string> = {}) {
  const res = await f.t.app.inject({ method: 'GET', url: linkNotesUrl(secret), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotePage;
}

describe('notes through a client link', () => {
  it('shows a viewer only the shared notes and its own link’s; a named viewer adds time-coded ones', async () => {
    await teamWrite('Team only: check availability', 'TEAM');
    await teamWrite('Private: my hunch', 'ONLY_ME');
    await teamWrite('Shared: our first choice', 'CLIENT_LINKS');
    const tape = await buildTape(candidate(), f.cast.project.id);
    const teamTape = await buildTape(candidate(), f.cast.project.id, 'TEAM');
    const settings = { requireIdentification: false };
    const link = await createLink({ submissionIds: [candidate().id], settings });
    const other = await createLink({ submissionIds: [candidate().id], settings });

    expect(bodies(await linkRead(link.clientLink))).toEqual(['Shared: our first choice']);

    // Reading needs only the secret; writing a note needs a named viewer, as a vote does.
    const anonymous = await f.t.app.inject({
      method: 'POST',
      url: linkNotesUrl(link.clientLink),
      payload: { body: 'Who am I?' },
    });
    expect(anonymous.json()).toMatchObject({ code: 'VIEWER_IDENTIFICATION_REQUIRED' });

    const viewer = await identify(link.clientLink, 'Paula Producer');
    const written = await f.t.app.inject({
      method: 'POST',
      url: linkNotesUrl(link.clientLink),
      headers: viewer.headers,
      payload: { body: 'Love the pause at 0:07', mediaId: tape, offsetMs: 7000 },
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json() as Note).toMatchObject({
      authorName: 'Paula Producer',
      byClient: true,
      mine: true,
      visibility: 'CLIENT_LINKS',
      mediaId: tape,
      offsetMs: 7000,
    });
    // A tape the link does not show cannot carry a client's note.
    const onTeamTape = await f.t.app.inject({
      method: 'POST',
      url: linkNotesUrl(link.clientLink),
      headers: viewer.headers,
      payload: { body: 'Hidden tape', mediaId: teamTape, offsetMs: 1000 },
    });
    expect(onTeamTape.statusCode).toBe(404);

    expect(bodies(await linkRead(link.clientLink, viewer.headers))).toEqual([
      'Love the pause at 0:07',
      'Shared: our first choice',
    ]);
    // Another link's viewers see the shared note, never this link's viewers' notes.
    expect(bodies(await linkRead(other.clientLink))).toEqual(['Shared: our first choice']);
    const onTape = await f.t.app.inject({
      method: 'GET',
      url: `${linkNotesUrl(link.clientLink)}?mediaId=${tape}`,
    });
    expect(bodies(onTape.json() as NotePage)).toEqual(['Love the pause at 0:07']);

    // The link's export carries what its viewers read, never the team's own or private notes.
    const { db } = await testDatabase();
    const csv = reportCsv(
      await linkReport(db, f.cast.project.id, link.id),
      await linkNotesForExport(db, link.id),
    );
    expect(csv).toContain('Shared: our first choice');
    expect(csv).toContain('[0:07] Love the pause at 0:07');
    expect(csv).not.toContain('Team only');
    expect(csv).not.toContain('Private');

    // The team reads the client's note beside its own.
    const team = await f.t.app.inject({ method: 'GET', url: teamNotesUrl(), headers: f.cast.headers('TE') });
    expect((team.json() as NotePage).items[0]).toMatchObject({
      body: 'Love the pause at 0:07',
      byClient: true,
      mine: false,
    });
  });

  it('refuses a candidate the link does not share', async () => {
    const link = await createLink({
      submissionIds: [candidate().id],
      settings: { requireIdentification: false },
    });
    const res = await f.t.app.inject({ method: 'GET', url: linkNotesUrl(link.clientLink, f.hidden.id) });
    expect(res.statusCode).toBe(404);
  });
});
