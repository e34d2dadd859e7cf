import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELFIE_ASK_AGAIN_HOURS, SELFIE_MESSAGES, type Role } from '@casting/domain';
import { createUploadGrant, linkGrantHolder } from '../../src/modules/media';
import { authRateLimits, mediaItems, selfieRequests, storagePurges } from '../../src/platform/db/schema';
import { linkCalls } from '../client-review/client-link-fixture';
import { selectRows } from '../jobs/support';
import { queuedMailsTo } from '../links/helpers';
import { UploadClient } from '../media/client';
import { pdf, png } from '../media/files';
import { buildMediaApp, type MediaApp } from '../media/support';
import { buildApplicant } from '../support/candidates';
import { buildProject, buildRole, type ActorName } from '../support/projects';
import { selfieCandidate } from '../projects/route-table-selfie';

// The candidate selfie: the team asks (a mail with the talent's private link, counted in the candidate-mail
// allowance), the talent sends a photo from their private page, a new one replaces the old, the team removes it; a
// talent submitter only where their submitter folder allows it.
let t: MediaApp;
let role: Role;

beforeAll(async () => {
  t = await buildMediaApp();
  role = await buildRole(t.cast.project);
}, 60_000);
afterAll(() => t.close());

const fixture = () => ({ cast: t.cast, role });
const base = () => `/api/projects/${t.cast.project.id}/candidates`;
const ask = (applicantId: string, actor: ActorName = 'PO') =>
  t.app.inject({
    method: 'POST',
    url: `${base()}/${applicantId}/selfie/request`,
    headers: t.cast.headers(actor),
  });
const read = (applicantId: string, actor: ActorName = 'PO') =>
  t.app.inject({ method: 'GET', url: `${base()}/${applicantId}/selfie`, headers: t.cast.headers(actor) });
const remove = (applicantId: string, actor: ActorName = 'PO') =>
  t.app.inject({ method: 'DELETE', url: `${base()}/${applicantId}/selfie`, headers: t.cast.headers(actor) });
const privatePage = (applicantId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v2/applicants/${applicantId}/standalone/selfie?token=${token}` });
const send = (applicantId: string, accessToken: string, key: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v2/applicants/${applicantId}/standalone/selfie`,
    payload: { accessToken, key },
  });

async function emailOf(applicantId: string) {
  const rows = await selectRows<{ email: string }>(
    t.ownerDb,
    sql`select email from applicants where id = ${applicantId}`,
  );
  return rows[0]!.email;
}

/** Asks as PO and answers the private link's token the queued mail carries. */
async function askAndReadToken(applicantId: string) {
  expect((await ask(applicantId)).statusCode).toBe(201);
  const [mail] = await queuedMailsTo(await emailOf(applicantId));
  const token = new RegExp(`/submission/${applicantId}\\?token=([A-Za-z0-9_-]+)#selfie`).exec(
    mail!.text,
  )?.[1];
  expect(token).toBeDefined();
  return token!;
}

/** Uploads a file under the private page's grant, as its selfie section does; answers the upload's key. */
async function upload(grant: string, name: string, bytes: Buffer, type: string) {
  const res = await new UploadClient(t.origin, { 'x-upload-grant': grant }).single(
    { uploadGrant: grant },
    name,
    bytes,
    type,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The grant names no applicant: the photo waits until the page makes it the selfie.
  expect(res.body.mediaId).toBeNull();
  return res.body.Key as string;
}

const selfieRows = (applicantId: string) =>
  t.ownerDb
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.applicantId, applicantId), eq(mediaItems.isSelfie, true)));

describe('asking for a selfie', () => {
  it('records who asked and when, mails the talent their private link, counts one e-mail, and refuses asking again soon', async () => {
    const { applicantId } = await selfieCandidate(fixture());
    const counter = `candidate-mail:account:${t.cast.people.PO.user.id}`;
    const hits = async () =>
      (await t.ownerDb.select().from(authRateLimits).where(eq(authRateLimits.key, counter)))[0]?.hits ?? 0;
    const before = await hits();

    const res = await ask(applicantId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      selfie: null,
      request: { requestedAt: expect.any(String), requestedBy: expect.stringContaining(' ') },
    });
    expect(await hits()).toBe(before + 1);
    const [row] = await t.ownerDb
      .select()
      .from(selfieRequests)
      .where(eq(selfieRequests.applicantId, applicantId));
    expect(row).toMatchObject({ requestedById: t.cast.people.PO.user.id, answeredAt: null });
    const [mail] = await queuedMailsTo(await emailOf(applicantId));
    expect(mail!.subject).toBe(`A selfie for ${t.cast.project.name}`);
    expect(mail!.text).toContain(`/submission/${applicantId}?token=`);
    expect((await read(applicantId)).json().request.requestedAt).toBe(res.json().request.requestedAt);

    const again = await ask(applicantId, 'PE');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: SELFIE_MESSAGES.askedRecently(SELFIE_ASK_AGAIN_HOURS),
    });
    expect(await queuedMailsTo(await emailOf(applicantId))).toHaveLength(1);
    expect(await hits()).toBe(before + 1);

    // Past the window, asking again renews the open request and mails again.
    await t.ownerDb
      .update(selfieRequests)
      .set({ createdAt: new Date(Date.now() - (SELFIE_ASK_AGAIN_HOURS + 1) * 3_600_000) })
      .where(eq(selfieRequests.applicantId, applicantId));
    expect((await ask(applicantId, 'PE')).statusCode).toBe(201);
    expect(await queuedMailsTo(await emailOf(applicantId))).toHaveLength(2);
    const rows = await t.ownerDb
      .select()
      .from(selfieRequests)
      .where(eq(selfieRequests.applicantId, applicantId));
    expect(rows).toMatchObject([{ requestedById: t.cast.people.PE.user.id, answeredAt: null }]);
  });

  it('refuses a candidate without an e-mail address, and one of another project, writing nothing', async () => {
    const { applicantId } = await buildApplicant(role, t.cast.people.PO.user, {
      firstName: 'No',
      lastName: 'Mail',
    });
    const res = await ask(applicantId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SELFIE_MESSAGES.noEmail);
    const elsewhere = await buildProject(t.cast.people.PO.user);
    const other = await buildApplicant(await buildRole(elsewhere), t.cast.people.PO.user, {
      email: 'elsewhere-selfie@example.com',
    });
    expect((await ask(other.applicantId)).statusCode).toBe(404);
    expect((await read(other.applicantId)).statusCode).toBe(404);
    const rows = await t.ownerDb
      .select()
      .from(selfieRequests)
      .where(eq(selfieRequests.applicantId, applicantId));
    expect(rows).toEqual([]);
  });
});

describe('the talent sends a selfie from their private page', () => {
  it('shows the request, takes a photo, answers the request, and a new one replaces the old', async () => {
    const { applicantId } = await selfieCandidate(fixture());
    const token = await askAndReadToken(applicantId);
    const page = await privatePage(applicantId, token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      selfie: null,
      requestedAt: expect.any(String),
      uploadGrant: expect.any(String),
    });
    const grant = page.json().uploadGrant as string;

    const first = await send(applicantId, token, await upload(grant, 'me.png', await png(), 'image/png'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      requestedAt: null,
      selfie: { status: 'PENDING', takenAt: expect.any(String) },
    });
    const [item] = await selfieRows(applicantId);
    // Processed like any photo (thumbnail, display version), and never chosen as the primary photo.
    expect(item).toMatchObject({ kind: 'image', isPrimaryPhoto: false, name: 'me.png' });
    const jobs = await selectRows<{ id: string }>(
      t.ownerDb,
      sql`select id from pgboss.job where name = 'media-process' and data->>'mediaId' = ${item!.id}`,
    );
    expect(jobs).toHaveLength(1);
    const team = (await read(applicantId)).json();
    expect(team).toMatchObject({ selfie: { id: item!.id }, request: null });
    const [request] = await t.ownerDb
      .select()
      .from(selfieRequests)
      .where(eq(selfieRequests.applicantId, applicantId));
    expect(request).toMatchObject({ mediaId: item!.id, answeredAt: expect.any(Date) });
    const media = await t.app.inject({
      method: 'GET',
      url: `/api/applicants/${applicantId}/media?projectId=${t.cast.project.id}`,
      headers: t.cast.headers('PO'),
    });
    expect(media.json().items).toMatchObject([{ id: item!.id, isSelfie: true, isPrimaryPhoto: false }]);

    // The candidates list marks the row, not a candidate without a selfie.
    const plain = await selfieCandidate(fixture());
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${t.cast.project.id}/applicants?roleId=${role.id}`,
      headers: t.cast.headers('PE'),
    });
    const marked = new Map(
      (list.json().items as { applicantId: string; hasSelfie: boolean }[]).map((row) => [
        row.applicantId,
        row.hasSelfie,
      ]),
    );
    expect([marked.get(applicantId), marked.get(plain.applicantId)]).toEqual([true, false]);

    const second = await send(
      applicantId,
      token,
      await upload(grant, 'now.png', await png(20, 20), 'image/png'),
    );
    expect(second.statusCode).toBe(200);
    const rows = await selfieRows(applicantId);
    expect(rows.map((row) => row.name)).toEqual(['now.png']);
    // The previous selfie is gone with its files.
    const gone = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, item!.id));
    expect(gone).toEqual([]);
    const purges = await t.ownerDb
      .select()
      .from(storagePurges)
      .where(eq(storagePurges.objectKey, item!.originalKey));
    expect(purges).toHaveLength(1);
  });

  it('refuses a file that is not a photo, an upload of another page, and a wrong token', async () => {
    const { applicantId } = await selfieCandidate(fixture());
    const token = await askAndReadToken(applicantId);
    const grant = (await privatePage(applicantId, token)).json().uploadGrant as string;

    const document = await send(applicantId, token, await upload(grant, 'cv.pdf', pdf(), 'application/pdf'));
    expect(document.statusCode).toBe(400);
    expect(document.json().message).toBe(SELFIE_MESSAGES.onlyPhotos);

    const applyGrant = createUploadGrant(t.context.config, {
      projectId: t.cast.project.id,
      holder: linkGrantHolder('some-link'),
    });
    const foreign = await send(
      applicantId,
      token,
      await upload(applyGrant, 'a.png', await png(), 'image/png'),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(SELFIE_MESSAGES.uploadNotFound);

    const key = await upload(grant, 'b.png', await png(), 'image/png');
    expect((await send(applicantId, 'A'.repeat(32), key)).statusCode).toBe(404);
    expect((await privatePage(applicantId, 'A'.repeat(32))).statusCode).toBe(404);
    expect(await selfieRows(applicantId)).toEqual([]);
  });
});

describe('removing a selfie', () => {
  it('deletes the photo and its files; a second removal is 404', async () => {
    const { applicantId } = await selfieCandidate(fixture());
    const token = await askAndReadToken(applicantId);
    const grant = (await privatePage(applicantId, token)).json().uploadGrant as string;
    await send(applicantId, token, await upload(grant, 'me.png', await png(), 'image/png'));
    const [item] = await selfieRows(applicantId);

    const res = await remove(applicantId, 'TE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ selfie: null, request: null });
    expect(await selfieRows(applicantId)).toEqual([]);
    const purges = await t.ownerDb
      .select()
      .from(storagePurges)
      .where(eq(storagePurges.objectKey, item!.originalKey));
    expect(purges).toHaveLength(1);
    const again = await remove(applicantId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SELFIE_MESSAGES.noSelfie);
  });
});

describe('a talent submitter', () => {
  it('asks and removes only where their submitter folder allows MANAGE_SELFIE, reads where they reach the candidate', async () => {
    const hidden = await selfieCandidate(fixture(), 'TS_HIDDEN');
    expect((await ask(hidden.applicantId, 'TS')).statusCode).toBe(201);

    const allSubmissions = await selfieCandidate(fixture(), 'TS_ALL_SUBMISSIONS');
    const refused = await ask(allSubmissions.applicantId, 'TS');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    expect((await remove(allSubmissions.applicantId, 'TS')).statusCode).toBe(403);
    expect((await read(allSubmissions.applicantId, 'TS')).statusCode).toBe(200);

    // Outside the submitter folders the candidate is unknown to them, as an id that does not exist.
    const outside = await buildApplicant(role, t.cast.people.PO.user, {
      email: 'outside-selfie@example.com',
    });
    expect((await ask(outside.applicantId, 'TS')).statusCode).toBe(404);
    expect((await read(outside.applicantId, 'TS')).statusCode).toBe(404);
  });
});

describe('client review links', () => {
  it('share the selfie, marked as the selfie, when they share photos', async () => {
    const row = await selfieCandidate(fixture());
    const key = `PM/RoleSideDocuments/${t.cast.project.id}/${randomUUID()}`;
    const [selfie] = await t.ownerDb
      .insert(mediaItems)
      .values({
        projectId: t.cast.project.id,
        applicantId: row.applicantId,
        kind: 'image',
        originalKey: key,
        displayKey: `${key}.display.webp`,
        thumbnailKey: `${key}.thumb.webp`,
        name: 'selfie.jpg',
        contentType: 'image/jpeg',
        size: 10,
        status: 'PROCESSED',
        isSelfie: true,
      })
      .returning();
    const { createLink, applicantsUrl } = linkCalls(() => ({ t, cast: t.cast }));
    const media = async (settings: Record<string, boolean>) => {
      const link = await createLink({
        submissionIds: [row.id],
        settings: { requireIdentification: false, ...settings },
      });
      const res = await t.app.inject({ method: 'GET', url: `${applicantsUrl(link.clientLink)}/${row.id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().media;
    };
    expect(await media({})).toMatchObject([{ id: selfie!.id, isSelfie: true, isPrimaryPhoto: false }]);
    expect(await media({ showPhotos: false })).toEqual([]);
  });
});
