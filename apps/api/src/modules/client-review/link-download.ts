import { and, eq, inArray } from 'drizzle-orm';
import {
  CLIENT_REVIEW_MESSAGES,
  clientLinkSettingsSchema,
  type ClientDownloadInput,
  type MediaKind,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { clientLinkItems, clientLinks, clientLinkViewers, submissions } from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import type { ClientLinkScope } from '../../platform/http/access';
import { queueDownload } from '../media';

/**
 * Download applicant videos from a client view: the team's zip-and-mail download, scoped to what
 * the link shares. Rules, each enforced here whatever the page shows:
 * - only where the link allows downloads (403 otherwise); a revoked or expired link never gets here (the portal
 *   resolver answers 410 first);
 * - only an identified viewer (401 VIEWER_IDENTIFICATION_REQUIRED otherwise), and the zip's link goes to that
 *   viewer's own address: a holder of the secret cannot make the server mail anyone else;
 * - only the link's candidates (named ones must all be in the link: one query, 404 otherwise), and of their media
 *   only what the link shows: the kinds it shares, shared with everyone (never TEAM-only items), as the converted
 *   versions any device opens;
 * - the zip lasts no longer than the link: revoking it, or bringing its expiry forward, ends the zip too.
 */
export async function requestLinkDownload(
  context: AppContext,
  scope: ClientLinkScope,
  input: ClientDownloadInput,
): Promise<{ id: string; message: string }> {
  const { db } = context.database;
  const [link] = await db
    .select({ settings: clientLinks.settings, expiresAt: clientLinks.expiresAt })
    .from(clientLinks)
    .where(eq(clientLinks.id, scope.linkId));
  const settings = clientLinkSettingsSchema.parse(link!.settings);
  if (!settings.allowDownload) throw new AppError('FORBIDDEN', CLIENT_REVIEW_MESSAGES.downloadNotAllowed);
  if (!scope.viewerId) {
    throw new AppError('VIEWER_IDENTIFICATION_REQUIRED', CLIENT_REVIEW_MESSAGES.identificationRequired);
  }
  const kinds: MediaKind[] = [];
  if (settings.showPhotos) kinds.push('image');
  if (settings.showVideos) kinds.push('video');
  if (settings.showDocuments) kinds.push('document');
  if (kinds.length === 0) {
    throw fieldErrors([{ path: 'body.submissionIds', message: CLIENT_REVIEW_MESSAGES.nothingToDownload }]);
  }
  const [viewer] = await db
    .select({ email: clientLinkViewers.email })
    .from(clientLinkViewers)
    .where(and(eq(clientLinkViewers.id, scope.viewerId), eq(clientLinkViewers.linkId, scope.linkId)));
  if (!viewer) {
    throw new AppError('VIEWER_IDENTIFICATION_REQUIRED', CLIENT_REVIEW_MESSAGES.identificationRequired);
  }
  const named = input.submissionIds ? [...new Set(input.submissionIds)] : null;
  const rows = await db
    .selectDistinct({ submissionId: clientLinkItems.submissionId, applicantId: submissions.applicantId })
    .from(clientLinkItems)
    .innerJoin(submissions, eq(submissions.id, clientLinkItems.submissionId))
    .where(
      and(
        eq(clientLinkItems.linkId, scope.linkId),
        eq(clientLinkItems.projectId, scope.projectId),
        ...(named ? [inArray(clientLinkItems.submissionId, named)] : []),
      ),
    );
  if (named && new Set(rows.map((row) => row.submissionId)).size !== named.length) {
    throw new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
  }
  if (rows.length === 0) {
    throw fieldErrors([{ path: 'body.submissionIds', message: CLIENT_REVIEW_MESSAGES.nothingToDownload }]);
  }
  return queueDownload(context, {
    projectId: scope.projectId,
    requestedById: null,
    recipientEmail: viewer.email,
    applicantIds: [...new Set(rows.map((row) => row.applicantId))],
    visibility: ['ALL'],
    // Clients get the versions every device opens (JPEG/WebP photos, H.264 video), never a phone's HEIC or HEVC
    // original with its camera metadata.
    convertedOnly: true,
    kinds,
    // The zip ends with the link: revoked, or past its expiry.
    clientLink: { id: scope.linkId, expiresAt: link!.expiresAt },
  });
}
