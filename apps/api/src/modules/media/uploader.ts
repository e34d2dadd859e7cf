import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_MESSAGES, UPLOAD_GRANT_HEADER, type Permission } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { enterOfficeOf } from '../../platform/db/office-of';
import { AppError, fieldErrors, signInRequired } from '../../platform/errors';
import { access, assertAccountAllowed, assertProjectPermission } from '../../platform/http/access';
import { grantOwner, verifyUploadGrant } from './grant';
import { assertSubmitterMayOnApplicant } from './submitter';
import { assertApplicantInProject, type Uploader } from './uploads';

/** Staff upload media for a candidate with this permission (a candidate action of all five project roles). */
export const UPLOAD_PERMISSION: Permission = 'CANDIDATE_MEDIA';
const STAFF_RULE = access.project(UPLOAD_PERMISSION, { from: 'body', key: 'projectId' });

function grantToken(request: FastifyRequest, body: { uploadGrant?: string | undefined }): string | null {
  const header = request.headers[UPLOAD_GRANT_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader ?? body.uploadGrant ?? null;
}

/**
 * The upload routes are declared public because an apply page has no account; this is their access rule instead.
 * With a grant (header or body), the grant decides the project and applicant. Without one the caller must be signed
 * in and pass the same account checks as any project route, then hold CANDIDATE_MEDIA in the project: the project
 * named in the body for a new upload, or the project of the upload a follow-up call names.
 */
export async function resolveUploader(
  app: FastifyInstance,
  context: AppContext,
  request: FastifyRequest,
  body: {
    uploadGrant?: string | undefined;
    projectId?: string | undefined;
    applicantId?: string | undefined;
  },
  existing?: {
    projectId: string;
    applicantId: string | null;
    grantId: string | null;
    createdById: string | null;
  },
): Promise<Uploader> {
  const token = grantToken(request, body);
  if (token) {
    const grant = verifyUploadGrant(context.config, token);
    const projectId = existing?.projectId ?? body.projectId ?? grant.projectId;
    if (projectId !== grant.projectId) throw new AppError('FORBIDDEN', MEDIA_MESSAGES.grantWrongProject);
    // An apply page has no session: the grant's project says which office's rows the upload writes.
    await enterOfficeOf(context.database.db, 'project', projectId);
    // An upload is continued only by whoever started it: the same grant, or a later grant of the same holder (the
    // same apply link after a reload). Anyone else is told it does not exist, so keys reveal nothing.
    const owner = grantOwner(grant);
    if (existing && existing.grantId !== owner)
      throw new AppError('NOT_FOUND', MEDIA_MESSAGES.uploadNotFound);
    return { kind: 'grant', grantId: owner, projectId, applicantId: grant.applicantId };
  }
  const principal = request.principal;
  if (!principal) throw signInRequired();
  assertAccountAllowed(STAFF_RULE, principal);
  const projectId = existing?.projectId ?? body.projectId;
  if (!projectId) throw fieldErrors([{ path: 'body.projectId', message: 'A project id is required.' }]);
  const actor = await app.accessControl.resolveProjectActor(principal, projectId);
  assertProjectPermission(actor, UPLOAD_PERMISSION);
  // A staff upload is continued (resumed, completed) only by the staff member who started it; an apply page's
  // upload never by staff. The same 404 as an unknown upload.
  if (existing && existing.createdById !== principal.userId)
    throw new AppError('NOT_FOUND', MEDIA_MESSAGES.uploadNotFound);
  const applicantId = existing?.applicantId ?? body.applicantId;
  if (applicantId) {
    const { db } = context.database;
    // First, so that a talent submitter learns nothing of a candidate outside their submitter folders: 404, as
    // for an id that is no candidate of the project (which the team gets as a field error).
    await assertSubmitterMayOnApplicant(
      db,
      actor,
      projectId,
      applicantId,
      'ADD_MEDIA',
      MEDIA_MESSAGES.notInProject,
    );
    if (!existing) await assertApplicantInProject(db, projectId, applicantId);
  }
  if (existing) {
    return { kind: 'staff', userId: principal.userId, projectId, applicantId: existing.applicantId };
  }
  if (!body.applicantId) {
    throw fieldErrors([{ path: 'body.applicantId', message: MEDIA_MESSAGES.applicantRequired }]);
  }
  return { kind: 'staff', userId: principal.userId, projectId, applicantId: body.applicantId };
}

/**
 * The first check of a follow-up call (complete, part URLs, list-parts): a valid grant, or a staff account. Run
 * before the upload is looked up, so an anonymous caller learns nothing about which uploads exist.
 */
export function assertUploadCaller(
  context: AppContext,
  request: FastifyRequest,
  body: { uploadGrant?: string | undefined },
): void {
  const token = grantToken(request, body);
  if (token) {
    verifyUploadGrant(context.config, token);
    return;
  }
  if (!request.principal) throw signInRequired();
  assertAccountAllowed(STAFF_RULE, request.principal);
}
