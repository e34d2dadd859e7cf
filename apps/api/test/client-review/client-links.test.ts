import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  agencies,
  agents,
  auditEvents,
  clientLinks,
  clientLinkViewers,
  mediaItems,
  submissions,
} from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant, systemFolder, placeInFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp, latestCode, newestOutboxId, uniqueEmail } from '../support/identity';
import { buildCast, buildFolder, buildProject, buildRole, type Cast } from '../support/projects';
import { collect } from '../support/live-events';

let t: TestApp;
let cast: Cast;
let role: { id: string; projectId: string };
let shared: { id: string; applicantId: string }[];
let hidden: { id: string; applicantId: string };
let folderId: string;
let folderRow: { id: string; applicantId: string };

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
  const owner = cast.people.PO.user;
  shared = [
    await buildApplicant(role, owner, { firstName: 'Ana', email: uniqueEmail('ana'), phone: '+15555550101' }),
    await buildApplicant(role, owner, { firstName: 'Ben', email: uniqueEmail('ben') }),
  ];
  hidden = await buildApplicant(role, owner, { firstName: 'Hidden', email: uniqueEmail('hidden') });
  const folder = await buildFolder(role, 'Callbacks');
  folderId = folder.id;
  folderRow = await buildApplicant(role, owner, { firstName: 'Folded' });
  await placeInFolder(folderRow, folderId, cast.project.id);
});
afterAll(() => t.close());

async function createLink(body: Record<string, unknown>, actor: 'PO' | 'PE' | 'SA' = 'PO') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/projects/${cast.project.id}/client-links`,
    headers: cast.headers(actor),
    payload: { title: 'Selects for the producer', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; clientLink: string; link: string; settings: Record<string, boolean> };
}

async function identify(secret: string, name = 'Paula Producer', email = uniqueEmail('producer')) {
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/v2/client-links/${secret}/identify`,
    payload: { name, email },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const { code } = await latestCode(t.app, email);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/client-links/${secret}/verify`,
    payload: { email, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json() as { viewerToken: string; viewer: { id: string; name: string } };
  return { ...session, headers: { 'x-client-viewer': session.viewerToken }, email };
}

const applicantsUrl = (secret: string, projectId = cast.project.id) =>
  `/api/projects/${projectId}/applicants/${secret}`;

describe('client review links', () => {
  it('a link made from a selection shares exactly those candidates, with a secret of at least 128 bits stored hashed', async () => {
    const link = await createLink({
      submissionIds: shared.map((row) => row.id),
      settings: { requireIdentification: false },
    });
    expect(link.clientLink).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(link.link).toMatch(new RegExp(`/client/review-submission/${link.clientLink}$`));
    const { db } = await testDatabase();
    const [row] = await db.select().from(clientLinks).where(eq(clientLinks.id, link.id));
    expect(row!.tokenDigest).not.toContain(link.clientLink);
    expect(JSON.stringify(row)).not.toContain(link.clientLink);

    const res = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((item: { submissionId: string }) => item.submissionId)).toEqual(
      shared.map((row) => row.id),
    );
    expect(body.total).toBe(2);
    // Contact details are hidden by default: neither the field nor the values travel.
    expect(body.items[0].contact).toBeNull();
    expect(res.body).not.toContain('+15555550101');
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toContain(hidden.id);
    expect(body.items[0].teamTally).toBeNull();
    expect(body.items[0].representation).toBeNull();
  });

  it('shows contact details only when the link says so', async () => {
    const link = await createLink({
      submissionIds: [shared[0]!.id],
      settings: { requireIdentification: false, showContactDetails: true, showTeamFeedback: true },
    });
    const res = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(res.json().items[0].contact.phone).toBe('+15555550101');
    expect(res.json().items[0].teamTally).toEqual({ UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 0 });
  });

  it('answers nothing outside the link: other candidates, another project, other folders, a tampered secret', async () => {
    const link = await createLink({
      submissionIds: [shared[0]!.id],
      settings: { requireIdentification: false },
    });
    // A candidate of the same project that the link does not hold.
    const outside = await t.app.inject({
      method: 'GET',
      url: `${applicantsUrl(link.clientLink)}/${hidden.id}`,
    });
    expect(outside.statusCode).toBe(404);
    const inside = await t.app.inject({
      method: 'GET',
      url: `${applicantsUrl(link.clientLink)}/${shared[0]!.id}`,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().firstName).toBe('Ana');
    // The same secret against another project is a 404, as if the link did not exist.
    const other = await buildProject(cast.people.PO.user);
    const cross = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink, other.id) });
    expect(cross.statusCode).toBe(404);
    // A secret with one character changed.
    const last = link.clientLink.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${link.clientLink.slice(0, -1)}${last}`;
    for (const url of [applicantsUrl(tampered), `/api/v2/client-links/${tampered}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    // The folders with clientLink: a link made from a selection lists no folder of the project.
    const folders = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/folders?clientLink=${link.clientLink}`,
    });
    expect(folders.statusCode, folders.body).toBe(200);
    expect(folders.json().items).toEqual([]);
    // Without the secret the folders route is the team's (anonymous: 401).
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/projects/${cast.project.id}/folders` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a link made from a folder holds that folder’s candidates, and its folders answer only that folder', async () => {
    const link = await createLink({ folderIds: [folderId], settings: { requireIdentification: false } });
    const res = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(res.json().items.map((item: { submissionId: string }) => item.submissionId)).toEqual([
      folderRow.id,
    ]);
    const folders = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/folders?clientLink=${link.clientLink}`,
    });
    expect(folders.json().items.map((folder: { id: string }) => folder.id)).toEqual([folderId]);
    // Candidates added to the folder later are not shared: the link is what the team chose when they made it.
    const later = await buildApplicant(role, cast.people.PO.user, { firstName: 'Later' });
    await placeInFolder(later, folderId, cast.project.id);
    const again = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(again.json().total).toBe(1);
  });

  it('a link made from folders of two opportunities shares both, folder by folder; another project’s folder among them refuses the whole link', async () => {
    // Folders of their own: other tests add candidates to the shared ones.
    const firstFolder = await buildFolder(role, 'Director picks');
    const first = await buildApplicant(role, cast.people.PO.user, { firstName: 'First' });
    await placeInFolder(first, firstFolder.id, cast.project.id);
    const secondRole = await buildRole(cast.project);
    const secondFolder = await buildFolder(secondRole, 'Agency picks');
    const mate = await buildApplicant(secondRole, cast.people.PO.user, { firstName: 'Mate' });
    await placeInFolder(mate, secondFolder.id, cast.project.id);
    const link = await createLink({
      folderIds: [secondFolder.id, firstFolder.id],
      settings: { requireIdentification: false },
    });
    const res = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    const items = res.json().items as { submissionId: string; folderId: string; roleId: string }[];
    expect(items.map((item) => [item.submissionId, item.folderId])).toEqual([
      [mate.id, secondFolder.id],
      [first.id, firstFolder.id],
    ]);
    expect(new Set(items.map((item) => item.roleId))).toEqual(new Set([role.id, secondRole.id]));
    const folders = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/folders?clientLink=${link.clientLink}`,
    });
    expect(
      folders
        .json()
        .items.map((folder: { id: string }) => folder.id)
        .sort(),
    ).toEqual([firstFolder.id, secondFolder.id].sort());

    const other = await buildProject(cast.people.PO.user);
    const otherFolder = await systemFolder(await buildRole(other), 'SELECTS');
    const { db } = await testDatabase();
    const before = await db.select({ id: clientLinks.id }).from(clientLinks);
    const mixed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links`,
      headers: cast.headers('PO'),
      payload: { title: 'Mixed folders', folderIds: [firstFolder.id, otherFolder, secondFolder.id] },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details.issues[0].message).toBe('One or more folders are not in this project.');
    expect(await db.select({ id: clientLinks.id }).from(clientLinks)).toHaveLength(before.length);
  });

  it('refuses ids of another project when a link is made', async () => {
    const other = await buildProject(cast.people.PO.user);
    const otherRole = await buildRole(other);
    const stranger = await buildApplicant(otherRole, cast.people.PO.user);
    const otherFolder = await systemFolder(otherRole, 'SELECTS');
    for (const payload of [{ submissionIds: [stranger.id] }, { folderIds: [otherFolder] }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/projects/${cast.project.id}/client-links`,
        headers: cast.headers('PO'),
        payload: { title: 'Mixed', ...payload },
      });
      expect(res.statusCode).toBe(400);
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links`,
      headers: cast.headers('PO'),
      payload: { title: 'Nothing' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('requires identification by default; a named viewer votes and comments, the team sees tally, feedback and view log live', async () => {
    const link = await createLink({ submissionIds: shared.map((row) => row.id) });
    const refused = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('VIEWER_IDENTIFICATION_REQUIRED');

    const portal = await t.app.inject({ method: 'GET', url: `/api/v2/client-links/${link.clientLink}` });
    expect(portal.json()).toMatchObject({
      status: 'ACTIVE',
      title: 'Selects for the producer',
      viewer: null,
    });

    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/v2/client-links/${link.clientLink}/verify`,
      payload: { email: uniqueEmail('nobody'), code: '123456' },
    });
    expect(wrong.statusCode).toBe(400);

    const paula = await identify(link.clientLink, 'Paula Producer');
    const dan = await identify(link.clientLink, 'Dan Director');
    const live = collect(t.context.events, cast.project.id);

    const list = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(link.clientLink),
      headers: paula.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items[0].myFeedback).toEqual({ vote: null, comment: null });

    const visit = await t.app.inject({
      method: 'POST',
      url: `${applicantsUrl(link.clientLink)}/views`,
      headers: paula.headers,
      payload: {},
    });
    const visitId = visit.json().visitId as string;
    await t.app.inject({
      method: 'POST',
      url: `${applicantsUrl(link.clientLink)}/views`,
      headers: paula.headers,
      payload: { visitId, submissionId: shared[0]!.id },
    });

    const vote = async (who: { headers: Record<string, string> }, id: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `${applicantsUrl(link.clientLink)}/${id}/feedback`,
        headers: who.headers,
        payload,
      });
    expect((await vote(paula, shared[0]!.id, { vote: 'YES', comment: 'Great energy' })).statusCode).toBe(200);
    expect((await vote(dan, shared[0]!.id, { vote: 'MAYBE' })).statusCode).toBe(200);
    expect((await vote(paula, shared[0]!.id, { vote: 'NO' })).json()).toEqual({
      vote: 'NO',
      comment: 'Great energy',
    });
    // Feedback on a candidate outside the link, and without a viewer session, is refused.
    expect((await vote(paula, hidden.id, { vote: 'YES' })).statusCode).toBe(404);
    expect((await vote({ headers: {} }, shared[0]!.id, { vote: 'YES' })).statusCode).toBe(401);
    expect(
      (await vote({ headers: { 'x-client-viewer': 'x'.repeat(24) } }, shared[0]!.id, { vote: 'YES' }))
        .statusCode,
    ).toBe(401);

    await expect
      .poll(() => live.received.filter((event) => event.event === 'CLIENT_FEEDBACK_UPDATED').length, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(3);
    live.stop();

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}`,
      headers: cast.headers('PE'),
    });
    expect(report.statusCode, report.body).toBe(200);
    const first = report.json().candidates[0];
    expect(first.tally).toEqual({ YES: 0, NO: 1, MAYBE: 1 });
    expect(
      first.feedback.map((entry: { viewerName: string; vote: string; comment: string | null }) => [
        entry.viewerName,
        entry.vote,
        entry.comment,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Paula Producer', 'NO', 'Great energy'],
        ['Dan Director', 'MAYBE', null],
      ]),
    );
    expect(report.json().candidates[1].tally).toEqual({ YES: 0, NO: 0, MAYBE: 0 });
    const views = report.json().views;
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ viewerName: 'Paula Producer', seen: 1, total: 2 });
    expect(report.json().link.viewerCount).toBe(2);
  });

  it('revocation and expiry are effective at once; extending brings an expired link back', async () => {
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const viewer = await identify(link.clientLink);
    const ok = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(link.clientLink),
      headers: viewer.headers,
    });
    expect(ok.statusCode).toBe(200);

    // Expire it (as time passing would), then extend it.
    const { db } = await testDatabase();
    await db
      .update(clientLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientLinks.id, link.id));
    const expired = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(link.clientLink),
      headers: viewer.headers,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('CLIENT_LINK_EXPIRED');
    const portal = await t.app.inject({ method: 'GET', url: `/api/v2/client-links/${link.clientLink}` });
    expect(portal.json()).toMatchObject({ status: 'EXPIRED', title: null, projectId: null });

    const future = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const extended = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}`,
      headers: cast.headers('PE'),
      payload: { expiresAt: future },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().status).toBe('ACTIVE');
    const back = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(link.clientLink),
      headers: viewer.headers,
    });
    expect(back.statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}`,
      headers: cast.headers('PO'),
      payload: { revoked: true },
    });
    expect(revoked.json().status).toBe('REVOKED');
    // The revocation is in the audit log, with who did it and to which link.
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client-link.update'), eq(auditEvents.targetId, link.id)));
    expect(audited.map((row) => [row.actorUserId, row.details.revoked])).toContainEqual([
      cast.people.PO.user.id,
      true,
    ]);
    for (const [method, url] of [
      ['GET', applicantsUrl(link.clientLink)],
      ['GET', `${applicantsUrl(link.clientLink)}/${shared[0]!.id}`],
      ['PUT', `${applicantsUrl(link.clientLink)}/${shared[0]!.id}/feedback`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: viewer.headers, payload: { vote: 'YES' } });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({
        url,
        status: 410,
        code: 'CLIENT_LINK_REVOKED',
      });
    }
    const identifyAgain = await t.app.inject({
      method: 'POST',
      url: `/api/v2/client-links/${link.clientLink}/identify`,
      payload: { name: 'Late', email: uniqueEmail('late') },
    });
    expect(identifyAgain.statusCode).toBe(410);
  });

  it('lists the project’s links newest first with keyset paging', async () => {
    const a = await createLink({ submissionIds: [shared[0]!.id], title: 'Paging A' });
    const b = await createLink({ submissionIds: [shared[0]!.id], title: 'Paging B' });
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/client-links?limit=1`,
      headers: cast.headers('PO'),
    });
    expect(first.json().items[0].id).toBe(b.id);
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/client-links?limit=1&cursor=${first.json().nextCursor}`,
      headers: cast.headers('PO'),
    });
    expect(second.json().items[0].id).toBe(a.id);
    expect(JSON.stringify(first.json())).not.toContain(b.clientLink);
  });
});

describe('what a link shares', () => {
  let mia: { id: string; applicantId: string };
  let teamPhotoRow: { id: string; applicantId: string };
  const media: Record<string, string> = {};

  async function addMedia(
    applicantId: string,
    name: string,
    values: Partial<typeof mediaItems.$inferInsert>,
  ): Promise<string> {
    const { db } = await testDatabase();
    const key = `PM/ApplicantMedia/${cast.project.id}/${randomUUID()}`;
    // PROCESSED items carry their converted copies: link viewers without downloads are given only those.
    const converted =
      values.kind === 'video'
        ? { mp4Key: `${key}.mp4`, posterKey: `${key}.poster.webp` }
        : values.kind === 'document'
          ? {}
          : { thumbnailKey: `${key}.thumb.webp`, displayKey: `${key}.display.webp` };
    const [row] = await db
      .insert(mediaItems)
      .values({
        projectId: cast.project.id,
        applicantId,
        kind: 'image',
        originalKey: key,
        name,
        contentType: 'image/jpeg',
        size: 10,
        status: 'PROCESSED',
        ...converted,
        ...values,
      })
      .returning();
    return row!.id;
  }

  beforeAll(async () => {
    mia = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Mia',
      email: uniqueEmail('mia'),
      phone: '+15555550199',
    });
    media.primary = await addMedia(mia.applicantId, 'headshot.jpg', { isPrimaryPhoto: true });
    media.photo = await addMedia(mia.applicantId, 'full-length.jpg', {});
    media.teamPhoto = await addMedia(mia.applicantId, 'team-only.jpg', { visibility: 'TEAM' });
    const video = { kind: 'video' as const, contentType: 'video/mp4' };
    media.video = await addMedia(mia.applicantId, 'self-tape.mp4', video);
    media.teamVideo = await addMedia(mia.applicantId, 'team-tape.mp4', { ...video, visibility: 'TEAM' });
    const document = { kind: 'document' as const, contentType: 'application/pdf' };
    media.document = await addMedia(mia.applicantId, 'resume.pdf', document);
    media.teamDocument = await addMedia(mia.applicantId, 'notes.pdf', { ...document, visibility: 'TEAM' });
    // A candidate whose only photo, the primary one, is for the team only.
    teamPhotoRow = await buildApplicant(role, cast.people.PO.user, { firstName: 'Tess' });
    media.teamPrimary = await addMedia(teamPhotoRow.applicantId, 'team-headshot.jpg', {
      isPrimaryPhoto: true,
      visibility: 'TEAM',
    });
    // Submitted by an agent, and up-voted by the team.
    const { db } = await testDatabase();
    const [agency] = await db
      .insert(agencies)
      .values({ name: 'Shared Agency', searchText: 'shared agency' })
      .returning();
    const [agent] = await db
      .insert(agents)
      .values({
        agencyId: agency!.id,
        firstName: 'Rhea',
        lastName: 'Rep',
        email: uniqueEmail('rhea'),
        searchText: 'rhea rep',
      })
      .returning();
    await db.update(submissions).set({ referringAgentId: agent!.id }).where(eq(submissions.id, mia.id));
    const voted = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${cast.project.id}/applicants/votes`,
      headers: cast.headers('PO'),
      payload: { applicantIds: [mia.id], vote: 'UP_VOTE' },
    });
    expect(voted.statusCode, voted.body).toBe(200);
  });

  async function seen(settings: Record<string, boolean>) {
    const link = await createLink({
      submissionIds: [mia.id, teamPhotoRow.id],
      settings: { requireIdentification: false, ...settings },
    });
    const list = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(list.statusCode, list.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `${applicantsUrl(link.clientLink)}/${mia.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `${applicantsUrl(link.clientLink)}/${teamPhotoRow.id}`,
    });
    expect(other.statusCode, other.body).toBe(200);
    const mediaIds = (detail.json().media as { id: string }[]).map((item) => item.id);
    return { list, detail, other, mediaIds, bodies: [list.body, detail.body, other.body].join('\n') };
  }

  const teamOnly = () => [media.teamPhoto!, media.teamVideo!, media.teamDocument!, media.teamPrimary!];

  it('by default: photos and videos shared with everyone, never TEAM-only media, no documents, contact, representation or team feedback', async () => {
    const { list, detail, other, mediaIds, bodies } = await seen({});
    expect(mediaIds.sort()).toEqual([media.primary!, media.photo!, media.video!].sort());
    for (const id of teamOnly()) expect(bodies).not.toContain(id);
    expect(bodies).not.toContain('team-only.jpg');
    expect(bodies).not.toContain('notes.pdf');
    expect(bodies).not.toContain('resume.pdf');
    const [first, second] = list.json().items;
    expect(first.primaryPhotoUrl).toEqual(expect.any(String));
    // The TEAM-only primary photo is not the card's photo, in the list or the detail.
    expect(second.primaryPhotoUrl).toBeNull();
    expect(other.json().primaryPhotoUrl).toBeNull();
    expect(other.json().media).toEqual([]);
    for (const item of [first, detail.json()]) {
      expect(item).toMatchObject({ contact: null, representation: null, teamTally: null });
    }
    expect(bodies).not.toContain('+15555550199');
    expect(bodies).not.toContain('Rhea');
    expect(bodies).not.toContain('Shared Agency');
    // Downloads are off by default.
    expect(
      detail.json().media.every((item: { downloadUrl: string | null }) => item.downloadUrl === null),
    ).toBe(true);
  });

  it('each media switch shares exactly its kind (documents on, photos and videos off)', async () => {
    const documentsOnly = await seen({ showPhotos: false, showVideos: false, showDocuments: true });
    expect(documentsOnly.mediaIds).toEqual([media.document!]);
    expect(documentsOnly.list.json().items[0].primaryPhotoUrl).toBeNull();
    expect(documentsOnly.detail.json().primaryPhotoUrl).toBeNull();
    for (const id of teamOnly()) expect(documentsOnly.bodies).not.toContain(id);

    const videosOnly = await seen({ showPhotos: false });
    expect(videosOnly.mediaIds).toEqual([media.video!]);
    const photosOnly = await seen({ showVideos: false });
    expect(photosOnly.mediaIds.sort()).toEqual([media.primary!, media.photo!].sort());
  });

  it('contact details, representation and team feedback appear only when switched on, each on its own', async () => {
    const contact = await seen({ showContactDetails: true });
    for (const item of [contact.list.json().items[0], contact.detail.json()]) {
      expect(item.contact).toEqual({ email: expect.stringContaining('mia'), phone: '+15555550199' });
      expect(item).toMatchObject({ representation: null, teamTally: null });
    }

    const representation = await seen({ showRepresentation: true });
    for (const item of [representation.list.json().items[0], representation.detail.json()]) {
      expect(item.representation).toEqual({ agentName: 'Rhea Rep', agencyName: 'Shared Agency' });
      expect(item).toMatchObject({ contact: null, teamTally: null });
    }
    expect(representation.bodies).not.toContain('+15555550199');

    const feedback = await seen({ showTeamFeedback: true });
    for (const item of [feedback.list.json().items[0], feedback.detail.json()]) {
      expect(item.teamTally).toEqual({ UP_VOTE: 1, DOWN_VOTE: 0, MAYBE: 0 });
      expect(item).toMatchObject({ contact: null, representation: null });
    }
    // The team's votes are counted, never named.
    expect(feedback.bodies).not.toContain(cast.people.PO.user.id);
  });
});

describe('viewer identification', () => {
  async function askCode(secret: string, email: string) {
    // A second code waits for its own mail, not the first one's.
    const after = await newestOutboxId(t.app, email);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/client-links/${secret}/identify`,
      payload: { name: 'Vera Viewer', email },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    return (await latestCode(t.app, email, { after })).code;
  }
  const verify = (secret: string, email: string, code: string) =>
    t.app.inject({ method: 'POST', url: `/api/v2/client-links/${secret}/verify`, payload: { email, code } });
  const outcome = (res: { statusCode: number; json: () => { code?: string } }) => ({
    status: res.statusCode,
    code: res.statusCode >= 400 ? res.json().code : undefined,
  });
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a code past its 15 minutes is void; asking again sends a new one that works', async () => {
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const email = uniqueEmail('late-viewer');
    const code = await askCode(link.clientLink, email);
    const { db } = await testDatabase();
    await db
      .update(clientLinkViewers)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(clientLinkViewers.linkId, link.id), eq(clientLinkViewers.email, email)));
    expect(outcome(await verify(link.clientLink, email, code))).toEqual({
      status: 400,
      code: 'CODE_EXPIRED',
    });

    const fresh = await askCode(link.clientLink, email);
    const ok = await verify(link.clientLink, email, fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    // Single use: the same code again is refused.
    expect(outcome(await verify(link.clientLink, email, fresh))).toEqual({
      status: 400,
      code: 'INVALID_CODE',
    });
  });

  it('after 5 wrong tries the code is void, even the right one; a new code works', async () => {
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const email = uniqueEmail('guesser');
    const code = await askCode(link.clientLink, email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(outcome(await verify(link.clientLink, email, wrongOf(code)))).toEqual({
        status: 400,
        code: 'INVALID_CODE',
      });
    }
    expect(outcome(await verify(link.clientLink, email, code))).toEqual({
      status: 400,
      code: 'CODE_EXPIRED',
    });
    const fresh = await askCode(link.clientLink, email);
    expect((await verify(link.clientLink, email, fresh)).statusCode).toBe(200);
  });

  it('guesses sent at the same time get no more than 5 tries between them', async () => {
    // Shows the race on real PostgreSQL (TEST_DATABASE_URL), where the guesses run on parallel connections; PGlite
    // runs one query at a time, so there it checks the count only.
    const link = await createLink({ submissionIds: [shared[0]!.id] });
    const email = uniqueEmail('burst');
    const code = await askCode(link.clientLink, email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        verify(link.clientLink, email, String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0')),
      ),
    );
    const codes = guesses.map((res) => outcome(res).code).sort();
    expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(5);
    expect(codes.filter((c) => c === 'CODE_EXPIRED')).toHaveLength(7);
    expect(outcome(await verify(link.clientLink, email, code))).toEqual({
      status: 400,
      code: 'CODE_EXPIRED',
    });
    const { db } = await testDatabase();
    const [row] = await db
      .select()
      .from(clientLinkViewers)
      .where(and(eq(clientLinkViewers.linkId, link.id), eq(clientLinkViewers.email, email)));
    expect(row!.codeAttempts).toBe(5);
    expect(row!.sessionDigest).toBeNull();
  });

  it('a viewer session of one link is refused on another link, even of the same project', async () => {
    const linkA = await createLink({ submissionIds: [shared[0]!.id], title: 'Link A' });
    const linkB = await createLink({ submissionIds: [shared[0]!.id], title: 'Link B' });
    const openB = await createLink({
      submissionIds: [shared[0]!.id],
      title: 'Open B',
      settings: { requireIdentification: false },
    });
    const viewer = await identify(linkA.clientLink, 'Anna of A');
    const onA = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(linkA.clientLink),
      headers: viewer.headers,
    });
    expect(onA.statusCode, onA.body).toBe(200);

    // B requires identification: A's session is no one there.
    for (const url of [
      applicantsUrl(linkB.clientLink),
      `${applicantsUrl(linkB.clientLink)}/${shared[0]!.id}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: viewer.headers });
      expect({ url, ...outcome(res) }).toEqual({ url, status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' });
    }
    const portalB = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client-links/${linkB.clientLink}`,
      headers: viewer.headers,
    });
    expect(portalB.json()).toMatchObject({ status: 'ACTIVE', title: 'Link B', viewer: null });
    // An open link shows its candidates, but A's session cannot vote there, and nothing is recorded.
    const list = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(openB.clientLink),
      headers: viewer.headers,
    });
    expect(list.json().items[0].myFeedback).toBeNull();
    const vote = await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(openB.clientLink)}/${shared[0]!.id}/feedback`,
      headers: viewer.headers,
      payload: { vote: 'YES' },
    });
    expect(outcome(vote)).toEqual({ status: 401, code: 'VIEWER_IDENTIFICATION_REQUIRED' });
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/client-links/${openB.id}`,
      headers: cast.headers('PO'),
    });
    expect(report.json().candidates[0].feedback).toEqual([]);
  });
});

describe('export', () => {
  async function mailTo(to: string, subjectStart: string) {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`,
      });
      const found = (res.json().items as { subject: string; text: string }[]).find((item) =>
        item.subject.startsWith(subjectStart),
      );
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no "${subjectStart}" mail to ${to}`);
  }

  async function download(url: string): Promise<Buffer> {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const first = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode, first.body).toBe(302);
    const file = await t.app.inject({
      method: 'GET',
      url: first.headers.location!.replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  }

  it('mails a CSV and a PDF presentation holding every viewer’s feedback', async () => {
    const link = await createLink({ submissionIds: shared.map((row) => row.id), title: 'Export me' });
    const viewer = await identify(link.clientLink, 'Erin Exec');
    await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(link.clientLink)}/${shared[1]!.id}/feedback`,
      headers: viewer.headers,
      payload: { vote: 'YES', comment: 'Book "her", now' },
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}/export`,
      headers: cast.headers('PE'),
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await mailTo(cast.people.PE.user.email, 'Client feedback export');
    const csvUrl = /Spreadsheet \(CSV\): (\S+)/.exec(mail.text)![1]!;
    const pdfUrl = /Presentation \(PDF\): (\S+)/.exec(mail.text)![1]!;
    const csv = (await download(csvUrl)).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '"Candidate","Opportunity","Viewer","Vote","Comment","Yes","No","Maybe","Updated at"',
    );
    expect(csv).toContain('"Erin Exec","YES","Book ""her"", now","1","0","0"');
    expect(csv).toContain('"Ana ');
    const pdf = await download(pdfUrl);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const mupdf = await import('mupdf');
    const document = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(document.countPages()).toBe(3);
    const text = [0, 1, 2]
      .map((n) => document.loadPage(n).toStructuredText('preserve-whitespace').asText())
      .join('\n');
    expect(text).toContain('Export me');
    expect(text).toContain('Erin Exec: YES');
    expect(text).toContain('Book "her", now');
    // A tampered token is a 404. (Its first character is changed to another: one token in 64 starts with a Z.)
    const tampered = await t.app.inject({
      method: 'GET',
      url: csvUrl
        .replace(/^https?:\/\/[^/]+/, '')
        .replace(/token=(.)/, (_match, first: string) => `token=${first === 'Z' ? 'Y' : 'Z'}`),
    });
    expect(tampered.statusCode).toBe(404);
  });
});
