import { COUNTDOWN_TICK_MS, RESEND_COUNTDOWN_SECONDS } from '@casting/domain';
import { useCallback, useEffect, useReducer, useRef } from 'react';

/**
 * The check-email resend cycle: idle, sending, 'EMAIL SENT', then a 30 s countdown,
 * then idle again. Resending is possible only when idle.
 */
export type ResendPhase = 'idle' | 'sending' | 'sent' | 'countdown';

export interface ResendState {
  phase: ResendPhase;
  /** Seconds left while the countdown runs; 0 otherwise. */
  secondsLeft: number;
}

export type ResendEvent =
  { type: 'send' } | { type: 'succeeded' } | { type: 'failed' } | { type: 'sentShown' } | { type: 'tick' };

/** How long 'EMAIL SENT' stays before the countdown takes over (long enough to read). */
export const EMAIL_SENT_SHOWN_MS = 2000;

export const RESEND_IDLE: ResendState = { phase: 'idle', secondsLeft: 0 };

export function resendReducer(state: ResendState, event: ResendEvent): ResendState {
  switch (event.type) {
    case 'send':
      return state.phase === 'idle' ? { phase: 'sending', secondsLeft: 0 } : state;
    case 'succeeded':
      return state.phase === 'sending' ? { phase: 'sent', secondsLeft: 0 } : state;
    case 'failed':
      return state.phase === 'sending' ? RESEND_IDLE : state;
    case 'sentShown':
      return state.phase === 'sent' ? { phase: 'countdown', secondsLeft: RESEND_COUNTDOWN_SECONDS } : state;
    case 'tick':
      if (state.phase !== 'countdown') return state;
      return state.secondsLeft > 1 ? { phase: 'countdown', secondsLeft: state.secondsLeft - 1 } : RESEND_IDLE;
  }
}

export interface ResendCycle extends ResendState {
  canResend: boolean;
  /** Runs `send` unless blocked; rejects with send's error after returning to idle. */
  resend(): Promise<void>;
}

export function useResendCycle(send: () => Promise<unknown>): ResendCycle {
  const [state, dispatch] = useReducer(resendReducer, RESEND_IDLE);
  // Set synchronously on click so a double click cannot send twice; freed when the cycle is idle again.
  const busy = useRef(false);

  useEffect(() => {
    if (state.phase === 'idle') busy.current = false;
    if (state.phase === 'sent') {
      const shown = setTimeout(() => dispatch({ type: 'sentShown' }), EMAIL_SENT_SHOWN_MS);
      return () => clearTimeout(shown);
    }
    if (state.phase === 'countdown') {
      const ticker = setInterval(() => dispatch({ type: 'tick' }), COUNTDOWN_TICK_MS);
      return () => clearInterval(ticker);
    }
    return undefined;
  }, [state.phase]);

  const resend = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    dispatch({ type: 'send' });
    try {
      await send();
      dispatch({ type: 'succeeded' });
    } catch (error) {
      dispatch({ type: 'failed' });
      throw error;
    }
  }, [send]);

  return { ...state, canResend: state.phase === 'idle', resend };
}
