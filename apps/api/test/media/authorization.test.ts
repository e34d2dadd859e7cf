import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_MOVE_ROUTES } from '../projects/route-table-candidates';
import { LINK_OTHER_ROUTES, LINK_PROJECT_ROUTES } from '../projects/route-table-links';
import { ACTORS, type ActorName } from '../support/projects';
import { type MediaApp } from './support';
import { accessCalls, buildAccessFixture } from './access-fixture';

/**
 * Every media route as every actor. Written out by hand from the product's permission table:
 * uploading and candidate media actions are for all five project roles (SA PO PE TE TS), media visibility for
 * SA PO PE TE, reading and downloads for any member. Upload calls also admit an apply page's grant (uploads.test.ts).
 */
let t: MediaApp;
let applicantId: string;
let projectId: string;
const { po, item, api } = accessCalls(() => ({ t, applicantId, projectId }));

beforeAll(async () => {
  ({ t, applicantId, projectId } = await buildAccessFixture());
}, 60_000);
afterAll(() => t.close());

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
  otherOffice?: Outcome;
  /** Anonymous and talent answers when they differ from 401 / 403 TALENT_NOT_ALLOWED. */
  anonymous?: Outcome;
  talent?: Outcome;
  /** The call `actor` makes (an upload to continue is started by that actor when it may start one). */
  request(actor: ActorName): Promise<{ url: string; payload?: object }>;
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
    // An upload's key names its office; there another office's owner is no one on the project's team.
    otherOffice: { status: 403, code: 'PROJECT_ACCESS_DENIED' },
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
    // An upload's key names its office; there another office's owner is no one on the project's team.
    otherOffice: { status: 403, code: 'PROJECT_ACCESS_DENIED' },
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
    // An upload's key names its office; there another office's owner is no one on the project's team.
    otherOffice: { status: 403, code: 'PROJECT_ACCESS_DENIED' },
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
    // An upload's key names its office; there another office's owner is no one on the project's team.
    otherOffice: { status: 403, code: 'PROJECT_ACCESS_DENIED' },
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
    // Filed in their own office, under no project.
    otherOffice: { status: 201 },
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
  if (actor === 'otherOffice') return route.otherOffice ?? { status: 404, code: 'NOT_FOUND' };
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
