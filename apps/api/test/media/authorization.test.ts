import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_MESSAGES, MEDIA_MESSAGES } from '@casting/domain';
import { buildZip } from '../../src/modules/media/downloads';
import { downloadBundles, mediaItems } from '../../src/platform/db/schema';
import { COPY_MOVE_ROUTES } from '../projects/route-table-candidates';
import { LINK_OTHER_ROUTES, LINK_PROJECT_ROUTES } from '../projects/route-table-links';
import { ACTORS, addMember, signedInUser, type ActorName } from '../support/projects';
import { buildMediaApp, type MediaApp } from './support';

/**
 * Every media route as every actor. Written out by hand from the product's permission table:
 * uploading and candidate media actions are for all five project roles (SA PO PE TE TS), media visibility for
 * SA PO PE TE, reading and downloads for any member. Upload calls also admit an apply page's grant (uploads.test.ts).
 */
const MEMBERS: ActorName[] = ['SA', 'PO', 'PE', 'TE', 'TS'];
const REVIEWERS: ActorName[] = ['SA', 'PO', 'PE', 'TE'];

interface Outcome {
  status: number;
  code?: string;
}

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  /** The allowed actors and the status they get (the call may still refuse for its own reasons, e.g. 400). */
  allowed: ActorName[];
  ok: number;
  /** A signed-in non-member's answer when it is not PROJECT_ACCESS_DENIED. */
  nonMember?: Outcome;
  /** Anonymous and talent answers when they differ from 401 / 403 TALENT_NOT_ALLOWED. */
  anonymous?: Outcome;
  talent?: Outcome;
  /** The call `actor` makes (an upload to continue is started by that actor when it may start one). */
  request(actor: ActorName): Promise<{ url: string; payload?: object }>;
}

let t: MediaApp;
let applicantId: string;
let projectId: string;
const po = () => t.cast.headers('PO');

beforeAll(async () => {
  t = await buildMediaApp();
  projectId = t.cast.project.id;
  applicantId = (await t.applicant()).applicantId;
}, 60_000);
afterAll(() => t.close());

async function item(values: Partial<typeof mediaItems.$inferInsert> = {}) {
  const [row] = await t.context.database.db
    .insert(mediaItems)
    .values({
      projectId,
      applicantId,
      kind: 'image',
      originalKey: `PM/RoleSideDocuments/${projectId}/${randomUUID()}`,
      name: 'photo.jpg',
      contentType: 'image/jpeg',
      size: 10,
      ...values,
    })
    .returning();
  return row!;
}

async function api(method: string, url: string, headers: Record<string, string>, payload?: object) {
  const res = await t.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload } : {}) });
  return res;
}

/** Uploads are continued only by whoever started them: a member starts their own, anyone else tries PO's. */
const starter = (actor: ActorName) => (MEMBERS.includes(actor) ? t.cast.headers(actor) : po());

async function openMultipart(actor: ActorName) {
  const res = await api('POST', '/api/media-management/multipart/start', starter(actor), {
    projectId,
    applicantId,
    fileName: 'tape.mp4',
    contentType: 'video/mp4',
    size: 6 * 1024 * 1024,
  });
  return res.json() as { UploadId: string; Key: string };
}

async function bundle() {
  const res = await api('POST', '/api/applicants/download-zip', po(), {
    projectId,
    applicantIds: [applicantId],
  });
  return (res.json() as { id: string }).id;
}

const single = { fileKey: 'a.png', contentType: 'image/png', size: 100 };

const CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/media-management/get-signed-url',
    allowed: MEMBERS,
    ok: 200,
    request: async () => ({
      url: '/api/media-management/get-signed-url',
      payload: { projectId, applicantId, imagesParams: [single] },
    }),
  },
  {
    method: 'POST',
    route: '/api/media-management/upload-complete',
    allowed: MEMBERS,
    // Access passes; nothing was PUT, so the call itself refuses.
    ok: 400,
    request: async (actor) => {
      const res = await api('POST', '/api/media-management/get-signed-url', starter(actor), {
        projectId,
        applicantId,
        imagesParams: [single],
      });
      return { url: '/api/media-management/upload-complete', payload: { Key: res.json().urls[0].key } };
    },
  },
  {
    method: 'POST',
    route: '/api/media-management/multipart/start',
    allowed: MEMBERS,
    ok: 200,
    request: async () => ({
      url: '/api/media-management/multipart/start',
      payload: { projectId, applicantId, fileName: 'a.mp4', contentType: 'video/mp4', size: 20_000_000 },
    }),
  },
  {
    method: 'POST',
    route: '/api/media-management/multipart/get-signed-urls',
    allowed: MEMBERS,
    ok: 200,
    request: async (actor) => ({
      url: '/api/media-management/multipart/get-signed-urls',
      payload: { ...(await openMultipart(actor)), ChunksNumber: 2 },
    }),
  },
  {
    method: 'POST',
    route: '/api/media-management/multipart/list-parts',
    allowed: MEMBERS,
    ok: 200,
    request: async (actor) => ({
      url: '/api/media-management/multipart/list-parts',
      payload: await openMultipart(actor),
    }),
  },
  {
    method: 'POST',
    route: '/api/media-management/multipart/complete',
    allowed: MEMBERS,
    ok: 400,
    request: async (actor) => ({
      url: '/api/media-management/multipart/complete',
      payload: { ...(await openMultipart(actor)), Parts: [{ PartNumber: 1, ETag: '"0"' }] },
    }),
  },
  {
    method: 'POST',
    route: '/api/media-management/upload-failed',
    allowed: MEMBERS,
    ok: 201,
    // Any staff account may report what its browser saw; it is filed under the project only for members.
    nonMember: { status: 201 },
    request: async () => ({
      url: '/api/media-management/upload-failed',
      payload: { projectId, error: 'Upload incomplete - some chunks failed' },
    }),
  },
  {
    method: 'GET',
    route: '/api/applicants/:applicantId/media',
    allowed: MEMBERS,
    ok: 200,
    request: async () => ({ url: `/api/applicants/${applicantId}/media?projectId=${projectId}` }),
  },
  {
    method: 'DELETE',
    route: '/api/applicants/:applicantId/media/:mediaId',
    allowed: MEMBERS,
    ok: 200,
    request: async () => ({
      url: `/api/applicants/${applicantId}/media/${(await item()).id}?projectId=${projectId}`,
    }),
  },
  {
    method: 'PUT',
    route: '/api/applicants/:applicantId/media/:mediaId/primary',
    allowed: MEMBERS,
    ok: 200,
    request: async () => ({
      url: `/api/applicants/${applicantId}/media/${(await item()).id}/primary`,
      payload: { projectId },
    }),
  },
  {
    method: 'PUT',
    route: '/api/applicants/:applicantId/media/:mediaId/visibility',
    allowed: REVIEWERS,
    ok: 200,
    request: async () => ({
      url: `/api/applicants/${applicantId}/media/${(await item()).id}/visibility`,
      payload: { projectId, visibility: 'TEAM' },
    }),
  },
  {
    method: 'POST',
    route: '/api/applicants/:applicantId/media/:mediaId/retry',
    allowed: MEMBERS,
    ok: 200,
    request: async () => ({
      url: `/api/applicants/${applicantId}/media/${(await item({ status: 'FAILED', failureReason: 'x' })).id}/retry`,
      payload: { projectId },
    }),
  },
  {
    method: 'POST',
    route: '/api/applicants/admin/report-media-issue',
    allowed: MEMBERS,
    ok: 201,
    // The project comes from the item: outside it, the item does not exist.
    nonMember: { status: 404, code: 'NOT_FOUND' },
    request: async () => ({
      url: '/api/applicants/admin/report-media-issue',
      payload: { applicantId, applicantMediaId: (await item()).id, description: 'The video has no sound' },
    }),
  },
  {
    method: 'POST',
    route: '/api/applicants/download-zip',
    allowed: MEMBERS,
    ok: 202,
    request: async () => ({
      url: '/api/applicants/download-zip',
      payload: { projectId, applicantIds: [applicantId] },
    }),
  },
  {
    method: 'POST',
    route: '/api/applicants/send-download-link',
    allowed: MEMBERS,
    ok: 202,
    request: async () => ({
      url: '/api/applicants/send-download-link',
      payload: { projectId, email: 'someone@example.com', applicantIds: [applicantId] },
    }),
  },
  {
    method: 'GET',
    route: '/api/downloads/:id',
    allowed: MEMBERS,
    ok: 200,
    // Public route (the e-mailed token is the credential); without it, strangers see no such download.
    anonymous: { status: 404, code: 'NOT_FOUND' },
    talent: { status: 404, code: 'NOT_FOUND' },
    nonMember: { status: 404, code: 'NOT_FOUND' },
    request: async () => ({ url: `/api/downloads/${await bundle()}` }),
  },
];

function expected(route: Case, actor: ActorName): Outcome {
  if (actor === 'anonymous') return route.anonymous ?? { status: 401, code: 'UNAUTHENTICATED' };
  if (actor === 'talent') return route.talent ?? { status: 403, code: 'TALENT_NOT_ALLOWED' };
  if (actor === 'nonMember') return route.nonMember ?? { status: 403, code: 'PROJECT_ACCESS_DENIED' };
  return route.allowed.includes(actor) ? { status: route.ok } : { status: 403, code: 'PERMISSION_DENIED' };
}

const PREFIXES = ['/api/media-management', '/api/applicants/', '/api/downloads'];
// Routes of other modules under the same prefixes are walked by the permission matrix with their own tables.
const OTHER_MODULES = new Set(
  [...COPY_MOVE_ROUTES, ...LINK_PROJECT_ROUTES, ...LINK_OTHER_ROUTES].map(
    (route) => `${route.method} ${route.route}`,
  ),
);

describe('media routes', () => {
  it('are all in the table', () => {
    const registered = t.app.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && PREFIXES.some((prefix) => entry.url.startsWith(prefix)))
      .map((entry) => `${entry.method} ${entry.url}`)
      .filter((name) => !OTHER_MODULES.has(name))
      .sort();
    expect(CASES.map((route) => `${route.method} ${route.route}`).sort()).toEqual(registered);
  });

  it.each(CASES.map((route) => [`${route.method} ${route.route}`, route] as const))(
    '%s answers each actor as the permission table says',
    async (_name, route) => {
      const actual: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      for (const actor of ACTORS) {
        const request = await route.request(actor);
        const res = await api(route.method, request.url, t.cast.headers(actor), request.payload);
        const outcome: Outcome = { status: res.statusCode };
        const want = expected(route, actor);
        if (res.statusCode >= 400 && want.code) outcome.code = res.json().code;
        actual[actor] = outcome;
        wanted[actor] = want;
      }
      expect(actual).toEqual(wanted);
    },
  );
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The entry names of a zip, from its central directory (signature 0x02014b50). */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf(CENTRAL); at >= 0; at = zip.indexOf(CENTRAL, at + 46)) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}
const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** An item whose original is really stored (a zip streams it), for `applicant`, shared as `visibility`. */
async function storedItem(applicant: string, name: string, visibility: 'ALL' | 'TEAM') {
  const key = `PM/RoleSideDocuments/${projectId}/${randomUUID()}`;
  await t.context.storage.putObject(key, Buffer.from(`${name} bytes`), 'text/plain');
  // A document: given as it is to everyone who may see it (a photo or video needs its converted copy for a client).
  return item({
    applicantId: applicant,
    originalKey: key,
    name,
    kind: 'document',
    contentType: 'text/plain',
    visibility,
  });
}

/** The zip job the request queued: its data, then the job run as the worker would, and the bundle it left. */
async function runZipJob(bundleId: string) {
  const { rows } = (await t.context.database.db.execute(
    sql`select data from pgboss.job where name = 'media-zip' and data->>'bundleId' = ${bundleId}`,
  )) as unknown as {
    rows: { data: { bundleId: string; visibility?: ('ALL' | 'TEAM')[]; convertedOnly?: boolean } }[];
  };
  expect(rows).toHaveLength(1);
  await buildZip(t.context, bundleId, rows[0]!.data.visibility, rows[0]!.data.convertedOnly);
  const [bundleRow] = await t.context.database.db
    .select()
    .from(downloadBundles)
    .where(eq(downloadBundles.id, bundleId));
  return { data: rows[0]!.data, bundle: bundleRow! };
}

describe('media as far as the caller may see it', () => {
  it('zips for a client account (CLIENT) only the items shared with everyone, never TEAM-only ones', async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT', firstName: 'Carl', lastName: 'Client' });
    await addMember(t.cast.project, client.user, 'PROJECT_EDITOR');
    const candidate = (await t.applicant()).applicantId;
    await storedItem(candidate, 'shared.txt', 'ALL');
    await storedItem(candidate, 'team-notes.txt', 'TEAM');

    for (const url of ['/api/applicants/download-zip', '/api/applicants/send-download-link']) {
      const asked = await api('POST', url, client.auth, {
        projectId,
        email: 'carl@example.com',
        applicantIds: [candidate],
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const { data, bundle: zipped } = await runZipJob(asked.json().id);
      expect(data.visibility).toEqual(['ALL']);
      expect(zipped.status).toBe('READY');
      expect(zipped.fileCount).toBe(1);
    }

    // The team's zip of the same candidate holds both.
    const team = await api('POST', '/api/applicants/download-zip', po(), {
      projectId,
      applicantIds: [candidate],
    });
    expect(team.statusCode).toBe(202);
    expect((await runZipJob(team.json().id)).bundle.fileCount).toBe(2);

    const listed = await api('GET', `/api/applicants/${candidate}/media?projectId=${projectId}`, client.auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((row: { name: string }) => row.name)).toEqual(['shared.txt']);
  });

  it('gives a client account (CLIENT) converted copies only, in its media list, primary photo and zips', async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT', firstName: 'Cleo', lastName: 'Client' });
    await addMember(t.cast.project, client.user, 'PROJECT_EDITOR');
    const candidate = (await t.applicant('TS_HOLD_LATER')).applicantId;
    const stored = async (suffix: string) => {
      const key = `PM/RoleSideDocuments/${projectId}/${randomUUID()}${suffix}`;
      await t.context.storage.putObject(key, Buffer.from(key), 'application/octet-stream');
      return key;
    };
    const photo = await item({
      applicantId: candidate,
      name: 'beach.jpg',
      originalKey: await stored(''),
      displayKey: await stored('/display.webp'),
      thumbnailKey: await stored('/thumbnail.webp'),
      status: 'PROCESSED',
      isPrimaryPhoto: true,
    });
    const tape = await item({
      applicantId: candidate,
      kind: 'video',
      name: 'tape.mov',
      contentType: 'video/quicktime',
      originalKey: await stored(''),
      mp4Key: await stored('/video.mp4'),
      status: 'PROCESSED',
    });
    // Not converted (yet): nothing of it may be given without its original.
    await item({ applicantId: candidate, name: 'raw.jpg', originalKey: await stored(''), status: 'PENDING' });
    const cv = await item({
      applicantId: candidate,
      kind: 'document',
      name: 'cv.pdf',
      contentType: 'application/pdf',
      originalKey: await stored(''),
      status: 'PROCESSED',
    });
    const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace('/api/files/', '');

    const listed = await api('GET', `/api/applicants/${candidate}/media?projectId=${projectId}`, client.auth);
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items as {
      name: string;
      url: string;
      downloadUrl: string;
      fileType: string;
    }[];
    expect(items.map((row) => [row.name, keyOf(row.url), keyOf(row.downloadUrl), row.fileType])).toEqual([
      ['beach.jpg', photo.displayKey, photo.displayKey, 'image/webp'],
      ['tape.mov', tape.mp4Key, tape.mp4Key, 'video/mp4'],
      ['cv.pdf', cv.originalKey, cv.originalKey, 'application/pdf'],
    ]);
    expect(new URL(items[0]!.downloadUrl).searchParams.get('response-content-disposition')).toContain(
      'beach.webp',
    );
    // The team still gets the originals.
    const team = await api('GET', `/api/applicants/${candidate}/media?projectId=${projectId}`, po());
    expect(team.json().items.map((row: { url: string }) => keyOf(row.url))).toContain(photo.originalKey);

    // The primary photo of the candidate's page: the thumbnail; while there is none, no original stands in.
    const photoOf = async (candidateId: string, headers: Record<string, string>) => {
      const res = await api('GET', `/api/projects/${projectId}/candidates/${candidateId}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().photoUrl as string | null;
      return url && keyOf(url);
    };
    expect(await photoOf(candidate, client.auth)).toBe(photo.thumbnailKey);
    const unprocessed = (await t.applicant('TS_HOLD_LATER')).applicantId;
    const fresh = await item({
      applicantId: unprocessed,
      originalKey: await stored(''),
      isPrimaryPhoto: true,
    });
    expect(await photoOf(unprocessed, client.auth)).toBeNull();
    expect(await photoOf(unprocessed, po())).toBe(fresh.originalKey);

    const zipped = await api('POST', '/api/applicants/download-zip', client.auth, {
      projectId,
      applicantIds: [candidate],
    });
    expect(zipped.statusCode, zipped.body).toBe(202);
    const { data, bundle } = await runZipJob(zipped.json().id);
    expect(data).toMatchObject({ visibility: ['ALL'], convertedOnly: true });
    expect(bundle.fileCount).toBe(3);
    const zip = await readAll((await t.context.storage.getObjectStream(bundle.objectKey!))!);
    const names = zipEntryNames(zip);
    expect(names).toEqual(['Lopez_Maya/01_beach.webp', 'Lopez_Maya/02_tape.mp4', 'Lopez_Maya/03_cv.pdf']);
  });

  it('refuses a talent submitter (404) the media of candidates outside their submitter folders', async () => {
    const inside = (await t.applicant('TS_FOR_REVIEW')).applicantId;
    const outside = (await t.applicant(null)).applicantId;
    await storedItem(inside, 'in.txt', 'ALL');
    const photo = await item({ applicantId: outside, status: 'FAILED', failureReason: 'x' });
    const ts = t.cast.headers('TS');
    const bundlesOfTs = async () =>
      (
        await t.context.database.db
          .select({ id: downloadBundles.id })
          .from(downloadBundles)
          .where(eq(downloadBundles.requestedById, t.cast.people.TS.user.id))
      ).length;
    const before = await bundlesOfTs();

    for (const url of ['/api/applicants/download-zip', '/api/applicants/send-download-link']) {
      for (const applicantIds of [[outside], [inside, outside]]) {
        const res = await api('POST', url, ts, { projectId, email: 'sam@example.com', applicantIds });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: CANDIDATE_MESSAGES.notInProject });
      }
    }
    // Nothing half-written: no bundle, no job.
    expect(await bundlesOfTs()).toBe(before);
    const own = await api('POST', '/api/applicants/download-zip', ts, { projectId, applicantIds: [inside] });
    expect(own.statusCode).toBe(202);
    expect((await runZipJob(own.json().id)).bundle.fileCount).toBe(1);

    const list = await api('GET', `/api/applicants/${outside}/media?projectId=${projectId}`, ts);
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toBe(MEDIA_MESSAGES.notInProject);
    const primary = await api('PUT', `/api/applicants/${outside}/media/${photo.id}/primary`, ts, {
      projectId,
    });
    expect(primary.statusCode).toBe(404);
    const retry = await api('POST', `/api/applicants/${outside}/media/${photo.id}/retry`, ts, { projectId });
    expect(retry.statusCode).toBe(404);
    const [unchanged] = await t.context.database.db
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.id, photo.id));
    expect(unchanged).toMatchObject({ status: 'FAILED', isPrimaryPhoto: false });

    // The team still reaches that candidate, and the submitter their own.
    expect(
      (await api('GET', `/api/applicants/${outside}/media?projectId=${projectId}`, po())).statusCode,
    ).toBe(200);
    expect((await api('GET', `/api/applicants/${inside}/media?projectId=${projectId}`, ts)).statusCode).toBe(
      200,
    );
  });
});
