import { SESSION } from '@casting/domain';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast/toast';
import { useAuthService } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { lazyComponent } from '../../lib/lazy/lazy-component';
import { listenForActivity } from './activity-events';
import { endTracking, extendTracking, startTracking } from './session-api';
import { createSessionTimer } from './session-timer';
import type { SessionSnapshot, SessionTimer } from './session-timer';
import { localSharedActivity } from './shared-activity';

/** Told after an inactivity sign-out. */
export const SIGNED_OUT_FOR_INACTIVITY = 'You were signed out after a period of inactivity.';

const MINUTE_MS = 60_000;

/**
 * The warning overlay is fetched when the warning is due, not with every page: the tracker sits under
 * the sign-in page too, and the overlay brings the dialog library.
 */
const { Component: SessionExpiringOverlay } = lazyComponent(
  () => import('./session-expiring-overlay'),
  (module) => module.SessionExpiringOverlay,
);

/** The server already ended this session: there is nothing left to keep alive. */
function sessionIsOver(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/** Tracks inactivity for the signed-in session, whichever page shows. */
export function SessionTracker() {
  const service = useAuthService();
  const state = useSyncExternalStore(service.subscribe, service.getState);
  if (state.status !== 'signedIn' || !state.session) return null;
  return (
    <TrackedSession
      key={state.session.trackingId}
      trackingId={state.session.trackingId}
      durationMinutes={state.session.durationMinutes || SESSION.defaultDurationMinutes}
    />
  );
}

interface TrackedSessionProps {
  trackingId: string;
  durationMinutes: number;
}

function TrackedSession({ trackingId, durationMinutes }: TrackedSessionProps) {
  const http = useHttpClient();
  const service = useAuthService();
  const timer = useRef<SessionTimer | null>(null);
  const [view, setView] = useState<SessionSnapshot | null>(null);
  const [staying, setStaying] = useState(false);
  // Read once when tracking starts; later grants of the same session carry the same limit.
  const initialDuration = useRef(durationMinutes * MINUTE_MS);

  useEffect(() => {
    const log = (message: string, error: unknown) => console.warn(message, error);
    const expire = async () => {
      await endTracking(http, trackingId).catch((error: unknown) =>
        log('Ending the tracked session failed', error),
      );
      await service.signOut();
      toast.info(SIGNED_OUT_FOR_INACTIVITY);
    };
    const current = createSessionTimer({
      durationMs: initialDuration.current,
      shared: localSharedActivity(trackingId),
      onChange: setView,
      onExpire: () => void expire(),
      extend: () => extendTracking(http, trackingId),
      onExtendFailed: (error) => {
        if (sessionIsOver(error)) void expire();
        else log('Extending the session failed', error);
      },
    });
    timer.current = current;
    startTracking(http, trackingId)
      .then((minutes) => current.setDuration(minutes * MINUTE_MS))
      .catch((error: unknown) => log('Starting session tracking failed', error));
    const stopListening = listenForActivity(window, () => current.recordActivity());
    // Timers sleep with a closed laptop: look again as soon as the page is back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') current.check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopListening();
      document.removeEventListener('visibilitychange', onVisible);
      current.stop();
      timer.current = null;
    };
  }, [http, service, trackingId]);

  if (view?.phase !== 'warning') return null;

  const staySignedIn = async () => {
    setStaying(true);
    try {
      await timer.current?.staySignedIn();
    } catch (error) {
      if (sessionIsOver(error)) {
        await service.signOut();
        toast.info(SIGNED_OUT_FOR_INACTIVITY);
      }
    } finally {
      setStaying(false);
    }
  };

  return (
    <Suspense fallback={null}>
      <SessionExpiringOverlay
        remainingMs={view.remainingMs}
        staying={staying}
        onStaySignedIn={() => void staySignedIn()}
        onSignOut={() => void service.signOut()}
      />
    </Suspense>
  );
}
