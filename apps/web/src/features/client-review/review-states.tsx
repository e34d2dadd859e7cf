import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/routing/paths';
import { HttpError } from '../../lib/http/http-error';
import { forgetViewer } from './viewer-session';

/** Why a review link shows no candidates: revoked, expired, or never existed. */
export type Dead = 'REVOKED' | 'EXPIRED' | 'UNKNOWN';

/** How an error answer reads on this page: the link is gone, the viewer must identify, or something else. */
export function deadReason(error: unknown): Dead | 'IDENTIFY' | null {
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'CLIENT_LINK_REVOKED') return 'REVOKED';
  if (error.code === 'CLIENT_LINK_EXPIRED') return 'EXPIRED';
  if (error.code === 'VIEWER_IDENTIFICATION_REQUIRED') return 'IDENTIFY';
  if (error.status === 404) return 'UNKNOWN';
  return null;
}

/** Off to the identification page (a session the API no longer knows is forgotten first). */
export function ToIdentification({ secret, forget }: { secret: string; forget: boolean }) {
  useEffect(() => {
    if (forget) forgetViewer(secret);
  }, [forget, secret]);
  return <Navigate to={`${paths.client.reviewSubmissionAuth}?link=${encodeURIComponent(secret)}`} replace />;
}
