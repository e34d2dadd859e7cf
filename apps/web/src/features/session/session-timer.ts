import { COUNTDOWN_TICK_MS, SESSION } from '@casting/domain';

/**
 * Session inactivity, free of React and the network so it can run under
 * fake timers: activity counts at most once per 5 s, idleness is checked every 30 s, the last 2
 * minutes are a warning with a live countdown, and the end signs the person out. Every 90 s the
 * server's countdown is extended when the last extension is at least 15 minutes old and there was
 * activity after it.
 */

export type SessionPhase = 'active' | 'warning' | 'expired';

export interface SessionSnapshot {
  phase: SessionPhase;
  /** Milliseconds until the session ends for inactivity. */
  remainingMs: number;
}

/** Activity seen by other tabs of the same session, so one busy tab keeps the others signed in. */
export interface SharedActivity {
  read(): number | null;
  write(at: number): void;
}

export interface SessionTimerOptions {
  durationMs: number;
  onChange(snapshot: SessionSnapshot): void;
  onExpire(): void;
  /** Tells the server the person is still here (PATCH .../extend). */
  extend(): Promise<void>;
  /** Called when an extension failed; the session timer keeps running either way. */
  onExtendFailed?(error: unknown): void;
  shared?: SharedActivity;
  now?: () => number;
}

export interface SessionTimer {
  /** A pointer, key, scroll or touch event; throttled, and ignored once the warning shows. */
  recordActivity(): void;
  /** The overlay's 'Stay signed in': counts as activity and extends on the server at once. */
  staySignedIn(): Promise<void>;
  /** The inactivity limit the server answered, which wins over the grant's. */
  setDuration(durationMs: number): void;
  /** Runs the idle check now (the tab became visible again, for instance). */
  check(): void;
  snapshot(): SessionSnapshot;
  stop(): void;
}

export function createSessionTimer(options: SessionTimerOptions): SessionTimer {
  const now = options.now ?? (() => Date.now());
  const started = now();
  let durationMs = options.durationMs;
  let lastActivity = started;
  let lastRecorded = started;
  let lastExtended = started;
  let phase: SessionPhase = 'active';
  let countdown: ReturnType<typeof setInterval> | null = null;

  const latestActivity = () => Math.max(lastActivity, options.shared?.read() ?? 0);
  const remaining = () => latestActivity() + durationMs - now();
  const snapshot = (): SessionSnapshot => ({ phase, remainingMs: Math.max(remaining(), 0) });

  function stopCountdown() {
    if (countdown !== null) clearInterval(countdown);
    countdown = null;
  }

  function stop() {
    clearInterval(idleCheck);
    clearInterval(extendCheck);
    stopCountdown();
  }

  function check() {
    if (phase === 'expired') return;
    const left = remaining();
    if (left <= 0) {
      phase = 'expired';
      stop();
      options.onChange(snapshot());
      options.onExpire();
      return;
    }
    if (left <= SESSION.warningMs) {
      if (phase !== 'warning') {
        phase = 'warning';
        // The overlay's countdown is live: it ticks each second and ends the session on time.
        countdown = setInterval(check, COUNTDOWN_TICK_MS);
      }
    } else if (phase === 'warning') {
      // Another tab saw activity: this one is active again too.
      phase = 'active';
      stopCountdown();
    }
    options.onChange(snapshot());
  }

  function extendNow() {
    lastExtended = now();
    options.extend().catch((error: unknown) => options.onExtendFailed?.(error));
  }

  function maybeExtend() {
    if (phase !== 'active') return;
    const activity = latestActivity();
    if (activity > lastExtended && now() - lastExtended >= SESSION.extendAfterMs) extendNow();
  }

  const idleCheck = setInterval(check, SESSION.inactivityCheckMs);
  const extendCheck = setInterval(maybeExtend, SESSION.extendCheckMs);

  function markActive() {
    const at = now();
    lastActivity = at;
    lastRecorded = at;
    options.shared?.write(at);
  }

  return {
    recordActivity() {
      if (phase !== 'active' || now() - lastRecorded < SESSION.activityThrottleMs) return;
      markActive();
    },
    async staySignedIn() {
      if (phase === 'expired') return;
      markActive();
      phase = 'active';
      stopCountdown();
      options.onChange(snapshot());
      lastExtended = now();
      await options.extend();
    },
    setDuration(next) {
      durationMs = next;
      check();
    },
    check,
    snapshot,
    stop,
  };
}
