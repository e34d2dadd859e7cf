import type { MediaDisplayProblem } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';

/**
 * POST /media-management/display-failed: tells the operator that this browser could not show a media item (the
 * viewer's display image, a thumbnail after its retries, or the file itself). Best effort: a failed report is dropped.
 */
export function reportDisplayFailure(http: HttpClient, mediaId: string, problem: MediaDisplayProblem): void {
  void http
    .send('/media-management/display-failed', { method: 'POST', noAuth: true, body: { mediaId, problem } })
    .catch(() => undefined);
}
