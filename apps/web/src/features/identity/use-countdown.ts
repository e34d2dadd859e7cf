import { COUNTDOWN_TICK_MS, RESEND_COUNTDOWN_SECONDS } from '@casting/domain';
import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  /** Whole seconds left; 0 when the countdown is not running. */
  remaining: number;
  running: boolean;
  /** Starts (or restarts) from the full length. */
  start(): void;
}

/** The resend countdown: 30 s, ticking each second, before a code may be sent again. */
export function useCountdown({
  seconds = RESEND_COUNTDOWN_SECONDS,
  autoStart = false,
}: { seconds?: number; autoStart?: boolean } = {}): Countdown {
  const [remaining, setRemaining] = useState(autoStart ? seconds : 0);
  // Each start gets its own interval, so a restart ticks a full second after the click.
  const [run, setRun] = useState(0);
  const running = remaining > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((value) => Math.max(value - 1, 0)), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running, run]);
  const start = useCallback(() => {
    setRemaining(seconds);
    setRun((value) => value + 1);
  }, [seconds]);
  return { remaining, running, start };
}
