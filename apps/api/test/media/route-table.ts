import type { ActorName } from '../support/projects';
import { accessCalls, type AccessFixture } from './access-fixture';

const MEMBERS: ActorName[] = ['SA', 'PO', 'PE', 'TE', 'TS'];
const REVIEWERS: ActorName[] = ['SA', 'PO', 'PE', 'TE'];

export interface Outcome {
  status: number;
  code?: string;
}

export interface MediaRouteCase {
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

/**
 * Every media route with who may call it, written out by hand from the product's permission table: uploading and
 * candidate media actions are for all five project roles (SA PO PE TE TS), media visibility for SA PO PE TE, reading
 * and downloads for any member (walked by authorization.test.ts). The fixture is read only when a request is built,
 * so the table can be listed before the fixture exists.
 */
export function mediaRouteCases(fixture: () => AccessFixture): MediaRouteCase[] {
  const { po, item, api } = accessCalls(fixture);
  const ids = {
    get projectId() {
      return fixture().projectId;
    },
    get applicantId() {
      return fixture().applicantId;
    },
  };

  /** Uploads are continued only by whoever started them: a member starts their own, anyone else tries PO's. */
  const starter = (actor: ActorName) => (MEMBERS.includes(actor) ? fixture().t.cast.headers(actor) : po());

  async function openMultipart(actor: ActorName) {
    const res = await api('POST', '/api/media-management/multipart/start', starter(actor), {
      projectId: ids.projectId,
      applicantId: ids.applicantId,
      fileName: 'tape.mp4',
      contentType: 'video/mp4',
      size: 6 * 1024 * 1024,
    });
    return res.json() as { UploadId: string; Key: string };
  }

  async function bundle() {
    const res = await api('POST', '/api/applicants/download-zip', po(), {
      projectId: ids.projectId,
      applicantIds: [ids.applicantId],
    });
    return (res.json() as { id: string }).id;
  }

  const single = { fileKey: 'a.png', contentType: 'image/png', size: 100 };

  return [
    {
      method: 'POST',
      route: '/api/media-management/get-signed-url',
      allowed: MEMBERS,
      ok: 200,
      request: async () => ({
        url: '/api/media-management/get-signed-url',
        payload: { projectId: ids.projectId, applicantId: ids.applicantId, imagesParams: [single] },
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
          projectId: ids.projectId,
          applicantId: ids.applicantId,
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
        payload: {
          projectId: ids.projectId,
          applicantId: ids.applicantId,
          fileName: 'a.mp4',
          contentType: 'video/mp4',
          size: 20_000_000,
        },
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
        payload: { projectId: ids.projectId, error: 'Upload incomplete - some chunks failed' },
      }),
    },
    {
      method: 'POST',
      route: '/api/media-management/display-failed',
      // A public report, logged only: every caller is answered alike.
      allowed: MEMBERS,
      ok: 204,
      nonMember: { status: 204 },
      otherOffice: { status: 204 },
      anonymous: { status: 204 },
      talent: { status: 204 },
      request: async () => ({
        url: '/api/media-management/display-failed',
        payload: { mediaId: ids.projectId, problem: 'file' },
      }),
    },
    {
      method: 'GET',
      route: '/api/applicants/:applicantId/media',
      allowed: MEMBERS,
      ok: 200,
      request: async () => ({ url: `/api/applicants/${ids.applicantId}/media?projectId=${ids.projectId}` }),
    },
    {
      method: 'DELETE',
      route: '/api/applicants/:applicantId/media/:mediaId',
      allowed: MEMBERS,
      ok: 200,
      request: async () => ({
        url: `/api/applicants/${ids.applicantId}/media/${(await item()).id}?projectId=${ids.projectId}`,
      }),
    },
    {
      method: 'PUT',
      route: '/api/applicants/:applicantId/media/:mediaId/primary',
      allowed: MEMBERS,
      ok: 200,
      request: async () => ({
        url: `/api/applicants/${ids.applicantId}/media/${(await item()).id}/primary`,
        payload: { projectId: ids.projectId },
      }),
    },
    {
      method: 'PUT',
      route: '/api/applicants/:applicantId/media/:mediaId/visibility',
      allowed: REVIEWERS,
      ok: 200,
      request: async () => ({
        url: `/api/applicants/${ids.applicantId}/media/${(await item()).id}/visibility`,
        payload: { projectId: ids.projectId, visibility: 'TEAM' },
      }),
    },
    {
      method: 'POST',
      route: '/api/applicants/:applicantId/media/:mediaId/retry',
      allowed: MEMBERS,
      ok: 200,
      request: async () => ({
        url: `/api/applicants/${ids.applicantId}/media/${(await item({ status: 'FAILED', failureReason: 'x' })).id}/retry`,
        payload: { projectId: ids.projectId },
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
        payload: {
          applicantId: ids.applicantId,
          applicantMediaId: (await item()).id,
          description: 'The video has no sound',
        },
      }),
    },
    {
      method: 'POST',
      route: '/api/applicants/download-zip',
      allowed: MEMBERS,
      ok: 202,
      request: async () => ({
        url: '/api/applicants/download-zip',
        payload: { projectId: ids.projectId, applicantIds: [ids.applicantId] },
      }),
    },
    {
      method: 'POST',
      route: '/api/applicants/send-download-link',
      allowed: MEMBERS,
      ok: 202,
      request: async () => ({
        url: '/api/applicants/send-download-link',
        payload: { projectId: ids.projectId, email: 'someone@example.com', applicantIds: [ids.applicantId] },
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
}
