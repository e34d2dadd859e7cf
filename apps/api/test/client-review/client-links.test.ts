import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clientLinks } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant, systemFolder, placeInFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { uniqueEmail } from '../support/identity';
import { buildFolder, buildProject, buildRole, type Cast } from '../support/projects';
import { collect } from '../support/live-events';
import { buildLinkFixture, linkCalls, type LinkFixture } from './client-link-fixture';

// Client review links through the API: what a link made from a selection, a folder or folders of two opportunities
// shares and refuses, votes and comments seen live by the team, revocation, expiry and the list of links.
let t: TestApp;
let cast: Cast;
let role: LinkFixture['role'];
let shared: LinkFixture['shared'];
let hidden: LinkFixture['hidden'];
let folderId: string;
let folderRow: LinkFixture['folderRow'];
const { createLink, identify, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, role, shared, hidden, folderId, folderRow } = await buildLinkFixture());
});
afterAll(() => t.close());

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
