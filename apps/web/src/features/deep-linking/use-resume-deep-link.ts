import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AuthStatus } from '../../lib/auth/session-store';
import { safeTarget, takeTarget } from './deep-link';

/** Once someone signs in, a deep link that sent them to sign-in opens where it pointed (once, this tab only). */
export function useResumeDeepLink(status: AuthStatus): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'signedIn') return;
    const target = safeTarget(takeTarget(), window.location.origin);
    if (target) void navigate(target, { replace: true });
  }, [status, navigate]);
}
