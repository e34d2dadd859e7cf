import { sessionTrackingResponseSchema } from '@casting/domain';
import { CSRF_HEADERS } from '../../lib/auth/auth-contract';
import type { HttpClient } from '../../lib/http/http-client';

/*
 * Session tracking calls. The API finds the session by the bearer token or the
 * refresh cookie, and wants the CSRF header whenever the cookie may be what it goes by.
 */
const TRACKING = { credentials: 'same-origin', headers: CSRF_HEADERS } as const;

const trackingPath = (trackingId: string) => `/session-tracking/${encodeURIComponent(trackingId)}`;

/** Starts tracking; answers the inactivity limit in minutes. */
export async function startTracking(http: HttpClient, trackingId: string): Promise<number> {
  const answer = await http.request(trackingPath(trackingId), sessionTrackingResponseSchema, {
    ...TRACKING,
    method: 'PATCH',
    body: {},
  });
  return answer.data.duration;
}

/** Restarts the server's inactivity countdown. */
export async function extendTracking(http: HttpClient, trackingId: string): Promise<void> {
  await http.request(`${trackingPath(trackingId)}/extend`, sessionTrackingResponseSchema, {
    ...TRACKING,
    method: 'PATCH',
  });
}

/** Ends the tracked session on the server (inactivity expiry). */
export async function endTracking(http: HttpClient, trackingId: string): Promise<void> {
  await http.send(trackingPath(trackingId), { ...TRACKING, method: 'DELETE' });
}
