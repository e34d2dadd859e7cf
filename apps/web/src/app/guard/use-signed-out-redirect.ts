import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { AuthStatus } from '../../lib/auth/session-store';
import { paths } from '../../lib/routing/paths';

/**
 * On leaving a signed-in session (sign-out, failed refresh): go to sign-in and drop every cached
 * answer, so the next person on this browser sees nothing of the last one's data.
 */
export function useSignedOutRedirect(status: AuthStatus): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was === 'signedIn' && status === 'signedOut') {
      queryClient.clear();
      void navigate(paths.auth.signIn, { replace: true });
    }
  }, [status, navigate, queryClient]);
}
